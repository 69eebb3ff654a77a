// Each money event's e-mail to its customer, sent at once after the commit (decisions "Where money
// meets people"; ADR 033): the dispatcher (server/effects.ts) hands each recorded money event here.
// The event says what happened; this looks up whom to write to, in which language, about which page.
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { orders, paymentEvents, profiles, renewalReceipts, subscriptions, users } from "../../db/schema";
import type { EmailSender } from "../../providers/email/types";
import type { MoneyEvent } from "../core";
import {
  sendCardSavedEmail,
  sendHandedOverEmail,
  sendPlanSwitchedEmail,
  sendTermEndingEmail,
  sendReceiptEmail,
  sendSubscriptionCancelledEmail,
  sendSubscriptionResumedEmail,
  sendTakenOverEmail,
  sendWithdrawalConfirmedEmail,
  type PageEmail,
} from "./emails";
import {
  creditNotePdf,
  customerLocale,
  receiptData,
  receiptPdf,
  receiptSeller,
  type Seller,
} from "./receipts";
import { stretchEnd } from "./subscriptions";
import { tellFamilyOfGift } from "./gift-emails";

export type CustomerEmailContext = {
  /** The seller of the configuration, while no creditor is set up (receiptSeller). */
  seller: Seller;
  publicUrl: string;
  now?: Date;
};

/**
 * Sends a paid card order's receipt unless it went already. receipt_sent_at is the claim: of the
 * booking's effect and the sweep, only one gets the row, so a payment has one receipt. A send that
 * fails gives the claim back (the sweep tries again) and throws. Answers the order number when this
 * call sent it, null when it was not due.
 */
export async function sendReceiptOnce(
  db: Executor,
  sender: EmailSender,
  { orderId, seller, publicUrl, now = new Date() }: CustomerEmailContext & { orderId: string },
): Promise<string | null> {
  const [claimed] = await db
    .update(orders)
    .set({ receiptSentAt: now })
    .where(
      and(
        eq(orders.id, orderId),
        isNull(orders.receiptSentAt),
        eq(orders.status, "paid"),
        eq(orders.method, "card"),
      ),
    )
    .returning({ orderNumber: orders.orderNumber });
  if (!claimed) return null;
  try {
    const data = await receiptData(db, claimed.orderNumber);
    if (!data) throw new Error(`order ${claimed.orderNumber} has no receipt data`);
    await sendReceiptEmail(sender, {
      receipt: data,
      pdf: await receiptPdf(data, await receiptSeller(db, seller)),
      publicUrl,
    });
    return claimed.orderNumber;
  } catch (error) {
    await db.update(orders).set({ receiptSentAt: null }).where(eq(orders.id, orderId));
    throw error;
  }
}

/**
 * Sends a renewal's receipt unless it went already: its own sent_at is the claim, as the order's
 * receipt_sent_at is for the first payment, so each payment has one receipt. A send that fails gives
 * the claim back (the sweep tries again) and throws. Answers the receipt's number when this call sent
 * it, null when it was not due.
 */
export async function sendRenewalReceiptOnce(
  db: Executor,
  sender: EmailSender,
  { paymentEventId, seller, publicUrl, now = new Date() }: CustomerEmailContext & { paymentEventId: string },
): Promise<string | null> {
  const [claimed] = await db
    .update(renewalReceipts)
    .set({ sentAt: now })
    .where(and(eq(renewalReceipts.paymentEventId, paymentEventId), isNull(renewalReceipts.sentAt)))
    .returning({ receiptNumber: renewalReceipts.receiptNumber });
  if (!claimed) return null;
  try {
    const data = await receiptData(db, claimed.receiptNumber);
    if (!data) throw new Error(`renewal receipt ${claimed.receiptNumber} has no receipt data`);
    if (data.method !== "card") return null;
    await sendReceiptEmail(sender, {
      receipt: data,
      pdf: await receiptPdf(data, await receiptSeller(db, seller)),
      publicUrl,
    });
    return claimed.receiptNumber;
  } catch (error) {
    await db
      .update(renewalReceipts)
      .set({ sentAt: null })
      .where(eq(renewalReceipts.paymentEventId, paymentEventId));
    throw error;
  }
}

/** Whom a page's e-mail goes to: the account's address and language, the page's name. */
async function pageEmailTo(
  db: Executor,
  userId: string,
  profileId: string,
  publicUrl: string,
): Promise<PageEmail | null> {
  const [row] = await db
    .select({
      email: users.email,
      locale: users.locale,
      content: profiles.content,
      metadata: profiles.metadata,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, profileId))
    .where(eq(users.id, userId));
  if (!row) return null;
  return {
    to: row.email,
    locale: customerLocale(row.locale, row.metadata.language),
    profileId,
    pageName: row.content.displayName ?? "",
    publicUrl,
  };
}

/** E-mails the customer what a money event did (the receipt has its own claim: sendReceiptOnce). */
export async function tellCustomer(
  db: Executor,
  sender: EmailSender,
  event: MoneyEvent,
  context: CustomerEmailContext,
): Promise<void> {
  if (event.type === "payment.booked") {
    await sendReceiptOnce(db, sender, { ...context, orderId: event.orderId });
    return;
  }
  if (event.type === "renewal.paid") {
    await sendRenewalReceiptOnce(db, sender, { ...context, paymentEventId: event.paymentEventId });
    return;
  }
  if (event.type === "gift.given") {
    await tellFamilyOfGift(db, sender, { orderId: event.orderId, publicUrl: context.publicUrl });
    return;
  }
  if (event.type === "page.handed-over") {
    await tellBothSidesOfHandOver(db, sender, event, context);
    return;
  }
  const to = await pageEmailTo(db, event.customerUserId, event.profileId, context.publicUrl);
  if (!to) return;
  switch (event.type) {
    case "card.saved":
      return sendCardSavedEmail(sender, { ...to, ...event });
    case "subscription.cancelled":
      return sendSubscriptionCancelledEmail(sender, { ...to, endsAt: event.endsAt });
    case "subscription.resumed":
      return sendSubscriptionResumedEmail(sender, { ...to, ...event });
    case "subscription.switched":
      return sendPlanSwitchedEmail(sender, { ...to, ...event });
    case "term.ending":
      return sendTermEndingEmail(sender, { ...to, ...event });
    case "subscription.withdrawn": {
      const [refunded] = await db
        .select({ orderNumber: orders.orderNumber, receiptSentAt: orders.receiptSentAt })
        .from(orders)
        .where(eq(orders.id, event.orderId));
      if (!refunded) return;
      const [refund] = await db
        .select({ at: paymentEvents.processedAt })
        .from(paymentEvents)
        .where(and(eq(paymentEvents.orderId, event.orderId), eq(paymentEvents.type, "payment_refunded")))
        .orderBy(desc(paymentEvents.processedAt))
        .limit(1);
      // The credit note gives back a receipt the customer was sent; a payment refunded before its
      // receipt went has none to give back (and the sweep sends no receipt of a refunded order).
      const data = refunded.receiptSentAt ? await receiptData(db, refunded.orderNumber, "refunded") : null;
      const seller = await receiptSeller(db, context.seller);
      return sendWithdrawalConfirmedEmail(sender, {
        ...to,
        amountOre: event.amountOre,
        orderNumber: refunded.orderNumber,
        creditNote: data ? await creditNotePdf(data, seller, refund?.at ?? context.now ?? new Date()) : null,
      });
    }
  }
}

/**
 * A hand-over tells each side what happened to them (decisions "Where money meets people"): the old
 * owner that the page is the new owner's and their card is not charged again (their plan's end, if
 * one ran); the new owner when the page's paid or trial time ends and that a plan is needed then.
 */
async function tellBothSidesOfHandOver(
  db: Executor,
  sender: EmailSender,
  event: Extract<MoneyEvent, { type: "page.handed-over" }>,
  { publicUrl, now = new Date() }: CustomerEmailContext,
): Promise<void> {
  const { profileId } = event;
  const newOwner = await pageEmailTo(db, event.toUserId, profileId, publicUrl);
  if (!newOwner) return;
  const [page] = await db
    .select({ status: profiles.status, trialEndsAt: profiles.trialEndsAt, paidUntil: profiles.paidUntil })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  if (!page) return;
  if (event.fromUserId) {
    const oldOwner = await pageEmailTo(db, event.fromUserId, profileId, publicUrl);
    const [plan] = await db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.profileId, profileId),
          eq(subscriptions.customerUserId, event.fromUserId),
          inArray(subscriptions.status, ["trialing", "active", "past_due"]),
        ),
      )
      .orderBy(desc(subscriptions.createdAt))
      .limit(1);
    if (oldOwner) {
      await sendHandedOverEmail(sender, {
        ...oldOwner,
        newOwner: newOwner.to,
        planEndsAt: plan ? stretchEnd(plan) : null,
      });
    }
  }
  // The later of the trial's end and the time paid for (a page paid during its trial is paid longer).
  const trialEnd = page.status === "trial" || page.status === "extended_trial" ? page.trialEndsAt : null;
  const paidEnd = page.paidUntil && (!trialEnd || page.paidUntil > trialEnd) ? page.paidUntil : null;
  let time: { kind: "paid" | "trial"; until: Date } | null = null;
  if (page.status !== "expired" && paidEnd && paidEnd > now) time = { kind: "paid", until: paidEnd };
  else if (trialEnd && trialEnd > now) time = { kind: "trial", until: trialEnd };
  await sendTakenOverEmail(sender, { ...newOwner, time });
}
