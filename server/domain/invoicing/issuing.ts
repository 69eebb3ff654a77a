// Issuing invoices (faktura, ADR 013): the owner's invoice checkout and the admin's manual invoice.
// Reading them is ./invoice-views.ts, payments ./invoice-payments.ts, credit notes and reminders
// ./credits-and-reminders.ts, the PDF, e-mail and provider ./invoice-delivery.ts.
//
// Decisions kept here (decisions.md "Invoice" leaves them to us):
// - An invoice is issued in one transaction with its gapless number (./invoice-numbers.ts), its OCR
//   (the number with length and check digits; one creditor is active and keeps its counter, so the
//   OCR is unique), its lines, and for a checkout its order and the page's activation. The e-mail and
//   the hand-over to the provider come after the commit; `sent_at` and `provider_reference` record
//   them, and the lifecycle sweep retries what failed.
// - Paying by invoice buys one period of the plan (a month, a year, or a prepaid term's ten or
//   twenty-five years, ADR 041); it does not renew by itself: when the period ends, the page lapses as
//   a card plan's would, and the owner pays again. A term's order keeps the stretch it pays.
// - An invoice's amount to pay is rounded to whole kronor (öresavrundning): total_ore holds the
//   rounded sum, rounding_ore what the rounding added, so net + VAT + rounding = total.
// - Paid in full (by one payment or several), the invoice is paid, its order too, and a page that
//   went past due or expired is active again. If the period the invoice paid for is over by then,
//   the page is paid for a new period from that day: a month or a year as its order says, a year for
//   a manual invoice tied to a page (the price a manual invoice for a page stands for).
// - A credit note credits a whole invoice that nothing has been paid on: the next number, the same
//   lines with negative quantities; both are then `credited`, owe nothing, and the page's paid period
//   ends at once (it lapses through the sweep as any unpaid page does).
// - Reminders: the sweep e-mails one reminder, without a fee, when an invoice becomes overdue; an
//   admin may send more, and the first an admin sends adds the creditor's reminder fee (at most 60
//   SEK, once per invoice).
import { and, eq, inArray } from "drizzle-orm";
import { addDays, swedishDate } from "../../../contract/calendar-days";
import type { CardPlan, CustomerOrder } from "../../../contract/checkout";
import {
  addressLinesOf,
  invoiceCheckoutTermsDays,
  type AdminInvoiceDetail,
  type BillingAddress,
  type CustomerInvoice,
  type InvoiceStatus,
  type ManualInvoice,
} from "../../../contract/invoices";
import type { Locale } from "../../../contract/locale";
import { openOrderStatuses, vatSplit } from "../../../contract/orders";
import { defaultTermPrices, isTermPlan, planPriceOre, vatRatePercent } from "../../../contract/pricing";
import { invoiceTotals, lineAmounts, makeOcr, roundToKronor } from "../../../contract/swedish-numbers";
import type { Database, Executor } from "../../db/client";
import { invoiceLines, invoices, orders, profiles, users } from "../../db/schema";
import { makeInvoicePdf } from "../../providers/pdf/invoice";
import { pageChanged, recordEvent, transaction } from "../core";
import { audit, type RequestOrigin, pageMissing, refuse, type Actor } from "../core";
import {
  activeCreditorRow,
  applyPaymentToPage,
  checkoutRefusal,
  invoicedPeriod,
  onTrial,
  orderView,
  takeOrderNumber,
  unpaidInvoiceNumberOf,
  customerLocale,
  refuseTermBesideRenewal,
  applyGiftToPage,
  giftColumns,
  giftPlan,
  giftRefusal,
  type GiftChoice,
} from "../billing";
import { takeInvoiceNumber } from "./invoice-numbers";
import { deliverInvoice, invoiceDocument } from "./invoice-delivery";
import {
  localeOfInvoice,
  planLine,
  type CreditorRow,
  type InvoiceRow,
  type InvoicingDeps,
} from "./invoice-rows";
import { customerInvoiceView, requireDetail } from "./invoice-views";

export const reactivatedStatuses = new Set(["past_due", "expired"]);

type NewInvoice = {
  customer: { name: string; addressLines: string[]; email: string };
  customerUserId: string | null;
  profileId: string | null;
  orderId: string | null;
  language: Locale;
  termsDays: number | null;
  lines: { description: string; quantity: number; unitPriceOre: number; vatRatePercent: number }[];
  createdByUserId: string | null;
  creditsInvoiceId?: string;
  status?: InvoiceStatus;
};

/** Stores an issued invoice with its next number, OCR, dates, totals and lines; in the caller's transaction. */
export async function insertInvoice(
  tx: Executor,
  creditor: CreditorRow,
  input: NewInvoice,
  now: Date,
): Promise<InvoiceRow> {
  const number = await takeInvoiceNumber(tx, creditor.id);
  const totals = invoiceTotals(input.lines);
  const rounded = roundToKronor(totals.totalOre);
  const issueDate = swedishDate(now);
  const [row] = await tx
    .insert(invoices)
    .values({
      creditorId: creditor.id,
      number,
      ocr: makeOcr(number),
      orderId: input.orderId,
      profileId: input.profileId,
      customerUserId: input.customerUserId,
      customerName: input.customer.name,
      customerAddressLines: input.customer.addressLines,
      customerEmail: input.customer.email,
      language: input.language,
      issueDate,
      dueDate: addDays(issueDate, input.termsDays ?? creditor.termsDays),
      status: input.status ?? "sent",
      netOre: totals.netOre,
      vatOre: totals.vatOre,
      totalOre: rounded.amountOre,
      roundingOre: rounded.roundingOre,
      creditsInvoiceId: input.creditsInvoiceId ?? null,
      createdByUserId: input.createdByUserId,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error("the invoice was not stored");
  await tx.insert(invoiceLines).values(
    input.lines.map((line, position) => {
      const amounts = lineAmounts(line);
      return {
        invoiceId: row.id,
        position,
        description: line.description,
        quantityMilli: Math.round(line.quantity * 1000),
        unitPriceOre: line.unitPriceOre,
        vatRatePercent: line.vatRatePercent,
        netOre: amounts.netOre,
        vatOre: amounts.vatOre,
      };
    }),
  );
  return row;
}

async function requireCreditor(tx: Executor): Promise<CreditorRow> {
  const creditor = await activeCreditorRow(tx);
  if (!creditor) {
    throw refuse("checkout.invoicing-unavailable");
  }
  return creditor;
}

/**
 * The owner pays a plan by invoice, or someone gives the page a year by invoice in their own name
 * (`gift`, ADR 044): the order and the invoice, and the page active at once for the plan's period,
 * in one transaction; then the invoice is e-mailed and handed to the provider.
 */
export async function checkoutByInvoice(
  deps: InvoicingDeps,
  input: { profileId: string; plan: CardPlan; billing: BillingAddress; gift?: GiftChoice },
  actor: Actor,
): Promise<{ order: CustomerOrder; invoice: CustomerInvoice }> {
  const { db } = deps;
  const { gift } = input;
  const term = isTermPlan(input.plan);
  const now = deps.now ?? new Date();
  const { orderRow, invoice } = await transaction(db, async (tx) => {
    const [profile] = await tx.select().from(profiles).where(eq(profiles.id, input.profileId)).for("update");
    // A gift has its own refusals (ADR 044); the unpaid-invoice rule holds for both.
    const refusal = gift
      ? await giftRefusal(tx, profile ?? null, actor.id, now)
      : checkoutRefusal(profile ?? null, actor.id, input.plan);
    if (refusal) throw refusal;
    if (!profile) throw new Error("the refusals let no missing page through");
    const unpaid = await unpaidInvoiceNumberOf(tx, profile.id);
    if (unpaid !== null) throw refuse("checkout.unpaid-invoice", { invoiceNumber: unpaid });
    if (term) await refuseTermBesideRenewal(tx, profile.id);
    const creditor = await requireCreditor(tx);
    // The invoice replaces any card checkout left open for this page.
    await tx
      .update(orders)
      .set({ status: "cancelled" })
      .where(
        and(
          eq(orders.profileId, profile.id),
          eq(orders.customerUserId, actor.id),
          inArray(orders.status, openOrderStatuses),
        ),
      );
    const plan = gift ? giftPlan : input.plan;
    const price = planPriceOre(plan, deps.termPrices ?? defaultTermPrices);
    const split = vatSplit({ amountOre: price, currency: "SEK" });
    const { from: periodStart, until: periodEnd } = invoicedPeriod(profile, plan, now);
    const [orderRow] = await tx
      .insert(orders)
      .values({
        orderNumber: await takeOrderNumber(tx, profile.id),
        profileId: profile.id,
        customerUserId: actor.id,
        method: "invoice",
        plan,
        amountOre: price,
        netOre: split.netOre,
        vatOre: split.vatOre,
        vatRatePercent,
        currency: "SEK",
        status: "pending",
        provider: "invoice",
        createdAt: now,
        ...(term || gift ? { termFrom: periodStart, termUntil: periodEnd } : {}),
        ...giftColumns(gift),
      })
      .returning();
    if (!orderRow) throw new Error("the order was not stored");
    const [customer] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, actor.id));
    const language = customerLocale(customer?.locale, profile.metadata.language);
    const invoice = await insertInvoice(
      tx,
      creditor,
      {
        customer: {
          name: input.billing.name,
          addressLines: addressLinesOf(input.billing),
          email: input.billing.email,
        },
        customerUserId: actor.id,
        profileId: profile.id,
        orderId: orderRow.id,
        language,
        termsDays: invoiceCheckoutTermsDays,
        lines: [
          planLine(
            { plan: gift ? "gift" : plan, priceOre: price, profileId: profile.id },
            { from: periodStart, until: periodEnd },
            language,
          ),
        ],
        createdByUserId: actor.id,
      },
      now,
    );
    await tx
      .update(orders)
      .set({ providerReference: String(invoice.number) })
      .where(eq(orders.id, orderRow.id));
    // A gift's page lives again at once too, and its family is told who gave it.
    if (gift)
      await applyGiftToPage(tx, {
        order: orderRow,
        profile,
        until: periodEnd,
        reason: "invoice_issued",
        now,
      });
    else
      await applyPaymentToPage(tx, {
        profile,
        // A page on its trial stays on it; the sweep makes it active when the trial ends.
        to: onTrial(profile, now) ? profile.status : "active",
        reason: "invoice_issued",
        paidUntil: periodEnd,
        orderNumber: orderRow.orderNumber,
        now,
      });
    recordEvent(tx, pageChanged(profile.id));
    return { orderRow: { ...orderRow, providerReference: String(invoice.number) }, invoice };
  });
  await deliverInvoice(deps, invoice.id);
  return {
    order: await orderView(db, orderRow),
    invoice: await customerInvoiceView(db, invoice),
  };
}

/** A manual invoice as the admin's form sends it, as the invoicing domain issues it. */
function manualInput(input: ManualInvoice, actor: Actor): NewInvoice {
  return {
    customer: {
      name: input.customer.name,
      addressLines: addressLinesOf(input.customer),
      email: input.customer.email,
    },
    customerUserId: input.customerUserId ?? null,
    profileId: input.profileId ?? null,
    orderId: null,
    language: input.language,
    termsDays: input.termsDays ?? null,
    lines: input.lines,
    createdByUserId: actor.id,
  };
}

function checkTotal(input: ManualInvoice): void {
  if (invoiceTotals(input.lines).totalOre <= 0) {
    throw refuse("invoice.total-not-positive");
  }
}

async function checkReferences(tx: Executor, input: ManualInvoice): Promise<void> {
  if (input.profileId) {
    const [profile] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.id, input.profileId));
    if (!profile) throw pageMissing();
  }
  if (input.customerUserId) {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.customerUserId));
    if (!user) throw refuse("invoice.customer-missing");
  }
}

/** The admin issues a manual invoice: stored, audited, then e-mailed and handed to the provider. */
export async function issueManualInvoice(
  deps: InvoicingDeps,
  input: ManualInvoice,
  actor: Actor,
  origin: RequestOrigin,
): Promise<AdminInvoiceDetail> {
  checkTotal(input);
  const now = deps.now ?? new Date();
  const row = await deps.db.transaction(async (tx) => {
    await checkReferences(tx, input);
    const creditor = await requireCreditor(tx);
    const issued = await insertInvoice(tx, creditor, manualInput(input, actor), now);
    await audit(tx, {
      action: "admin.invoice_issue",
      actorUserId: actor.id,
      targetUserId: issued.customerUserId,
      details: { invoiceId: issued.id, number: issued.number, totalOre: issued.totalOre },
      ...origin,
    });
    return issued;
  });
  await deliverInvoice(deps, row.id);
  return requireDetail(deps.db, row.id, now);
}

/** The manual invoice drawn as it would be issued, marked as a preview; nothing is stored. */
export async function previewManualInvoice(
  db: Database,
  input: ManualInvoice,
  now = new Date(),
): Promise<Uint8Array> {
  checkTotal(input);
  await checkReferences(db, input);
  const creditor = await requireCreditor(db);
  const totals = invoiceTotals(input.lines);
  const rounded = roundToKronor(totals.totalOre);
  const issueDate = swedishDate(now);
  const shown: InvoiceRow = {
    id: "preview",
    creditorId: creditor.id,
    number: null,
    ocr: null,
    orderId: null,
    profileId: input.profileId ?? null,
    customerUserId: input.customerUserId ?? null,
    customerName: input.customer.name,
    customerAddressLines: addressLinesOf(input.customer),
    customerEmail: input.customer.email,
    language: input.language,
    issueDate,
    dueDate: addDays(issueDate, input.termsDays ?? creditor.termsDays),
    status: "draft",
    netOre: totals.netOre,
    vatOre: totals.vatOre,
    totalOre: rounded.amountOre,
    roundingOre: rounded.roundingOre,
    paidOre: 0,
    reminderFeeOre: 0,
    remindersSent: 0,
    lastReminderAt: null,
    creditsInvoiceId: null,
    createdByUserId: null,
    createdAt: now,
    sentAt: null,
    paidAt: null,
    providerReference: null,
    providerError: null,
  };
  const lines = input.lines.map((line, position) => ({
    id: String(position),
    invoiceId: "preview",
    position,
    description: line.description,
    quantityMilli: Math.round(line.quantity * 1000),
    unitPriceOre: line.unitPriceOre,
    vatRatePercent: line.vatRatePercent,
    ...lineAmounts(line),
  }));
  return makeInvoicePdf(invoiceDocument(shown, lines, creditor, { kind: "preview" }), localeOfInvoice(shown));
}
