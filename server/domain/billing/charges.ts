// Charging a kept card ourselves (the sandbox's): the sweep's renewals and retries, and a past-due
// customer's new card at once. The outcome is booked through the one booking path, as a webhook is.
import type { OrderStatus } from "../../../contract/orders";
import { plans } from "../../../contract/pricing";
import type { Database } from "../../db/client";
import type { subscriptions } from "../../db/schema";
import type { PaymentEvent, SubscriptionCharge } from "../../providers/payments/types";
import { bookPaymentEvent } from "./booking";
import { addInterval } from "./orders";

/**
 * Charges one subscription's kept card for its next period (the first, at a trial's end, or a
 * renewal), at the price of a switch asked for, and books the outcome through the one booking path.
 * Also used at once when a past-due customer gives a new card. Answers the outcome, or null when
 * there was nothing to charge or it was booked before.
 */
export async function chargeSubscriptionNow(
  deps: {
    db: Database;
    charge: (charge: SubscriptionCharge) => PaymentEvent;
  },
  due: { subscription: typeof subscriptions.$inferSelect; orderNumber: string; orderStatus: OrderStatus },
  now: Date,
): Promise<"paid" | "failed" | null> {
  const { subscription, orderNumber, orderStatus } = due;
  const first = orderStatus === "scheduled";
  const periodStart = first ? (subscription.trialEndsAt ?? now) : subscription.currentPeriodEnd;
  if (!periodStart || (orderStatus !== "paid" && !first)) return null;
  const switched = subscription.nextPlan ? plans[subscription.nextPlan] : null;
  const event = deps.charge({
    subscriptionId: subscription.id,
    orderNumber,
    amountOre: switched?.price.amountOre ?? subscription.priceOre,
    card: subscription.cardOnFile,
    periodEnd: addInterval(periodStart, switched?.interval ?? subscription.interval),
    now,
  });
  const booking = await bookPaymentEvent(deps.db, event, { now });
  if (!booking.booked) return null;
  return event.type === "payment_succeeded" ? "paid" : "failed";
}
