// Reading invoices: the customer's own, and the admin's list and detail.
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, lte, or, sql } from "drizzle-orm";
import { addDays, swedishDate } from "../../../contract/calendar-days";
import { maxReminderFeeOre } from "../../../contract/creditor";
import {
  adminInvoicePageSize,
  invoicePdfPath,
  type AdminInvoiceDetail,
  type AdminInvoiceList,
  type AdminInvoiceListQuery,
  type AdminInvoiceSummary,
  type CustomerInvoice,
} from "../../../contract/invoices";
import type { Executor } from "../../db/client";
import { invoicePayments, invoices, orders } from "../../db/schema";
import { refuse } from "../core";
import { unpaidInvoiceStatuses } from "../billing";
import {
  creditNumberOf,
  creditorOf,
  findInvoice,
  isPastDue,
  lineView,
  linesOf,
  localeOfInvoice,
  pastDue,
  toPayOre,
  type InvoiceRow,
} from "./invoice-rows";

export async function customerInvoiceView(db: Executor, row: InvoiceRow): Promise<CustomerInvoice> {
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

export async function requireDetail(db: Executor, id: string, now: Date): Promise<AdminInvoiceDetail> {
  const detail = await adminInvoiceDetail(db, id, now);
  if (!detail) throw refuse("invoice.missing");
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
