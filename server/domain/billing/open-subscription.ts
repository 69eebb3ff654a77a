// Opening the subscription of an order whose checkout is done (a plan's first payment, a card kept for
// a trial's end, a prepaid term's one payment): the row, the checkout link used up, and the page.
import { eq } from "drizzle-orm";
import type { CheckoutLinkInterval } from "../../../contract/orders";
import type { Executor } from "../../db/client";
import { type profiles, checkoutLinks, subscriptions } from "../../db/schema";
import type { PaymentEvent } from "../../providers/payments/types";
import type { ReasonOf } from "../profiles";
import { type OrderRow, onTrial } from "./orders";
import { applyPaymentToPage } from "./page-payment";

type ProfileRow = typeof profiles.$inferSelect;

/**
 * Starts the subscription of an order whose checkout is done (paid, or with the card kept for a
 * trial's end): the subscription row, the checkout link used up, and the page covered through the
 * status machine (a page on its own trial stays on it).
 */
export async function openSubscription(
  tx: Executor,
  {
    order,
    profile,
    event,
    request,
  }: {
    order: OrderRow;
    profile: ProfileRow;
    event: PaymentEvent;
    request: {
      terms: { interval: CheckoutLinkInterval; iterations: number };
      values: Pick<
        typeof subscriptions.$inferInsert,
        "periodsPaid" | "currentPeriodStart" | "currentPeriodEnd" | "nextChargeAt" | "trialEndsAt" | "status"
      >;
      reason: ReasonOf<"payment">;
      paidUntil: Date;
      now: Date;
    };
  },
): Promise<void> {
  const { now } = request;
  await tx.insert(subscriptions).values({
    profileId: order.profileId,
    customerUserId: order.customerUserId,
    orderId: order.id,
    plan: order.plan,
    interval: request.terms.interval,
    priceOre: order.amountOre,
    currency: order.currency,
    iterations: request.terms.iterations,
    ...request.values,
    provider: order.provider,
    providerSubscriptionId: event.providerSubscriptionId,
    cardOnFile: event.card ?? null,
  });
  if (order.checkoutLinkId) {
    await tx
      .update(checkoutLinks)
      .set({ usedAt: now, usedOrderId: order.id })
      .where(eq(checkoutLinks.id, order.checkoutLinkId));
  }
  await applyPaymentToPage(tx, {
    profile,
    to: onTrial(profile, now) ? profile.status : "active",
    reason: request.reason,
    paidUntil: request.paidUntil,
    orderNumber: order.orderNumber,
    now,
  });
}
