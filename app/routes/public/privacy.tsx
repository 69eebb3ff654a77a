// /privacy: what Kammare keeps about its customers and visitors, why, for how long and who processes
// it (ADR 016), with the analytics choice at #analytics. Periods and services come from the server's
// own settings (server/domain/privacy/privacy.ts), so the page cannot say something the code does not do.
import { useTranslation } from "../../lib/i18n";
import { Link } from "react-router";
import { ConsentSetting } from "../../components/consent-choice";
import { PageHeader } from "../../components/page-header";
import { privacyFacts, servicesContext } from "../../lib/services.server";
import type { Route } from "./+types/privacy";
import { cardClass } from "../../components/card";

export function loader({ context }: Route.LoaderArgs) {
  return privacyFacts(context.get(servicesContext).config);
}

const storedKinds = ["account", "pages", "memories", "orders", "security", "analytics"] as const;

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} id={id} className="scroll-mt-6 space-y-3">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function Privacy({ loaderData: facts }: Route.ComponentProps) {
  const { t } = useTranslation();
  const r = facts.retention;
  const periods: [string, string][] = [
    ["account", t("privacy.keep.untilDeleted")],
    ["orders", t("privacy.keep.years", { count: r.bookkeepingYears })],
    ["sessions", t("privacy.keep.sessions", { lifetime: r.sessionLifetimeDays, count: r.sessionDays })],
    ["links", t("privacy.keep.daysAfterUse", { count: r.linkDays })],
    ["audit", t("privacy.keep.days", { count: r.auditDays })],
    ["memories", t("privacy.keep.memories")],
    ["rateLimits", t("privacy.keep.hours", { count: r.rateLimitHours })],
    ["images", t("privacy.keep.days", { count: r.unusedImageDays })],
    ...(facts.processors.email === "outbox"
      ? [["outbox", t("privacy.keep.days", { count: r.outboxDays })] as [string, string]]
      : []),
  ];
  const processors: [string, string][] = [
    [
      "analytics",
      facts.processors.analytics
        ? t("privacy.processors.analyticsOn", { host: facts.processors.analytics })
        : t("privacy.processors.analyticsOff"),
    ],
    ["payments", t(`privacy.processors.payments.${facts.processors.payments}`)],
    ["email", t(`privacy.processors.email.${facts.processors.email}`)],
    ["invoicing", t(`privacy.processors.invoicing.${facts.processors.invoicing}`)],
  ];
  const controller = facts.controller;
  return (
    <article className="mx-auto max-w-3xl space-y-10">
      <title>{t("privacy.title")}</title>
      <PageHeader title={t("privacy.heading")} description={t("privacy.lead")} />
      <Section id="controller" title={t("privacy.controller.title")}>
        <p>{t("privacy.controller.body", { name: controller.name, orgNumber: controller.orgNumber })}</p>
        <address className="not-italic text-muted">
          {controller.name}, {controller.address} ·{" "}
          <a href={`mailto:${controller.email}`} className="text-brand underline underline-offset-4">
            {controller.email}
          </a>
        </address>
      </Section>
      <Section id="stored" title={t("privacy.stored.title")}>
        <dl className={`divide-y divide-line ${cardClass}`}>
          {storedKinds.map((kind) => (
            <div key={kind} className="grid gap-1 p-4 sm:grid-cols-[12rem_1fr] sm:gap-4">
              <dt className="font-semibold text-ink">{t(`privacy.stored.${kind}.what`)}</dt>
              <dd className="text-muted">{t(`privacy.stored.${kind}.why`)}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section id="retention" title={t("privacy.keep.title")}>
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{t("privacy.keep.title")}</caption>
          <thead>
            <tr className="border-b border-line text-muted">
              <th scope="col" className="py-2 pr-4 font-medium">
                {t("privacy.keep.what")}
              </th>
              <th scope="col" className="py-2 font-medium">
                {t("privacy.keep.howLong")}
              </th>
            </tr>
          </thead>
          <tbody>
            {periods.map(([kind, period]) => (
              <tr key={kind} className="border-b border-line/70 align-top" data-testid={`retention-${kind}`}>
                <th scope="row" className="py-2 pr-4 font-normal text-ink">
                  {t(`privacy.keep.kinds.${kind}`)}
                </th>
                <td className="py-2 text-ink">{period}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-sm text-muted">{t("privacy.keep.deletion", { count: r.bookkeepingYears })}</p>
      </Section>
      <Section id="processors" title={t("privacy.processors.title")}>
        <ul className="space-y-2">
          {processors.map(([kind, text]) => (
            <li key={kind} data-testid={`processor-${kind}`}>
              <span className="font-semibold">{t(`privacy.processors.kinds.${kind}`)}:</span> {text}
            </li>
          ))}
        </ul>
      </Section>
      <Section id="rights" title={t("privacy.rights.title")}>
        <p>{t("privacy.rights.body")}</p>
        <p>
          <Link to="/account" className="text-brand underline underline-offset-4">
            {t("privacy.rights.account")}
          </Link>
        </p>
        <p className="text-sm text-muted">{t("privacy.rights.complaint", { email: controller.email })}</p>
      </Section>
      <Section id="analytics" title={t("privacy.analytics.title")}>
        <p>{t("privacy.analytics.body")}</p>
        {facts.processors.analytics ? (
          <ConsentSetting />
        ) : (
          <p className="text-muted">{t("privacy.analytics.off")}</p>
        )}
      </Section>
    </article>
  );
}
