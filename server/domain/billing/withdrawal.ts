// Withdrawal (ångerrätt; decisions "Subscriptions a customer can trust"): a consumer may withdraw
// within 14 days of the first payment and gets it back in full. The provider that holds the money
// (Stripe) refunds it and ends its subscription first; then, in one transaction, the refund is
// recorded as a payment event, the order is refunded, the subscription ends now, the page rests
// (through the status machine: the owner's withdrawal) and the audit log has it. An e-mail in the
// account's language confirms it after the commit, with the credit note of the refunded receipt.
// A prepaid term (ADR 041) is withdrawn from the same way; its page gets back the time it had before
// the term: a page whose paid period still runs on stays live until then, as it was.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { orders, paymentEvents, profiles, subscriptions } from "../../db/schema";
import { audit, refuse } from "../core";
import { pageChanged, recordEvent, transaction } from "../core";
import { swedishDate } from "../../../contract/calendar-days";
import { isTermPlan } from "../../../contract/pricing";
import { changeStatus } from "../profiles";
import {
  ownedSubscription,
  subscriptionView,
  withdrawableUntil,
  type OwnerSubscriptionAction,
  type SubscriptionDeps,
} from "./subscriptions";

export const withdrawSubscription: OwnerSubscriptionAction = async (deps, profileId, actor, origin) => {
  const now = deps.now ?? new Date();
  return transaction(deps.db, async (tx) => {
    const owned = await ownedSubscription(tx, profileId, actor);
    const { row, order } = owned;
    const until = withdrawableUntil(row, order);
    if (!until) {
      throw refuse(row.periodsPaid === 0 ? "withdrawal.nothing-charged" : "withdrawal.not-first");
    }
    if (until <= now) {
      // The day as data: each reader's language says it (`{{endedOn, date}}`).
      throw refuse("withdrawal.too-late", { endedOn: swedishDate(until) });
    }
    const { amountOre } = order;
    const term = isTermPlan(row.plan);
    const refundId = await refund(deps, row, {
      orderNumber: order.orderNumber,
      amountOre,
      providerReference: term ? order.providerReference : null,
    });

    await tx.insert(paymentEvents).values({
      provider: row.provider,
      providerEventId: refundId,
      type: "payment_refunded",
      orderId: order.id,
      payload: { refundId, orderNumber: order.orderNumber, amountOre, reason: "withdrawal" },
      processedAt: now,
    });
    await tx.update(orders).set({ status: "refunded" }).where(eq(orders.id, order.id));
    const [ended] = await tx
      .update(subscriptions)
      .set({
        status: "cancelled",
        cancelAtPeriodEnd: true,
        cancelRequestedAt: now,
        currentPeriodEnd: now,
        nextChargeAt: null,
        nextRetryAt: null,
        nextPlan: null,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, row.id))
      .returning();
    if (!ended) throw new Error("The subscription vanished while it was withdrawn from.");

    const [page] = await tx.select().from(profiles).where(eq(profiles.id, profileId)).for("update");
    // What the page had before a term: its paid period, when that still runs on (the term began there).
    const before =
      term && row.currentPeriodStart && row.currentPeriodStart > now ? row.currentPeriodStart : null;
    if (before && page && page.status !== "suspended" && page.status !== "removed") {
      await tx.update(profiles).set({ paidUntil: before, updatedAt: now }).where(eq(profiles.id, profileId));
    } else if (page?.status === "active" || page?.status === "past_due") {
      // The period paid for is given back, so the page rests now; nothing on it is deleted.
      await changeStatus(tx, {
        profile: page,
        to: "expired",
        cause: "owner",
        reason: "withdrawn",
        actorUserId: actor.id,
        fields: { paidUntil: now },
        now,
      });
    } else if (page && page.paidUntil && page.paidUntil > now) {
      // Still on its own trial (or suspended): the status stays, the period paid for does not.
      await tx.update(profiles).set({ paidUntil: now, updatedAt: now }).where(eq(profiles.id, profileId));
    }
    recordEvent(tx, pageChanged(profileId));
    recordEvent(tx, {
      type: "subscription.withdrawn",
      customerUserId: actor.id,
      profileId,
      orderId: order.id,
      amountOre,
    });
    await audit(tx, {
      action: "subscription.withdraw",
      actorUserId: actor.id,
      targetUserId: actor.id,
      details: { profileId, orderNumber: order.orderNumber, amountOre, refundId },
      ...origin,
    });
    return subscriptionView(ended, owned, { ...order, status: "refunded" }, now);
  });
};

/**
 * Gives the payment back: Stripe refunds it and ends its subscription (the same withdrawal asked
 * twice refunds once: the key is the subscription's); the sandbox holds no money, so its refund is
 * only our record. Answers the refund's id.
 */
async function refund(
  deps: SubscriptionDeps,
  row: { id: string; provider: string; providerSubscriptionId: string | null },
  payment: { orderNumber: string; amountOre: number; providerReference: string | null },
): Promise<string> {
  if (row.provider === "sandbox") return `re_sbx_${randomUUID()}`;
  // A term's one payment (Stripe: its Checkout Session's payment), with no subscription to end.
  if (payment.providerReference && !row.providerSubscriptionId) {
    if (!deps.provider?.refundPayment) throw refuse("withdrawal.no-refund");
    const { refundId } = await deps.provider.refundPayment({
      providerReference: payment.providerReference,
      orderNumber: payment.orderNumber,
      amountOre: payment.amountOre,
      idempotencyKey: `withdraw-${row.id}`,
    });
    return refundId;
  }
  if (!row.providerSubscriptionId || !deps.provider?.refundAndEnd) {
    throw refuse("withdrawal.no-refund");
  }
  const { refundId } = await deps.provider.refundAndEnd({
    providerSubscriptionId: row.providerSubscriptionId,
    orderNumber: payment.orderNumber,
    amountOre: payment.amountOre,
    idempotencyKey: `withdraw-${row.id}`,
  });
  return refundId;
}
