// A customer's own subscriptions (decisions "Subscriptions a customer can trust"): each page's plan
// with its next charge or the date it ends, cancelling at the period's end (confirmed by e-mail, as
// the EU's withdrawal-button rule of 2026 asks) and taking that back before the period ends. Only the
// customer who pays it acts on it; the provider that charges its own renewals (Stripe) is told.
import { and, desc, eq, inArray } from "drizzle-orm";
import { withdrawalDays, type CustomerSubscription } from "../../../contract/subscriptions";
import { isTermPlan, plans } from "../../../contract/pricing";
import { invoiceTermViews } from "./terms";
import type { Database, Executor } from "../../db/client";
import { orders, profiles, subscriptions } from "../../db/schema";
import type { PaymentEvent, PaymentProvider, SubscriptionCharge } from "../../providers/payments/types";
import {
  audit,
  type RequestOrigin,
  pageMissing,
  recordEvent,
  refuse,
  transaction,
  type Actor,
} from "../core";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** The subscriptions a customer still has something of: running, failing, or cancelled but not over. */
const currentStatuses: SubscriptionRow["status"][] = ["trialing", "active", "past_due"];

export type SubscriptionDeps = {
  db: Database;
  /** The card provider; the calls it lacks (the sandbox's) are our own rows' business. */
  provider: Pick<
    PaymentProvider,
    "setCancelAtPeriodEnd" | "refundAndEnd" | "refundPayment" | "schedulePlanChange" | "cardUpdateUrl"
  > | null;
  /** Charges a kept card now (the sandbox's), for a past-due subscription given a new card. */
  charge?: (request: SubscriptionCharge) => PaymentEvent;
  now?: Date;
};

/** When a subscription's current stretch ends: the paid period, or the trial before the first charge. */
export function stretchEnd(row: SubscriptionRow): Date | null {
  return row.currentPeriodEnd ?? row.trialEndsAt;
}

/**
 * Until when the customer may withdraw and get the first payment back: 14 days from it, while only
 * that first period is paid and its order is not refunded already (null: no such payment).
 */
export function withdrawableUntil(
  row: SubscriptionRow,
  order: Pick<OrderRow, "status" | "paidAt" | "method">,
): Date | null {
  if (order.method !== "card" || order.status !== "paid" || !order.paidAt || row.periodsPaid !== 1)
    return null;
  return new Date(order.paidAt.getTime() + withdrawalDays * 24 * 60 * 60 * 1000);
}

type OrderFacts = Pick<OrderRow, "orderNumber" | "status" | "paidAt" | "method">;

export function subscriptionView(
  row: SubscriptionRow,
  page: { pageName: string; ownsPage: boolean },
  order: OrderFacts,
  now: Date,
): CustomerSubscription {
  const { orderNumber } = order;
  const switched = row.nextPlan ? plans[row.nextPlan] : null;
  const willCharge =
    !row.cancelAtPeriodEnd &&
    currentStatuses.includes(row.status) &&
    (row.iterations === 0 || row.periodsPaid < row.iterations);
  const end = stretchEnd(row);
  const withdrawalEnd = withdrawableUntil(row, order);
  return {
    profileId: row.profileId,
    pageName: page.pageName,
    handedOver: !page.ownsPage,
    orderNumber,
    plan: row.plan,
    interval: row.interval,
    priceOre: row.priceOre,
    status: row.status,
    nextCharge:
      willCharge && row.nextChargeAt
        ? {
            at: (row.nextRetryAt ?? row.nextChargeAt).toISOString(),
            amountOre: switched?.price.amountOre ?? row.priceOre,
          }
        : null,
    paidUntil: row.currentPeriodEnd?.toISOString() ?? null,
    trialEndsAt: row.periodsPaid === 0 ? (row.trialEndsAt?.toISOString() ?? null) : null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    endsAt: row.cancelAtPeriodEnd || !willCharge ? (end?.toISOString() ?? null) : null,
    cardLast4: row.cardOnFile?.last4 ?? null,
    nextRetryAt: row.nextRetryAt?.toISOString() ?? null,
    nextPlan: row.nextPlan,
    withdrawableUntil: withdrawalEnd && withdrawalEnd > now ? withdrawalEnd.toISOString() : null,
    // A term keeps no card to charge again (ADR 041).
    cardUpdate: isTermPlan(row.plan)
      ? "none"
      : row.provider === "sandbox"
        ? "form"
        : row.provider === "stripe" && row.providerSubscriptionId
          ? "provider"
          : "none",
  };
}

/**
 * The customer's current subscriptions, one per page (the newest): the ones they pay, including a
 * page they handed over whose plan is running out.
 */
export async function customerSubscriptions(
  db: Executor,
  userId: string,
  now = new Date(),
): Promise<CustomerSubscription[]> {
  const rows = await db
    .select({
      subscription: subscriptions,
      content: profiles.content,
      ownerUserId: profiles.ownerUserId,
      order: orderFacts,
    })
    .from(subscriptions)
    .innerJoin(profiles, eq(profiles.id, subscriptions.profileId))
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(and(eq(subscriptions.customerUserId, userId), inArray(subscriptions.status, currentStatuses)))
    .orderBy(desc(subscriptions.createdAt));
  const seen = new Set<string>();
  const result: CustomerSubscription[] = [];
  for (const row of rows) {
    if (seen.has(row.subscription.profileId)) continue;
    seen.add(row.subscription.profileId);
    const page = { pageName: row.content.displayName ?? "", ownsPage: row.ownerUserId === userId };
    result.push(subscriptionView(row.subscription, page, row.order, now));
  }
  // Terms paid by invoice keep no subscription row; they are listed all the same (ADR 041).
  return [...result, ...(await invoiceTermViews(db, { userId, except: seen, now }))];
}

const orderFacts = {
  orderNumber: orders.orderNumber,
  status: orders.status,
  paidAt: orders.paidAt,
  method: orders.method,
};

export type OwnedSubscription = {
  row: SubscriptionRow;
  pageName: string;
  pageLanguage: unknown;
  order: OrderFacts & { id: string; amountOre: number; providerReference: string | null };
  /** The customer still owns the page (false after they handed it over: it only runs out). */
  ownsPage: boolean;
};

/**
 * The page's current subscription that the actor pays, locked with its order; refusals name
 * `profileId`. A subscription belongs to the customer who pays it, never to whoever owns the page
 * later (decisions "Where money meets people"): after a hand-over the new owner cannot steer the old
 * owner's card, and the old owner can still cancel or withdraw from their own.
 */
export async function ownedSubscription(
  tx: Executor,
  profileId: string,
  actor: Actor,
): Promise<OwnedSubscription> {
  const [page] = await tx
    .select({ ownerUserId: profiles.ownerUserId, content: profiles.content, metadata: profiles.metadata })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  if (!page) throw pageMissing();
  const current = (customer?: string) =>
    tx
      .select({
        row: subscriptions,
        order: {
          id: orders.id,
          amountOre: orders.amountOre,
          providerReference: orders.providerReference,
          ...orderFacts,
        },
      })
      .from(subscriptions)
      .innerJoin(orders, eq(orders.id, subscriptions.orderId))
      .where(
        and(
          eq(subscriptions.profileId, profileId),
          inArray(subscriptions.status, currentStatuses),
          customer ? eq(subscriptions.customerUserId, customer) : undefined,
        ),
      )
      .orderBy(desc(subscriptions.createdAt))
      .limit(1);
  const [found] = await current(actor.id).for("update", { of: [subscriptions, orders] });
  if (!found) {
    const [another] = await current();
    if (page.ownerUserId !== actor.id) {
      throw refuse("subscription.not-payer");
    }
    if (another) {
      throw refuse("subscription.paid-by-previous-owner");
    }
    throw refuse("subscription.missing");
  }
  return {
    row: found.row,
    pageName: page.content.displayName ?? "",
    pageLanguage: page.metadata.language,
    order: found.order,
    ownsPage: page.ownerUserId === actor.id,
  };
}

/** A prepaid term is one payment (ADR 041): nothing of it is cancelled, resumed, switched or charged. */
export function refuseForTerm(row: Pick<SubscriptionRow, "plan">): void {
  if (isTermPlan(row.plan)) throw refuse("subscription.prepaid-term");
}

/** Resuming or switching is for a page the customer still owns: a handed-over page's plan only runs out. */
export function assertStillOwnsPage(owned: OwnedSubscription): void {
  if (!owned.ownsPage) {
    throw refuse("subscription.handed-over");
  }
}

/** What the owner does to their page's subscription with one click: cancel, resume or withdraw. */
export type OwnerSubscriptionAction = (
  deps: SubscriptionDeps,
  profileId: string,
  actor: Actor,
  origin: RequestOrigin,
) => Promise<CustomerSubscription>;

/**
 * Cancels at the end of the period (or of the trial before the first charge): nothing more is
 * charged, the page stays as it is until then, and an e-mail in the account's language confirms it
 * (sent after the commit, ADR 033). Cancelling again changes nothing and sends nothing.
 */
export const cancelSubscription: OwnerSubscriptionAction = (deps, profileId, actor, origin) =>
  cancelAtPeriodEnd(deps, { profileId, actor, origin, confirm: true });

/**
 * A hand-over ends the old owner's renewals as a cancellation does, without the cancellation's e-mail
 * (and its invitation to resume): the hand-over's own e-mail tells them what happened.
 */
export const endRenewalsAtHandOver: OwnerSubscriptionAction = (deps, profileId, actor, origin) =>
  cancelAtPeriodEnd(deps, { profileId, actor, origin, confirm: false });

async function cancelAtPeriodEnd(
  deps: SubscriptionDeps,
  {
    profileId,
    actor,
    origin,
    confirm,
  }: { profileId: string; actor: Actor; origin: RequestOrigin; confirm: boolean },
): Promise<CustomerSubscription> {
  const now = deps.now ?? new Date();
  return transaction(deps.db, async (tx) => {
    const owned = await ownedSubscription(tx, profileId, actor);
    const { row, order } = owned;
    if (row.cancelAtPeriodEnd) return subscriptionView(row, owned, order, now);
    // A term renews nothing: a hand-over leaves it as it is (its time stays the page's), a cancel is refused.
    if (isTermPlan(row.plan)) {
      if (confirm) refuseForTerm(row);
      return subscriptionView(row, owned, order, now);
    }
    const updated = await setCancellation(tx, deps, row, true, {
      profileId,
      orderNumber: order.orderNumber,
      actor,
      origin,
      now,
    });
    const endsAt = stretchEnd(updated);
    if (confirm && endsAt) {
      recordEvent(tx, { type: "subscription.cancelled", customerUserId: actor.id, profileId, endsAt });
    }
    return subscriptionView(updated, owned, order, now);
  });
}

/** Takes a cancellation back while the period (or trial) it ends with has not ended. */
export const resumeSubscription: OwnerSubscriptionAction = async (deps, profileId, actor, origin) => {
  const now = deps.now ?? new Date();
  return transaction(deps.db, async (tx) => {
    const owned = await ownedSubscription(tx, profileId, actor);
    const { row, order } = owned;
    refuseForTerm(row);
    if (!row.cancelAtPeriodEnd) return subscriptionView(row, owned, order, now);
    assertStillOwnsPage(owned);
    const end = stretchEnd(row);
    if (end && end <= now) {
      throw refuse("subscription.ended");
    }
    const updated = await setCancellation(tx, deps, row, false, {
      profileId,
      orderNumber: order.orderNumber,
      actor,
      origin,
      now,
    });
    const view = subscriptionView(updated, owned, order, now);
    const { nextCharge, endsAt } = view;
    recordEvent(tx, {
      type: "subscription.resumed",
      customerUserId: actor.id,
      profileId,
      nextCharge: nextCharge ? { at: new Date(nextCharge.at), amountOre: nextCharge.amountOre } : null,
      endsAt: endsAt ? new Date(endsAt) : null,
    });
    return view;
  });
};

/**
 * Cancels at the period's end (true) or takes that back (false): the provider that charges its own
 * renewals first (if it cannot, nothing here says it changed), then our row, audited.
 */
async function setCancellation(
  tx: Executor,
  deps: SubscriptionDeps,
  row: SubscriptionRow,
  cancel: boolean,
  facts: { profileId: string; orderNumber: string; actor: Actor; origin: RequestOrigin; now: Date },
): Promise<SubscriptionRow> {
  const { now } = facts;
  if (row.provider !== "sandbox" && row.providerSubscriptionId) {
    await deps.provider?.setCancelAtPeriodEnd?.(row.providerSubscriptionId, cancel);
    // A chosen switch of plan outlives a cancel taken back: Stripe let go of its schedule to cancel,
    // so it is scheduled again on resume (our row kept `nextPlan` all along).
    const next = !cancel && row.nextPlan ? plans[row.nextPlan] : null;
    if (next) {
      await deps.provider?.schedulePlanChange?.(row.providerSubscriptionId, {
        amountOre: next.price.amountOre,
        interval: next.interval,
        description: `Kammare ${facts.profileId}, ${row.nextPlan}`,
      });
    }
  }
  const [updated] = await tx
    .update(subscriptions)
    .set(
      cancel
        ? { cancelAtPeriodEnd: true, cancelRequestedAt: now, updatedAt: now }
        : { cancelAtPeriodEnd: false, cancelRequestedAt: null, updatedAt: now },
    )
    .where(eq(subscriptions.id, row.id))
    .returning();
  if (!updated) throw new Error("The subscription vanished while it was changed.");
  await audit(tx, {
    action: cancel ? "subscription.cancel" : "subscription.resume",
    actorUserId: facts.actor.id,
    targetUserId: facts.actor.id,
    details: { profileId: facts.profileId, orderNumber: facts.orderNumber },
    ...facts.origin,
  });
  return updated;
}
