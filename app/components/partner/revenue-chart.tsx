// Revenue per month as a small bar chart. The bars are a picture for the eye (aria-hidden); the same
// figures are in a table for screen readers (and in the bars' tooltips), so nothing is told by the
// picture alone. Twelve months without a payment draw no empty frame: the caption says so.
import { useId } from "react";
import { useTranslation } from "../../lib/i18n";
import type { RevenueMonth } from "../../../contract/partners";
import { formatMoney } from "../../lib/format";

// The drawing's own units; the SVG is stretched to the card's width.
const width = 600;
const height = 160;
const top = 8;

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
  const plot = height - top;
  return (
    <figure className="flex flex-col gap-2" aria-labelledby={captionId}>
      <figcaption id={captionId} className="text-sm text-muted">
        {max === 0 ? t("partner.chart.none") : t("partner.chart.caption", { max: money(max) })}
      </figcaption>
      {max > 0 && (
        <div aria-hidden="true" className="flex flex-col gap-1">
          <svg
            viewBox={`0 0 ${width} ${height}`}
            preserveAspectRatio="none"
            className="h-36 w-full rounded-[var(--radius-control)] border-b border-line sm:h-48"
            focusable="false"
          >
            {months.map((month, index) => {
              const barHeight = month.revenueOre > 0 ? Math.max(2, (month.revenueOre / max) * plot) : 0;
              const x = index * slot + (slot - barWidth) / 2;
              return (
                <rect
                  key={month.month}
                  x={x}
                  y={height - barHeight}
                  width={barWidth}
                  height={barHeight}
                  className="fill-brand"
                >
                  <title>{`${monthLabel(month.month, locale, true)}: ${money(month.revenueOre)}`}</title>
                </rect>
              );
            })}
          </svg>
          {/* The month names in HTML, so they keep a readable size on a phone (every other one there). */}
          <ol className="grid grid-cols-12 text-center text-xs text-muted">
            {months.map((month, index) => (
              <li key={month.month} className={index % 2 === 1 ? "max-sm:invisible" : ""}>
                {monthLabel(month.month, locale, false)}
              </li>
            ))}
          </ol>
        </div>
      )}
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
