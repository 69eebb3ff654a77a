// Card payments: the order a customer's checkout makes (a plan, or a checkout link's terms) and the
// booking of every payment event a provider reports, whichever provider it is (one code path).
//
// Decisions kept here (decisions.md "Trials and payment" leaves them to us):
// - A page can be paid for while it is `trial`, `extended_trial`, `past_due` or `expired`. A draft is
//   published first (publishing starts the free trial); an `active` page is paid already; unclaimed
//   and suspended pages are nobody's to pay for.
// - One open order per page and customer: a second "pay" for the same terms while an order is
//   pending, asks for confirmation or was declined reuses that order (a declined card is tried again
//   on the same order), so a double click never makes two orders. Other terms cancel the open order.
// - A payment is booked once: the provider's event id is stored unique (a replay answers "already
//   booked"), and a success for an order already paid only advances the subscription when it pays a
//   period that ends later than the one already paid (a renewal); otherwise it changes nothing.
// - Terms with a free trial first (a checkout link's): the first period is paid at the checkout and
//   starts when the trial ends; the page is `active`, paid until that period's end.
import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { CardPlan, CustomerOrder } from "../../../contract/checkout";
import {
  formatOrderNumber,
  openOrderStatuses,
  vatSplit,
  type CheckoutLinkInterval,
  type OrderStatus,
  type PaymentProviderName,
} from "../../../contract/orders";
import { freeTrialDays, plans, vatRatePercent } from "../../../contract/pricing";
import type { ProfileStatus } from "../../../contract/profiles";
import type { Database, Executor } from "../../db/client";
import {
  checkoutLinks,
  orderNumberSequence,
  orders,
  paymentEvents,
  profiles,
  subscriptions,
  users,
} from "../../db/schema";
import type { CheckoutStart, PaymentEvent, PaymentProvider } from "../../providers/payments/types";
import { audit, DomainError, type Actor } from "../core";
import { unpaidInvoiceNumberOf, unpaidInvoiceRefusal } from "./unpaid-invoice";
import { changeStatus, mayChangeStatus, type ReasonOf } from "../profiles";

type OrderRow = typeof orders.$inferSelect;
type LinkRow = typeof checkoutLinks.$inferSelect;

/** The statuses in which an owner may pay for their page. */
export const payableStatuses: readonly ProfileStatus[] = ["trial", "extended_trial", "past_due", "expired"];

const dayMs = 24 * 60 * 60 * 1000;

/** Why an owner cannot pay for a page now, in words for the API; null when they can. */
export function checkoutRefusal(
  profile: { status: ProfileStatus; ownerUserId: string | null } | null,
  viewerId: string,
): { code: "not_found" | "forbidden" | "conflict"; message: string } | null {
  if (!profile) return { code: "not_found", message: "There is no page with this code." };
  if (profile.ownerUserId !== viewerId) {
    return { code: "forbidden", message: "Only the page's owner can pay for it." };
  }
  if (payableStatuses.includes(profile.status)) return null;
  const why: Partial<Record<ProfileStatus, string>> = {
    draft: "Publish the page first; then choose a plan.",
    active: "This page is paid for already.",
    suspended: "This page is suspended and cannot be paid for.",
  };
  return { code: "conflict", message: why[profile.status] ?? "This page cannot be paid for now." };
}

/** The terms of a purchase: what each period costs and how many periods. */
type Terms = {
  plan: CardPlan | "link";
  interval: CheckoutLinkInterval;
  priceOre: number;
  iterations: number;
  trialFirst: boolean;
  link: LinkRow | null;
};

function planTerms(plan: CardPlan): Terms {
  return {
    plan,
    interval: plan === "monthly" ? "month" : "year",
    priceOre: plans[plan].price.amountOre,
    iterations: 0,
    trialFirst: false,
    link: null,
  };
}

export type LinkState =
  | { state: "usable"; link: LinkRow }
  | { state: "not_found" | "not_yours" | "revoked" | "expired" | "used"; link: LinkRow | null };

/** A checkout link as its customer may use it now (the /checkout-link page and the checkout). */
export async function checkoutLinkState(
  db: Executor,
  token: string,
  viewerId: string,
  now = new Date(),
): Promise<LinkState> {
  const [link] = await db.select().from(checkoutLinks).where(eq(checkoutLinks.token, token)).limit(1);
  if (!link) return { state: "not_found", link: null };
  if (link.customerUserId !== viewerId) return { state: "not_yours", link: null };
  if (link.revokedAt) return { state: "revoked", link };
  if (link.usedAt) return { state: "used", link };
  if (link.expiresAt && link.expiresAt <= now) return { state: "expired", link };
  return { state: "usable", link };
}

const linkRefusals: Record<Exclude<LinkState["state"], "usable">, string> = {
  not_found: "There is no such checkout link.",
  not_yours: "This checkout link was made for another customer.",
  revoked: "This checkout link has been withdrawn.",
  expired: "This checkout link has expired.",
  used: "This checkout link has been used already.",
};

function linkTerms(found: LinkState): Terms {
  if (found.state !== "usable") {
    throw new DomainError(
      found.state === "not_found" ? "not_found" : "conflict",
      linkRefusals[found.state],
      "link",
    );
  }
  const { link } = found;
  return {
    plan: "link",
    interval: link.interval,
    priceOre: link.priceOre,
    iterations: link.iterations,
    trialFirst: link.includesFreeTrial,
    link,
  };
}

/**
 * A checkout link pays for one page (decisions): the first checkout started with it binds it to its
 * page, in one conditional update, so two checkouts at once for two pages cannot both bind it.
 */
async function bindLinkToPage(tx: Executor, link: LinkRow, profileId: string): Promise<void> {
  const [bound] = await tx
    .update(checkoutLinks)
    .set({ profileId })
    .where(
      and(
        eq(checkoutLinks.id, link.id),
        or(isNull(checkoutLinks.profileId), eq(checkoutLinks.profileId, profileId)),
      ),
    )
    .returning({ id: checkoutLinks.id });
  if (!bound) {
    throw new DomainError("conflict", "This checkout link pays for another page of yours.", "link");
  }
}

/**
 * Why an order can no longer be paid now, or null: it was replaced, or the checkout link it came from
 * was revoked, has expired, or paid for another order meanwhile. Asked before the sandbox takes the
 * card; the booking asks again of a success, with `now` null: a provider's checkout completed before
 * the link's end may report after it.
 */
export async function orderPaymentRefusal(
  db: Executor,
  order: Pick<OrderRow, "id" | "status" | "checkoutLinkId">,
  now: Date | null,
): Promise<string | null> {
  if (order.status === "cancelled") return "This order was replaced by a newer one; start again.";
  if (!order.checkoutLinkId || order.status === "paid") return null;
  const [link] = await db.select().from(checkoutLinks).where(eq(checkoutLinks.id, order.checkoutLinkId));
  if (!link) return linkRefusals.not_found;
  if (link.revokedAt) return linkRefusals.revoked;
  if (link.usedOrderId && link.usedOrderId !== order.id) return linkRefusals.used;
  if (now && link.expiresAt && link.expiresAt <= now) return linkRefusals.expired;
  return null;
}

/**
 * When an order's first charge is due, if not at its checkout: at the end of the trial that comes
 * first, a checkout link's (from now) or the page's own running trial (decisions: paying during a
 * trial never wastes the trial). Null: charged at the checkout.
 */
export async function firstChargeAt(
  db: Executor,
  order: Pick<OrderRow, "profileId" | "checkoutLinkId" | "plan">,
  { now, trialDays }: { now: Date; trialDays: number },
): Promise<Date | null> {
  const terms = await orderTerms(db, order);
  if (terms.trialFirst) return new Date(now.getTime() + trialDays * dayMs);
  const [profile] = await db
    .select({ status: profiles.status, trialEndsAt: profiles.trialEndsAt })
    .from(profiles)
    .where(eq(profiles.id, order.profileId));
  return profile ? runningTrialEnd(profile, now) : null;
}

function sameTerms(order: OrderRow, terms: Terms): boolean {
  return (
    order.plan === terms.plan &&
    order.amountOre === terms.priceOre &&
    (order.checkoutLinkId ?? null) === (terms.link?.id ?? null)
  );
}

/** Whether the page is on a trial that has not run out yet. */
export function onTrial(
  profile: { status: ProfileStatus; trialEndsAt: Date | null },
  now: Date,
): profile is { status: "trial" | "extended_trial"; trialEndsAt: Date } {
  return (
    (profile.status === "trial" || profile.status === "extended_trial") &&
    !!profile.trialEndsAt &&
    profile.trialEndsAt > now
  );
}

/** When the page's running trial ends, or null when it is not on one: a paid period starts there. */
export function runningTrialEnd(
  profile: { status: ProfileStatus; trialEndsAt: Date | null },
  now: Date,
): Date | null {
  return onTrial(profile, now) ? profile.trialEndsAt : null;
}

export function addInterval(from: Date, interval: CheckoutLinkInterval): Date {
  const next = new Date(from);
  if (interval === "month") next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

/** The next order number (KM-000123), from the sequence; call it in the transaction storing the order. */
export async function takeOrderNumber(tx: Executor, profileId: string): Promise<string> {
  // The sequence's next value, read through the page's one row (a typed select needs a table).
  const [numbered] = await tx
    .select({ next: sql<string>`nextval(${sql.raw(`'${orderNumberSequence.seqName}'`)})` })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return formatOrderNumber(Number(numbered?.next ?? "0"));
}

export type CardCheckoutDeps = { provider: PaymentProvider; publicUrl: string };

/**
 * Starts (or continues) a card checkout for a page its owner pays for: the order, then the provider's
 * checkout for it. The same request twice gives the same order and, through the idempotency key, the
 * same provider checkout.
 */
export async function createCardOrder(
  db: Database,
  input: { profileId: string; plan?: CardPlan; link?: string },
  actor: Actor,
  deps: CardCheckoutDeps,
): Promise<{ order: CustomerOrder; start: CheckoutStart }> {
  const { order, email, interval, iterations, trialFirst, trialEndsAt } = await db.transaction(async (tx) => {
    // The page's row lock makes two clicks at once wait for each other: the second finds the first's order.
    const [profile] = await tx.select().from(profiles).where(eq(profiles.id, input.profileId)).for("update");
    const refusal = checkoutRefusal(profile ?? null, actor.id);
    if (refusal) throw new DomainError(refusal.code, refusal.message, "profileId");
    const unpaid = await unpaidInvoiceNumberOf(tx, input.profileId);
    if (unpaid !== null) throw new DomainError("conflict", unpaidInvoiceRefusal(unpaid), "profileId");
    const terms = input.link
      ? linkTerms(await checkoutLinkState(tx, input.link, actor.id))
      : planTerms(input.plan ?? "monthly");
    if (terms.link) await bindLinkToPage(tx, terms.link, input.profileId);
    const open = await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.profileId, input.profileId),
          eq(orders.customerUserId, actor.id),
          eq(orders.method, "card"),
          inArray(orders.status, openOrderStatuses),
        ),
      )
      .orderBy(desc(orders.createdAt));
    let current = open.find((row) => sameTerms(row, terms) && row.provider === deps.provider.name);
    const stale = open.filter((row) => row !== current).map((row) => row.id);
    if (stale.length > 0) {
      await tx.update(orders).set({ status: "cancelled" }).where(inArray(orders.id, stale));
    }
    if (!current) {
      const split = vatSplit({ amountOre: terms.priceOre, currency: "SEK" });
      [current] = await tx
        .insert(orders)
        .values({
          orderNumber: await takeOrderNumber(tx, input.profileId),
          profileId: input.profileId,
          customerUserId: actor.id,
          method: "card",
          plan: terms.plan,
          checkoutLinkId: terms.link?.id ?? null,
          amountOre: terms.priceOre,
          netOre: split.netOre,
          vatOre: split.vatOre,
          vatRatePercent,
          currency: "SEK",
          status: "pending",
          provider: deps.provider.name,
        })
        .returning();
    }
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, actor.id));
    return {
      order: current as OrderRow,
      email: user?.email ?? "",
      interval: terms.interval,
      iterations: terms.iterations,
      trialFirst: terms.trialFirst,
      trialEndsAt: profile ? runningTrialEnd(profile, new Date()) : null,
    };
  });

  const base = deps.publicUrl.replace(/\/$/, "");
  const page = `${base}/k/${encodeURIComponent(order.profileId)}`;
  const start = await deps.provider.startCheckout({
    orderNumber: order.orderNumber,
    profileId: order.profileId,
    customer: { id: actor.id, email },
    amountOre: order.amountOre,
    currency: "SEK",
    interval,
    iterations,
    trialDays: trialFirst ? freeTrialDays : 0,
    trialEndsAt: trialFirst ? null : trialEndsAt,
    description: `Kammare ${order.profileId}, ${order.plan === "link" ? interval : order.plan}`,
    successUrl: `${page}/checkout/confirm?order=${order.orderNumber}`,
    cancelUrl: `${page}/checkout/card`,
    idempotencyKey: `order-${order.id}`,
  });
  if (order.providerReference !== start.reference) {
    await db.update(orders).set({ providerReference: start.reference }).where(eq(orders.id, order.id));
  }
  return { order: await orderView(db, { ...order, providerReference: start.reference }), start };
}

export async function orderView(db: Executor, order: OrderRow): Promise<CustomerOrder> {
  const [profile] = await db
    .select({ paidUntil: profiles.paidUntil })
    .from(profiles)
    .where(eq(profiles.id, order.profileId));
  const [subscription] = await db
    .select({
      interval: subscriptions.interval,
      iterations: subscriptions.iterations,
      nextChargeAt: subscriptions.nextChargeAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.orderId, order.id))
    .limit(1);
  let link: { interval: CheckoutLinkInterval; iterations: number } | undefined;
  if (!subscription && order.checkoutLinkId) {
    [link] = await db
      .select({ interval: checkoutLinks.interval, iterations: checkoutLinks.iterations })
      .from(checkoutLinks)
      .where(eq(checkoutLinks.id, order.checkoutLinkId));
  }
  const terms = subscription ??
    link ?? { interval: order.plan === "yearly" ? "year" : "month", iterations: 0 };
  return {
    orderNumber: order.orderNumber,
    profileId: order.profileId,
    method: order.method,
    status: order.status,
    amountOre: order.amountOre,
    netOre: order.netOre,
    vatOre: order.vatOre,
    vatRatePercent: order.vatRatePercent,
    currency: "SEK",
    plan: order.plan,
    interval: terms.interval,
    iterations: terms.iterations,
    failureCode: order.failureCode,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    paidUntil: order.status === "paid" ? (profile?.paidUntil?.toISOString() ?? null) : null,
    firstChargeAt: order.status === "scheduled" ? (subscription?.nextChargeAt?.toISOString() ?? null) : null,
  };
}

/** An order as its customer sees it; null when there is none by that number or it is someone else's. */
export async function customerOrder(
  db: Executor,
  orderNumber: string,
  viewerId: string,
): Promise<CustomerOrder | null> {
  const [order] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1);
  if (!order || order.customerUserId !== viewerId) return null;
  return orderView(db, order);
}

/** The order row for the provider's own calls (the sandbox's card form): the customer's, by number. */
export async function findCustomerOrderRow(
  db: Executor,
  orderNumber: string,
  viewerId: string,
): Promise<OrderRow | null> {
  const [order] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1);
  return order && order.customerUserId === viewerId ? order : null;
}

export type BookingDeps = {
  /** Drops the page's cached copy once the change is committed. */
  onProfileChanged?: (profileId: string) => void;
  /** The free trial's length when terms put one first (FREE_TRIAL_DAYS). */
  freeTrialDays?: number;
  now?: Date;
};

export type Booking = {
  /** False when this event was booked before (a replayed webhook): nothing changed. */
  booked: boolean;
  orderNumber: string | null;
  orderStatus: OrderStatus | null;
};

/**
 * Applies a booked payment (or failure) to its page through the status machine. Where the machine
 * lets no payment change the page (a suspended page, decisions "Subscriptions a customer can trust"),
 * the status stays: the payment is kept on its order, the period it paid is kept as the page's
 * paid-until date, and the audit log tells the admin. A removed page is left as it is (ADR 016).
 * Answers whether the page changed.
 */
export async function applyPaymentToPage(
  tx: Executor,
  request: {
    profile: { id: string; status: ProfileStatus; ownerUserId: string | null };
    to: ProfileStatus;
    reason: ReasonOf<"payment">;
    paidUntil?: Date;
    orderNumber: string;
    actorUserId?: string | null;
    now: Date;
  },
): Promise<boolean> {
  const { profile, to, now } = request;
  const fields = request.paidUntil ? { paidUntil: request.paidUntil } : {};
  if (mayChangeStatus(profile.status, to, "payment")) {
    await changeStatus(tx, {
      profile,
      to,
      cause: "payment",
      reason: request.reason,
      actorUserId: request.actorUserId ?? null,
      fields,
      now,
    });
    return true;
  }
  if (profile.status === "removed") return false;
  if (request.paidUntil) {
    await tx
      .update(profiles)
      .set({ ...fields, updatedAt: now })
      .where(eq(profiles.id, profile.id));
  }
  await audit(tx, {
    action: "payment.status_kept",
    actorUserId: request.actorUserId ?? null,
    targetUserId: profile.ownerUserId,
    details: {
      profileId: profile.id,
      status: profile.status,
      refused: to,
      reason: request.reason,
      orderNumber: request.orderNumber,
    },
    ip: null,
    userAgent: null,
  });
  return !!request.paidUntil;
}

/**
 * Books one provider event in one transaction: stored first (a replay is a no-op), then applied to its
 * order, subscription, page and checkout link. Answers what it did; the page's cache is dropped after
 * the commit.
 */
export async function bookPaymentEvent(
  db: Database,
  event: PaymentEvent,
  deps: BookingDeps = {},
): Promise<Booking> {
  const now = deps.now ?? new Date();
  const trialDays = deps.freeTrialDays ?? freeTrialDays;
  let changedProfile: string | null = null;
  const booking = await db.transaction(async (tx): Promise<Booking> => {
    const [stored] = await tx
      .insert(paymentEvents)
      .values({
        provider: event.provider,
        providerEventId: event.eventId,
        type: event.type,
        payload: event.raw,
      })
      .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.providerEventId] })
      .returning({ id: paymentEvents.id });
    if (!stored) return { booked: false, orderNumber: event.orderNumber, orderStatus: null };

    const order = await findEventOrder(tx, event);
    if (!order) {
      // Stored for the record (a provider's event about something we never made); nothing to apply.
      await tx.update(paymentEvents).set({ processedAt: now }).where(eq(paymentEvents.id, stored.id));
      return { booked: true, orderNumber: event.orderNumber, orderStatus: null };
    }
    const [profile] = await tx.select().from(profiles).where(eq(profiles.id, order.profileId)).for("update");
    let status = order.status;
    if (event.type === "payment_succeeded" && profile) {
      const paidUntil = await applySuccess(tx, order, profile, event, { now, trialDays });
      if (paidUntil) {
        status = "paid";
        changedProfile = profile.id;
      }
    } else if (event.type === "checkout_completed" && profile) {
      if (await applyCheckoutCompleted(tx, order, profile, event, { now, trialDays })) {
        status = "scheduled";
        changedProfile = profile.id;
      }
    } else if (event.type === "payment_failed" && profile) {
      if (order.status === "paid" || order.status === "scheduled") {
        // A charge of the subscription failed (a renewal, or the first one at a trial's end).
        if (await applyChargeFailure(tx, order, profile, event, now)) changedProfile = profile.id;
      } else if (order.status !== "cancelled") {
        status = "failed";
        await tx
          .update(orders)
          .set({ status, failureCode: event.failureCode ?? "payment_failed", failureNotifiedAt: null })
          .where(eq(orders.id, order.id));
      }
    } else if (
      event.type === "requires_confirmation" &&
      (order.status === "pending" || order.status === "failed")
    ) {
      status = "requires_confirmation";
      await tx.update(orders).set({ status, failureCode: null }).where(eq(orders.id, order.id));
    }
    await tx
      .update(paymentEvents)
      .set({ processedAt: now, orderId: order.id })
      .where(eq(paymentEvents.id, stored.id));
    return { booked: true, orderNumber: order.orderNumber, orderStatus: status };
  });
  if (changedProfile) deps.onProfileChanged?.(changedProfile);
  return booking;
}

/** Whether the provider's subscription has paid all its agreed periods (never for "until cancelled"). */
export async function hasPaidEveryPeriod(
  db: Database,
  provider: PaymentProviderName,
  providerSubscriptionId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ iterations: subscriptions.iterations, periodsPaid: subscriptions.periodsPaid })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, provider),
        eq(subscriptions.providerSubscriptionId, providerSubscriptionId),
      ),
    );
  return !!row && row.iterations > 0 && row.periodsPaid >= row.iterations;
}

async function findEventOrder(tx: Executor, event: PaymentEvent): Promise<OrderRow | null> {
  const where = event.orderNumber
    ? eq(orders.orderNumber, event.orderNumber)
    : event.providerReference
      ? and(eq(orders.provider, event.provider), eq(orders.providerReference, event.providerReference))
      : event.providerSubscriptionId
        ? inArray(
            orders.id,
            tx
              .select({ id: subscriptions.orderId })
              .from(subscriptions)
              .where(
                and(
                  eq(subscriptions.provider, event.provider),
                  eq(subscriptions.providerSubscriptionId, event.providerSubscriptionId),
                ),
              ),
          )
        : undefined;
  if (!where) return null;
  const [order] = await tx.select().from(orders).where(where).limit(1).for("update");
  return order ?? null;
}

/**
 * A successful payment: the first one pays the order and starts the subscription; a later one that pays
 * a later period advances it. Returns the page's new paid_until, or null when nothing changed.
 */
async function applySuccess(
  tx: Executor,
  order: OrderRow,
  profile: typeof profiles.$inferSelect,
  event: PaymentEvent,
  { now, trialDays }: { now: Date; trialDays: number },
): Promise<Date | null> {
  if (order.status === "cancelled") return null;
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.orderId, order.id))
    .limit(1)
    .for("update");
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
    await applyPaymentToPage(tx, {
      profile,
      to: "active",
      reason: "paid",
      paidUntil: reportedEnd,
      orderNumber: order.orderNumber,
      now,
    });
    return reportedEnd;
  }

  // A link revoked, or used by another order, meanwhile pays nothing more (a provider's success for
  // it is kept in payment_events for the admin, and the order stays unpaid).
  if (order.checkoutLinkId && (await orderPaymentRefusal(tx, order, null)) !== null) return null;
  const terms = await orderTerms(tx, order);
  const trialEndsAt = terms.trialFirst
    ? new Date(now.getTime() + trialDays * dayMs)
    : runningTrialEnd(profile, now);
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
  await openSubscription(tx, order, profile, event, {
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
  });
  return paidUntil;
}

type SubscriptionRow = typeof subscriptions.$inferSelect;

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
 * Answers whether anything changed.
 */
async function applyCheckoutCompleted(
  tx: Executor,
  order: OrderRow,
  profile: typeof profiles.$inferSelect,
  event: PaymentEvent,
  { now, trialDays }: { now: Date; trialDays: number },
): Promise<boolean> {
  if (!openOrderStatuses.includes(order.status)) return false;
  if (order.checkoutLinkId && (await orderPaymentRefusal(tx, order, null)) !== null) return false;
  const terms = await orderTerms(tx, order);
  const trialEndsAt = terms.trialFirst
    ? new Date(now.getTime() + trialDays * dayMs)
    : runningTrialEnd(profile, now);
  // Nothing to wait for: the provider should have charged; nothing is booked without a charge.
  if (!trialEndsAt) return false;
  await tx.update(orders).set({ status: "scheduled", failureCode: null }).where(eq(orders.id, order.id));
  const coveredUntil = profile.paidUntil && profile.paidUntil > trialEndsAt ? profile.paidUntil : trialEndsAt;
  await openSubscription(tx, order, profile, event, {
    terms,
    values: { periodsPaid: 0, nextChargeAt: trialEndsAt, trialEndsAt, status: "trialing" },
    reason: "subscription_started",
    paidUntil: coveredUntil,
    now,
  });
  return true;
}

/**
 * A charge of the subscription failed. The page is past due from the first failure. Where we charge
 * ourselves (the sandbox) the charge is tried again 1, 3 and 7 days after it was due, and when the
 * last try fails too the subscription stops and the page rests; a provider that charges its own
 * (Stripe) retries on its own schedule and ends the subscription itself. Each failure e-mails the
 * customer (failure_notified_at is cleared for the sweep). Answers whether the page changed.
 */
async function applyChargeFailure(
  tx: Executor,
  order: OrderRow,
  profile: typeof profiles.$inferSelect,
  event: PaymentEvent,
  now: Date,
): Promise<boolean> {
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.orderId, order.id))
    .limit(1)
    .for("update");
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
  return applyPaymentToPage(tx, {
    profile,
    to,
    reason: "payment_failed",
    orderNumber: order.orderNumber,
    now,
  });
}

/**
 * Starts the subscription of an order whose checkout is done (paid, or with the card kept for a
 * trial's end): the subscription row, the checkout link used up, and the page covered through the
 * status machine (a page on its own trial stays on it).
 */
async function openSubscription(
  tx: Executor,
  order: OrderRow,
  profile: typeof profiles.$inferSelect,
  event: PaymentEvent,
  request: {
    terms: { interval: CheckoutLinkInterval; iterations: number };
    values: Pick<
      typeof subscriptions.$inferInsert,
      "periodsPaid" | "currentPeriodStart" | "currentPeriodEnd" | "nextChargeAt" | "trialEndsAt" | "status"
    >;
    reason: ReasonOf<"payment">;
    paidUntil: Date;
    now: Date;
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

async function orderTerms(
  tx: Executor,
  order: Pick<OrderRow, "checkoutLinkId" | "plan">,
): Promise<{ interval: CheckoutLinkInterval; iterations: number; trialFirst: boolean }> {
  if (order.checkoutLinkId) {
    const [link] = await tx.select().from(checkoutLinks).where(eq(checkoutLinks.id, order.checkoutLinkId));
    if (link)
      return { interval: link.interval, iterations: link.iterations, trialFirst: link.includesFreeTrial };
  }
  return { interval: order.plan === "yearly" ? "year" : "month", iterations: 0, trialFirst: false };
}
