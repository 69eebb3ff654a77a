// The lifecycle sweep: moves pages between statuses as time passes (trials end, paid periods lapse,
// grace runs out, payments fail or come in), ends subscriptions whose every period is paid and over,
// and sends the e-mails that go with it (trial ending soon, receipt, payment failed).
//
// Idempotent and safe to run from two processes at once (serve.ts runs it under an advisory lock, but
// nothing here relies on that): each profile is re-read under a row lock before it changes, and each
// e-mail is claimed by a conditional update or a locked check before it is sent, so it goes out once.
import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { ProfileStatus, StatusReasonCode } from "../../../contract/profiles";
import { changeStatus, type ReasonOf } from "../profiles";
import type { SubscriptionStatus } from "../../../contract/orders";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { auditLog, orders, profileStatusHistory, profiles, subscriptions, users } from "../../db/schema";
import {
  sendChargeFailedEmail,
  sendPaymentFailedEmail,
  sendReceiptEmail,
  sendTrialEndingEmail,
  customerLocale,
  receiptData,
  receiptPdf,
  receiptSeller,
  sellerFromConfig,
  chargeSubscriptionNow,
} from "../billing";
import type { Logger } from "../../logger";
import type { EmailSender } from "../../providers/email/types";
import { noInvoiceProvider, type InvoiceProvider } from "../../providers/invoicing/types";
import { invoiceExpiresAfterPastDueDays, invoicePastDueAfterDays } from "../../../contract/invoices";
import {
  profilesWithInvoiceOverdue,
  sweepInvoices,
  unpaidInvoiceDaysOverdue,
  type InvoiceSweepReport,
} from "../invoicing";
import type { PaymentEvent, SubscriptionCharge } from "../../providers/payments/types";

const dayMs = 24 * 60 * 60 * 1000;
/** How long before a trial ends its owner is told (decisions: "trial ending in 3 days"). */
export const trialNoticeDays = 3;
export const trialNoticeAction = "trial_ending_notice";

export type LifecycleConfig = Pick<
  Config,
  | "GRACE_DAYS"
  | "publicUrl"
  | "SELLER_NAME"
  | "SELLER_ORG_NUMBER"
  | "SELLER_VAT_NUMBER"
  | "SELLER_ADDRESS"
  | "SELLER_EMAIL"
>;

export type LifecycleDeps = {
  db: Database;
  email: EmailSender;
  config: LifecycleConfig;
  /** The sweep's clock; tests pass a simulated time. */
  now?: Date;
  /** Called after each status change is committed (drops the page's cached copy at once). */
  onProfileChanged?: (id: string) => void;
  logger?: Pick<Logger, "info" | "warn">;
  /** Where issued invoices are handed over; the sweep retries failed hand-overs. */
  invoiceProvider?: InvoiceProvider;
  /**
   * Charges a subscription's kept card, where we charge renewals ourselves (the sandbox's
   * chargeSubscription); absent when the provider charges its own (Stripe) or there is none.
   */
  charge?: (charge: SubscriptionCharge) => PaymentEvent;
};

export type StatusChange = {
  profileId: string;
  from: ProfileStatus;
  to: ProfileStatus;
  reason: StatusReasonCode;
};

export type LifecycleReport = {
  statusChanges: StatusChange[];
  subscriptionsEnded: string[];
  /** Orders whose subscription was charged this sweep, with what came of it. */
  charges: { orderNumber: string; outcome: "paid" | "failed" }[];
  emails: { trialEnding: string[]; receipts: string[]; paymentFailed: string[] };
  invoices: InvoiceSweepReport;
};

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
export function nextStatus(
  profile: ProfileFacts,
  subscriptionsOfProfile: SubscriptionFacts[],
  pastDueSince: Date | null,
  now: Date,
  graceDays: number,
  /** Days past its due date of the page's oldest unpaid invoice (0 or less before it); null for none. */
  invoiceDaysOverdue: number | null = null,
): { to: ProfileStatus; reason: ReasonOf<"time"> } | null {
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
      if (pastDueSince && pastDueSince.getTime() + graceMs <= now.getTime()) {
        return { to: "expired", reason: "grace_ended" };
      }
      return null;
    }
    default:
      return null;
  }
}

export async function runLifecycle(deps: LifecycleDeps): Promise<LifecycleReport> {
  const now = deps.now ?? new Date();
  const report: LifecycleReport = {
    statusChanges: [],
    subscriptionsEnded: await endFinishedSubscriptions(deps.db, now),
    // Before the pages' rules: a trial that ends now is charged first, and the rule sees the payment.
    charges: await chargeDueSubscriptions(deps, now),
    emails: { trialEnding: [], receipts: [], paymentFailed: [] },
    // Invoices first: an invoice that becomes overdue now is seen by the pages' rules below.
    invoices: await sweepInvoices({
      db: deps.db,
      email: deps.email,
      provider: deps.invoiceProvider ?? noInvoiceProvider,
      publicUrl: deps.config.publicUrl,
      logger: deps.logger,
      now,
    }),
  };
  for (const id of await candidateProfiles(deps.db, now)) {
    const change = await moveProfile(deps, id, now);
    if (!change) continue;
    report.statusChanges.push(change);
    // After the commit: a page rendered now must already see the new status.
    deps.onProfileChanged?.(id);
  }
  report.emails.trialEnding = await sendTrialEndingNotices(deps, now);
  report.emails.receipts = await sendDueReceipts(deps, now);
  report.emails.paymentFailed = await sendPaymentFailures(deps, now);
  const { statusChanges, subscriptionsEnded, charges, emails, invoices } = report;
  if (
    statusChanges.length ||
    subscriptionsEnded.length ||
    charges.length ||
    Object.values(emails).some((sent) => sent.length) ||
    Object.values(invoices).some((done) => done.length)
  ) {
    deps.logger?.info(
      {
        statusChanges: statusChanges.length,
        subscriptionsEnded: subscriptionsEnded.length,
        charges: charges.length,
        trialEndingEmails: emails.trialEnding.length,
        receipts: emails.receipts.length,
        paymentFailedEmails: emails.paymentFailed.length,
        invoicesOverdue: invoices.overdue.length,
        invoicesDelivered: invoices.delivered.length,
        invoiceReminders: invoices.reminders.length,
      },
      "lifecycle sweep",
    );
  }
  return report;
}

/**
 * A subscription with a fixed number of periods, all paid, whose last period is over, has ended; one
 * its customer cancelled is cancelled once its period (or the trial before its first charge) is over.
 */
async function endFinishedSubscriptions(db: Database, now: Date): Promise<string[]> {
  const cancelled = await db
    .update(subscriptions)
    .set({ status: "cancelled", nextChargeAt: null, nextRetryAt: null, updatedAt: now })
    .where(
      and(
        eq(subscriptions.cancelAtPeriodEnd, true),
        inArray(subscriptions.status, ["trialing", "active", "past_due"]),
        or(
          lte(subscriptions.currentPeriodEnd, now),
          and(isNull(subscriptions.currentPeriodEnd), lte(subscriptions.trialEndsAt, now)),
        ),
      ),
    )
    .returning({ id: subscriptions.id, orderId: subscriptions.orderId });
  // Cancelled before its first charge (during the trial that came first): its order will never be
  // paid, so it says cancelled, not "card saved, first charge at the trial's end".
  if (cancelled.length > 0) {
    await db
      .update(orders)
      .set({ status: "cancelled" })
      .where(
        and(
          inArray(
            orders.id,
            cancelled.map((row) => row.orderId),
          ),
          eq(orders.status, "scheduled"),
        ),
      );
  }
  const ended = await db
    .update(subscriptions)
    .set({ status: "ended", updatedAt: now })
    .where(
      and(
        eq(subscriptions.status, "active"),
        gt(subscriptions.iterations, 0),
        sql`${subscriptions.periodsPaid} >= ${subscriptions.iterations}`,
        isNotNull(subscriptions.currentPeriodEnd),
        lte(subscriptions.currentPeriodEnd, now),
      ),
    )
    .returning({ id: subscriptions.id });
  return [...cancelled, ...ended].map((row) => row.id);
}

/**
 * Charges the subscriptions whose charge is due, where we charge them ourselves (deps.charge): the
 * first charge at a trial's end, each renewal at its period's end, and a failed charge's retries
 * (1, 3 and 7 days after it was due). Each outcome is booked through the one booking path; a switch
 * of plan is charged at the new plan's price and interval. A cancelled subscription is not charged.
 */
async function chargeDueSubscriptions(deps: LifecycleDeps, now: Date): Promise<LifecycleReport["charges"]> {
  const { charge } = deps;
  if (!charge) return [];
  const due = await deps.db
    .select({ subscription: subscriptions, orderNumber: orders.orderNumber, orderStatus: orders.status })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(
      and(
        eq(subscriptions.provider, "sandbox"),
        eq(subscriptions.cancelAtPeriodEnd, false),
        or(
          and(eq(subscriptions.status, "past_due"), lte(subscriptions.nextRetryAt, now)),
          and(
            inArray(subscriptions.status, ["trialing", "active"]),
            isNull(subscriptions.nextRetryAt),
            lte(subscriptions.nextChargeAt, now),
          ),
        ),
      ),
    )
    .orderBy(subscriptions.nextChargeAt);
  const charged: LifecycleReport["charges"] = [];
  for (const entry of due) {
    const outcome = await chargeSubscriptionNow({ ...deps, charge }, entry, now);
    if (outcome) charged.push({ orderNumber: entry.orderNumber, outcome });
  }
  return charged;
}

/** The profiles a rule may apply to; each is decided again under its row lock. */
async function candidateProfiles(db: Database, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      or(
        and(inArray(profiles.status, ["trial", "extended_trial"]), lte(profiles.trialEndsAt, now)),
        and(eq(profiles.status, "active"), lte(profiles.paidUntil, now)),
        and(eq(profiles.status, "active"), profilesWithInvoiceOverdue(invoicePastDueAfterDays, now)),
        eq(profiles.status, "past_due"),
      ),
    )
    .orderBy(profiles.id);
  return rows.map((row) => row.id);
}

async function moveProfile(deps: LifecycleDeps, id: string, now: Date): Promise<StatusChange | null> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(profiles).where(eq(profiles.id, id)).for("update");
    if (!row) return null;
    const subscriptionsOfProfile = await tx
      .select({
        status: subscriptions.status,
        iterations: subscriptions.iterations,
        periodsPaid: subscriptions.periodsPaid,
        nextRetryAt: subscriptions.nextRetryAt,
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      })
      .from(subscriptions)
      .where(eq(subscriptions.profileId, id));
    let pastDueSince: Date | null = null;
    if (row.status === "past_due") {
      const [entry] = await tx
        .select({ at: profileStatusHistory.at })
        .from(profileStatusHistory)
        .where(and(eq(profileStatusHistory.profileId, id), eq(profileStatusHistory.toStatus, "past_due")))
        .orderBy(desc(profileStatusHistory.at))
        .limit(1);
      pastDueSince = entry?.at ?? row.updatedAt;
    }
    const invoiceDaysOverdue =
      row.status === "active" || row.status === "past_due"
        ? await unpaidInvoiceDaysOverdue(tx, id, now)
        : null;
    const next = nextStatus(
      row,
      subscriptionsOfProfile,
      pastDueSince,
      now,
      deps.config.GRACE_DAYS,
      invoiceDaysOverdue,
    );
    if (!next) return null;
    // A trial a subscription takes over without a payment yet (its first charge is due at the trial's
    // end) is covered from there; the payment moves paid-until on, a failure lets it lapse.
    const coveredFromTrialEnd =
      next.reason === "trial_converted" && row.trialEndsAt && !(row.paidUntil && row.paidUntil > now);
    await changeStatus(tx, {
      profile: row,
      to: next.to,
      cause: "time",
      reason: next.reason,
      fields: coveredFromTrialEnd ? { paidUntil: row.trialEndsAt } : {},
      now,
    });
    return { profileId: id, from: row.status, to: next.to, reason: next.reason };
  });
}

/**
 * Owners of trials ending within three days, with nothing paid to take over, are told once per trial:
 * the audit log keeps that it was sent (profile and trial end), checked under the profile's row lock.
 */
async function sendTrialEndingNotices(deps: LifecycleDeps, now: Date): Promise<string[]> {
  const { db } = deps;
  const due = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        inArray(profiles.status, ["trial", "extended_trial"]),
        gt(profiles.trialEndsAt, now),
        lte(profiles.trialEndsAt, new Date(now.getTime() + trialNoticeDays * dayMs)),
        isNotNull(profiles.ownerUserId),
      ),
    )
    .orderBy(profiles.id);
  const sent: string[] = [];
  for (const { id } of due) {
    const claimed = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          status: profiles.status,
          trialEndsAt: profiles.trialEndsAt,
          paidUntil: profiles.paidUntil,
          ownerUserId: profiles.ownerUserId,
          metadata: profiles.metadata,
        })
        .from(profiles)
        .where(eq(profiles.id, id))
        .for("update");
      if (
        !row?.trialEndsAt ||
        !row.ownerUserId ||
        (row.status !== "trial" && row.status !== "extended_trial")
      ) {
        return null;
      }
      if (row.paidUntil && row.paidUntil >= row.trialEndsAt) return null;
      const subscriptionsOfProfile = await tx
        .select({
          status: subscriptions.status,
          iterations: subscriptions.iterations,
          periodsPaid: subscriptions.periodsPaid,
        })
        .from(subscriptions)
        .where(eq(subscriptions.profileId, id));
      if (subscriptionsOfProfile.some(renews)) return null;
      const trialEndsAt = row.trialEndsAt.toISOString();
      const [already] = await tx
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, trialNoticeAction),
            sql`${auditLog.details}->>'profileId' = ${id}`,
            sql`${auditLog.details}->>'trialEndsAt' = ${trialEndsAt}`,
          ),
        )
        .limit(1);
      if (already) return null;
      const [owner] = await tx
        .select({ email: users.email, locale: users.locale })
        .from(users)
        .where(eq(users.id, row.ownerUserId));
      if (!owner) return null;
      const [entry] = await tx
        .insert(auditLog)
        .values({
          action: trialNoticeAction,
          at: now,
          targetUserId: row.ownerUserId,
          details: { profileId: id, trialEndsAt },
        })
        .returning({ id: auditLog.id });
      return {
        auditId: (entry as { id: string }).id,
        to: owner.email,
        trialEndsAt: row.trialEndsAt,
        locale: customerLocale(owner.locale, row.metadata.language),
      };
    });
    if (!claimed) continue;
    try {
      await sendTrialEndingEmail(deps.email, {
        to: claimed.to,
        locale: claimed.locale,
        profileId: id,
        trialEndsAt: claimed.trialEndsAt,
        publicUrl: deps.config.publicUrl,
      });
      sent.push(id);
    } catch (error) {
      // Not sent: give the claim back, so the next sweep tries again.
      await db.delete(auditLog).where(eq(auditLog.id, claimed.auditId));
      deps.logger?.warn({ err: error, profileId: id }, "trial ending e-mail failed; retried next sweep");
    }
  }
  return sent;
}

/**
 * Sends one e-mail per due order, each claimed first by a conditional update (of two sweeps only one
 * gets the row back) and released again when sending fails, so the next sweep retries it.
 */
async function sendEachOnce<Claimed extends { orderNumber: string }>(
  deps: LifecycleDeps,
  what: string,
  due: { id: string }[],
  claim: (orderId: string) => Promise<Claimed | undefined>,
  send: (claimed: Claimed) => Promise<void>,
  release: (orderId: string) => Promise<unknown>,
): Promise<string[]> {
  const sent: string[] = [];
  for (const order of due) {
    const claimed = await claim(order.id);
    if (!claimed) continue;
    try {
      await send(claimed);
      sent.push(claimed.orderNumber);
    } catch (error) {
      await release(order.id);
      deps.logger?.warn(
        { err: error, orderNumber: claimed.orderNumber },
        `${what} failed; retried next sweep`,
      );
    }
  }
  return sent;
}

/** Every paid card order gets its receipt once (receipt_sent_at is the claim). */
export async function sendDueReceipts(
  deps: LifecycleDeps,
  now: Date = deps.now ?? new Date(),
): Promise<string[]> {
  const { db } = deps;
  const seller = await receiptSeller(db, sellerFromConfig(deps.config));
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "paid"), eq(orders.method, "card"), isNull(orders.receiptSentAt)))
    .orderBy(orders.createdAt);
  return sendEachOnce(
    deps,
    "receipt e-mail",
    due,
    async (id) =>
      (
        await db
          .update(orders)
          .set({ receiptSentAt: now })
          .where(and(eq(orders.id, id), isNull(orders.receiptSentAt), eq(orders.status, "paid")))
          .returning({ orderNumber: orders.orderNumber })
      )[0],
    async ({ orderNumber }) => {
      const data = await receiptData(db, orderNumber);
      if (!data) throw new Error(`order ${orderNumber} has no receipt data`);
      await sendReceiptEmail(deps.email, {
        receipt: data,
        pdf: await receiptPdf(data, seller),
        publicUrl: deps.config.publicUrl,
      });
    },
    (id) => db.update(orders).set({ receiptSentAt: null }).where(eq(orders.id, id)),
  );
}

/**
 * Every failed card payment's customer is told once (failure_notified_at is the claim): a first
 * checkout that was declined (the order failed), or a renewal that failed (the paid order carries the
 * failure code until a later payment clears it).
 */
async function sendPaymentFailures(deps: LifecycleDeps, now: Date): Promise<string[]> {
  const { db } = deps;
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        isNotNull(orders.failureCode),
        eq(orders.method, "card"),
        isNull(orders.failureNotifiedAt),
        // Given up for another way of paying (the invoice): nothing to tell.
        ne(orders.status, "cancelled"),
      ),
    )
    .orderBy(orders.createdAt);
  return sendEachOnce(
    deps,
    "payment failed e-mail",
    due,
    async (id) =>
      (
        await db
          .update(orders)
          .set({ failureNotifiedAt: now })
          .where(
            and(
              eq(orders.id, id),
              isNull(orders.failureNotifiedAt),
              isNotNull(orders.failureCode),
              ne(orders.status, "cancelled"),
            ),
          )
          .returning()
      )[0],
    async (claimed) => {
      const [facts] = await db
        .select({ email: users.email, accountLocale: users.locale, metadata: profiles.metadata })
        .from(users)
        .innerJoin(profiles, eq(profiles.id, claimed.profileId))
        .where(eq(users.id, claimed.customerUserId));
      if (!facts) throw new Error(`order ${claimed.orderNumber} has no customer`);
      const [subscription] = await db
        .select({
          nextRetryAt: subscriptions.nextRetryAt,
          priceOre: subscriptions.priceOre,
          status: subscriptions.status,
        })
        .from(subscriptions)
        .where(eq(subscriptions.orderId, claimed.id));
      // A charge we try again ourselves (when, and where to change the card), or the last one that
      // failed; a provider's own retries (Stripe) get the general message below.
      if (subscription && (subscription.nextRetryAt || subscription.status === "cancelled")) {
        await sendChargeFailedEmail(deps.email, {
          to: facts.email,
          locale: customerLocale(facts.accountLocale, facts.metadata.language),
          profileId: claimed.profileId,
          amountOre: subscription.priceOre,
          currency: claimed.currency,
          nextRetryAt: subscription.nextRetryAt,
          publicUrl: deps.config.publicUrl,
        });
        return;
      }
      await sendPaymentFailedEmail(deps.email, {
        to: facts.email,
        locale: customerLocale(facts.accountLocale, facts.metadata.language),
        orderNumber: claimed.orderNumber,
        profileId: claimed.profileId,
        amountOre: claimed.amountOre,
        currency: claimed.currency,
        graceDays: deps.config.GRACE_DAYS,
        publicUrl: deps.config.publicUrl,
      });
    },
    (id) => db.update(orders).set({ failureNotifiedAt: null }).where(eq(orders.id, id)),
  );
}
