// The card checkout: the order a customer's checkout makes, and what the customer sees of it.
// One open order per page and customer: a second "pay" for the same terms while an order is pending,
// asks for confirmation or was declined reuses that order (a declined card is tried again on the same
// order), so a double click never makes two orders. Other terms cancel the open order.
import { and, desc, eq, inArray } from "drizzle-orm";
import { addressLines, type PostalAddress } from "../../../contract/addresses";
import type { CardPlan, CustomerOrder } from "../../../contract/checkout";
import { openOrderStatuses, vatSplit, type CheckoutLinkInterval } from "../../../contract/orders";
import { freeTrialDays, isTermPlan, vatRatePercent, type TermPrices } from "../../../contract/pricing";
import type { Database, Executor } from "../../db/client";
import { checkoutLinks, orders, profiles, subscriptions, users } from "../../db/schema";
import type { CheckoutStart, PaymentProvider } from "../../providers/payments/types";
import { refuse, type Actor } from "../core";
import { unpaidInvoiceNumberOf } from "./unpaid-invoice";
import { refuseTermBesideRenewal } from "./terms";
import { type GiftChoice, giftPlan, giftRefusal } from "./gifts";
import {
  type OrderRow,
  checkoutRefusal,
  planTerms,
  checkoutLinkState,
  linkTerms,
  bindLinkToPage,
  sameTerms,
  runningTrialEnd,
  takeOrderNumber,
} from "./orders";

export type CardCheckoutDeps = {
  provider: PaymentProvider;
  publicUrl: string;
  /** The prepaid terms' prices as configured (defaults: the decisions'). */
  termPrices?: TermPrices;
};

/**
 * Starts (or continues) a card checkout for a page its owner pays for, or for a year someone gives it
 * (`gift`, ADR 044): the order, then the provider's checkout for it. The same request twice gives the
 * same order and, through the idempotency key, the same provider checkout.
 */
export async function createCardOrder(
  db: Database,
  input: { profileId: string; plan?: CardPlan; link?: string; delivery?: PostalAddress; gift?: GiftChoice },
  actor: Actor,
  deps: CardCheckoutDeps,
): Promise<{ order: CustomerOrder; start: CheckoutStart }> {
  const { order, email, interval, iterations, trialFirst, trialEndsAt } = await db.transaction(async (tx) => {
    // The page's row lock makes two clicks at once wait for each other: the second finds the first's order.
    const [profile] = await tx.select().from(profiles).where(eq(profiles.id, input.profileId)).for("update");
    const { gift } = input;
    let terms: ReturnType<typeof planTerms>;
    if (gift) {
      // A gift's own refusals (the unpaid-invoice rule among them); one year, paid once.
      const refusal = await giftRefusal(tx, profile ?? null, actor.id, new Date());
      if (refusal) throw refusal;
      terms = { ...planTerms(giftPlan), iterations: 1 };
    } else {
      // The page's refusals first (a link's term may pay for a live page: asked again with its terms).
      const early = checkoutRefusal(profile ?? null, actor.id, input.link ? "term10" : input.plan);
      if (early) throw early;
      terms = input.link
        ? linkTerms(await checkoutLinkState(tx, input.link, actor.id))
        : planTerms(input.plan ?? "monthly", deps.termPrices);
      const refusal = checkoutRefusal(profile ?? null, actor.id, terms.plan);
      if (refusal) throw refusal;
      const unpaid = await unpaidInvoiceNumberOf(tx, input.profileId);
      if (unpaid !== null) throw refuse("checkout.unpaid-invoice", { invoiceNumber: unpaid });
      if (isTermPlan(terms.plan)) await refuseTermBesideRenewal(tx, input.profileId);
      if (terms.link) await bindLinkToPage(tx, terms.link, input.profileId);
    }
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
    let current = open.find(
      (row) => sameTerms(row, terms) && row.provider === deps.provider.name && row.gift === !!gift,
    );
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
          deliveryAddress: input.delivery ?? null,
          ...giftColumns(gift),
        })
        .returning();
    } else {
      // The order taken up again: the plaque goes where this checkout says (or nowhere, if it says
      // none), and a gift is signed as this checkout says.
      [current] = await tx
        .update(orders)
        .set({ deliveryAddress: input.delivery ?? null, ...giftColumns(gift) })
        .where(eq(orders.id, current.id))
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
  const once = isTermPlan(order.plan) || order.gift;
  const start = await deps.provider.startCheckout({
    orderNumber: order.orderNumber,
    profileId: order.profileId,
    customer: { id: actor.id, email },
    amountOre: order.amountOre,
    currency: "SEK",
    interval,
    iterations,
    trialDays: trialFirst ? freeTrialDays : 0,
    // A term (or a gift) is charged at once, whatever runs: its years start where the trial ends
    // (ADR 041, ADR 044).
    trialEndsAt: trialFirst || once ? null : trialEndsAt,
    once,
    description: `Kammare ${order.profileId}, ${order.gift ? "gift" : order.plan === "link" ? interval : order.plan}`,
    successUrl: order.gift
      ? `${page}/gift/thanks?order=${order.orderNumber}`
      : `${page}/checkout/confirm?order=${order.orderNumber}`,
    cancelUrl: order.gift ? `${page}/gift` : `${page}/checkout/card`,
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
  // A term or a gift is one payment of a year's stretch (ADR 041, ADR 044).
  const terms =
    isTermPlan(order.plan) || order.gift
      ? { interval: "year" as const, iterations: 1 }
      : (subscription ?? link ?? { interval: order.plan === "yearly" ? "year" : "month", iterations: 0 });
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
    termFrom: order.termFrom?.toISOString() ?? null,
    termUntil: order.termUntil?.toISOString() ?? null,
    firstChargeAt: order.status === "scheduled" ? (subscription?.nextChargeAt?.toISOString() ?? null) : null,
    plaqueTo: order.deliveryAddress ? addressLines(order.deliveryAddress) : null,
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

/** An order's gift columns: set for a gift (ADR 044), plain for everything else. */
export function giftColumns(
  gift: GiftChoice | undefined,
): Pick<typeof orders.$inferInsert, "gift" | "giftAnonymous" | "giftGiverName"> {
  if (!gift) return { gift: false, giftAnonymous: false, giftGiverName: null };
  return { gift: true, giftAnonymous: gift.anonymous, giftGiverName: gift.anonymous ? null : gift.giverName };
}
