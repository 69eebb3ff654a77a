// Prepaid terms (decisions "A page that lasts as long as the grave", ADR 041): ten or twenty-five
// years of a page paid once, by card or invoice. A term's time starts where the page's time ends (a
// paid period, or the running trial: paying during a trial never wastes it), so a term bought while
// time remains extends the page. Nothing renews: a card term is a subscription of one period, all
// paid, that ends with its term; a term is not bought while a subscription of the page still renews.
import { and, desc, eq, gt, inArray } from "drizzle-orm";
import type { SubscriptionStatus } from "../../../contract/orders";
import { isTermPlan, termEnd, termPlans } from "../../../contract/pricing";
import type { CustomerSubscription } from "../../../contract/subscriptions";
import type { Executor } from "../../db/client";
import { orders, profiles, subscriptions } from "../../db/schema";
import type { PaymentEvent } from "../../providers/payments/types";
import { refuse } from "../core";
import { openSubscription } from "./open-subscription";
import { type OrderRow, coveredUntil, orderPaymentRefusal } from "./orders";

type ProfileRow = typeof profiles.$inferSelect;

/**
 * A term is one payment beside nothing that renews: a page whose subscription still charges again
 * (running, or on its trial with the card kept) is refused; its customer cancels it first, and the
 * term then starts where its paid period ends.
 */
export async function refuseTermBesideRenewal(tx: Executor, profileId: string): Promise<void> {
  const renews = await planRenewsByItself(tx, { profileId, among: ["trialing", "active", "past_due"] });
  if (renews) throw refuse("checkout.subscription-running");
}

/**
 * Whether one of the page's subscriptions in `among` still charges again by itself: not cancelled at
 * its period's end, and open-ended or with periods left (a term's one paid period charges nothing).
 */
export async function planRenewsByItself(
  tx: Executor,
  { profileId, among }: { profileId: string; among: SubscriptionStatus[] },
): Promise<boolean> {
  const running = await tx
    .select({
      iterations: subscriptions.iterations,
      periodsPaid: subscriptions.periodsPaid,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.profileId, profileId), inArray(subscriptions.status, among)));
  return running.some(
    (row) => !row.cancelAtPeriodEnd && (row.iterations === 0 || row.periodsPaid < row.iterations),
  );
}

/**
 * A card term's payment, booked: the order paid with the stretch it bought, a subscription of one
 * period (all paid, nothing to charge) for the customer's account page and a withdrawal, and the page
 * paid that far ahead through the status machine (a page on its trial stays on it until the trial
 * ends). Answers the page's new paid-until, or null when nothing changed.
 */
export async function applyTermPayment(
  tx: Executor,
  { order, profile, event, now }: { order: OrderRow; profile: ProfileRow; event: PaymentEvent; now: Date },
): Promise<Date | null> {
  if (!isTermPlan(order.plan)) return null;
  if (order.checkoutLinkId && (await orderPaymentRefusal(tx, order, null)) !== null) return null;
  const from = coveredUntil(profile, now);
  const until = termEnd(from, order.plan);
  await tx
    .update(orders)
    .set({ status: "paid", paidAt: now, failureCode: null, termFrom: from, termUntil: until })
    .where(eq(orders.id, order.id));
  await openSubscription(tx, {
    order,
    profile,
    event,
    request: {
      terms: { interval: "year", iterations: 1 },
      values: {
        periodsPaid: 1,
        currentPeriodStart: from,
        currentPeriodEnd: until,
        nextChargeAt: null,
        trialEndsAt: null,
        status: "active",
      },
      reason: "paid",
      paidUntil: until,
      now,
    },
  });
  return until;
}

/**
 * The terms a customer bought by invoice, as their account page lists subscriptions: what was bought
 * and until when, nothing to charge or change (an invoice term keeps no subscription row; one
 * credited is cancelled and gone from here). The newest per page; pages in `except` are left out.
 */
export async function invoiceTermViews(
  db: Executor,
  { userId, except, now }: { userId: string; except: ReadonlySet<string>; now: Date },
): Promise<CustomerSubscription[]> {
  const rows = await db
    .select({ order: orders, content: profiles.content, ownerUserId: profiles.ownerUserId })
    .from(orders)
    .innerJoin(profiles, eq(profiles.id, orders.profileId))
    .where(
      and(
        eq(orders.customerUserId, userId),
        eq(orders.method, "invoice"),
        inArray(orders.plan, [...termPlans]),
        inArray(orders.status, ["pending", "paid"]),
        gt(orders.termUntil, now),
      ),
    )
    .orderBy(desc(orders.createdAt));
  const seen = new Set(except);
  const views: CustomerSubscription[] = [];
  for (const { order, content, ownerUserId } of rows) {
    if (seen.has(order.profileId) || !order.termUntil) continue;
    seen.add(order.profileId);
    const until = order.termUntil.toISOString();
    views.push({
      profileId: order.profileId,
      pageName: content.displayName ?? "",
      handedOver: ownerUserId !== userId,
      orderNumber: order.orderNumber,
      plan: order.plan,
      interval: "year",
      priceOre: order.amountOre,
      status: "active",
      nextCharge: null,
      paidUntil: until,
      trialEndsAt: null,
      cancelAtPeriodEnd: false,
      endsAt: until,
      cardLast4: null,
      nextRetryAt: null,
      nextPlan: null,
      withdrawableUntil: null,
      cardUpdate: "none",
    });
  }
  return views;
}
