// The creditor: the company's invoicing identity (ADR 013). One is active and issues invoices; an
// earlier one stays for the invoices it issued. The admin sees and edits the active one here; the
// invoice counter (nextInvoiceNumber) belongs to issuing alone (./invoice-numbers.ts).
import { desc, eq, sql } from "drizzle-orm";
import type { Creditor, CreditorValues } from "../../../contract/creditor";
import type { Database, Executor } from "../../db/client";
import { jobLocks } from "../../db/exclusive";
import { creditors } from "../../db/schema";
import { audit, type RequestOrigin, type Actor } from "../core";

type CreditorRow = typeof creditors.$inferSelect;

function shown(row: CreditorRow): Creditor {
  return {
    id: row.id,
    name: row.name,
    orgNumber: row.orgNumber,
    vatNumber: row.vatNumber,
    addressLines: row.addressLines,
    bankgiro: row.bankgiro,
    plusgiro: row.plusgiro,
    seat: row.seat,
    fSkatt: row.fSkatt,
    email: row.email,
    phone: row.phone,
    logoUrl: row.logoUrl,
    termsDays: row.termsDays,
    reminderFeeOre: row.reminderFeeOre,
    lateInterestText: row.lateInterestText,
    nextInvoiceNumber: row.nextInvoiceNumber,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The active creditor's row, as issuing needs it (its counter, terms and fee). */
export async function activeCreditorRow(db: Executor): Promise<CreditorRow | undefined> {
  // The newest active one, should an old database hold more than one.
  const [row] = await db
    .select()
    .from(creditors)
    .where(eq(creditors.active, true))
    .orderBy(desc(creditors.createdAt))
    .limit(1);
  return row;
}

/** The creditor that issues invoices, or null before the admin has set one up. */
export async function activeCreditor(db: Executor): Promise<Creditor | null> {
  const row = await activeCreditorRow(db);
  return row ? shown(row) : null;
}

/** Creates the active creditor, or updates it; never touches its invoice counter. Audited. */
export async function saveCreditor(
  db: Database,
  input: CreditorValues,
  actor: Actor,
  origin: RequestOrigin,
): Promise<Creditor> {
  return db.transaction(async (tx) => {
    // Serialises savers, so two first saves cannot both find none and create two active creditors.
    await tx.execute(sql`select pg_advisory_xact_lock(${jobLocks.creditorSave})`);
    const existing = await activeCreditorRow(tx);
    const [row] = existing
      ? await tx
          .update(creditors)
          .set({ ...input, updatedAt: sql`now()` })
          .where(eq(creditors.id, existing.id))
          .returning()
      : await tx
          .insert(creditors)
          .values({ ...input, active: true })
          .returning();
    if (!row) throw new Error("the creditor was not saved");
    await audit(tx, {
      action: "admin.creditor_save",
      actorUserId: actor.id,
      details: {
        creditorId: row.id,
        created: !existing,
        // Which fields changed, not their values: enough to follow who changed the bank details.
        changed: existing
          ? (Object.keys(input) as (keyof CreditorValues)[]).filter(
              (key) => JSON.stringify(existing[key]) !== JSON.stringify(row[key]),
            )
          : [],
      },
      ...origin,
    });
    return shown(row);
  });
}
