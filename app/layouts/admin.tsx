// The admin layout: every /admin path. The `admin` rule runs here once for the whole area, on the
// server and again in the browser (spec section 6).
import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import { ErrorPage } from "../components/error-page";
import { SiteHeader, SkipLink } from "../components/site-header";
import { adminHome, adminScreens } from "../lib/admin-screens";
import { clientRules } from "../rules/client";
import { serverRules } from "../rules/index.server";
import type { Route } from "./+types/admin";

export const middleware: Route.MiddlewareFunction[] = serverRules("admin");
export const clientMiddleware: Route.ClientMiddlewareFunction[] = clientRules("admin");

function AdminNav() {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-wrap gap-2">
      {[adminHome, ...adminScreens].map((screen) => (
        <li key={screen.path}>
          <NavLink
            to={screen.path}
            // The home link is active on /admin only, each screen's also on the pages below it.
            end={screen.path === adminHome.path}
            className={({ isActive }) =>
              `rounded px-2 py-2 text-sm font-medium ${isActive ? "text-brand underline underline-offset-4" : "text-muted hover:text-brand"}`
            }
          >
            {t(screen.label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export default function AdminLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader label={t("layout.admin")} nav={<AdminNav />} wide />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 focus:outline-none">
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader label={t("layout.admin")} nav={<AdminNav />} wide />
      <main id="main" className="flex-1">
        <ErrorPage error={error} />
      </main>
    </div>
  );
}
