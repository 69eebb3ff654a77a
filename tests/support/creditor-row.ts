// A creditor row for the database tests that need invoices: valid numbers (the organisation number's
// and bankgiro's check digits), inserted directly. Returns its id.
import type { Executor } from "../../server/db/client";
import { creditors } from "../../server/db/schema";

export async function insertCreditor(db: Executor, name = "Kammare AB"): Promise<string> {
  const [row] = await db
    .insert(creditors)
    .values({
      name,
      orgNumber: "556012-5790",
      vatNumber: "SE556012579001",
      addressLines: ["Box 1", "111 00 Stockholm"],
      bankgiro: "5402-9681",
      seat: "Stockholm",
      email: "faktura@example.com",
    })
    .returning({ id: creditors.id });
  if (!row) throw new Error("the creditor was not inserted");
  return row.id;
}
