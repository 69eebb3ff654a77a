// For the end-to-end suite only (E2E_FIXTURES=on; app/routes/e2e-fixtures.tsx): moves an invoice's
// dates back, as if it had been issued `days` earlier, so a browser test can reach what only time
// brings (a due date passed) without waiting for it. Never reachable in production.
import { eq } from "drizzle-orm";
import { addDays } from "../../../contract/calendar-days";
import type { Database } from "../../db/client";
import { invoices } from "../../db/schema";

export async function backdateInvoice(db: Database, id: string, days: number): Promise<boolean> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!row?.issueDate || !row.dueDate) return false;
  await db
    .update(invoices)
    .set({ issueDate: addDays(row.issueDate, -days), dueDate: addDays(row.dueDate, -days) })
    .where(eq(invoices.id, id));
  return true;
}
