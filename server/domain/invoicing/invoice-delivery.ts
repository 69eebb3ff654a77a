// Invoices leave the house: the PDF (for the customer, the e-mail, the admin), the e-mail with it,
// the hand-over to the invoice provider, and the sweep that marks invoices overdue, sends the one
// free reminder and retries what failed. Decisions: ADR 013 and ./issuing.ts.
import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { addDays, daysBetween, swedishDate } from "../../../contract/calendar-days";
import { invoiceTotals } from "../../../contract/swedish-numbers";
import { invoicePdfPath } from "../../../contract/invoices";
import { i18nFor } from "../../../i18n/index";
import type { Executor } from "../../db/client";
import { invoices, orders, profiles } from "../../db/schema";
import type { IssuedInvoice } from "../../providers/invoicing/types";
import { makeInvoicePdf, type InvoiceDocument } from "../../providers/pdf/invoice";
import { hasRole, refuse, type Actor } from "../core";
import {
  creditNumberOf,
  creditorOf,
  findInvoice,
  lineView,
  linesOf,
  localeOfInvoice,
  toPayOre,
  type CreditorRow,
  type InvoiceRow,
  type InvoicingDeps,
  type LineRow,
} from "./invoice-rows";
import { formatReceiptMoney, isUnpaidInvoiceOf, unpaidInvoiceStatuses } from "../billing";

export function invoiceDocument(
  row: InvoiceRow,
  lines: LineRow[],
  creditor: CreditorRow,
  options: { kind: InvoiceDocument["kind"]; orderNumber?: string; creditsNumber?: number | null },
): InvoiceDocument {
  // VAT per rate as the totals computed it (once per rate, on the rate's net).
  const totals = invoiceTotals(lines.map(lineView));
  const reminder = options.kind === "reminder";
  return {
    number: row.number === null ? "—" : String(row.number),
    ocr: row.ocr ?? "—",
    issueDate: row.issueDate ?? swedishDate(new Date()),
    dueDate: row.dueDate ?? row.issueDate ?? "",
    creditor: {
      name: creditor.name,
      orgNumber: creditor.orgNumber,
      vatNumber: creditor.vatNumber,
      addressLines: creditor.addressLines,
      bankgiro: creditor.bankgiro ?? undefined,
      plusgiro: creditor.plusgiro ?? undefined,
      seat: creditor.seat,
      fSkatt: creditor.fSkatt,
      email: creditor.email,
      phone: creditor.phone ?? undefined,
    },
    customer: { name: row.customerName, addressLines: row.customerAddressLines, email: row.customerEmail },
    lines: lines.map(lineView),
    totals: {
      netByRate: totals.byRate.map((group) => ({
        rate: group.vatRatePercent,
        netOre: group.netOre,
        vatOre: group.vatOre,
      })),
      netOre: totals.netOre,
      vatOre: totals.vatOre,
      totalOre: totals.totalOre,
      roundingOre: row.roundingOre,
      // A reminder asks for what is left; the invoice itself for its whole sum.
      toPayOre: reminder ? toPayOre(row) : row.totalOre + row.reminderFeeOre,
    },
    reminderFeeOre: row.reminderFeeOre || undefined,
    currency: "SEK",
    termsDays: row.issueDate && row.dueDate ? daysBetween(row.issueDate, row.dueDate) : creditor.termsDays,
    lateInterest: creditor.lateInterestText ?? undefined,
    orderNumber: options.orderNumber,
    kind: options.kind,
    creditsNumber: options.creditsNumber ? String(options.creditsNumber) : undefined,
  };
}

export type InvoiceFile = { filename: string; content: Uint8Array; contentType: "application/pdf" };

async function invoiceFile(
  db: Executor,
  row: InvoiceRow,
  creditor: CreditorRow,
  kind: "invoice" | "reminder" = "invoice",
): Promise<InvoiceFile> {
  const [order] = row.orderId
    ? await db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, row.orderId))
    : [];
  const isCreditNote = row.creditsInvoiceId !== null;
  const locale = localeOfInvoice(row);
  const document = invoiceDocument(row, await linesOf(db, row.id), creditor, {
    kind: isCreditNote ? "credit-note" : kind,
    orderNumber: order?.orderNumber,
    creditsNumber: isCreditNote ? await creditNumberOf(db, row) : null,
  });
  const { t } = i18nFor(locale);
  const prefix = t(
    isCreditNote
      ? "invoicePdf.creditNoteTitle"
      : kind === "reminder"
        ? "invoicePdf.reminderTitle"
        : "invoicePdf.title",
  );
  return {
    filename: `${prefix}-${row.number ?? "preview"}.pdf`.replace(/\s+/g, "-"),
    content: await makeInvoicePdf(document, locale),
    contentType: "application/pdf",
  };
}

/**
 * An invoice's PDF for its customer or an admin. Anyone else, and an unknown id, get the same "not
 * found", so a stranger cannot tell which invoices exist.
 */
export async function invoicePdfForViewer(db: Executor, id: string, actor: Actor): Promise<InvoiceFile> {
  const row = await findInvoice(db, id);
  if (!row || row.number === null || (row.customerUserId !== actor.id && !hasRole(actor, "admin"))) {
    throw refuse("invoice.missing");
  }
  return invoiceFile(db, row, await creditorOf(db, row));
}

export async function emailInvoice(
  deps: Pick<InvoicingDeps, "email" | "publicUrl">,
  db: Executor,
  row: InvoiceRow,
  kind: "invoice" | "reminder",
): Promise<void> {
  const creditor = await creditorOf(db, row);
  const locale = localeOfInvoice(row);
  const { t } = i18nFor(locale);
  const isCreditNote = row.creditsInvoiceId !== null;
  const money = (ore: number) => formatReceiptMoney(ore, "SEK", locale);
  const accounts = [
    creditor.bankgiro ? `${t("invoicePdf.bankgiro")}: ${creditor.bankgiro}` : null,
    creditor.plusgiro ? `${t("invoicePdf.plusgiro")}: ${creditor.plusgiro}` : null,
  ].filter(Boolean);
  const values = {
    name: row.customerName,
    number: String(row.number),
    creditor: creditor.name,
    amount: money(kind === "reminder" ? toPayOre(row) : row.totalOre + row.reminderFeeOre),
    dueDate: row.dueDate ?? "",
    account: accounts.join("\n"),
    ocr: row.ocr ?? "",
    link: `${deps.publicUrl.replace(/\/$/, "")}${invoicePdfPath(row.id)}`,
    credits: isCreditNote ? String((await creditNumberOf(db, row)) ?? "") : "",
  };
  const key = isCreditNote ? "creditNote" : kind === "reminder" ? "invoiceReminder" : "invoice";
  await deps.email.send({
    to: row.customerEmail,
    subject: t(`billingEmail.${key}.subject`, values),
    text: t(`billingEmail.${key}.body`, values),
    attachments: [await invoiceFile(db, row, creditor, kind)],
  });
}

function issuedInvoice(row: InvoiceRow, lines: LineRow[], creditor: CreditorRow): IssuedInvoice {
  const last = row.customerAddressLines.at(-1) ?? "";
  const place = /^(\d{3} \d{2}) (.+)$/.exec(last);
  return {
    id: row.id,
    number: row.number ?? 0,
    ocr: row.ocr ?? "",
    issueDate: row.issueDate ?? "",
    dueDate: row.dueDate ?? "",
    currency: "SEK",
    language: localeOfInvoice(row),
    customer: {
      name: row.customerName,
      addressLines: row.customerAddressLines,
      postcode: place?.[1] ?? null,
      city: place?.[2] ?? null,
      email: row.customerEmail,
    },
    lines: lines.map(lineView),
    netOre: row.netOre,
    vatOre: row.vatOre,
    totalOre: row.totalOre,
    creditorOrgNumber: creditor.orgNumber,
  };
}

/**
 * After an invoice is committed: e-mails it once (sent_at is the claim, given back when sending
 * fails) and hands it to the invoice provider if there is one. Never throws: what fails is logged
 * and retried by the sweep.
 */
export async function deliverInvoice(deps: InvoicingDeps, id: string): Promise<{ emailed: boolean }> {
  const { db } = deps;
  const now = deps.now ?? new Date();
  const [claimed] = await db
    .update(invoices)
    .set({ sentAt: now })
    .where(and(eq(invoices.id, id), isNull(invoices.sentAt), isNotNull(invoices.number)))
    .returning();
  let emailed = false;
  if (claimed) {
    try {
      await emailInvoice(deps, db, claimed, "invoice");
      emailed = true;
    } catch (error) {
      await db.update(invoices).set({ sentAt: null }).where(eq(invoices.id, id));
      deps.logger?.warn({ err: error, invoice: claimed.number }, "invoice e-mail failed; retried next sweep");
    }
  }
  if (deps.provider.name === "none") return { emailed };
  const row = await findInvoice(db, id);
  if (!row || row.providerReference || row.creditsInvoiceId || row.number === null) return { emailed };
  try {
    const creditor = await creditorOf(db, row);
    const delivery = await deps.provider.deliver(issuedInvoice(row, await linesOf(db, row.id), creditor));
    await db
      .update(invoices)
      .set({ providerReference: delivery?.providerReference ?? null, providerError: null })
      .where(eq(invoices.id, id));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(invoices)
      .set({ providerError: message.slice(0, 500) })
      .where(eq(invoices.id, id));
    deps.logger?.warn(
      { err: error, invoice: row.number },
      "invoice hand-over to the provider failed; retried next sweep",
    );
  }
  return { emailed };
}

// --- The sweep --------------------------------------------------------------------------------

/** The numbers of the invoices the sweep made overdue, e-mailed (retries) and reminded of. */
export type InvoiceSweepReport = { overdue: number[]; delivered: number[]; reminders: number[] };

/**
 * The invoices' part of the lifecycle sweep: unpaid invoices past their due date become overdue, and
 * their customers get one reminder (without a fee); invoices whose e-mail or hand-over failed are
 * tried again. Safe to run twice at once: every e-mail is claimed by a conditional update first.
 */
export async function sweepInvoices(deps: InvoicingDeps): Promise<InvoiceSweepReport> {
  const { db } = deps;
  const now = deps.now ?? new Date();
  const today = swedishDate(now);
  const overdue = await db
    .update(invoices)
    .set({ status: "overdue" })
    .where(and(eq(invoices.status, "sent"), isNull(invoices.creditsInvoiceId), lt(invoices.dueDate, today)))
    .returning({ number: invoices.number });

  const undelivered = await db
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(
      and(
        isNotNull(invoices.number),
        or(
          isNull(invoices.sentAt),
          deps.provider.name === "none"
            ? sql`false`
            : and(
                isNull(invoices.providerReference),
                isNull(invoices.creditsInvoiceId),
                inArray(invoices.status, unpaidInvoiceStatuses),
              ),
        ),
      ),
    )
    .orderBy(asc(invoices.number));
  const delivered: number[] = [];
  for (const row of undelivered) {
    if ((await deliverInvoice(deps, row.id)).emailed) delivered.push(row.number ?? 0);
  }

  const due = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.status, "overdue"), eq(invoices.remindersSent, 0), isNotNull(invoices.sentAt)))
    .orderBy(asc(invoices.number));
  const reminders: number[] = [];
  for (const { id } of due) {
    const [claimed] = await db
      .update(invoices)
      .set({ remindersSent: 1, lastReminderAt: now })
      .where(and(eq(invoices.id, id), eq(invoices.remindersSent, 0), eq(invoices.status, "overdue")))
      .returning();
    if (!claimed) continue;
    try {
      await emailInvoice(deps, db, claimed, "reminder");
      reminders.push(claimed.number ?? 0);
    } catch (error) {
      await db.update(invoices).set({ remindersSent: 0, lastReminderAt: null }).where(eq(invoices.id, id));
      deps.logger?.warn(
        { err: error, invoice: claimed.number },
        "invoice reminder failed; retried next sweep",
      );
    }
  }
  return { overdue: overdue.map((row) => row.number ?? 0), delivered, reminders };
}

/**
 * For the profile sweep: how many days past its due date the page's oldest unpaid invoice is (by the
 * Swedish calendar; 0 or less before it is due), or null when the page has no unpaid invoice.
 */
export async function unpaidInvoiceDaysOverdue(
  db: Executor,
  profileId: string,
  now: Date,
): Promise<number | null> {
  const [row] = await db
    .select({ due: sql<string | null>`min(${invoices.dueDate})` })
    .from(invoices)
    .where(isUnpaidInvoiceOf(profileId));
  return row?.due ? daysBetween(row.due, swedishDate(now)) : null;
}

/** Active pages with an invoice unpaid at least `days` past its due date (the sweep's candidates). */
export function profilesWithInvoiceOverdue(days: number, now: Date) {
  return sql`${profiles.id} in (select ${invoices.profileId} from ${invoices} where ${invoices.status} in ('sent', 'overdue') and ${invoices.creditsInvoiceId} is null and ${invoices.dueDate} <= ${addDays(swedishDate(now), -days)})`;
}
