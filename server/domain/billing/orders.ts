// Orders and their terms (decisions.md "Trials and payment" leaves these to us):
// - A page can be paid for while it is `trial`, `extended_trial`, `past_due` or `expired`. A draft is
//   published first (publishing starts the free trial); an `active` page is paid already; unclaimed
//   and suspended pages are nobody's to pay for.
// - The terms are a plan's or a checkout link's; a link pays for one page, once, and a revoked,
//   expired or used link pays nothing more. A trial running, or a link's trial first, puts the first
//   charge at the trial's end (decisions: paying during a trial never wastes the trial).
// - A prepaid term (ten or twenty-five years, paid once; ADR 041) may be bought for an `active` page
//   too, whose time it extends, unless a subscription of the page still renews (cancel it first).
import { dayMs, type DomainError, pageMissing, refuse } from "../core";
import type { RefusalCode } from "../../../contract/refusals";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { CardPlan } from "../../../contract/checkout";
import { formatOrderNumber, type CheckoutLinkInterval, type OrderPlan } from "../../../contract/orders";
import {
  defaultTermPrices,
  isTermPlan,
  plans,
  termEnd,
  type TermPlan,
  type TermPrices,
} from "../../../contract/pricing";
import type { ProfileStatus } from "../../../contract/profiles";
import type { Executor } from "../../db/client";
import { type orders, checkoutLinks, orderNumberSequence, profiles } from "../../db/schema";

export type OrderRow = typeof orders.$inferSelect;
type LinkRow = typeof checkoutLinks.$inferSelect;

/** The statuses in which an owner may pay for their page. */
export const payableStatuses: readonly ProfileStatus[] = ["trial", "extended_trial", "past_due", "expired"];

/** Why an owner cannot pay for a page now, as the refusal to throw (ADR 032); null when they can. */
export function checkoutRefusal(
  profile: { status: ProfileStatus; ownerUserId: string | null } | null,
  viewerId: string,
  plan?: OrderPlan,
): DomainError | null {
  if (!profile) return pageMissing();
  if (profile.ownerUserId !== viewerId) return refuse("checkout.not-owner");
  if (payableStatuses.includes(profile.status)) return null;
  // A term extends a live page's time from where it ends (ADR 041).
  if (profile.status === "active" && isTermPlan(plan)) return null;
  const why: Partial<
    Record<ProfileStatus, "checkout.draft" | "checkout.paid-already" | "checkout.suspended">
  > = {
    draft: "checkout.draft",
    active: "checkout.paid-already",
    suspended: "checkout.suspended",
  };
  return refuse(why[profile.status] ?? "checkout.not-payable");
}

/** The terms of a purchase: what each period costs and how many periods. */
type Terms = {
  plan: OrderPlan;
  interval: CheckoutLinkInterval;
  priceOre: number;
  iterations: number;
  trialFirst: boolean;
  link: LinkRow | null;
};

export function planTerms(plan: CardPlan, termPrices: TermPrices = defaultTermPrices): Terms {
  if (isTermPlan(plan)) return termTerms(plan, termPrices[plan], null);
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

const linkRefusals = {
  not_found: "checkout.link-missing",
  not_yours: "checkout.link-not-yours",
  revoked: "checkout.link-revoked",
  expired: "checkout.link-expired",
  used: "checkout.link-used",
} as const satisfies Record<Exclude<LinkState["state"], "usable">, RefusalCode>;

export function linkTerms(found: LinkState): Terms {
  if (found.state !== "usable") {
    throw refuse(linkRefusals[found.state]);
  }
  const { link } = found;
  if (isTermPlan(link.term)) return termTerms(link.term, link.priceOre, link);
  return {
    plan: "link",
    interval: link.interval,
    priceOre: link.priceOre,
    iterations: link.iterations,
    trialFirst: link.includesFreeTrial,
    link,
  };
}

/** A prepaid term's terms: one payment (one period of a year, as the rows keep it), nothing renews. */
function termTerms(plan: TermPlan, priceOre: number, link: LinkRow | null): Terms {
  return { plan, interval: "year", priceOre, iterations: 1, trialFirst: false, link };
}

/**
 * A checkout link pays for one page (decisions): the first checkout started with it binds it to its
 * page, in one conditional update, so two checkouts at once for two pages cannot both bind it.
 */
export async function bindLinkToPage(tx: Executor, link: LinkRow, profileId: string): Promise<void> {
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
    throw refuse("checkout.link-other-page");
  }
}

/**
 * Why an order can no longer be paid now (a refusal code, ADR 032), or null: it was replaced, or the checkout link it came from
 * was revoked, has expired, or paid for another order meanwhile. Asked before the sandbox takes the
 * card; the booking asks again of a success, with `now` null: a provider's checkout completed before
 * the link's end may report after it.
 */
export async function orderPaymentRefusal(
  db: Executor,
  order: Pick<OrderRow, "id" | "status" | "checkoutLinkId">,
  now: Date | null,
): Promise<RefusalCode | null> {
  if (order.status === "cancelled") return "checkout.order-replaced";
  if (!order.checkoutLinkId || order.status === "paid") return null;
  const [link] = await db.select().from(checkoutLinks).where(eq(checkoutLinks.id, order.checkoutLinkId));
  if (!link) return linkRefusals.not_found;
  if (link.revokedAt) return linkRefusals.revoked;
  if (link.usedOrderId && link.usedOrderId !== order.id) return linkRefusals.used;
  if (now && link.expiresAt && link.expiresAt <= now) return linkRefusals.expired;
  return null;
}

/** The moment a checkout or a booking happens, and how many days a checkout link's trial runs. */
export type TrialClock = { now: Date; trialDays: number };

/**
 * When an order's first charge is due, if not at its checkout: at the end of the trial that comes
 * first, a checkout link's (from now) or the page's own running trial (decisions: paying during a
 * trial never wastes the trial). Null: charged at the checkout.
 */
export async function firstChargeAt(
  db: Executor,
  order: Pick<OrderRow, "profileId" | "checkoutLinkId" | "plan" | "gift">,
  clock: TrialClock,
): Promise<Date | null> {
  // A term (or a gift's year) is one payment, charged at its checkout; its time starts where the trial ends.
  if (isTermPlan(order.plan) || order.gift) return null;
  const terms = await orderTerms(db, order);
  // The page's own trial is read only when no checkout link's trial comes first.
  const [profile] = terms.trialFirst
    ? []
    : await db
        .select({ status: profiles.status, trialEndsAt: profiles.trialEndsAt })
        .from(profiles)
        .where(eq(profiles.id, order.profileId));
  return trialEndBeforeFirstCharge(terms, profile ?? null, clock);
}

/** firstChargeAt's rule, for terms and a page already read (the booking of a checkout asks it too). */
export function trialEndBeforeFirstCharge(
  terms: { trialFirst: boolean },
  profile: { status: ProfileStatus; trialEndsAt: Date | null } | null,
  { now, trialDays }: TrialClock,
): Date | null {
  if (terms.trialFirst) return new Date(now.getTime() + trialDays * dayMs);
  return profile ? runningTrialEnd(profile, now) : null;
}

export function sameTerms(order: OrderRow, terms: Terms): boolean {
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

/**
 * The one period a plan paid by invoice covers (it does not renew by itself): from where what the page
 * has already ends (a paid period, or the running trial: decisions, an invoice made during a trial
 * covers the period from the trial's end), a month or a year on.
 */
export function invoicedPeriod(
  profile: { status: ProfileStatus; trialEndsAt: Date | null; paidUntil: Date | null },
  plan: CardPlan,
  now: Date,
): { from: Date; until: Date } {
  const from = coveredUntil(profile, now);
  return { from, until: periodEnd(from, plan) };
}

/**
 * Where what a page has already ends: its paid period or its running trial, or now when neither runs
 * on. A prepaid term bought while time remains starts there (ADR 041), as an invoiced period does.
 */
export function coveredUntil(
  profile: { status: ProfileStatus; trialEndsAt: Date | null; paidUntil: Date | null },
  now: Date,
): Date {
  const covered = [profile.paidUntil, runningTrialEnd(profile, now)].filter(
    (date): date is Date => !!date && date > now,
  );
  return covered.length > 0 ? new Date(Math.max(...covered.map(Number))) : now;
}

/** The end of one period of a plan from `from`: a month, a year, or the term's years. */
export function periodEnd(from: Date, plan: CardPlan): Date {
  if (isTermPlan(plan)) return termEnd(from, plan);
  return addInterval(from, plan === "yearly" ? "year" : "month");
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

export async function orderTerms(
  tx: Executor,
  order: Pick<OrderRow, "checkoutLinkId" | "plan">,
): Promise<{ interval: CheckoutLinkInterval; iterations: number; trialFirst: boolean }> {
  if (isTermPlan(order.plan)) return { interval: "year", iterations: 1, trialFirst: false };
  if (order.checkoutLinkId) {
    const [link] = await tx.select().from(checkoutLinks).where(eq(checkoutLinks.id, order.checkoutLinkId));
    if (link)
      return { interval: link.interval, iterations: link.iterations, trialFirst: link.includesFreeTrial };
  }
  return { interval: order.plan === "yearly" ? "year" : "month", iterations: 0, trialFirst: false };
}
