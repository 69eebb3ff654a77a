// Invoices (faktura), issue 11: issuing (the owner's invoice checkout and the admin's manual invoice),
// payments (from the bank file or booked by hand), credit notes, reminders, the PDF, and delivery by
// e-mail and to the optional invoice provider.
//
// Decisions kept here (decisions.md "Invoice" leaves them to us):
// - An invoice is issued in one transaction with its gapless number (./invoice-numbers.ts), its OCR
//   (the number with length and check digits; one creditor is active and keeps its counter, so the
//   OCR is unique), its lines, and for a checkout its order and the page's activation. The e-mail and
//   the hand-over to the provider come after the commit; `sent_at` and `provider_reference` record
//   them, and the lifecycle sweep retries what failed.
// - Paying by invoice buys one period of the plan (a month or a year); it does not renew by itself:
//   when the period ends, the page lapses as a card plan's would, and the owner pays again.
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
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, lte, or, sql } from "drizzle-orm";
import { addDays, swedishDate } from "../../../contract/calendar-days";
import type { CardPlan, CustomerOrder } from "../../../contract/checkout";
import { maxReminderFeeOre } from "../../../contract/creditor";
import {
  addressLinesOf,
  adminInvoicePageSize,
  invoiceCheckoutTermsDays,
  invoicePdfPath,
  type AdminInvoiceDetail,
  type AdminInvoiceList,
  type AdminInvoiceListQuery,
  type AdminInvoiceSummary,
  type BillingAddress,
  type CustomerInvoice,
  type InvoiceStatus,
  type ManualInvoice,
} from "../../../contract/invoices";
import type { Locale } from "../../../contract/locale";
import { openOrderStatuses, vatSplit } from "../../../contract/orders";
import { plans, vatRatePercent } from "../../../contract/pricing";
import { invoiceTotals, lineAmounts, makeOcr, roundToKronor } from "../../../contract/swedish-numbers";
import { i18nFor } from "../../../i18n/index";
import type { Database, Executor } from "../../db/client";
import { invoiceLines, invoicePayments, invoices, orders, profiles, users } from "../../db/schema";
import { makeInvoicePdf } from "../../providers/pdf/invoice";
import { audit, type RequestOrigin, DomainError, type Actor } from "../core";
import {
  activeCreditorRow,
  addInterval,
  applyPaymentToPage,
  checkoutRefusal,
  onTrial,
  orderView,
  runningTrialEnd,
  takeOrderNumber,
  unpaidInvoiceNumberOf,
  unpaidInvoiceRefusal,
  unpaidInvoiceStatuses,
  customerLocale,
} from "../billing";
import { takeInvoiceNumber } from "./invoice-numbers";
import { deliverInvoice, emailInvoice, invoiceDocument } from "./invoice-delivery";
import {
  creditNumberOf,
  creditorOf,
  findInvoice,
  isPastDue,
  lineView,
  linesOf,
  localeOfInvoice,
  owedOre,
  pastDue,
  toPayOre,
  type CreditorRow,
  type InvoiceRow,
  type InvoicingDeps,
} from "./invoice-rows";

export type { InvoicingDeps } from "./invoice-rows";
export {
  deliverInvoice,
  invoicePdfForViewer,
  profilesWithInvoiceOverdue,
  sweepInvoices,
  unpaidInvoiceDaysOverdue,
  type InvoiceFile,
  type InvoiceSweepReport,
} from "./invoice-delivery";

const reactivatedStatuses = new Set(["past_due", "expired"]);

// --- Issuing ----------------------------------------------------------------------------------

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
async function insertInvoice(
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
    throw new DomainError("conflict", "Paying by invoice is not set up yet: no creditor has been entered.");
  }
  return creditor;
}

/** The line a plan's invoice carries, in the customer's language, with the period it pays for. */
function planLine(plan: CardPlan, profileId: string, from: Date, until: Date, locale: Locale) {
  const { t } = i18nFor(locale);
  const lastDay = addDays(swedishDate(until), -1);
  const price = plans[plan].price.amountOre;
  return {
    description: t(plan === "yearly" ? "invoiceLine.yearly" : "invoiceLine.monthly", {
      profileId,
      from: swedishDate(from),
      until: lastDay,
    }),
    quantity: 1,
    unitPriceOre: vatSplit({ amountOre: price, currency: "SEK" }).netOre,
    vatRatePercent,
  };
}

/**
 * The owner pays a plan by invoice: the order and the invoice, and the page active at once for the
 * plan's period, in one transaction; then the invoice is e-mailed and handed to the provider.
 */
export async function checkoutByInvoice(
  deps: InvoicingDeps,
  input: { profileId: string; plan: CardPlan; billing: BillingAddress },
  actor: Actor,
): Promise<{ order: CustomerOrder; invoice: CustomerInvoice }> {
  const { db } = deps;
  const now = deps.now ?? new Date();
  const { orderRow, invoice } = await db.transaction(async (tx) => {
    const [profile] = await tx.select().from(profiles).where(eq(profiles.id, input.profileId)).for("update");
    const refusal = checkoutRefusal(profile ?? null, actor.id);
    if (refusal) throw new DomainError(refusal.code, refusal.message, "profileId");
    if (!profile) throw new Error("checkoutRefusal lets no missing page through");
    const unpaid = await unpaidInvoiceNumberOf(tx, profile.id);
    if (unpaid !== null) throw new DomainError("conflict", unpaidInvoiceRefusal(unpaid), "profileId");
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
    const price = plans[input.plan].price.amountOre;
    const split = vatSplit({ amountOre: price, currency: "SEK" });
    const [orderRow] = await tx
      .insert(orders)
      .values({
        orderNumber: await takeOrderNumber(tx, profile.id),
        profileId: profile.id,
        customerUserId: actor.id,
        method: "invoice",
        plan: input.plan,
        amountOre: price,
        netOre: split.netOre,
        vatOre: split.vatOre,
        vatRatePercent,
        currency: "SEK",
        status: "pending",
        provider: "invoice",
        createdAt: now,
      })
      .returning();
    if (!orderRow) throw new Error("the order was not stored");
    // The period starts where what the page has already ends: a paid period, or the running trial
    // (decisions: an invoice made during a trial covers the period from the trial's end).
    const covered = [profile.paidUntil, runningTrialEnd(profile, now)].filter(
      (date): date is Date => !!date && date > now,
    );
    const periodStart = covered.length > 0 ? new Date(Math.max(...covered.map(Number))) : now;
    const periodEnd = addInterval(periodStart, input.plan === "yearly" ? "year" : "month");
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
        lines: [planLine(input.plan, profile.id, periodStart, periodEnd, language)],
        createdByUserId: actor.id,
      },
      now,
    );
    await tx
      .update(orders)
      .set({ providerReference: String(invoice.number) })
      .where(eq(orders.id, orderRow.id));
    await applyPaymentToPage(tx, {
      profile,
      // A page on its trial stays on it; the sweep makes it active when the trial ends.
      to: onTrial(profile, now) ? profile.status : "active",
      reason: "invoice_issued",
      paidUntil: periodEnd,
      orderNumber: orderRow.orderNumber,
      now,
    });
    return { orderRow: { ...orderRow, providerReference: String(invoice.number) }, invoice };
  });
  deps.onProfileChanged?.(input.profileId);
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
    throw new DomainError("invalid_request", "The invoice's total must be more than 0.", "lines");
  }
}

async function checkReferences(tx: Executor, input: ManualInvoice): Promise<void> {
  if (input.profileId) {
    const [profile] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.id, input.profileId));
    if (!profile) throw new DomainError("invalid_request", "There is no page with this code.", "profileId");
  }
  if (input.customerUserId) {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.customerUserId));
    if (!user) throw new DomainError("invalid_request", "There is no such customer.", "customerUserId");
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

// --- Reading ----------------------------------------------------------------------------------

async function customerInvoiceView(db: Executor, row: InvoiceRow): Promise<CustomerInvoice> {
  const creditor = await creditorOf(db, row);
  return {
    id: row.id,
    number: row.number ?? 0,
    ocr: row.ocr ?? "",
    status: row.status,
    issueDate: row.issueDate ?? "",
    dueDate: row.dueDate ?? "",
    totalOre: row.totalOre,
    toPayOre: toPayOre(row),
    bankgiro: creditor?.bankgiro ?? null,
    plusgiro: creditor?.plusgiro ?? null,
    email: row.customerEmail,
    pdfPath: invoicePdfPath(row.id),
  };
}

/** The invoice of one of the viewer's invoice orders (the confirmation page); null otherwise. */
export async function customerInvoiceOfOrder(
  db: Executor,
  orderNumber: string,
  viewerId: string,
): Promise<CustomerInvoice | null> {
  const [row] = await db
    .select({ invoice: invoices })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.customerUserId, viewerId)))
    .orderBy(desc(invoices.createdAt))
    .limit(1);
  return row ? customerInvoiceView(db, row.invoice) : null;
}

/** The owner's unpaid invoice for a page, shown on the page with how to pay it; null when none. */
export async function unpaidInvoiceOfPage(
  db: Executor,
  profileId: string,
  viewerId: string,
): Promise<CustomerInvoice | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.profileId, profileId),
        eq(invoices.customerUserId, viewerId),
        inArray(invoices.status, unpaidInvoiceStatuses),
      ),
    )
    .orderBy(asc(invoices.dueDate))
    .limit(1);
  return row ? customerInvoiceView(db, row) : null;
}

function summary(
  row: InvoiceRow,
  orderNumber: string | null,
  creditNumber: number | null,
): AdminInvoiceSummary {
  return {
    id: row.id,
    number: row.number ?? 0,
    ocr: row.ocr ?? "",
    status: row.status,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerUserId: row.customerUserId,
    profileId: row.profileId,
    orderNumber,
    issueDate: row.issueDate ?? "",
    dueDate: row.dueDate ?? "",
    totalOre: row.totalOre,
    reminderFeeOre: row.reminderFeeOre,
    paidOre: row.paidOre,
    toPayOre: toPayOre(row),
    remindersSent: row.remindersSent,
    creditNumber,
    isCreditNote: row.creditsInvoiceId !== null,
  };
}

export async function adminInvoiceDetail(
  db: Executor,
  id: string,
  now = new Date(),
): Promise<AdminInvoiceDetail | null> {
  const row = await findInvoice(db, id);
  if (!row) return null;
  const [order] = row.orderId
    ? await db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, row.orderId))
    : [];
  const creditor = await creditorOf(db, row);
  const payments = await db
    .select()
    .from(invoicePayments)
    .where(eq(invoicePayments.invoiceId, row.id))
    .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.createdAt));
  const isCreditNote = row.creditsInvoiceId !== null;
  const unpaid = unpaidInvoiceStatuses.includes(row.status) && !isCreditNote;
  return {
    ...summary(row, order?.orderNumber ?? null, await creditNumberOf(db, row)),
    customerAddressLines: row.customerAddressLines,
    language: localeOfInvoice(row),
    netOre: row.netOre,
    vatOre: row.vatOre,
    lines: (await linesOf(db, row.id)).map(lineView),
    payments: payments.map((payment) => ({
      id: payment.id,
      amountOre: payment.amountOre,
      paidOn: payment.paidOn,
      source: payment.source,
      reference: payment.reference,
      createdAt: payment.createdAt.toISOString(),
    })),
    pdfPath: invoicePdfPath(row.id),
    canCredit: unpaid && row.paidOre === 0,
    canRemind: unpaid && isPastDue(row, swedishDate(now)),
    reminderAddsFeeOre:
      row.reminderFeeOre === 0 ? Math.min(creditor?.reminderFeeOre ?? 0, maxReminderFeeOre) : 0,
    canRecordPayment: unpaid,
  };
}

async function requireDetail(db: Executor, id: string, now: Date): Promise<AdminInvoiceDetail> {
  const detail = await adminInvoiceDetail(db, id, now);
  if (!detail) throw new DomainError("not_found", "There is no invoice with this id.", "id");
  return detail;
}

export async function listInvoices(
  db: Executor,
  query: Omit<AdminInvoiceListQuery, "page"> & { page: number },
  now = new Date(),
): Promise<AdminInvoiceList> {
  const today = swedishDate(now);
  const conditions = [isNotNull(invoices.number)];
  if (query.status) conditions.push(eq(invoices.status, query.status));
  if (query.due === "overdue") {
    conditions.push(pastDue(today));
  } else if (query.due === "due_soon") {
    conditions.push(
      inArray(invoices.status, unpaidInvoiceStatuses),
      sql`${invoices.dueDate} >= ${today}`,
      lte(invoices.dueDate, addDays(today, 7)),
    );
  }
  const search = query.customer?.trim();
  if (search) {
    // The search is taken literally: % and _ are not wildcards here.
    const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    const digits = search.replace(/[\s-]/g, "");
    const either = [
      ilike(invoices.customerName, pattern),
      ilike(invoices.customerEmail, pattern),
      ilike(invoices.profileId, pattern),
    ];
    if (/^\d{1,25}$/.test(digits)) {
      either.push(eq(invoices.ocr, digits));
      if (digits.length <= 9) either.push(eq(invoices.number, Number(digits)));
    }
    const matched = or(...either);
    if (matched) conditions.push(matched);
  }
  const where = and(...conditions);
  const outstanding = sql<number>`coalesce(sum(case when ${invoices.status} in ('sent', 'overdue') and ${invoices.creditsInvoiceId} is null then ${invoices.totalOre} + ${invoices.reminderFeeOre} - ${invoices.paidOre} else 0 end), 0)`;
  const [totals] = await db.select({ total: count(), outstanding }).from(invoices).where(where);
  // The other half of a credit pair: the credit note's number for a credited invoice, and the other way.
  const pairedNumber = sql<number | null>`coalesce(
    (select paired.number from ${invoices} as paired where paired.credits_invoice_id = ${invoices.id} limit 1),
    (select paired.number from ${invoices} as paired where paired.id = ${invoices.creditsInvoiceId}))`;
  const rows = await db
    .select({ invoice: invoices, orderNumber: orders.orderNumber, creditNumber: pairedNumber })
    .from(invoices)
    .leftJoin(orders, eq(orders.id, invoices.orderId))
    .where(where)
    .orderBy(desc(invoices.number))
    .limit(adminInvoicePageSize)
    .offset((query.page - 1) * adminInvoicePageSize);
  return {
    invoices: rows.map(({ invoice, orderNumber, creditNumber }) =>
      summary(invoice, orderNumber, creditNumber === null ? null : Number(creditNumber)),
    ),
    total: Number(totals?.total ?? 0),
    page: query.page,
    pageSize: adminInvoicePageSize,
    outstandingOre: Number(totals?.outstanding ?? 0),
  };
}

// --- Payments ---------------------------------------------------------------------------------

export type InvoicePaymentInput = {
  /** Negative for money the bank took back. */
  amountOre: number;
  paidOn: string;
  source: "bgmax" | "manual";
  reference: string | null;
  bgmaxImportId?: string | null;
  bankSerial?: string | null;
  actorId: string | null;
};

export type InvoicePaymentOutcome = {
  /** This payment settled the invoice. */
  nowPaid: boolean;
  /** This (negative) payment left a paid invoice short again. */
  reopened: boolean;
  owedOre: number;
  paidOre: number;
  /** The page this payment brought back to active, for the cache to drop after the commit. */
  reactivatedProfileId: string | null;
};

/** The payment's row; with no invoice for money whose reference matched none (the import's report). */
export async function storeInvoicePayment(
  tx: Executor,
  invoiceId: string | null,
  payment: InvoicePaymentInput,
  now: Date,
): Promise<void> {
  await tx.insert(invoicePayments).values({
    invoiceId,
    amountOre: payment.amountOre,
    paidOn: payment.paidOn,
    source: payment.source,
    reference: payment.reference,
    bgmaxImportId: payment.bgmaxImportId ?? null,
    bankSerial: payment.bankSerial ?? null,
    createdByUserId: payment.actorId,
    createdAt: now,
  });
}

/**
 * Books one payment on an invoice locked by the caller (SELECT … FOR UPDATE), in the caller's
 * transaction: the payment row, the invoice's paid sum and status, and when that settles it, its
 * order and its page.
 */
export async function bookInvoicePayment(
  tx: Executor,
  invoice: InvoiceRow,
  payment: InvoicePaymentInput,
  now: Date,
): Promise<InvoicePaymentOutcome> {
  await storeInvoicePayment(tx, invoice.id, payment, now);
  const owed = owedOre(invoice);
  const paidOre = invoice.paidOre + payment.amountOre;
  const wasPaid = invoice.status === "paid";
  const isPaid = paidOre >= owed;
  const changes: Partial<typeof invoices.$inferInsert> = { paidOre };
  const outcome: InvoicePaymentOutcome = {
    nowPaid: isPaid && !wasPaid,
    reopened: !isPaid && wasPaid,
    owedOre: owed,
    paidOre,
    reactivatedProfileId: null,
  };
  if (outcome.nowPaid) {
    changes.status = "paid";
    // The day the money came, at noon UTC: the same day in Swedish time and in UTC, all year.
    changes.paidAt = new Date(`${payment.paidOn}T12:00:00Z`);
  } else if (outcome.reopened) {
    changes.status = invoice.dueDate && invoice.dueDate < swedishDate(now) ? "overdue" : "sent";
    changes.paidAt = null;
  }
  await tx.update(invoices).set(changes).where(eq(invoices.id, invoice.id));

  const [order] = invoice.orderId
    ? await tx.select().from(orders).where(eq(orders.id, invoice.orderId)).for("update")
    : [];
  if (order && outcome.nowPaid) {
    await tx.update(orders).set({ status: "paid", paidAt: now }).where(eq(orders.id, order.id));
  } else if (order && outcome.reopened) {
    await tx.update(orders).set({ status: "pending", paidAt: null }).where(eq(orders.id, order.id));
  }
  if (outcome.nowPaid && invoice.profileId) {
    const [profile] = await tx
      .select()
      .from(profiles)
      .where(eq(profiles.id, invoice.profileId))
      .for("update");
    if (profile && reactivatedStatuses.has(profile.status)) {
      const lapsed = !profile.paidUntil || profile.paidUntil <= now;
      const interval = order?.plan === "monthly" ? "month" : "year";
      await applyPaymentToPage(tx, {
        profile,
        to: "active",
        reason: "invoice_paid",
        paidUntil: lapsed ? addInterval(now, interval) : undefined,
        orderNumber: order?.orderNumber ?? `invoice ${invoice.number}`,
        actorUserId: payment.actorId,
        now,
      });
      outcome.reactivatedProfileId = profile.id;
    }
  }
  return outcome;
}

async function lockedInvoice(tx: Executor, id: string): Promise<InvoiceRow> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
  if (!row || row.number === null)
    throw new DomainError("not_found", "There is no invoice with this id.", "id");
  return row;
}

/** The admin books money received outside the bank file (in full or in part). Audited. */
export async function recordInvoicePayment(
  deps: InvoicingDeps,
  id: string,
  input: { amountOre: number; paidOn: string; reference: string | null },
  actor: Actor,
  origin: RequestOrigin,
): Promise<AdminInvoiceDetail> {
  const now = deps.now ?? new Date();
  const outcome = await deps.db.transaction(async (tx) => {
    const invoice = await lockedInvoice(tx, id);
    if (!unpaidInvoiceStatuses.includes(invoice.status) || invoice.creditsInvoiceId) {
      throw new DomainError(
        "conflict",
        invoice.status === "paid"
          ? "This invoice is paid already."
          : "Only a sent or overdue invoice can be paid.",
        "id",
      );
    }
    if (input.paidOn > swedishDate(now)) {
      throw new DomainError("invalid_request", "The payment date cannot be in the future.", "paidOn");
    }
    const booked = await bookInvoicePayment(
      tx,
      invoice,
      { ...input, source: "manual", actorId: actor.id },
      now,
    );
    await audit(tx, {
      action: "admin.invoice_payment",
      actorUserId: actor.id,
      targetUserId: invoice.customerUserId,
      details: {
        invoiceId: invoice.id,
        number: invoice.number,
        amountOre: input.amountOre,
        nowPaid: booked.nowPaid,
      },
      ...origin,
    });
    return booked;
  });
  if (outcome.reactivatedProfileId) deps.onProfileChanged?.(outcome.reactivatedProfileId);
  return requireDetail(deps.db, id, now);
}

// --- Credit notes and reminders ---------------------------------------------------------------

/** Credits a whole invoice nothing has been paid on: a credit note, and the page's period ends. Audited. */
export async function creditInvoice(
  deps: InvoicingDeps,
  id: string,
  input: { reason: string | null },
  actor: Actor,
  origin: RequestOrigin,
): Promise<AdminInvoiceDetail> {
  const now = deps.now ?? new Date();
  const { note, profileId } = await deps.db.transaction(async (tx) => {
    const invoice = await lockedInvoice(tx, id);
    if (invoice.creditsInvoiceId)
      throw new DomainError("conflict", "A credit note cannot be credited.", "id");
    if (invoice.status === "credited")
      throw new DomainError("conflict", "This invoice is credited already.", "id");
    if (!unpaidInvoiceStatuses.includes(invoice.status) || invoice.paidOre !== 0) {
      throw new DomainError(
        "conflict",
        "Only an invoice nothing has been paid on can be credited; pay back what was paid first.",
        "id",
      );
    }
    const lines = await linesOf(tx, invoice.id);
    // The seller that issued the invoice issues its credit note, in the same number series.
    const note = await insertInvoice(
      tx,
      await creditorOf(tx, invoice),
      {
        customer: {
          name: invoice.customerName,
          addressLines: invoice.customerAddressLines,
          email: invoice.customerEmail,
        },
        customerUserId: invoice.customerUserId,
        profileId: invoice.profileId,
        orderId: invoice.orderId,
        language: localeOfInvoice(invoice),
        termsDays: 0,
        lines: lines.map((line) => ({
          description: line.description,
          quantity: -line.quantityMilli / 1000,
          unitPriceOre: line.unitPriceOre,
          vatRatePercent: line.vatRatePercent,
        })),
        createdByUserId: actor.id,
        creditsInvoiceId: invoice.id,
        status: "credited",
      },
      now,
    );
    await tx.update(invoices).set({ status: "credited" }).where(eq(invoices.id, invoice.id));
    if (invoice.orderId) {
      await tx.update(orders).set({ status: "cancelled" }).where(eq(orders.id, invoice.orderId));
    }
    let changed: string | null = null;
    if (invoice.profileId) {
      // What the invoice paid for is not paid: the period ends now, and the sweep takes it from there.
      const [profile] = await tx
        .select()
        .from(profiles)
        .where(eq(profiles.id, invoice.profileId))
        .for("update");
      if (profile?.paidUntil && profile.paidUntil > now && invoice.orderId) {
        await tx.update(profiles).set({ paidUntil: now, updatedAt: now }).where(eq(profiles.id, profile.id));
        changed = profile.id;
      }
    }
    await audit(tx, {
      action: "admin.invoice_credit",
      actorUserId: actor.id,
      targetUserId: invoice.customerUserId,
      details: {
        invoiceId: invoice.id,
        number: invoice.number,
        creditNote: note.number,
        reason: input.reason,
      },
      ...origin,
    });
    return { note, profileId: changed };
  });
  if (profileId) deps.onProfileChanged?.(profileId);
  await deliverInvoice(deps, note.id);
  return requireDetail(deps.db, id, now);
}

/**
 * The admin sends a reminder of an unpaid invoice past its due date; the first reminder an admin sends
 * adds the creditor's fee (at most 60 SEK, once per invoice). The e-mail goes out before the commit,
 * so a reminder that could not be sent adds no fee.
 */
export async function sendInvoiceReminder(
  deps: InvoicingDeps,
  id: string,
  actor: Actor,
  origin: RequestOrigin,
): Promise<AdminInvoiceDetail> {
  const now = deps.now ?? new Date();
  await deps.db.transaction(async (tx) => {
    const invoice = await lockedInvoice(tx, id);
    if (invoice.creditsInvoiceId || !isPastDue(invoice, swedishDate(now))) {
      throw new DomainError("conflict", "Only an unpaid invoice past its due date can be reminded of.", "id");
    }
    const creditor = await creditorOf(tx, invoice);
    const fee = invoice.reminderFeeOre === 0 ? Math.min(creditor.reminderFeeOre, maxReminderFeeOre) : 0;
    const [updated] = await tx
      .update(invoices)
      .set({
        status: "overdue",
        reminderFeeOre: invoice.reminderFeeOre + fee,
        remindersSent: invoice.remindersSent + 1,
        lastReminderAt: now,
      })
      .where(eq(invoices.id, invoice.id))
      .returning();
    if (!updated) throw new Error("the reminder was not stored");
    await audit(tx, {
      action: "admin.invoice_reminder",
      actorUserId: actor.id,
      targetUserId: invoice.customerUserId,
      details: { invoiceId: invoice.id, number: invoice.number, feeOre: fee },
      ...origin,
    });
    await emailInvoice(deps, tx, updated, "reminder");
  });
  return requireDetail(deps.db, id, now);
}
