// The partner dashboard's figures: a few numbers as cards, and the organisation's pages by status.
import { useTranslation } from "../../lib/i18n";
import type { PartnerDashboard } from "../../../contract/partners";
import { profileStatuses } from "../../../contract/profile-values";
import { formatMoney, formatNumber } from "../../lib/format";
import { StatusBadge } from "../status-badge";
import { cardClass } from "../card";

function FigureCard({
  label,
  value,
  testId,
  className = "",
}: {
  label: string;
  value: string;
  testId: string;
  className?: string;
}) {
  return (
    <div className={`flex flex-col gap-1 ${cardClass} p-4 ${className}`}>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-serif text-3xl font-semibold tabular-nums text-ink" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function FigureCards({ figures }: { figures: PartnerDashboard }) {
  const { t, i18n } = useTranslation();
  const count = (value: number) => formatNumber(value, i18n.language);
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
      <FigureCard
        label={t("partner.figures.customers")}
        value={count(figures.customers)}
        testId="figure-customers"
      />
      <FigureCard label={t("partner.figures.pages")} value={count(figures.profiles)} testId="figure-pages" />
      <FigureCard
        label={t("partner.figures.trials")}
        value={count(figures.trialsStarted)}
        testId="figure-trials"
      />
      <FigureCard
        label={t("partner.figures.paid")}
        value={count(figures.paidConversions)}
        testId="figure-paid"
      />
      <FigureCard
        label={t("partner.figures.revenue")}
        value={formatMoney({ amountOre: figures.revenueTotalOre, currency: "SEK" }, i18n.language)}
        testId="figure-revenue"
        // The fifth card takes the whole row where two fit side by side.
        className="col-span-2 lg:col-span-1"
      />
    </dl>
  );
}

/** The pages the organisation made for its families beside those its link brought. */
export function MadePagesFigures({ figures }: { figures: PartnerDashboard }) {
  const { t, i18n } = useTranslation();
  const count = (value: number) => formatNumber(value, i18n.language);
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <FigureCard label={t("partner.figures.made")} value={count(figures.pagesMade)} testId="figure-made" />
      <FigureCard label={t("partner.figures.sent")} value={count(figures.pagesSent)} testId="figure-sent" />
      <FigureCard
        label={t("partner.figures.claimed")}
        value={count(figures.pagesClaimed)}
        testId="figure-claimed"
      />
      <FigureCard
        label={t("partner.figures.referred")}
        value={count(figures.pagesReferred)}
        testId="figure-referred"
      />
    </dl>
  );
}

export function PagesByStatus({ figures }: { figures: PartnerDashboard }) {
  const { t, i18n } = useTranslation();
  return (
    <ul
      className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4"
      aria-label={t("partner.figures.byStatus")}
    >
      {profileStatuses.map((status) => (
        <li
          key={status}
          className="flex min-h-11 items-center justify-between gap-3 rounded-[var(--radius-control)] border border-line bg-raised px-3 py-2"
        >
          <StatusBadge status={status} />
          <span className="font-semibold tabular-nums" data-testid={`status-count-${status}`}>
            {formatNumber(figures.profilesByStatus[status] ?? 0, i18n.language)}
          </span>
        </li>
      ))}
    </ul>
  );
}
