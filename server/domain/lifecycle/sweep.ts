// The lifecycle sweep: moves pages between statuses as time passes (trials end, paid periods lapse,
// grace runs out, payments fail or come in), ends subscriptions whose every period is paid and over,
// and sends the e-mails that go with it (trial ending soon, receipt, payment failed).
//
// Idempotent and safe to run from two processes at once (serve.ts runs it under an advisory lock, but
// nothing here relies on that): each profile is re-read under a row lock before it changes, and each
// e-mail is claimed by a conditional update or a locked check before it is sent, so it goes out once.
import type { LifecycleDeps } from "./deps";
import { and, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { ProfileStatus, StatusReasonCode } from "../../../contract/profiles";
import { changeStatus } from "../profiles";
import { pageChanged, recordEvent, transaction } from "../core";
import type { Database } from "../../db/client";
import { orders, profiles, subscriptions } from "../../db/schema";
import { chargeSubscriptionNow } from "../billing";
import { noInvoiceProvider } from "../../providers/invoicing/types";
import { invoicePastDueAfterDays } from "../../../contract/invoices";
import {
  profilesWithInvoiceOverdue,
  sweepInvoices,
  unpaidInvoiceDaysOverdue,
  type InvoiceSweepReport,
} from "../invoicing";
import { nextStatus } from "./status-rules";
import { pastDueSince } from "./past-due";
import { sendTrialEndingNotices, sendDueReceipts, sendPaymentFailures } from "./notices";
import { sendTermEndingNotices } from "./term-notices";
import { sendMemoryDigests } from "../memories";
import { sendDueReminders, type SentReminder } from "../reminders";
import { sendKeepsakeRestingNotices } from "../keepsake";

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
  emails: {
    trialEnding: string[];
    /** Pages whose prepaid term ends in six months or one month, their owners reminded. */
    termEnding: string[];
    receipts: string[];
    paymentFailed: string[];
    memoryDigests: string[];
    /** The grave right's and the anniversaries' reminders. */
    reminders: SentReminder[];
    /** Pages gone to rest whose owners were told where their keepsake is (ADR 045). */
    keepsake: string[];
  };
  invoices: InvoiceSweepReport;
};

export async function runLifecycle(deps: LifecycleDeps): Promise<LifecycleReport> {
  const now = deps.now ?? new Date();
  const report: LifecycleReport = {
    statusChanges: [],
    subscriptionsEnded: await endFinishedSubscriptions(deps.db, now),
    // Before the pages' rules: a trial that ends now is charged first, and the rule sees the payment.
    charges: await chargeDueSubscriptions(deps, now),
    emails: {
      trialEnding: [],
      termEnding: [],
      receipts: [],
      paymentFailed: [],
      memoryDigests: [],
      reminders: [],
      keepsake: [],
    },
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
  }
  report.emails.trialEnding = await sendTrialEndingNotices(deps, now);
  report.emails.termEnding = await sendTermEndingNotices(deps, now);
  report.emails.receipts = await sendDueReceipts(deps, now);
  report.emails.paymentFailed = await sendPaymentFailures(deps, now);
  report.emails.memoryDigests = await sendMemoryDigests(deps.db, deps.email, {
    publicUrl: deps.config.publicUrl,
    now,
  });
  report.emails.reminders = await sendDueReminders({
    db: deps.db,
    email: deps.email,
    publicUrl: deps.config.publicUrl,
    now,
    logger: deps.logger,
  });
  // After the pages' rules: a page that went to rest in this sweep is written about in the same one.
  report.emails.keepsake = await sendKeepsakeRestingNotices(
    { db: deps.db, email: deps.email, publicUrl: deps.config.publicUrl, logger: deps.logger },
    now,
  );
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
        termEndingEmails: emails.termEnding.length,
        receipts: emails.receipts.length,
        paymentFailedEmails: emails.paymentFailed.length,
        invoicesOverdue: invoices.overdue.length,
        invoicesDelivered: invoices.delivered.length,
        invoiceReminders: invoices.reminders.length,
        reminderEmails: emails.reminders.length,
        keepsakeEmails: emails.keepsake.length,
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
  return transaction(deps.db, async (tx) => {
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
    const since = row.status === "past_due" ? await pastDueSince(tx, row) : null;
    const invoiceDaysOverdue =
      row.status === "active" || row.status === "past_due"
        ? await unpaidInvoiceDaysOverdue(tx, id, now)
        : null;
    const next = nextStatus({
      profile: row,
      subscriptionsOfProfile,
      pastDueSince: since,
      now,
      graceDays: deps.config.GRACE_DAYS,
      invoiceDaysOverdue,
    });
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
    // Acted on after the commit: a page rendered then already sees the new status (ADR 033).
    recordEvent(tx, pageChanged(id));
    return { profileId: id, from: row.status, to: next.to, reason: next.reason };
  });
}
