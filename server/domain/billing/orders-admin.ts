// Reading orders: one order with everything an admin needs to answer a customer about it (its page,
// its customer, what the provider reported, the subscription it started), and a customer's own
// orders (of one page, or of all the pages they own) with their receipts and invoices.
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import {
  receiptPath,
  type AdminOrderDetail,
  type CustomerOrder,
  type CustomerRenewal,
} from "../../../contract/admin-orders";
import type { Executor } from "../../db/client";
import { invoicePdfPath } from "../../../contract/invoices";
import {
  invoices,
  orders,
  paymentEvents,
  profiles,
  renewalReceipts,
  subscriptions,
  users,
} from "../../db/schema";
import { pageMissing, hasRole, refuse, type Actor } from "../core";
import { ownerEmailOf } from "../profiles";

type OrderRow = typeof orders.$inferSelect;

const iso = (value: Date | null) => value?.toISOString() ?? null;

function orderSummary(row: OrderRow) {
  return {
    orderNumber: row.orderNumber,
    status: row.status,
    method: row.method,
    plan: row.plan,
    amountOre: row.amountOre,
    netOre: row.netOre,
    vatOre: row.vatOre,
    vatRatePercent: row.vatRatePercent,
    // The only currency the product sells in (contract/pricing.ts).
    currency: "SEK" as const,
    createdAt: row.createdAt.toISOString(),
    paidAt: iso(row.paidAt),
  };
}

/** The order with this number (already checked by orderNumberSchema), or null when there is none. */
export async function adminOrderDetail(db: Executor, orderNumber: string): Promise<AdminOrderDetail | null> {
  const [found] = await db
    .select({ order: orders, profile: profiles, customerEmail: users.email })
    .from(orders)
    .innerJoin(profiles, eq(profiles.id, orders.profileId))
    .innerJoin(users, eq(users.id, orders.customerUserId))
    .where(eq(orders.orderNumber, orderNumber))
    .limit(1);
  if (!found) return null;
  const { order, profile } = found;
  const [events, [subscription], ownerEmail] = await Promise.all([
    db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, order.id))
      .orderBy(asc(paymentEvents.receivedAt), asc(paymentEvents.id)),
    db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, order.id))
      .orderBy(desc(subscriptions.createdAt))
      .limit(1),
    ownerEmailOf(db, profile),
  ]);
  return {
    order: {
      ...orderSummary(order),
      provider: order.provider,
      providerReference: order.providerReference,
      failureCode: order.failureCode,
    },
    profile: { id: profile.id, status: profile.status, ownerEmail },
    customer: { id: order.customerUserId, email: found.customerEmail },
    payments: events.map((event) => ({
      type: event.type,
      provider: event.provider,
      received: event.receivedAt.toISOString(),
      processed: iso(event.processedAt),
    })),
    subscription: subscription
      ? {
          plan: subscription.plan,
          interval: subscription.interval,
          priceOre: subscription.priceOre,
          iterations: subscription.iterations,
          periodsPaid: subscription.periodsPaid,
          currentPeriodEnd: iso(subscription.currentPeriodEnd),
          nextChargeAt: iso(subscription.nextChargeAt),
          trialEndsAt: iso(subscription.trialEndsAt),
          status: subscription.status,
        }
      : null,
  };
}

/** Which orders `customerOrders` reads. */
export type CustomerOrderScope =
  /** One page's, for its owner (the orders they placed) or an admin (all of them). */
  | { profileId: string; limit?: undefined }
  /** The actor's own orders on every page they own now (/account), the newest `limit`. */
  | { profileId?: undefined; limit: number };

export type CustomerOrders = {
  orders: CustomerOrder[];
  /** More orders than `limit` exist: only the newest are in `orders`. */
  capped: boolean;
};

/**
 * A customer's orders, newest first, with their page and their PDFs: the owner's list under one page
 * (GET /api/kammare/orders) and the history of all their pages on /account. Each side sees only the
 * orders they placed themselves: a page handed on keeps its old owner's orders and receipts in the old
 * owner's history (decisions "Where money meets people"), and shows the new owner none of them.
 */
export async function customerOrders(
  db: Executor,
  actor: Actor,
  scope: CustomerOrderScope,
): Promise<CustomerOrders> {
  let which: SQL | undefined;
  if (scope.profileId !== undefined) {
    const [profile] = await db
      .select({ ownerUserId: profiles.ownerUserId })
      .from(profiles)
      .where(eq(profiles.id, scope.profileId))
      .limit(1);
    if (!profile) throw pageMissing();
    const admin = hasRole(actor, "admin");
    if (!admin && profile.ownerUserId !== actor.id) {
      throw refuse("checkout.orders-owner-only");
    }
    which = and(
      eq(orders.profileId, scope.profileId),
      admin ? undefined : eq(orders.customerUserId, actor.id),
    );
  } else {
    which = eq(orders.customerUserId, actor.id);
  }
  const query = db
    .select({
      order: orders,
      pageName: sql<string | null>`${profiles.content}->>'displayName'`,
      // The order's own invoice, not the credit note that may cancel it; the newest, should there be
      // more than one, so that an order is one row.
      invoiceId: sql<string | null>`(
        select ${invoices.id} from ${invoices}
        where ${invoices.orderId} = ${orders.id} and ${invoices.creditsInvoiceId} is null
        order by ${invoices.createdAt} desc limit 1
      )`,
    })
    .from(orders)
    .innerJoin(profiles, eq(profiles.id, orders.profileId))
    .where(which)
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber));
  // One more than shown tells whether there are more.
  const rows = scope.limit === undefined ? await query : await query.limit(scope.limit + 1);
  const capped = scope.limit !== undefined && rows.length > scope.limit;
  const shown = rows.slice(0, scope.limit);
  const waiting = await scheduledCharges(
    db,
    shown.filter(({ order }) => order.status === "scheduled").map(({ order }) => order.id),
  );
  const renewals = await renewalsOf(
    db,
    shown.filter(({ order }) => order.method === "card").map(({ order }) => order.id),
  );
  return {
    orders: shown.map(({ order, pageName, invoiceId }) => {
      const subscription = waiting.get(order.id);
      return {
        ...orderSummary(order),
        profileId: order.profileId,
        pageName: pageName ?? "",
        receiptUrl:
          order.status === "paid" && order.method === "card" ? receiptPath(order.orderNumber) : null,
        invoiceUrl: invoiceId ? invoicePdfPath(invoiceId) : null,
        chargeCancelled: subscription?.cancelAtPeriodEnd ?? false,
        firstChargeAt:
          subscription && !subscription.cancelAtPeriodEnd ? iso(subscription.nextChargeAt) : null,
        termUntil: iso(order.termUntil),
        renewals: renewals.get(order.id) ?? [],
      };
    }),
    capped,
  };
}

/** The renewals card orders paid (renewal_receipts), newest first, by order: each has its receipt. */
async function renewalsOf(db: Executor, orderIds: string[]): Promise<Map<string, CustomerRenewal[]>> {
  const byOrder = new Map<string, CustomerRenewal[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(renewalReceipts)
    .where(inArray(renewalReceipts.orderId, orderIds))
    .orderBy(desc(renewalReceipts.paidAt), desc(renewalReceipts.receiptNumber));
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push({
      receiptNumber: row.receiptNumber,
      amountOre: row.amountOre,
      currency: "SEK" as const,
      paidAt: row.paidAt.toISOString(),
      periodStart: row.periodStart.toISOString(),
      periodEnd: row.periodEnd.toISOString(),
      receiptUrl: receiptPath(row.receiptNumber),
    });
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

/**
 * What became of the first charge of scheduled orders (the card kept while a trial runs), by order:
 * the order's own status says "scheduled" until the trial ends, while its subscription knows whether
 * the customer cancelled since (decisions "Where money meets people": order rows show their current
 * state).
 */
async function scheduledCharges(
  db: Executor,
  orderIds: string[],
): Promise<Map<string, { cancelAtPeriodEnd: boolean; nextChargeAt: Date | null }>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: subscriptions.orderId,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      nextChargeAt: subscriptions.nextChargeAt,
    })
    .from(subscriptions)
    .where(inArray(subscriptions.orderId, orderIds))
    .orderBy(asc(subscriptions.createdAt));
  // The newest subscription of an order wins (there is one in practice).
  return new Map(rows.map(({ orderId, ...rest }) => [orderId, rest]));
}
