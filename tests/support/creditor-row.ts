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

/** The creditor as the admin's screen saves it (PUT /api/admin/creditor): valid numbers throughout. */
export const creditorForm = {
  name: "Kammare AB",
  orgNumber: "5560125790",
  vatNumber: "SE556012579001",
  addressLines: ["Storgatan 1", "111 22 Stockholm"],
  bankgiro: "54029681",
  plusgiro: "",
  seat: "Stockholm",
  fSkatt: true,
  email: "faktura@kammare.se",
  phone: "08-123 45 67",
  logoUrl: null,
  termsDays: 30,
  reminderFeeOre: 6_000,
  lateInterestText: "Dröjsmålsränta enligt räntelagen.",
};
