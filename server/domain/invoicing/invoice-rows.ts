// What the invoicing modules share: the rows, the dependencies, and the small facts read off an
// invoice (what it owes, what is left to pay, its lines, its credit pair). Issuing, payments and
// credits are in ./issuing.ts, ./invoice-payments.ts and ./credits-and-reminders.ts; the document, the e-mail, the provider and the sweep in
// ./invoice-delivery.ts.
import { and, asc, eq, inArray, lt, type SQL } from "drizzle-orm";
import type { Locale } from "../../../contract/locale";
import { addDays, swedishDate } from "../../../contract/calendar-days";
import type { CardPlan } from "../../../contract/checkout";
import { vatSplit } from "../../../contract/orders";
import { type TermPrices, vatRatePercent } from "../../../contract/pricing";
import { i18nFor } from "../../../i18n/index";
import type { Database, Executor } from "../../db/client";
import { creditors, invoiceLines, invoices } from "../../db/schema";
import type { Logger } from "../../logger";
import type { EmailSender } from "../../providers/email/types";
import type { InvoiceProvider } from "../../providers/invoicing/types";
import { localeOf, unpaidInvoiceStatuses } from "../billing";

export type InvoiceRow = typeof invoices.$inferSelect;
export type CreditorRow = typeof creditors.$inferSelect;
export type LineRow = typeof invoiceLines.$inferSelect;

export type InvoicingDeps = {
  db: Database;
  email: EmailSender;
  provider: InvoiceProvider;
  publicUrl: string;
  /** The prepaid terms' prices as configured (defaults: the decisions'). */
  termPrices?: TermPrices;
  logger?: Pick<Logger, "info" | "warn">;
  now?: Date;
};

/** The creditor that issued an invoice (a creditor with invoices is never deleted: the key restricts). */
export async function creditorOf(
  db: Executor,
  invoice: Pick<InvoiceRow, "creditorId">,
): Promise<CreditorRow> {
  const [creditor] = await db.select().from(creditors).where(eq(creditors.id, invoice.creditorId));
  if (!creditor) throw new Error("the invoice's creditor is gone");
  return creditor;
}

/** The total and any reminder fee: what the invoice asks for in all. */
export function owedOre(row: InvoiceRow): number {
  return row.totalOre + row.reminderFeeOre;
}

export function toPayOre(row: InvoiceRow): number {
  if (row.status === "credited" || row.status === "draft" || row.creditsInvoiceId) return 0;
  return Math.max(0, owedOre(row) - row.paidOre);
}

export function localeOfInvoice(row: Pick<InvoiceRow, "language">): Locale {
  return localeOf(row.language);
}

export async function findInvoice(db: Executor, id: string): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  return row ?? null;
}

/** A stored line as every reader shows it: the quantity back from thousandths. */
export function lineView(line: LineRow) {
  return {
    description: line.description,
    quantity: line.quantityMilli / 1000,
    unitPriceOre: line.unitPriceOre,
    vatRatePercent: line.vatRatePercent,
    netOre: line.netOre,
    vatOre: line.vatOre,
  };
}

export async function linesOf(db: Executor, invoiceId: string): Promise<LineRow[]> {
  return db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.position));
}

/** The number of the credit note of a credited invoice, or of the invoice a credit note credits. */
export async function creditNumberOf(db: Executor, row: InvoiceRow): Promise<number | null> {
  const [other] = row.creditsInvoiceId
    ? await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, row.creditsInvoiceId))
    : await db
        .select({ number: invoices.number })
        .from(invoices)
        .where(eq(invoices.creditsInvoiceId, row.id));
  return other?.number ?? null;
}

/** The SQL of isPastDue: unpaid and due before `today` (YYYY-MM-DD, the Swedish calendar day). */
export function pastDue(today: string): SQL {
  return and(inArray(invoices.status, unpaidInvoiceStatuses), lt(invoices.dueDate, today)) as SQL;
}

/** Whether an unpaid invoice's due date has passed (Swedish calendar). */
export function isPastDue(row: InvoiceRow, today: string): boolean {
  return unpaidInvoiceStatuses.includes(row.status) && !!row.dueDate && row.dueDate < today;
}

/** The line a plan's invoice carries, in the customer's language, with the period it pays for. */
export function planLine(
  line: { plan: CardPlan | "gift"; priceOre: number; profileId: string },
  period: { from: Date; until: Date },
  locale: Locale,
) {
  const { t } = i18nFor(locale);
  const { plan, profileId, priceOre: price } = line;
  const { from, until } = period;
  const lastDay = addDays(swedishDate(until), -1);
  return {
    description: t(`invoiceLine.${plan}`, {
      profileId,
      from: swedishDate(from),
      until: lastDay,
    }),
    quantity: 1,
    unitPriceOre: vatSplit({ amountOre: price, currency: "SEK" }).netOre,
    vatRatePercent,
  };
}
