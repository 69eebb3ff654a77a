// The default layout and app shell (spec section 2): header, the page outlet, footer.
import type { ReactNode } from "react";
import { useTranslation } from "../lib/i18n";
import { NavLink, Outlet } from "react-router";
import { ErrorPage } from "../components/error-page";
import { SiteFooter, SiteHeader, SkipLink } from "../components/site-header";
import { unreadableParamsAreNotFound } from "../lib/readable-params.server";
import { useRootData } from "../lib/root-data";
import type { Route } from "./+types/default";

// Every page with a parameter in its address (/k/{id}, /{name}) lives in this layout.
export const middleware: Route.MiddlewareFunction[] = [unreadableParamsAreNotFound];

function DefaultChrome({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const viewer = useRootData()?.viewer;
  // "Free trial" is for whoever has no page yet: a visitor, or a new account. An owner's trial starts
  // on their page (publishing it), and an admin starts none.
  const offerTrial = !viewer || (!viewer.admin && viewer.ownedProfiles.length === 0);
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded px-2 py-2 text-sm font-medium ${isActive ? "text-brand underline underline-offset-4" : "text-muted hover:text-brand"}`;
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader
        nav={
          <ul className="flex gap-2">
            <li>
              <NavLink to="/" end className={linkClass}>
                {t("nav.home")}
              </NavLink>
            </li>
            {offerTrial && (
              <li>
                <NavLink to="/gratis-provperiod" className={linkClass}>
                  {t("nav.freeTrial")}
                </NavLink>
              </li>
            )}
          </ul>
        }
      />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

export default function DefaultLayout() {
  return (
    <DefaultChrome>
      <Outlet />
    </DefaultChrome>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <DefaultChrome>
      <ErrorPage error={error} />
    </DefaultChrome>
  );
}
