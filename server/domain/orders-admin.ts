// Reading orders: one order with everything an admin needs to answer a customer about it (its page,
// its customer, what the provider reported, the subscription it started), and a customer's own
// orders of one page with their receipts.
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { receiptPath, type AdminOrderDetail, type CustomerOrder } from "../../contract/admin-orders";
import type { Executor } from "../db/client";
import { invoicePdfPath } from "../../contract/invoices";
import { invoices, orders, paymentEvents, profiles, subscriptions, users } from "../db/schema";
import { DomainError } from "./errors";
import { ownerEmailOf } from "./profiles";
import { hasRole, type Actor } from "./viewer";

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

/**
 * The orders of one page, newest first, for its owner or an admin. An owner sees the orders they
 * placed themselves: a page handed on to someone else does not show them the last owner's receipts.
 */
export async function customerOrders(
  db: Executor,
  profileId: string,
  actor: Actor,
): Promise<CustomerOrder[]> {
  const [profile] = await db
    .select({ ownerUserId: profiles.ownerUserId })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .limit(1);
  if (!profile) throw new DomainError("not_found", "There is no page with this code.", "profileId");
  const admin = hasRole(actor, "admin");
  if (!admin && profile.ownerUserId !== actor.id) {
    throw new DomainError("forbidden", "Only the page's owner can see its orders.");
  }
  const rows = await db
    .select({ order: orders, invoiceId: invoices.id })
    .from(orders)
    // The order's own invoice, not the credit note that may cancel it.
    .leftJoin(invoices, and(eq(invoices.orderId, orders.id), isNull(invoices.creditsInvoiceId)))
    .where(and(eq(orders.profileId, profileId), admin ? undefined : eq(orders.customerUserId, actor.id)))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber));
  return rows.map(({ order, invoiceId }) => ({
    ...orderSummary(order),
    receiptUrl: order.status === "paid" && order.method === "card" ? receiptPath(order.orderNumber) : null,
    invoiceUrl: invoiceId ? invoicePdfPath(invoiceId) : null,
  }));
}
