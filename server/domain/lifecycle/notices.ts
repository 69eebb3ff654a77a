// The sweep's e-mails, each sent once: a trial ending soon, a receipt, a payment that failed.
// Each is claimed by a conditional update or a locked check before it is sent.
import { and, eq, gt, inArray, isNotNull, isNull, lte, ne, sql } from "drizzle-orm";
import { auditLog, orders, profiles, renewalReceipts, subscriptions, users } from "../../db/schema";
import {
  sendChargeFailedEmail,
  sendPaymentFailedEmail,
  sendReceiptOnce,
  sendRenewalReceiptOnce,
  sendTrialEndingEmail,
  customerLocale,
  sellerFromConfig,
} from "../billing";
import { dayMs } from "../core";
import type { LifecycleDeps } from "./deps";
import { renews } from "./status-rules";

/** How long before a trial ends its owner is told (decisions: "trial ending in 3 days"). */
export const trialNoticeDays = 3;
export const trialNoticeAction = "trial_ending_notice";

/**
 * Owners of trials ending within three days, with nothing paid to take over, are told once per trial:
 * the audit log keeps that it was sent (profile and trial end), checked under the profile's row lock.
 */
export async function sendTrialEndingNotices(deps: LifecycleDeps, now: Date): Promise<string[]> {
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
  {
    what,
    due,
    claim,
    send,
    release,
  }: {
    what: string;
    due: { id: string }[];
    claim: (orderId: string) => Promise<Claimed | undefined>;
    send: (claimed: Claimed) => Promise<void>;
    release: (orderId: string) => Promise<unknown>;
  },
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

/**
 * Every card payment gets its receipt once: a paid order's first (receipt_sent_at is the claim), each
 * renewal's own (renewal_receipts.sent_at). The booking's effect sends it at once; the sweep sends
 * those it did not (a process that stopped, a mail server down).
 */
export async function sendDueReceipts(
  deps: LifecycleDeps,
  now: Date = deps.now ?? new Date(),
): Promise<string[]> {
  const { db } = deps;
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "paid"), eq(orders.method, "card"), isNull(orders.receiptSentAt)))
    .orderBy(orders.createdAt);
  const context = { seller: sellerFromConfig(deps.config), publicUrl: deps.config.publicUrl, now };
  const sent: string[] = [];
  for (const order of due) {
    try {
      const orderNumber = await sendReceiptOnce(db, deps.email, { ...context, orderId: order.id });
      if (orderNumber) sent.push(orderNumber);
    } catch (error) {
      deps.logger?.warn({ err: error, orderId: order.id }, "receipt e-mail failed; retried next sweep");
    }
  }
  const renewals = await db
    .select({ paymentEventId: renewalReceipts.paymentEventId })
    .from(renewalReceipts)
    .where(isNull(renewalReceipts.sentAt))
    .orderBy(renewalReceipts.paidAt);
  for (const { paymentEventId } of renewals) {
    try {
      const receiptNumber = await sendRenewalReceiptOnce(db, deps.email, { ...context, paymentEventId });
      if (receiptNumber) sent.push(receiptNumber);
    } catch (error) {
      deps.logger?.warn({ err: error, paymentEventId }, "receipt e-mail failed; retried next sweep");
    }
  }
  return sent;
}

/**
 * Every failed card payment's customer is told once (failure_notified_at is the claim): a first
 * checkout that was declined (the order failed), or a renewal that failed (the paid order carries the
 * failure code until a later payment clears it).
 */
export async function sendPaymentFailures(deps: LifecycleDeps, now: Date): Promise<string[]> {
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
  return sendEachOnce(deps, {
    what: "payment failed e-mail",
    due,
    claim: async (id) =>
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
    send: async (claimed) => {
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
    release: (id) => db.update(orders).set({ failureNotifiedAt: null }).where(eq(orders.id, id)),
  });
}
