// The admin's menu, grouped by task (app/lib/admin-screens.ts): a sidebar on a wide screen (1024 px and
// up), and on a narrower one a panel that the "Menu" button in the admin header opens. One list serves
// both, so each link is in the page once; CSS alone lays it out, so nothing moves when the app starts.
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "../../lib/i18n";
import { NavLink, useLocation } from "react-router";
import { adminHome, adminMenu } from "../../lib/admin-screens";
import { AdminMenuIcon } from "./admin-menu-icons";
import { MenuButton } from "../menu-button";

/** The id of the menu, for the button's aria-controls. */
export const adminMenuId = "admin-nav";
const buttonId = `${adminMenuId}-button`;

export type AdminMenuState = {
  open: boolean;
  toggle: () => void;
  /** Closes the panel; with `returnFocus` the button takes the focus back. */
  close: (returnFocus: boolean) => void;
};

/** Whether `target` is in the menu or its button (what does not close the panel). */
function inMenu(target: EventTarget | null): boolean {
  if (!(target instanceof Node)) return false;
  return [adminMenuId, buttonId].some((id) => document.getElementById(id)?.contains(target));
}

/**
 * The panel's state on a narrow screen. It is open for the address it was opened at: following any
 * link (or going back) closes it. Escape closes it and gives the focus back to the button; a click
 * outside it, or the focus moving out of it, closes it too.
 */
export function useAdminMenu(): AdminMenuState {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === here;

  const close = useCallback((returnFocus: boolean) => {
    setOpenAt(null);
    if (returnFocus) document.getElementById(buttonId)?.focus();
  }, []);
  const toggle = useCallback(() => setOpenAt((at) => (at === here ? null : here)), [here]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close(true);
    };
    const onOutside = (event: Event) => {
      if (!inMenu(event.target)) close(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onOutside);
    document.addEventListener("focusin", onOutside);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onOutside);
      document.removeEventListener("focusin", onOutside);
    };
  }, [open, close]);

  return { open, toggle, close };
}

/** The header's "Menu" button: shown below 1024 px, where the menu is a panel. */
export function AdminMenuButton({ menu }: { menu: AdminMenuState }) {
  const { t } = useTranslation();
  return (
    <MenuButton
      id={buttonId}
      controls={adminMenuId}
      open={menu.open}
      onToggle={menu.toggle}
      label={t("admin.nav.menu")}
      hiddenFrom="lg:hidden"
    />
  );
}

// 44 px high to touch below 1024 px; 32 px in the sidebar, so that the whole menu fits a laptop's
// screen without scrolling (WCAG 2.5.8 asks 24 px). The current page: a tint, bolder text and a bar.
const linkClass = ({ isActive }: { isActive: boolean }) =>
  `relative flex min-h-11 items-center gap-3 rounded-[var(--radius-control)] px-3 text-sm lg:min-h-8 ${
    isActive
      ? "bg-brand-soft font-semibold text-brand before:absolute before:inset-y-1.5 before:left-0 before:w-[3px] before:rounded-full before:bg-brand"
      : "font-medium text-ink/80 hover:bg-surface hover:text-ink"
  }`;

function MenuLink({
  path,
  label,
  end,
  onFollow,
}: {
  path: string;
  label: string;
  end?: boolean;
  onFollow: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li>
      {/* The screen's link is current on its own address and, but for the home, on the pages below it. */}
      <NavLink to={path} end={end} className={linkClass} onClick={onFollow}>
        {({ isActive }) => (
          <>
            <AdminMenuIcon path={path} className={isActive ? "text-brand" : "text-muted"} />
            {t(label)}
          </>
        )}
      </NavLink>
    </li>
  );
}

/**
 * The menu itself: a navigation landmark with the admin home and one labelled list a group. `footer`
 * is shown at its end below 1024 px only (the account's controls, which the header shows above that).
 */
export function AdminMenu({ menu, footer }: { menu: AdminMenuState; footer?: ReactNode }) {
  const { t } = useTranslation();
  // A link followed from the open panel closes it and gives the focus back to the button, where the
  // page's next Tab goes on from; on a wide screen there is nothing to close.
  const onFollow = () => {
    if (menu.open) menu.close(true);
  };
  return (
    <nav
      id={adminMenuId}
      aria-label={t("admin.nav.label")}
      className={`${
        menu.open
          ? "absolute inset-x-0 top-0 z-40 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-line bg-raised shadow-lg"
          : "hidden"
      } lg:sticky lg:top-0 lg:z-auto lg:block lg:max-h-dvh lg:overflow-y-auto lg:border-b-0 lg:shadow-none`}
    >
      <div className="flex flex-col gap-5 px-3 py-4 lg:gap-4">
        <ul>
          <MenuLink path={adminHome.path} label={adminHome.label} end onFollow={onFollow} />
        </ul>
        {adminMenu().map((group) => (
          <div key={group.id} className="flex flex-col gap-1">
            <p
              id={`${adminMenuId}-${group.id}`}
              className="px-3 text-xs font-semibold uppercase tracking-wider text-muted"
            >
              {t(group.label)}
            </p>
            <ul aria-labelledby={`${adminMenuId}-${group.id}`} className="flex flex-col gap-0.5">
              {group.screens.map((screen) => (
                <MenuLink key={screen.path} path={screen.path} label={screen.label} onFollow={onFollow} />
              ))}
            </ul>
          </div>
        ))}
      </div>
      {footer && <div className="border-t border-line px-4 py-4 lg:hidden">{footer}</div>}
    </nav>
  );
}
