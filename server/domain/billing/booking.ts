// The booking of every payment event a provider reports, whichever provider it is (one code path).
// A payment is booked once: the provider's event id is stored unique (a replay answers "already
// booked"), and a success for an order already paid only advances the subscription when it pays a
// period that ends later than the one already paid (a renewal); otherwise it changes nothing.
import { and, eq, inArray } from "drizzle-orm";
import type { OrderStatus, PaymentProviderName } from "../../../contract/orders";
import { freeTrialDays } from "../../../contract/pricing";
import type { Database, Executor } from "../../db/client";
import { pageChanged, recordEvent, transaction } from "../core";
import { orders, paymentEvents, profiles, subscriptions } from "../../db/schema";
import type { PaymentEvent } from "../../providers/payments/types";
import type { OrderRow } from "./orders";
import { applySuccess, applyCheckoutCompleted, applyChargeFailure } from "./booked-payments";

export type BookingDeps = {
  /** The free trial's length when terms put one first (FREE_TRIAL_DAYS). */
  freeTrialDays?: number;
  now?: Date;
  /** Told what came of each event: booked, a replay (booked before), or its booking failed (metrics). */
  onOutcome?: (event: PaymentEvent, outcome: "booked" | "replayed" | "failed") => void;
};

export type Booking = {
  /** False when this event was booked before (a replayed webhook): nothing changed. */
  booked: boolean;
  orderNumber: string | null;
  orderStatus: OrderStatus | null;
};

/**
 * Books one provider event in one transaction: stored first (a replay is a no-op), then applied to its
 * order, subscription, page and checkout link. Answers what it did; a page it changed is recorded
 * as `page.changed`, and what the customer is e-mailed of (a receipt, a card kept for a trial's end) as
 * its own event, all acted on after the commit (ADR 033).
 */
export async function bookPaymentEvent(
  db: Database,
  event: PaymentEvent,
  deps: BookingDeps = {},
): Promise<Booking> {
  let booking: Booking;
  try {
    booking = await bookInTransaction(db, event, deps);
  } catch (error) {
    deps.onOutcome?.(event, "failed");
    throw error;
  }
  deps.onOutcome?.(event, booking.booked ? "booked" : "replayed");
  return booking;
}

async function bookInTransaction(db: Database, event: PaymentEvent, deps: BookingDeps): Promise<Booking> {
  const now = deps.now ?? new Date();
  const trialDays = deps.freeTrialDays ?? freeTrialDays;
  return transaction(db, async (tx): Promise<Booking> => {
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
      const paidUntil = await applySuccess(tx, {
        order,
        profile,
        event,
        paymentEventId: stored.id,
        clock: { now, trialDays },
      });
      if (paidUntil) {
        status = "paid";
        recordEvent(tx, pageChanged(profile.id));
        // Every payment's receipt, at once: the order's for its first payment, the renewal's own for
        // a later period (a renewal pays an order paid before).
        recordEvent(
          tx,
          order.status === "paid"
            ? { type: "renewal.paid", paymentEventId: stored.id, profileId: order.profileId }
            : { type: "payment.booked", orderId: order.id, profileId: order.profileId },
        );
      }
    } else if (event.type === "checkout_completed" && profile) {
      const firstChargeAt = await applyCheckoutCompleted(tx, {
        order,
        profile,
        event,
        clock: { now, trialDays },
      });
      if (firstChargeAt) {
        status = "scheduled";
        recordEvent(tx, pageChanged(profile.id));
        recordEvent(tx, {
          type: "card.saved",
          customerUserId: order.customerUserId,
          profileId: order.profileId,
          firstChargeAt,
          amountOre: order.amountOre,
          currency: order.currency,
        });
      }
    } else if (event.type === "payment_failed" && profile) {
      if (order.status === "paid" || order.status === "scheduled") {
        // A charge of the subscription failed (a renewal, or the first one at a trial's end).
        if (await applyChargeFailure(tx, { order, profile, event, now }))
          recordEvent(tx, pageChanged(profile.id));
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
