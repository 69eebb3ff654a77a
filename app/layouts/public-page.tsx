// The public page's own quiet layout (/k/{id}): no app header, the page itself, and a discreet footer
// with the language, signing in and the product's name. For an anonymous visitor it is sent as HTML
// and CSS with one small script (ADR 011), so everything here works without JavaScript.
import type { ReactNode } from "react";
import { useTranslation } from "../lib/i18n";
import { Link, Outlet, useLocation } from "react-router";
import { locales } from "../../contract/locale";
import { ErrorPage } from "../components/error-page";
import { apiFormAction } from "../lib/api";
import { AccountControls, ContinuityLink, PrivacyLinks, SkipLink } from "../components/site-header";
import type { LightHandle } from "../lib/light-page";
import { unreadableParamsAreNotFound } from "../lib/readable-params.server";
import { useRootData } from "../lib/root-data";
import { useStaticCopy } from "../lib/static-copy";
import { referralQueryParameter } from "../../contract/partner-links";
import { WelcomeBanner } from "../components/welcome/welcome-banner";
import { partnerWelcome, servicesContext } from "../lib/services.server";
import type { Route } from "./+types/public-page";

export const handle: LightHandle = { lightForAnonymous: true };

export const middleware: Route.MiddlewareFunction[] = [unreadableParamsAreNotFound];

// A page opened by a partner's link (?ref={slug}) greets the visitor by the partner's name.
export async function loader({ context, request }: Route.LoaderArgs) {
  const ref = new URL(request.url).searchParams.get(referralQueryParameter);
  return { welcome: ref ? await partnerWelcome(context.get(servicesContext).db, ref) : null };
}

/** The language as a plain form: it works on the light page, where no script can send JSON. */
function LanguageForm() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  return (
    <form
      method="post"
      action={apiFormAction("/preferences/locale")}
      aria-label={t("language.label")}
      className="flex items-center gap-1"
    >
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {locales.map((locale) => (
        <button
          key={locale}
          type="submit"
          name="locale"
          value={locale}
          lang={locale}
          aria-pressed={locale === i18n.language}
          className={`min-h-11 rounded-[var(--radius-control)] px-2.5 text-sm ${
            locale === i18n.language
              ? "font-semibold text-ink underline decoration-2 underline-offset-4"
              : "text-muted hover:text-ink"
          }`}
        >
          {t(`language.${locale}`)}
        </button>
      ))}
    </form>
  );
}

function PublicFooter() {
  const { t } = useTranslation();
  const location = useLocation();
  const viewer = useRootData()?.viewer;
  const back = encodeURIComponent(location.pathname);
  const staticCopy = useStaticCopy();
  // The static copy links to nothing this server alone could answer: no language form, no sign-in,
  // no privacy page; it says what it is instead (ADR 046).
  if (staticCopy) {
    return (
      <footer className="mt-16 border-t border-line/70 print:hidden">
        <div className="mx-auto flex max-w-2xl flex-col items-center gap-1 px-4 py-6 text-center text-sm text-muted">
          <p className="font-serif text-base font-semibold text-brand">{t("brand.name")}</p>
          <p data-testid="static-copy-note">{t("staticCopy.footer")}</p>
        </div>
      </footer>
    );
  }
  return (
    <footer className="mt-16 border-t border-line/70 print:hidden">
      <div className="mx-auto flex max-w-2xl flex-col items-center gap-2 px-4 py-6 text-sm text-muted sm:flex-row sm:justify-between">
        <Link
          to="/"
          className="inline-flex min-h-11 items-center font-serif text-base font-semibold text-brand"
        >
          {t("brand.name")}
        </Link>
        <div className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1">
          <ContinuityLink />
          <PrivacyLinks />
          <LanguageForm />
          {viewer ? (
            <AccountControls />
          ) : (
            <a
              href={`/login?redirectTo=${back}`}
              className="inline-flex min-h-11 items-center px-2.5 text-muted underline-offset-4 hover:text-ink hover:underline"
            >
              {t("nav.signIn")}
            </a>
          )}
        </div>
      </div>
    </footer>
  );
}

function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <main id="main" tabIndex={-1} className="w-full flex-1 focus:outline-none">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}

export default function PublicPageLayout({ loaderData }: Route.ComponentProps) {
  return (
    <PublicFrame>
      {loaderData?.welcome && <WelcomeBanner name={loaderData.welcome.name} />}
      <Outlet />
    </PublicFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PublicFrame>
      <ErrorPage error={error} />
    </PublicFrame>
  );
}
