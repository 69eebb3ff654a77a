// /partner/dashboard (rule `partner`): the partner's referral link and QR code, the organisation's
// figures and revenue per month, and its name. Until the organisation has a name, naming it comes
// first and the customer list says why it is locked (rule `partner-name` sends it back here). Its
// colleagues: members, invitations, inviting and removing.
import { useTranslation } from "../../lib/i18n";
import { redirect } from "react-router";
import { ButtonLink } from "../../components/button";
import { FigureCards, MadePagesFigures, PagesByStatus } from "../../components/partner/figures";
import { OrganisationNameForm } from "../../components/partner/organisation-name-form";
import { ReferralPanel } from "../../components/partner/referral-panel";
import { RevenueChart } from "../../components/partner/revenue-chart";
import { PartnerSection } from "../../components/partner/section";
import { PageHeader } from "../../components/page-header";
import { serverRules } from "../../rules/index.server";
import {
  partnerColleagues,
  partnerDashboard,
  partnerMeFor,
  servicesContext,
  viewerContext,
} from "../../lib/services.server";
import { ColleaguesSection } from "../../components/partner/colleagues-section";
import type { Route } from "./+types/dashboard";

export const middleware: Route.MiddlewareFunction[] = serverRules("partner");

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  if (!viewer) throw redirect("/partner/signin");
  const { db, config } = context.get(servicesContext);
  const me = await partnerMeFor(db, viewer, config.publicUrl);
  const [figures, colleagues] = await Promise.all([
    partnerDashboard(db, me.organisation.id),
    partnerColleagues(db, viewer),
  ]);
  return { me, figures, colleagues };
}

export default function PartnerDashboardPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { me, figures, colleagues } = loaderData;
  const { organisation } = me;
  const named = !!organisation.name;
  const nameForm = (
    <PartnerSection
      title={named ? t("partner.name.heading") : t("partner.name.headingFirst")}
      lead={named ? undefined : t("partner.name.leadFirst")}
      highlight={!named}
    >
      <OrganisationNameForm initial={organisation.name ?? me.suggestedName ?? ""} first={!named} />
    </PartnerSection>
  );
  return (
    <div className="flex flex-col gap-8">
      <title>{t("partner.dashboard.title")}</title>
      <PageHeader
        title={organisation.name ?? t("partner.dashboard.heading")}
        description={t("partner.dashboard.lead")}
      />
      {!named && nameForm}
      {named && (
        <PartnerSection title={t("partner.pages.heading")} lead={t("partner.dashboard.pagesLead")}>
          <MadePagesFigures figures={figures} />
          <div>
            <ButtonLink to="/partner/dashboard/pages">{t("partner.dashboard.openPages")}</ButtonLink>
          </div>
        </PartnerSection>
      )}
      <PartnerSection title={t("partner.link.heading")} lead={t("partner.link.lead")}>
        <ReferralPanel link={organisation.referralLink} slug={organisation.slug} />
      </PartnerSection>
      <PartnerSection title={t("partner.figures.heading")} lead={t("partner.figures.lead")}>
        <FigureCards figures={figures} />
        <h3 className="text-base font-semibold">{t("partner.figures.byStatus")}</h3>
        <PagesByStatus figures={figures} />
      </PartnerSection>
      <PartnerSection title={t("partner.chart.heading")}>
        <RevenueChart months={figures.revenueByMonth} />
      </PartnerSection>
      <PartnerSection
        title={t("partner.users.heading")}
        lead={named ? t("partner.dashboard.usersLead") : t("partner.dashboard.usersLocked")}
      >
        {named ? (
          <div>
            <ButtonLink to="/partner/dashboard/users">{t("partner.dashboard.openUsers")}</ButtonLink>
          </div>
        ) : (
          <p className="text-sm" data-testid="users-locked">
            {t("partner.dashboard.usersLockedHow")}
          </p>
        )}
      </PartnerSection>
      {/* Never the slug on screen: an organisation without a name (made before 0021) is "your organisation". */}
      <ColleaguesSection
        colleagues={colleagues}
        organisation={organisation.name ?? me.suggestedName ?? t("partner.colleagues.unnamedOrganisation")}
      />
      {named && nameForm}
    </div>
  );
}
