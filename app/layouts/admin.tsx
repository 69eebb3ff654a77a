// The admin layout: a wide work area with the admin label; screens bring their own navigation.
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { ErrorPage } from "../components/error-page";
import { SiteHeader, SkipLink } from "../components/site-header";

export default function AdminLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader label={t("layout.admin")} />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 focus:outline-none">
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader label={t("layout.admin")} />
      <main id="main" className="flex-1">
        <ErrorPage error={error} />
      </main>
    </div>
  );
}
