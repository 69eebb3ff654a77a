// A year anyone can give a page (decisions "A page that lasts as long as the grave", ADR 044). A gift
// is an order like any other (its giver the order's customer, its page the order's page, `gift` set),
// paid through the card or the invoice checkout and booked by the one booking path: no parallel money
// path. Its year starts where the page's time ends (a paid period, a running trial, or now), as a
// prepaid term's does (ADR 041); nothing renews, and the giver becomes neither owner nor editor.
import { and, eq, gt, inArray, ne } from "drizzle-orm";
import { openOrderStatuses } from "../../../contract/orders";
import type { ProfileStatus } from "../../../contract/profiles";
import type { Executor } from "../../db/client";
import { orders, profiles } from "../../db/schema";
import type { Refusal } from "../../../contract/refusals";
import { plans } from "../../../contract/pricing";
import { type DomainError, pageMissing, recordEvent, refuse } from "../core";
import { type OrderRow, addInterval, coveredUntil, onTrial } from "./orders";
import { applyPaymentToPage } from "./page-payment";
import { planRenewsByItself } from "./terms";
import { unpaidInvoiceNumberOf } from "./unpaid-invoice";

type ProfileRow = typeof profiles.$inferSelect;

/** A gift is one year at the yearly plan's price, paid once. */
export const giftPlan = "yearly" as const;

/** What a giver chose: to be named (by the name they signed with) or to stay anonymous. */
export type GiftChoice = { anonymous: boolean; giverName: string | null };

/** The statuses a visitor cannot see: to them such a page does not exist (nothing is told of it). */
const unseenStatuses: readonly ProfileStatus[] = ["draft", "unclaimed", "removed"];

/** How long an unfinished card gift of another giver holds the page (then it is left behind). */
const pendingGiftMs = 30 * 60 * 1000;

/**
 * Why this giver cannot give the page a year now, as the refusal to throw; null when they can. Asked
 * under the page's row lock, before an order is made:
 * - a page a visitor cannot see is missing; a suspended one takes no gift (`gift.closed`);
 * - the owner pays at their own checkout (`gift.own-page`);
 * - a page with an unpaid invoice takes no other payment (`checkout.unpaid-invoice`, ADR 013);
 * - a family plan that still renews by itself (a card kept for the trial's end, a running plan) is
 *   refused (`gift.family-plan`): a year given beside it would be charged twice. A plan whose charge
 *   failed (the page past due) no longer keeps the page open, so a gift is taken then;
 * - another giver's card gift under way holds the page for half an hour (`gift.pending`).
 */
export async function giftRefusal(
  tx: Executor,
  profile: ProfileRow | null,
  giverId: string,
  now: Date,
): Promise<DomainError | null> {
  if (!profile || unseenStatuses.includes(profile.status)) return pageMissing();
  if (profile.status === "suspended") return refuse("gift.closed");
  if (profile.ownerUserId === giverId) return refuse("gift.own-page");
  const unpaid = await unpaidInvoiceNumberOf(tx, profile.id);
  if (unpaid !== null) return refuse("checkout.unpaid-invoice", { invoiceNumber: unpaid });
  // A past-due plan is left to run (ADR 044): the gift brings the page back beside its retries.
  if (await planRenewsByItself(tx, { profileId: profile.id, among: ["trialing", "active"] })) {
    return refuse("gift.family-plan");
  }
  const [pending] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.profileId, profile.id),
        eq(orders.gift, true),
        ne(orders.customerUserId, giverId),
        inArray(orders.status, openOrderStatuses),
        gt(orders.createdAt, new Date(now.getTime() - pendingGiftMs)),
      ),
    )
    .limit(1);
  if (pending) return refuse("gift.pending");
  return null;
}

/** The year a gift pays: from where the page's time ends (its paid period, its trial, or now). */
export function giftYear(profile: ProfileRow, now: Date): { from: Date; until: Date } {
  const from = coveredUntil(profile, now);
  return { from, until: addInterval(from, "year") };
}

/**
 * The page lives again (or lives a year longer) once a gift is paid (card) or invoiced: its paid-until
 * moves to the gift's end through the status machine with cause `payment` (a page on its trial stays
 * on it until the trial ends, which the gift's year follows), and the family is told who gave it.
 */
export async function applyGiftToPage(
  tx: Executor,
  {
    order,
    profile,
    until,
    reason,
    now,
  }: { order: OrderRow; profile: ProfileRow; until: Date; reason: "paid" | "invoice_issued"; now: Date },
): Promise<void> {
  await applyPaymentToPage(tx, {
    profile,
    to: onTrial(profile, now) ? profile.status : "active",
    reason,
    paidUntil: profile.paidUntil && profile.paidUntil > until ? profile.paidUntil : until,
    orderNumber: order.orderNumber,
    actorUserId: order.customerUserId,
    now,
  });
  recordEvent(tx, { type: "gift.given", orderId: order.id, profileId: order.profileId });
}

/**
 * A card gift's payment, booked: the order paid with the year it bought, the page paid that far.
 * No subscription: nothing of a gift renews, and the family's own plan stays theirs. Answers the
 * page's new paid-until.
 */
export async function applyGiftPayment(
  tx: Executor,
  { order, profile, now }: { order: OrderRow; profile: ProfileRow; now: Date },
): Promise<Date> {
  const { from, until } = giftYear(profile, now);
  await tx
    .update(orders)
    .set({ status: "paid", paidAt: now, failureCode: null, termFrom: from, termUntil: until })
    .where(eq(orders.id, order.id));
  await applyGiftToPage(tx, { order, profile, until, reason: "paid", now });
  return until;
}

/** Whether a paid gift's year still runs (a failed charge of the family's own card leaves it open). */
export async function giftCovers(tx: Executor, profileId: string, now: Date): Promise<boolean> {
  const [paid] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.profileId, profileId),
        eq(orders.gift, true),
        eq(orders.status, "paid"),
        gt(orders.termUntil, now),
      ),
    )
    .limit(1);
  return !!paid;
}

/**
 * What the gift screen offers the viewer before they pay: the price, the year it would give (from
 * where the page's time ends) and, where a gift would be refused now, the refusal (said on the screen
 * by its code instead of the form). The checkout asks the same refusals again under the page's lock.
 */
export async function giftOffer(
  db: Executor,
  profileId: string,
  giverId: string,
  now = new Date(),
): Promise<{ priceOre: number; until: string; refusal: Refusal | null }> {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, profileId));
  const refusal = await giftRefusal(db, profile ?? null, giverId, now);
  return {
    priceOre: plans[giftPlan].price.amountOre,
    until: (profile ? giftYear(profile, now).until : now).toISOString(),
    refusal: refusal?.refusal ?? null,
  };
}

/** The viewer's own gift order by its number, as the thank-you shows it; null for anyone else's. */
export async function customerGift(
  db: Executor,
  orderNumber: string,
  viewerId: string,
): Promise<{
  profileId: string;
  method: OrderRow["method"];
  status: OrderRow["status"];
  termUntil: string | null;
  anonymous: boolean;
  /** The VAT of the gift's amount, as its receipt or invoice says it. */
  vatOre: number;
  vatRatePercent: number;
} | null> {
  const [order] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1);
  if (!order || !order.gift || order.customerUserId !== viewerId) return null;
  return {
    profileId: order.profileId,
    method: order.method,
    status: order.status,
    termUntil: order.termUntil?.toISOString() ?? null,
    anonymous: order.giftAnonymous,
    vatOre: order.vatOre,
    vatRatePercent: order.vatRatePercent,
  };
}
