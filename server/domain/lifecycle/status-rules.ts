// Where time moves a page: the pure rules the sweep applies, one status at a time.
import type { ProfileStatus } from "../../../contract/profiles";
import type { ReasonOf } from "../profiles";
import type { SubscriptionStatus } from "../../../contract/orders";
import { invoiceExpiresAfterPastDueDays, invoicePastDueAfterDays } from "../../../contract/invoices";
import { dayMs } from "../core";
import { restsOn } from "./past-due";

type SubscriptionFacts = {
  status: SubscriptionStatus;
  iterations: number;
  periodsPaid: number;
  /** A failed charge we try again then (dunning); the page waits for it. */
  nextRetryAt?: Date | null;
  /** The customer cancelled it: when its period ends, the page rests at once. */
  cancelAtPeriodEnd?: boolean;
};
type ProfileFacts = { status: ProfileStatus; trialEndsAt: Date | null; paidUntil: Date | null };

/** A subscription that will charge again: running, and with periods left (0 iterations: no end). */
export function renews(subscription: SubscriptionFacts): boolean {
  return (
    (subscription.status === "active" || subscription.status === "trialing") &&
    !subscription.cancelAtPeriodEnd &&
    (subscription.iterations === 0 || subscription.periodsPaid < subscription.iterations)
  );
}

/**
 * The status a profile moves to at `now`, with why, or null when it stays. Pure: the rules in one place.
 * - A trial that ran out: `active` when paid or a subscription takes over, `past_due` when that
 *   subscription's payment failed, otherwise `expired`.
 * - `active` with a paid period that ran out: `past_due` unless a subscription renews it (and then
 *   only for GRACE_DAYS: a renewal that never reports back does not keep a page up for ever).
 *   `active` without a paid-until date (set by an admin) is left alone.
 * - `past_due`: back to `active` when a payment moved paid-until ahead; `expired` after GRACE_DAYS.
 * - An invoice unpaid 7 days after its due date makes an `active` page `past_due`, and 30 days after
 *   that `expired`; while it is unpaid, the page does not return to `active` (decisions "Invoice").
 */
export function nextStatus({
  profile,
  subscriptionsOfProfile,
  pastDueSince,
  now,
  graceDays,
  invoiceDaysOverdue = null,
}: {
  profile: ProfileFacts;
  subscriptionsOfProfile: SubscriptionFacts[];
  pastDueSince: Date | null;
  now: Date;
  graceDays: number;
  /** Days past its due date of the page's oldest unpaid invoice (0 or less before it); null for none. */
  invoiceDaysOverdue?: number | null;
}): { to: ProfileStatus; reason: ReasonOf<"time"> } | null {
  // While an invoice is unpaid, its terms decide, not the period it pays for.
  if (invoiceDaysOverdue !== null && (profile.status === "active" || profile.status === "past_due")) {
    if (invoiceDaysOverdue >= invoicePastDueAfterDays + invoiceExpiresAfterPastDueDays) {
      return { to: "expired", reason: profile.status === "active" ? "invoice_overdue" : "invoice_unpaid" };
    }
    if (invoiceDaysOverdue >= invoicePastDueAfterDays && profile.status === "active") {
      return { to: "past_due", reason: "invoice_overdue" };
    }
    return null;
  }
  const graceMs = graceDays * dayMs;
  const paid = !!profile.paidUntil && profile.paidUntil > now;
  const renewing = subscriptionsOfProfile.some(renews);
  const failing = subscriptionsOfProfile.some((subscription) => subscription.status === "past_due");
  const retrying = subscriptionsOfProfile.some(
    (subscription) => subscription.status === "past_due" && !!subscription.nextRetryAt,
  );
  const cancelled = subscriptionsOfProfile.some((subscription) => subscription.cancelAtPeriodEnd);
  switch (profile.status) {
    case "trial":
    case "extended_trial": {
      if (!profile.trialEndsAt || profile.trialEndsAt > now) return null;
      if (paid || renewing) return { to: "active", reason: "trial_converted" };
      if (failing) return { to: "past_due", reason: "payment_failed" };
      return {
        to: "expired",
        reason: profile.status === "trial" ? "trial_ended" : "extended_trial_ended",
      };
    }
    case "active": {
      if (!profile.paidUntil || paid) return null;
      if (renewing && profile.paidUntil.getTime() + graceMs > now.getTime()) return null;
      // Cancelled by its customer: nothing is owed and nothing will be tried, so no grace; it rests.
      if (cancelled && !failing && !renewing) return { to: "expired", reason: "subscription_cancelled" };
      return { to: "past_due", reason: failing ? "payment_failed" : "paid_period_ended" };
    }
    case "past_due": {
      if (paid) return { to: "active", reason: "payment_received" };
      // A failed charge still to be tried again: the dunning decides, not the grace.
      if (retrying) return null;
      if (pastDueSince && restsOn(pastDueSince, graceDays) <= now) {
        return { to: "expired", reason: "grace_ended" };
      }
      return null;
    }
    default:
      return null;
  }
}
