// The admin home's dashboard (ADR 015): today's and this month's figures as cards, each with its last
// 30 days as a small bar chart and a link to the screen behind it; money by how it was paid; overdue
// invoices; memories waiting for their families and reported ones for an admin; every page by status as
// bars. The charts are pictures with their figures in words for screen readers; the numbers themselves
// are text.
import { useTranslation } from "../../lib/i18n";
import { Link } from "react-router";
import type { AdminDashboard, DashboardFigureName } from "../../../contract/admin-dashboard";
import { profileStatuses } from "../../../contract/profile-values";
import { formatDate } from "../../lib/date-format";
import { formatMoney, formatNumber } from "../../lib/format";
import { cardClass as raisedCard } from "../card";

const figureLinks: Record<DashboardFigureName, string> = {
  signups: "/admin#users-heading",
  claims: "/admin/profiles/list?sort=updated_desc",
  trials: "/admin/profiles/list?status=trial",
  conversions: "/admin/orders",
};

// A card of figures; one that leads to a screen shows it on hover and focus.
const plainCardClass = `relative flex flex-col gap-2 ${raisedCard} p-4`;
const cardClass = `${plainCardClass} focus-within:ring-2 focus-within:ring-brand hover:border-brand`;
// The card's whole area follows its link; the link's own name is the card's heading.
const cardLinkClass = "font-semibold text-ink after:absolute after:inset-0 focus:outline-none";

/** The last days as bars, tallest = the most in one day; a picture whose name says the figures. */
export function DayBars({ days, label }: { days: readonly number[]; label: string }) {
  const most = Math.max(1, ...days);
  const width = 4;
  const gap = 2;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${days.length * (width + gap) - gap} 32`}
      preserveAspectRatio="none"
      className="h-8 w-full text-brand"
    >
      {days.map((value, index) => {
        const height = value === 0 ? 1 : Math.max(2, (value / most) * 32);
        return (
          <rect
            key={index}
            x={index * (width + gap)}
            y={32 - height}
            width={width}
            height={height}
            rx={1}
            className={value === 0 ? "fill-line" : index === days.length - 1 ? "fill-brand" : "fill-brand/50"}
          />
        );
      })}
    </svg>
  );
}

export function Dashboard({ data }: { data: AdminDashboard }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const number = (value: number) => formatNumber(value, locale);
  const money = (ore: number) => formatMoney({ amountOre: ore, currency: data.revenue.currency }, locale);
  const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
  const monthName = new Intl.DateTimeFormat(locale, { month: "long", timeZone: "UTC" }).format(
    new Date(`${data.monthStart}T12:00:00Z`),
  );
  const daysLabel = (days: readonly number[], format: (value: number) => string) =>
    t("adminDashboard.chart", {
      total: format(sum(days)),
      today: format(days.at(-1) ?? 0),
      count: days.length,
    });
  const revenueToday = data.revenue.today.card + data.revenue.today.invoice;
  const revenueMonth = data.revenue.month.card + data.revenue.month.invoice;
  const statusTotal = sum(profileStatuses.map((status) => data.profilesByStatus[status]));
  const mostOfAStatus = Math.max(1, ...profileStatuses.map((status) => data.profilesByStatus[status]));

  return (
    <section aria-labelledby="dashboard-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="dashboard-heading" className="text-xl font-semibold">
          {t("adminDashboard.heading")}
        </h2>
        <p className="text-sm text-muted">
          {t("adminDashboard.asOf", { date: formatDate(data.today, locale, "long") })}
        </p>
      </div>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="dashboard-figures">
        {(Object.keys(figureLinks) as DashboardFigureName[]).map((name) => {
          const figure = data.figures[name];
          return (
            <li key={name} className={cardClass} data-figure={name}>
              <Link to={figureLinks[name]} className={cardLinkClass}>
                {t(`adminDashboard.figures.${name}`)}
              </Link>
              <p className="flex items-baseline gap-2">
                <span className="text-3xl font-semibold tabular-nums text-ink" data-testid={`${name}-today`}>
                  {number(figure.today)}
                </span>
                <span className="text-sm text-muted">{t("adminDashboard.today")}</span>
              </p>
              <p className="text-sm text-muted">
                {t("adminDashboard.month", { month: monthName })}{" "}
                <span className="font-semibold tabular-nums text-ink" data-testid={`${name}-month`}>
                  {number(figure.month)}
                </span>
              </p>
              <DayBars days={figure.days} label={daysLabel(figure.days, (value) => number(value))} />
            </li>
          );
        })}
      </ul>
      <div className="grid gap-3 lg:grid-cols-3">
        <div className={`${cardClass} lg:col-span-1`} data-figure="revenue">
          <Link to="/admin/orders" className={cardLinkClass}>
            {t("adminDashboard.revenue.heading")}
          </Link>
          <p className="flex items-baseline gap-2">
            <span className="text-3xl font-semibold tabular-nums text-ink" data-testid="revenue-today">
              {money(revenueToday)}
            </span>
            <span className="text-sm text-muted">{t("adminDashboard.today")}</span>
          </p>
          <dl className="grid grid-cols-[1fr_auto_auto] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted">{t("adminDashboard.revenue.method")}</dt>
            <dd className="text-right text-muted">{t("adminDashboard.today")}</dd>
            <dd className="text-right text-muted">{monthName}</dd>
            {(["card", "invoice"] as const).map((method) => (
              <div key={method} className="contents">
                <dt className="text-ink">{t(`adminDashboard.revenue.${method}`)}</dt>
                <dd className="text-right tabular-nums">{money(data.revenue.today[method])}</dd>
                <dd className="text-right tabular-nums" data-testid={`revenue-month-${method}`}>
                  {money(data.revenue.month[method])}
                </dd>
              </div>
            ))}
            <dt className="font-semibold text-ink">{t("adminDashboard.revenue.total")}</dt>
            <dd className="text-right font-semibold tabular-nums">{money(revenueToday)}</dd>
            <dd className="text-right font-semibold tabular-nums" data-testid="revenue-month">
              {money(revenueMonth)}
            </dd>
          </dl>
          <DayBars days={data.revenue.days} label={daysLabel(data.revenue.days, money)} />
        </div>
        <CountCard
          figure="overdue"
          to="/admin/capway/invoices?due=overdue"
          heading={t("adminDashboard.overdue.heading")}
          count={number(data.overdueInvoices.count)}
          countId="overdue-count"
          note={
            data.overdueInvoices.count === 0
              ? t("adminDashboard.overdue.none")
              : t("adminDashboard.overdue.owed", { amount: money(data.overdueInvoices.amountOre) })
          }
        />
        <div className={cardClass} data-figure="statuses">
          <Link to="/admin/profiles/list" className={cardLinkClass}>
            {t("adminDashboard.statuses.heading", {
              count: statusTotal,
              formatted: number(statusTotal),
            })}
          </Link>
          {/* Each row links to the list filtered by its status; the bar shows its share. */}
          <ul className="relative z-10 flex flex-col gap-1 text-sm">
            {profileStatuses.map((status) => {
              const count = data.profilesByStatus[status];
              return (
                <li key={status}>
                  <Link
                    to={`/admin/profiles/list?status=${status}`}
                    className="grid grid-cols-[9rem_1fr_auto] items-center gap-2 rounded-sm py-0.5 hover:bg-brand-soft"
                  >
                    <span className="truncate text-ink">{t(`profileStatus.${status}`)}</span>
                    {/* Drawn, not styled: a style attribute in the server's HTML would break the CSP. */}
                    <svg
                      aria-hidden="true"
                      viewBox="0 0 100 8"
                      preserveAspectRatio="none"
                      className="h-2 w-full"
                    >
                      <rect width="100" height="8" rx="4" className="fill-line" />
                      <rect width={(count / mostOfAStatus) * 100} height="8" rx="4" className="fill-brand" />
                    </svg>
                    <span className="text-right tabular-nums text-ink" data-testid={`status-${status}`}>
                      {number(count)}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
      {/* What waits on memories: reported ones for an admin, new ones for their families. */}
      <div className="grid grid-cols-2 gap-3">
        <CountCard
          figure="memory-reports"
          to="/admin/memories/reports"
          heading={t("adminDashboard.memories.reports")}
          count={number(data.memories.openReports)}
          countId="memory-reports-open"
          note={
            data.memories.openReports === 0
              ? t("adminDashboard.memories.reportsNone")
              : t("adminDashboard.memories.reportsWaiting")
          }
        />
        <div className={plainCardClass} data-figure="memories-pending">
          <p className="font-semibold text-ink">{t("adminDashboard.memories.pending")}</p>
          <p className="text-3xl font-semibold tabular-nums text-ink" data-testid="memories-pending">
            {number(data.memories.pending)}
          </p>
          <p className="text-sm text-muted">{t("adminDashboard.memories.pendingText")}</p>
        </div>
      </div>
    </section>
  );
}

/** A card of one count that leads to the screen behind it, with a line saying what the count means. */
function CountCard(props: {
  figure: string;
  to: string;
  heading: string;
  count: string;
  countId: string;
  note: string;
}) {
  return (
    <div className={cardClass} data-figure={props.figure}>
      <Link to={props.to} className={cardLinkClass}>
        {props.heading}
      </Link>
      <p className="text-3xl font-semibold tabular-nums text-ink" data-testid={props.countId}>
        {props.count}
      </p>
      <p className="text-sm text-muted">{props.note}</p>
    </div>
  );
}
