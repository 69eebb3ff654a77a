// An order's row under a page or on /account: each renewal its card plan paid is listed under it,
// with its period, its own receipt number and amount, and a link to its own PDF receipt, named for
// screen readers, in the reader's language.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { CustomerOrder } from "../../contract/admin-orders";
import type { Locale } from "../../contract/locale";
import { TextsProvider } from "../lib/i18n";
import { OrderRow } from "./order-row";

const order: CustomerOrder = {
  orderNumber: "KM-000123",
  plan: "monthly",
  method: "card",
  status: "paid",
  amountOre: 4_900,
  netOre: 3_920,
  vatOre: 980,
  vatRatePercent: 25,
  currency: "SEK",
  createdAt: "2026-09-01T10:00:00.000Z",
  paidAt: "2026-09-01T10:00:00.000Z",
  profileId: "ABCD2345",
  pageName: "Astrid Lind",
  receiptUrl: "/api/kammare/orders/KM-000123/receipt.pdf",
  invoiceUrl: null,
  chargeCancelled: false,
  firstChargeAt: null,
  termUntil: null,
  renewals: [
    {
      receiptNumber: "KM-000123-3",
      amountOre: 4_900,
      currency: "SEK",
      paidAt: "2026-11-01T10:00:00.000Z",
      periodStart: "2026-11-01T10:00:00.000Z",
      periodEnd: "2026-12-01T10:00:00.000Z",
      receiptUrl: "/api/kammare/orders/KM-000123-3/receipt.pdf",
    },
    {
      receiptNumber: "KM-000123-2",
      amountOre: 4_900,
      currency: "SEK",
      paidAt: "2026-10-01T10:00:00.000Z",
      periodStart: "2026-10-01T10:00:00.000Z",
      periodEnd: "2026-11-01T10:00:00.000Z",
      receiptUrl: "/api/kammare/orders/KM-000123-2/receipt.pdf",
    },
  ],
};

function render(locale: Locale, shown: CustomerOrder): string {
  return renderToStaticMarkup(
    <TextsProvider locale={locale}>
      <ul>
        <OrderRow order={shown} />
      </ul>
    </TextsProvider>,
  ).replace(/\u00a0/g, " ");
}

describe("OrderRow", () => {
  it("lists each renewal under its order, newest first, each with its own receipt", () => {
    const html = render("en-US", order);
    expect(html).toContain("Renewed 2 times");
    const third = html.indexOf("KM-000123-3");
    const second = html.indexOf("KM-000123-2");
    expect(third).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(third);
    expect(html).toContain('href="/api/kammare/orders/KM-000123-3/receipt.pdf"');
    expect(html).toContain('aria-label="Receipt KM-000123-3 for Nov 1, 2026 – Dec 1, 2026 (PDF)"');
    expect(html).toContain('aria-label="Receipt for order KM-000123 (PDF)"');
  });

  it("says it in Swedish, and shows no renewals for an order that has none", () => {
    const html = render("sv-SE", order);
    expect(html).toContain("Förnyad 2 gånger");
    expect(html).toContain("Kvitto KM-000123-2 för");
    const plain = render("en-US", { ...order, renewals: [] });
    expect(plain).not.toContain("Renewed");
    expect(plain).not.toContain("KM-000123-2");
  });
});
