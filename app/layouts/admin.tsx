// The admin layout: every /admin path. The `admin` rule runs here once for the whole area, on the
// server and again in the browser (spec section 6). Its chrome: a header bar, the menu grouped by
// task (a sidebar from 1024 px, a "Menu" panel below), and the page in the width that is left.
import type { ReactNode } from "react";
import { useTranslation } from "../lib/i18n";
import { Link, Outlet } from "react-router";
import { AdminMenu, AdminMenuButton, useAdminMenu } from "../components/admin/admin-menu";
import { ErrorPage } from "../components/error-page";
import { LanguageSwitcher } from "../components/language-switcher";
import { AccountControls, SkipLink } from "../components/site-header";
import { clientRules } from "../rules/client";
import { serverRules } from "../rules/index.server";
import type { Route } from "./+types/admin";

export const middleware: Route.MiddlewareFunction[] = serverRules("admin");
export const clientMiddleware: Route.ClientMiddlewareFunction[] = clientRules("admin");

function AdminChrome({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const menu = useAdminMenu();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="relative z-30 border-b border-line bg-raised">
        <div className="flex h-16 items-center justify-between gap-3 px-4 lg:px-6">
          <div className="flex items-center gap-3">
            <Link to="/" className="font-serif text-xl font-semibold text-brand">
              {t("brand.name")}
            </Link>
            <span className="rounded bg-brand-soft px-2 py-0.5 text-xs font-semibold text-brand">
              {t("layout.admin")}
            </span>
          </div>
          {/* Below 1024 px the account's controls are at the end of the menu's panel instead. */}
          <div className="hidden items-center gap-2 lg:flex">
            <AccountControls />
            <LanguageSwitcher />
          </div>
          <AdminMenuButton menu={menu} />
        </div>
      </header>
      <div className="relative flex flex-1">
        <div className="lg:w-60 lg:shrink-0 lg:border-r lg:border-line lg:bg-raised">
          <AdminMenu
            menu={menu}
            footer={
              <div className="flex flex-col gap-3">
                <AccountControls />
                <LanguageSwitcher />
              </div>
            }
          />
        </div>
        {/* The page dims behind the open panel; a click on it closes the panel (useAdminMenu). */}
        {menu.open && <div aria-hidden="true" className="absolute inset-0 z-30 bg-ink/25 lg:hidden" />}
        {children}
      </div>
    </div>
  );
}

export default function AdminLayout() {
  return (
    <AdminChrome>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-8 focus:outline-none sm:px-6 lg:px-10">
        <div className="mx-auto w-full max-w-7xl">
          <Outlet />
        </div>
      </main>
    </AdminChrome>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminChrome>
      <main id="main" className="min-w-0 flex-1">
        <ErrorPage error={error} />
      </main>
    </AdminChrome>
  );
}
