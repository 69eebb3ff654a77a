// Invoice numbers under concurrent issuing: strictly sequential per creditor, with no gaps and no
// repeats, even when some issuing transactions fail and roll back; on every database engine.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { creditors, invoices } from "../../server/db/schema";
import { takeInvoiceNumber } from "../../server/domain/invoicing";
import { describeOnDatabases } from "../support/api-fixture";
import { insertCreditor } from "../support/creditor-row";

describeOnDatabases("invoice numbers", ({ db }) => {
  const creditor = (name: string) => insertCreditor(db, name);

  /** Issues one invoice in its own transaction; every third one fails after taking its number. */
  async function issue(creditorId: string, attempt: number): Promise<number | null> {
    try {
      return await db.transaction(async (tx) => {
        const number = await takeInvoiceNumber(tx, creditorId);
        await tx.insert(invoices).values({
          creditorId,
          number,
          customerName: `Kund ${attempt}`,
          customerAddressLines: ["Gatan 1", "123 45 Ort"],
          customerEmail: "kund@example.com",
          status: "sent",
          netOre: 3920,
          vatOre: 980,
          totalOre: 4900,
        });
        if (attempt % 3 === 0) throw new Error("the e-mail could not be sent; the invoice is rolled back");
        return number;
      });
    } catch {
      return null;
    }
  }

  it("gives 1, 2, 3 … per creditor with no gap or repeat, though issuers race and some roll back", async () => {
    const first = await creditor("Kammare AB");
    const second = await creditor("Kammare Väst AB");
    const attempts = Array.from({ length: 24 }, (_, i) => i + 1);
    const results = await Promise.all(
      attempts.flatMap((attempt) => [issue(first, attempt), issue(second, attempt)]),
    );
    expect(results.filter((n) => n !== null)).toHaveLength(32);
    for (const creditorId of [first, second]) {
      const numbers = (
        await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.creditorId, creditorId))
      )
        .map((row) => row.number)
        .sort((a, b) => (a ?? 0) - (b ?? 0));
      expect(numbers).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
      const [row] = await db.select().from(creditors).where(eq(creditors.id, creditorId));
      expect(row?.nextInvoiceNumber).toBe(17);
    }
  });

  it("refuses a creditor that does not exist", async () => {
    await expect(
      db.transaction((tx) => takeInvoiceNumber(tx, "00000000-0000-4000-8000-000000000000")),
    ).rejects.toThrow("There is no such creditor.");
  });
});
