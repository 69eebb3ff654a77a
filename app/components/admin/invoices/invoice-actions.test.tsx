// The invoice detail's actions as the server renders them: only what the API allows is offered, and a
// reminder says beforehand whether it adds the fee (only the first does), in both languages. (The
// browser suite cannot send a reminder: no invoice there is past its due date; the API tests cover
// sending them over simulated time.)
import { renderToStaticMarkup } from "react-dom/server";
import { TextsProvider } from "../../../lib/i18n";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { Locale } from "../../../../contract/locale";
import type { AdminInvoiceDetail } from "../../../../contract/invoices";
import { ToastProvider } from "../../toast";
import { InvoiceActions } from "./invoice-actions";

const invoice: AdminInvoiceDetail = {
  id: "5b0f5f9e-8a53-4a4e-9d7e-2f0d0f4f3c11",
  number: 1042,
  ocr: "104206",
  status: "overdue",
  customerName: "Astrid Lindqvist",
  customerEmail: "astrid@example.com",
  customerUserId: null,
  profileId: null,
  orderNumber: null,
  issueDate: "2026-10-01",
  dueDate: "2026-10-31",
  totalOre: 49_900,
  reminderFeeOre: 0,
  paidOre: 0,
  toPayOre: 49_900,
  remindersSent: 0,
  creditNumber: null,
  isCreditNote: false,
  customerAddressLines: ["Sveavägen 10", "113 50 Stockholm"],
  language: "sv-SE",
  netOre: 39_920,
  vatOre: 9_980,
  lines: [],
  payments: [],
  pdfPath: "/api/kammare/invoices/5b0f5f9e-8a53-4a4e-9d7e-2f0d0f4f3c11/invoice.pdf",
  canCredit: false,
  canRemind: true,
  reminderAddsFeeOre: 6_000,
  canRecordPayment: true,
};

function render(detail: AdminInvoiceDetail, locale: Locale = "en-US"): string {
  return renderToStaticMarkup(
    <TextsProvider locale={locale}>
      <MemoryRouter>
        <ToastProvider>
          <InvoiceActions invoice={detail} onChange={() => undefined} />
        </ToastProvider>
      </MemoryRouter>
    </TextsProvider>,
  );
}

/** The text of the markup, as a reader gets it (no tags, one kind of space). */
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/[\s\u00a0\u202f]+/g, " ");

describe("InvoiceActions", () => {
  it("says the first reminder adds the fee, and a later one none", () => {
    expect(text(render(invoice))).toContain("A reminder now adds a SEK 60 reminder fee (once per invoice).");
    expect(text(render(invoice, "sv-SE"))).toContain(
      "En påminnelse nu lägger till en påminnelseavgift på 60 kr (en gång per faktura).",
    );
    const reminded = { ...invoice, reminderFeeOre: 6_000, remindersSent: 1, reminderAddsFeeOre: 0 };
    expect(text(render(reminded))).toContain("A reminder now adds no fee");
  });

  it("offers only what the API allows", () => {
    // A button of the card (the dialogs are there, closed, with their own titles).
    const button = (name: string) => new RegExp(`<button[^>]*>${name}</button>`);
    const html = render(invoice);
    expect(html).toMatch(button("Record payment"));
    expect(html).toMatch(button("Send reminder"));
    expect(html).not.toMatch(button("Credit invoice"));
    const paid = {
      ...invoice,
      status: "paid" as const,
      canRemind: false,
      canRecordPayment: false,
      toPayOre: 0,
    };
    const none = render(paid);
    expect(none).not.toMatch(button("Record payment"));
    expect(none).not.toMatch(button("Send reminder"));
    expect(text(none)).toContain("Paid in full: nothing to do.");
    expect(render({ ...paid, status: "sent", canCredit: true })).toMatch(button("Credit invoice"));
  });

  it("says when a reminder becomes possible on an invoice not yet due", () => {
    const sent = { ...invoice, status: "sent" as const, canRemind: false, dueDate: "2026-12-13" };
    expect(text(render(sent))).toContain(
      "Reminders can be sent once the invoice is past its due date (Dec 13, 2026).",
    );
  });
});
