// An order row for the database tests that need one (paid by default), inserted directly: a year for
// 490 kr unless given, VAT 25 %, through the sandbox for a card and the invoice provider for an invoice.
import { randomUUID } from "node:crypto";
import { formatOrderNumber } from "../../contract/orders";
import type { Executor } from "../../server/db/client";
import { orders } from "../../server/db/schema";

let nextOrderNumber = 900_000;

export async function insertOrder(
  db: Executor,
  values: {
    profileId: string;
    customerUserId: string;
    method: "card" | "invoice";
    /** Yearly unless given; a monthly order gives its own amountOre too. */
    plan?: "monthly" | "yearly";
    status?: "paid" | "pending" | "refunded";
    amountOre?: number;
    /** When it was paid; now for a paid order unless given. */
    paidAt?: Date;
    /** When it was placed; now unless given. */
    createdAt?: Date;
  },
): Promise<typeof orders.$inferSelect> {
  const { method, plan = "yearly", status = "paid", amountOre = 49_000 } = values;
  const netOre = Math.round(amountOre * 0.8);
  const [row] = await db
    .insert(orders)
    .values({
      orderNumber: formatOrderNumber(nextOrderNumber++),
      profileId: values.profileId,
      customerUserId: values.customerUserId,
      method,
      plan,
      amountOre,
      netOre,
      vatOre: amountOre - netOre,
      vatRatePercent: 25,
      status,
      provider: method === "card" ? "sandbox" : "invoice",
      providerReference: `ref_${randomUUID()}`,
      paidAt: status === "pending" ? null : (values.paidAt ?? new Date()),
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning();
  if (!row) throw new Error("the order was not inserted");
  return row;
}
