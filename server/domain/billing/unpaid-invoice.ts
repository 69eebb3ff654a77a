// A page with an unpaid invoice takes no other payment (ADR 013): while the invoice is unpaid it
// decides the page's status, so neither a card checkout nor a new invoice is started for the page.
import { and, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { InvoiceStatus } from "../../../contract/invoices";
import type { Executor } from "../../db/client";
import { invoices } from "../../db/schema";

/** Invoices that still ask for money. */
export const unpaidInvoiceStatuses: InvoiceStatus[] = ["sent", "overdue"];

/** The condition that picks a page's unpaid invoices (a credit note asks for no money). */
export function isUnpaidInvoiceOf(profileId: string): SQL {
  return and(
    eq(invoices.profileId, profileId),
    inArray(invoices.status, unpaidInvoiceStatuses),
    isNull(invoices.creditsInvoiceId),
  ) as SQL;
}

/** The number of a page's unpaid invoice, if it has one. */
export async function unpaidInvoiceNumberOf(db: Executor, profileId: string): Promise<number | null> {
  const [row] = await db
    .select({ number: invoices.number })
    .from(invoices)
    .where(isUnpaidInvoiceOf(profileId))
    .limit(1);
  return row?.number ?? null;
}
