// Revenue per month as a small bar chart. The SVG is a picture for the eye (aria-hidden); the same
// figures are in a table for screen readers (and in the bars' tooltips), so nothing is told by the
// picture alone.
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { RevenueMonth } from "../../../contract/partners";
import { formatMoney } from "../../lib/format";

const width = 600;
const height = 200;
const top = 16;
const bottom = 28;

/** "2026-11" as the month's short name ("Nov" / "nov."), with the year where it changes or starts. */
export function monthLabel(month: string, locale: string, withYear: boolean): string {
  const [year, number] = month.split("-").map(Number);
  const date = new Date(Date.UTC(year ?? 1970, (number ?? 1) - 1, 15));
  return new Intl.DateTimeFormat(locale, {
    month: "short",
    ...(withYear ? { year: "numeric" } : {}),
    timeZone: "UTC",
  }).format(date);
}

export function RevenueChart({ months }: { months: RevenueMonth[] }) {
  const { t, i18n } = useTranslation();
  const captionId = useId();
  const locale = i18n.language;
  const money = (ore: number) => formatMoney({ amountOre: ore, currency: "SEK" }, locale);
  const max = Math.max(0, ...months.map((month) => month.revenueOre));
  const slot = width / Math.max(1, months.length);
  const barWidth = slot * 0.6;
  const plot = height - top - bottom;
  return (
    <figure className="flex flex-col gap-2" aria-labelledby={captionId}>
      <figcaption id={captionId} className="text-sm text-muted">
        {max === 0 ? t("partner.chart.none") : t("partner.chart.caption", { max: money(max) })}
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full rounded-[var(--radius-card)] border border-line bg-raised"
        aria-hidden="true"
        focusable="false"
      >
        <line
          x1={0}
          x2={width}
          y1={height - bottom}
          y2={height - bottom}
          className="stroke-line"
          strokeWidth={1}
        />
        {months.map((month, index) => {
          const barHeight =
            max === 0 ? 0 : Math.max(month.revenueOre > 0 ? 2 : 0, (month.revenueOre / max) * plot);
          const x = index * slot + (slot - barWidth) / 2;
          return (
            <g key={month.month}>
              <rect
                x={x}
                y={height - bottom - barHeight}
                width={barWidth}
                height={barHeight}
                rx={3}
                className="fill-brand"
              >
                <title>{`${monthLabel(month.month, locale, true)}: ${money(month.revenueOre)}`}</title>
              </rect>
              <text
                x={x + barWidth / 2}
                y={height - 8}
                textAnchor="middle"
                className="fill-muted text-[13px]"
              >
                {monthLabel(month.month, locale, false)}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>{t("partner.chart.tableCaption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("partner.chart.month")}</th>
            <th scope="col">{t("partner.chart.revenue")}</th>
            <th scope="col">{t("partner.chart.payments")}</th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.month}>
              <th scope="row">{monthLabel(month.month, locale, true)}</th>
              <td>{money(month.revenueOre)}</td>
              <td>{month.payments}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
