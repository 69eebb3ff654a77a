// The partner's revenue chart: the bars are only a picture; the figures are in a table screen readers
// read, in the reader's language; twelve empty months draw no chart at all.
import { renderToStaticMarkup } from "react-dom/server";
import { TextsProvider } from "../../lib/i18n";
import { describe, expect, it } from "vitest";
import type { Locale } from "../../../contract/locale";
import type { RevenueMonth } from "../../../contract/partners";
import { monthLabel, RevenueChart } from "./revenue-chart";

// December 2025 to November 2026, oldest first, as the API answers.
const months: RevenueMonth[] = Array.from({ length: 12 }, (_, index) => ({
  month: index === 0 ? "2025-12" : `2026-${String(index).padStart(2, "0")}`,
  revenueOre: index === 11 ? 49_000 : index === 5 ? 4_900 : 0,
  payments: index === 11 ? 10 : index === 5 ? 1 : 0,
}));

function render(locale: Locale, data: RevenueMonth[]): string {
  // Intl puts a no-break space between the currency and the amount.
  return renderToStaticMarkup(
    <TextsProvider locale={locale}>
      <RevenueChart months={data} />
    </TextsProvider>,
  ).replace(/\u00a0/g, " ");
}

describe("RevenueChart", () => {
  it("draws a bar per month with revenue, hidden from screen readers, and a table of every month", () => {
    const html = render("en-US", months);
    expect(html).toContain('aria-hidden="true"');
    expect(html.match(/<rect /g)).toHaveLength(12);
    expect(html).toContain("<caption>Revenue per month, the last 12 months</caption>");
    expect(html.match(/<tr>/g)).toHaveLength(13);
    expect(html).toContain("Highest month: SEK 490.");
    expect(html).toMatch(/<th scope="row">Nov 2026<\/th><td>SEK 490<\/td><td>10<\/td>/);
  });

  it("speaks Swedish, and says there were no payments instead of drawing empty months", () => {
    const empty = months.map((month) => ({ ...month, revenueOre: 0, payments: 0 }));
    const html = render("sv-SE", empty);
    expect(html).not.toContain("<svg");
    expect(html).toContain("inga betalningar än");
    expect(html).toContain("<caption>Intäkter per månad, de senaste 12 månaderna</caption>");
  });

  it("names months in the reader's language", () => {
    expect(monthLabel("2026-05", "sv-SE", true)).toBe("maj 2026");
    expect(monthLabel("2026-05", "en-US", false)).toBe("May");
  });
});
