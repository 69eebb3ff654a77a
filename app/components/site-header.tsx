// The header every layout with chrome shares: the brand, the area's navigation and the language switcher.
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "../lib/i18n";
import { Link, useLocation } from "react-router";
import { logout, useAuth } from "../lib/auth";
import { useRootData } from "../lib/root-data";
import { LanguageSwitcher } from "./language-switcher";
import { MenuButton } from "./menu-button";

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-raised focus:px-3 focus:py-2"
    >
      {t("common.skipToContent")}
    </a>
  );
}

export function SiteHeader({
  nav,
  label,
  wide = false,
  signInPath = "/login",
}: {
  nav?: ReactNode;
  label?: string;
  wide?: boolean;
  /** Where signing in (and, after signing out, back in) happens: the partner area has its own. */
  signInPath?: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  // Open at one address: following a link in the menu closes it behind the visitor.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === here;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpenAt(null);
      document.getElementById(menuButtonId)?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  // One row on a phone (the brand and "Menu"; the rest in the menu's panel below it), so the page
  // starts near the top; from 640 px the controls sit beside the brand and the navigation below. The
  // panel's content is the same elements either way (`sm:contents`), never a second copy.
  return (
    <header className="border-b border-line bg-raised">
      <div
        className={`mx-auto grid grid-cols-[1fr_auto] items-center gap-x-3 px-4 py-3 sm:gap-y-1 ${
          wide ? "max-w-7xl" : "max-w-5xl"
        }`}
      >
        <div className="flex min-w-0 items-center gap-3">
          <Link
            to="/"
            className="inline-flex min-h-11 items-center font-serif text-xl font-semibold text-brand"
          >
            {t("brand.name")}
          </Link>
          {label && (
            <span className="truncate rounded bg-brand-soft px-2 py-0.5 text-xs font-semibold text-brand">
              {label}
            </span>
          )}
        </div>
        <MenuButton
          id={menuButtonId}
          controls={menuId}
          open={open}
          onToggle={() => setOpenAt((at) => (at === here ? null : here))}
          label={t("nav.menu")}
          hiddenFrom="sm:hidden"
        />
        <div
          id={menuId}
          data-testid="site-menu"
          className={`${open ? "flex" : "hidden"} col-span-2 mt-3 flex-col gap-3 border-t border-line pt-3 sm:contents`}
        >
          <div className="flex flex-wrap items-center gap-2 sm:col-start-2 sm:row-start-1 sm:justify-end">
            <AccountControls signInPath={signInPath} />
            <LanguageSwitcher />
          </div>
          {nav && (
            <nav aria-label={t("nav.main")} className="sm:col-span-2">
              {nav}
            </nav>
          )}
        </div>
      </div>
    </header>
  );
}

const menuId = "site-menu";
const menuButtonId = "site-menu-button";

/** Who is signed in, with sign-out; or the way to sign in. */
export function AccountControls({ signInPath = "/login" }: { signInPath?: string }) {
  const { t } = useTranslation();
  // The server knows the viewer from the cookie; the browser's auth state adds what it learns after
  // refreshing the stored session (spec section 4), e.g. the admin flag.
  const viewer = useRootData()?.viewer;
  const auth = useAuth();
  if (!viewer) {
    return (
      <Link
        to={signInPath}
        className="inline-flex min-h-11 items-center rounded-[var(--radius-control)] px-3 text-sm font-medium text-brand hover:bg-brand-soft"
      >
        {t("nav.signIn")}
      </Link>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <span className="hidden max-w-48 truncate text-sm text-muted sm:inline" title={viewer.email}>
        {t("nav.signedInAs", { email: viewer.email })}
      </span>
      {viewer.customer && (
        <Link
          to="/account"
          className="inline-flex min-h-11 items-center rounded-[var(--radius-control)] px-3 text-sm font-medium text-brand hover:bg-brand-soft"
        >
          {t("nav.account")}
        </Link>
      )}
      {(viewer.admin || auth.admin) && (
        <Link
          to="/admin"
          className="inline-flex min-h-11 items-center rounded-[var(--radius-control)] px-3 text-sm font-medium text-brand hover:bg-brand-soft"
        >
          {t("nav.admin")}
        </Link>
      )}
      <button
        type="button"
        disabled={auth.loading}
        onClick={() => void logout(signInPath)}
        className="min-h-11 rounded-[var(--radius-control)] border border-line px-3 text-sm font-medium text-ink hover:bg-brand-soft"
      >
        {t("nav.signOut")}
      </button>
    </div>
  );
}

/** The privacy page and the analytics choice on it: in every footer. */
export function PrivacyLinks() {
  const { t } = useTranslation();
  const linkClass =
    "inline-flex min-h-11 items-center px-1 text-muted underline-offset-4 hover:text-ink hover:underline";
  return (
    <nav aria-label={t("footer.privacy")} className="flex flex-wrap items-center gap-x-3">
      <Link to="/privacy" className={linkClass}>
        {t("footer.privacy")}
      </Link>
      <Link to="/privacy#analytics" className={linkClass}>
        {t("footer.analytics")}
      </Link>
    </nav>
  );
}

/**
 * What a family can count on if the service stops (ADR 046): in every footer, at the address of the
 * reader's language.
 */
export function ContinuityLink() {
  const { t, i18n } = useTranslation();
  return (
    <Link
      to={i18n.language === "sv-SE" ? "/kontinuitet" : "/continuity"}
      className="inline-flex min-h-11 items-center px-1 text-muted underline-offset-4 hover:text-ink hover:underline"
    >
      {t("footer.continuity")}
    </Link>
  );
}

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-line">
      <div className="mx-auto flex max-w-5xl flex-col gap-1 px-4 py-4 text-sm text-muted sm:flex-row sm:items-center sm:justify-between">
        <p>{t("footer.note")}</p>
        <div className="flex flex-wrap items-center gap-x-3">
          <ContinuityLink />
          <PrivacyLinks />
        </div>
      </div>
    </footer>
  );
}
