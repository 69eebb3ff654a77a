// Invoice numbers: strictly sequential per creditor, without gaps (Swedish bookkeeping asks for an
// unbroken series). The number is taken by raising the creditor's counter inside the transaction
// that issues the invoice: the row lock orders concurrent issuers, and a rollback gives the number
// back, so no number is skipped or used twice. (A sequence would leave gaps on rollback.)
import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { creditors } from "../../db/schema";
import { refuse } from "../core";

/** The creditor's next invoice number; call it in the transaction that stores the invoice. */
export async function takeInvoiceNumber(tx: Executor, creditorId: string): Promise<number> {
  const [row] = await tx
    .update(creditors)
    .set({ nextInvoiceNumber: sql`${creditors.nextInvoiceNumber} + 1`, updatedAt: sql`now()` })
    .where(eq(creditors.id, creditorId))
    .returning({ taken: sql<number>`${creditors.nextInvoiceNumber} - 1` });
  if (!row) throw refuse("invoice.creditor-missing");
  return Number(row.taken);
}
