// What each booked event changes: a success pays the order and starts or advances the subscription;
// a completed checkout with a trial first keeps the card for the trial's end; a failed charge starts
// or goes on with the dunning (decisions "Subscriptions a customer can trust").
import { eq } from "drizzle-orm";
import { openOrderStatuses, vatSplit } from "../../../contract/orders";
import { isTermPlan, plans } from "../../../contract/pricing";
import type { Executor } from "../../db/client";
import { type profiles, orders, renewalReceipts, subscriptions } from "../../db/schema";
import type { PaymentEvent } from "../../providers/payments/types";
import { dayMs } from "../core";
import {
  type OrderRow,
  type TrialClock,
  orderPaymentRefusal,
  onTrial,
  trialEndBeforeFirstCharge,
  addInterval,
  orderTerms,
} from "./orders";
import { applyPaymentToPage } from "./page-payment";
import { applyTermPayment } from "./terms";
import { applyGiftPayment, giftCovers } from "./gifts";
import { openSubscription } from "./open-subscription";

type ProfileRow = typeof profiles.$inferSelect;

/** A payment the provider reported, with its order and page locked by the booking. */
type BookedPayment = { order: OrderRow; profile: ProfileRow; event: PaymentEvent; clock: TrialClock };

/**
 * A successful payment: the first one pays the order and starts the subscription; a later one that pays
 * a later period advances it and keeps that payment's own receipt (renewal_receipts). Returns the
 * page's new paid_until, or null when nothing changed.
 */
export async function applySuccess(
  tx: Executor,
  {
    order,
    profile,
    event,
    clock,
    paymentEventId,
  }: BookedPayment & {
    /** The stored event (payment_events) this success is booked from: its renewal's receipt names it. */
    paymentEventId: string;
  },
): Promise<Date | null> {
  const { now } = clock;
  if (order.status === "cancelled") return null;
  const subscription = await lockedSubscriptionOf(tx, order);
  const reportedEnd = event.periodEnd ? new Date(event.periodEnd) : null;

  if (order.status === "scheduled") {
    // The first charge, at the end of the trial that came first: the first period starts there.
    if (!subscription) return null;
    const periodStart = subscription.trialEndsAt ?? now;
    const periodEnd =
      reportedEnd && reportedEnd > periodStart
        ? reportedEnd
        : addInterval(periodStart, subscription.interval);
    const finished = subscription.iterations === 1;
    await tx
      .update(orders)
      .set({ status: "paid", paidAt: now, failureCode: null })
      .where(eq(orders.id, order.id));
    await tx
      .update(subscriptions)
      .set({
        ...paidCharge(subscription),
        periodsPaid: 1,
        currentPeriodStart: periodStart,
        currentPeriodEnd: periodEnd,
        nextChargeAt: finished ? null : periodEnd,
        status: "active",
        updatedAt: now,
      })
      .where(eq(subscriptions.id, subscription.id));
    const paidUntil = profile.paidUntil && profile.paidUntil > periodEnd ? profile.paidUntil : periodEnd;
    await applyPaymentToPage(tx, {
      profile,
      to: onTrial(profile, now) ? profile.status : "active",
      reason: "paid",
      paidUntil,
      orderNumber: order.orderNumber,
      now,
    });
    return paidUntil;
  }

  if (order.status === "paid") {
    // Only a renewal that pays a later period counts; the same success told twice changes nothing.
    if (!subscription || !reportedEnd || !subscription.currentPeriodEnd) return null;
    if (reportedEnd <= subscription.currentPeriodEnd) return null;
    const periodsPaid = subscription.periodsPaid + 1;
    const finished = subscription.iterations > 0 && periodsPaid >= subscription.iterations;
    await tx
      .update(subscriptions)
      .set({
        ...paidCharge(subscription),
        periodsPaid,
        currentPeriodStart: subscription.currentPeriodEnd,
        currentPeriodEnd: reportedEnd,
        nextChargeAt: finished ? null : reportedEnd,
        status: "active",
        updatedAt: now,
      })
      .where(eq(subscriptions.id, subscription.id));
    await tx.update(orders).set({ failureCode: null }).where(eq(orders.id, order.id));
    await keepRenewalReceipt(tx, {
      order,
      subscription,
      paymentEventId,
      amountOre: event.amountOre,
      period: { start: subscription.currentPeriodEnd, end: reportedEnd, number: periodsPaid },
      now,
    });
    // A page paid further ahead already (a year someone gave it, ADR 044) keeps the later date.
    const paidUntil = profile.paidUntil && profile.paidUntil > reportedEnd ? profile.paidUntil : reportedEnd;
    await applyPaymentToPage(tx, {
      profile,
      to: "active",
      reason: "paid",
      paidUntil,
      orderNumber: order.orderNumber,
      now,
    });
    return paidUntil;
  }

  // A gift: one year from where the page's time ends, paid by its giver (ADR 044).
  if (order.gift) return applyGiftPayment(tx, { order, profile, now });
  // A prepaid term: one payment, its years from where the page's time ends (ADR 041).
  if (isTermPlan(order.plan)) return applyTermPayment(tx, { order, profile, event, now });
  // A link revoked, or used by another order, meanwhile pays nothing more (a provider's success for
  // it is kept in payment_events for the admin, and the order stays unpaid).
  if (order.checkoutLinkId && (await orderPaymentRefusal(tx, order, null)) !== null) return null;
  const terms = await orderTerms(tx, order);
  const trialEndsAt = trialEndBeforeFirstCharge(terms, profile, clock);
  const periodStart = trialEndsAt ?? now;
  const periodEnd =
    reportedEnd && reportedEnd > periodStart ? reportedEnd : addInterval(periodStart, terms.interval);
  const finished = terms.iterations === 1;
  await tx
    .update(orders)
    .set({ status: "paid", paidAt: now, failureCode: null })
    .where(eq(orders.id, order.id));
  // A page paid further ahead already (an earlier order) keeps the later date.
  const paidUntil = profile.paidUntil && profile.paidUntil > periodEnd ? profile.paidUntil : periodEnd;
  // Paid during its own trial, the page stays on the trial, which it has free; the sweep makes it
  // active when the trial ends (decisions: paying during a trial never wastes the trial).
  await openSubscription(tx, {
    order,
    profile,
    event,
    request: {
      terms,
      values: {
        periodsPaid: 1,
        currentPeriodStart: periodStart,
        currentPeriodEnd: periodEnd,
        nextChargeAt: finished ? null : periodEnd,
        trialEndsAt,
        status: trialEndsAt ? "trialing" : "active",
      },
      reason: "paid",
      paidUntil,
      now,
    },
  });
  return paidUntil;
}

type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * The receipt of a renewal (decisions "Where money meets people": every payment is e-mailed its
 * receipt): numbered after its order with the period's ordinal, at the price the period was charged
 * (a switch asked for is charged at the new plan's), for the period it paid. The first payment's
 * receipt stays the order's own.
 */
async function keepRenewalReceipt(
  tx: Executor,
  {
    order,
    subscription,
    paymentEventId,
    amountOre,
    period,
    now,
  }: {
    order: OrderRow;
    /** As it was before this payment: a switch asked for is still in next_plan. */
    subscription: SubscriptionRow;
    paymentEventId: string;
    /** What the provider says it charged; without it, the period's price. */
    amountOre: number | null;
    period: { start: Date; end: Date; number: number };
    now: Date;
  },
): Promise<void> {
  const switched = subscription.nextPlan;
  const charged = amountOre ?? (switched ? plans[switched].price.amountOre : subscription.priceOre);
  await tx.insert(renewalReceipts).values({
    receiptNumber: `${order.orderNumber}-${period.number}`,
    orderId: order.id,
    paymentEventId,
    plan: order.plan === "link" ? "link" : (switched ?? subscription.plan),
    amountOre: charged,
    ...vatSplit({ amountOre: charged, currency: "SEK" }, order.vatRatePercent),
    vatRatePercent: order.vatRatePercent,
    currency: order.currency,
    periodStart: period.start,
    periodEnd: period.end,
    paidAt: now,
  });
}

/** The order's subscription, locked for the change the event makes (none before its checkout is done). */
async function lockedSubscriptionOf(tx: Executor, order: OrderRow): Promise<SubscriptionRow | undefined> {
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.orderId, order.id))
    .limit(1)
    .for("update");
  return subscription;
}

/**
 * What a paid charge changes of a subscription besides its period: the dunning starts over, and a
 * switch of plan asked for takes effect with the period it paid (the charge was at the new price).
 */
function paidCharge(subscription: SubscriptionRow): Partial<typeof subscriptions.$inferInsert> {
  const switched = subscription.nextPlan;
  return {
    failedAttempts: 0,
    nextRetryAt: null,
    ...(switched
      ? {
          plan: switched,
          interval: plans[switched].interval,
          priceOre: plans[switched].price.amountOre,
          nextPlan: null,
        }
      : {}),
  };
}

/** Days after a failed charge's due date on which it is tried again (decisions: 1, 3 and 7). */
export const retryAfterDays = [1, 3, 7] as const;

/**
 * The checkout is done with the card kept and nothing charged (a trial comes first): the order is
 * scheduled, the subscription waits for the trial's end to charge, and the page is covered until
 * then (a page on its own trial stays on it; a lapsed page with a link's trial first is live again).
 * Answers the first charge's date, or null when nothing changed.
 */
export async function applyCheckoutCompleted(
  tx: Executor,
  { order, profile, event, clock }: BookedPayment,
): Promise<Date | null> {
  const { now } = clock;
  if (!openOrderStatuses.includes(order.status)) return null;
  if (order.checkoutLinkId && (await orderPaymentRefusal(tx, order, null)) !== null) return null;
  const terms = await orderTerms(tx, order);
  const trialEndsAt = trialEndBeforeFirstCharge(terms, profile, clock);
  // Nothing to wait for: the provider should have charged; nothing is booked without a charge.
  if (!trialEndsAt) return null;
  await tx.update(orders).set({ status: "scheduled", failureCode: null }).where(eq(orders.id, order.id));
  const coveredUntil = profile.paidUntil && profile.paidUntil > trialEndsAt ? profile.paidUntil : trialEndsAt;
  await openSubscription(tx, {
    order,
    profile,
    event,
    request: {
      terms,
      values: { periodsPaid: 0, nextChargeAt: trialEndsAt, trialEndsAt, status: "trialing" },
      reason: "subscription_started",
      paidUntil: coveredUntil,
      now,
    },
  });
  return trialEndsAt;
}

/**
 * A charge of the subscription failed. The page is past due from the first failure. Where we charge
 * ourselves (the sandbox) the charge is tried again 1, 3 and 7 days after it was due, and when the
 * last try fails too the subscription stops and the page rests; a provider that charges its own
 * (Stripe) retries on its own schedule and ends the subscription itself. Each failure e-mails the
 * customer (failure_notified_at is cleared for the sweep). Answers whether the page changed.
 */
export async function applyChargeFailure(
  tx: Executor,
  { order, profile, event, now }: { order: OrderRow; profile: ProfileRow; event: PaymentEvent; now: Date },
): Promise<boolean> {
  const subscription = await lockedSubscriptionOf(tx, order);
  await tx
    .update(orders)
    .set({ failureCode: event.failureCode ?? "payment_failed", failureNotifiedAt: null })
    .where(eq(orders.id, order.id));
  if (!subscription) return false;
  const failedAttempts = subscription.failedAttempts + 1;
  const weCharge = subscription.provider === "sandbox";
  const due = subscription.nextChargeAt ?? now;
  const retryDays = weCharge ? retryAfterDays[failedAttempts - 1] : undefined;
  const exhausted = weCharge && retryDays === undefined;
  await tx
    .update(subscriptions)
    .set({
      status: exhausted ? "cancelled" : "past_due",
      failedAttempts,
      nextRetryAt: retryDays === undefined ? null : new Date(due.getTime() + retryDays * dayMs),
      ...(exhausted ? { nextChargeAt: null } : {}),
      updatedAt: now,
    })
    .where(eq(subscriptions.id, subscription.id));
  const to = exhausted ? "expired" : "past_due";
  if (profile.status === to || !["trial", "extended_trial", "active", "past_due"].includes(profile.status)) {
    return false;
  }
  // A year someone gave the page keeps it open whatever its family's own card does (ADR 044).
  if (await giftCovers(tx, profile.id, now)) return false;
  return applyPaymentToPage(tx, {
    profile,
    to,
    reason: "payment_failed",
    orderNumber: order.orderNumber,
    now,
  });
}
