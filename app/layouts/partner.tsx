// The partner layout: the partner area's header and navigation around its pages.
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { ErrorPage } from "../components/error-page";
import { SiteFooter, SiteHeader, SkipLink } from "../components/site-header";

export default function PartnerLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader label={t("layout.partner")} />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader label={t("layout.partner")} />
      <main id="main" className="flex-1">
        <ErrorPage error={error} />
      </main>
    </div>
  );
}
