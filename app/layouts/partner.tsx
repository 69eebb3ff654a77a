// The partner layout: the partner area's header and navigation around its pages. The navigation is
// for a signed-in partner only; while the organisation has no name, the customer list is shown as
// locked (rule `partner-name` would send it back to the dashboard), with the reason beside it.
import { useTranslation } from "../lib/i18n";
import { NavLink, Outlet, useRouteLoaderData } from "react-router";
import { ErrorPage } from "../components/error-page";
import { SiteFooter, SiteHeader, SkipLink } from "../components/site-header";
import { viewerOrganisation } from "../lib/partner-organisation.server";
import { hasRole, viewerContext } from "../lib/services.server";
import type { Route } from "./+types/partner";

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  if (!viewer || !hasRole(viewer, "partner")) return { partner: false, named: false };
  const organisation = await viewerOrganisation(context);
  return { partner: true, named: !!organisation?.name };
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded px-2 text-sm font-medium ${isActive ? "text-brand underline underline-offset-4" : "text-muted hover:text-brand"}`;

function PartnerNav({ named }: { named: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-wrap items-center gap-2">
      <li>
        <NavLink to="/partner/dashboard" end className={linkClass}>
          {t("partner.nav.dashboard")}
        </NavLink>
      </li>
      {named && (
        <li>
          <NavLink to="/partner/dashboard/pages" className={linkClass}>
            {t("partner.nav.pages")}
          </NavLink>
        </li>
      )}
      <li>
        {named ? (
          <NavLink to="/partner/dashboard/users" className={linkClass}>
            {t("partner.nav.users")}
          </NavLink>
        ) : (
          <span
            className="inline-flex min-h-11 items-center gap-1 px-2 text-sm text-muted"
            data-testid="users-nav-locked"
          >
            {t("partner.nav.users")}
            <span className="text-xs">({t("partner.nav.usersLocked")})</span>
          </span>
        )}
      </li>
    </ul>
  );
}

export default function PartnerLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader
        signInPath="/partner/signin"
        label={t("partner.area")}
        nav={loaderData.partner ? <PartnerNav named={loaderData.named} /> : undefined}
      />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const layout = useRouteLoaderData<typeof loader>("layouts/partner");
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader
        signInPath="/partner/signin"
        label={t("partner.area")}
        nav={layout?.partner ? <PartnerNav named={layout.named} /> : undefined}
      />
      <main id="main" className="flex-1">
        <ErrorPage error={error} />
      </main>
    </div>
  );
}
