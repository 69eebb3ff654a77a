// The billing e-mails (a trial ending, a receipt, a failed payment or charge, a card kept for a
// trial's end, a cancellation, a resumption, a switch of plan, a withdrawal with its credit note, a
// hand-over's two sides), in the account's language.
import type { Locale } from "../../../contract/locale";
import type { OrderPlan } from "../../../contract/orders";
import { i18nFor } from "../../../i18n";
import type { EmailSender } from "../../providers/email/types";
import {
  formatReceiptDate,
  formatReceiptMoney,
  receiptDownloadPath,
  type ReceiptData,
  type ReceiptFile,
} from "./receipts";

/** Where the customer pays for a page: the card checkout. */
function checkoutLink(publicUrl: string, profileId: string): string {
  return `${publicUrl}/k/${encodeURIComponent(profileId)}/checkout/card`;
}

/** Sent once per trial, a few days before it ends, while nothing paid takes over. */
export async function sendTrialEndingEmail(
  sender: EmailSender,
  input: { to: string; locale: Locale; profileId: string; trialEndsAt: Date; publicUrl: string },
): Promise<void> {
  const { t } = i18nFor(input.locale);
  const values = {
    profileId: input.profileId,
    date: formatReceiptDate(input.trialEndsAt, input.locale),
    link: checkoutLink(input.publicUrl, input.profileId),
  };
  await sender.send({
    to: input.to,
    subject: t("billingEmail.trialEnding.subject", values),
    text: t("billingEmail.trialEnding.body", values),
  });
}

/** The receipt of a card payment, its PDF attached. */
export async function sendReceiptEmail(
  sender: EmailSender,
  input: { receipt: ReceiptData; pdf: ReceiptFile; publicUrl: string },
): Promise<void> {
  const { receipt, pdf } = input;
  const { t } = i18nFor(receipt.locale);
  const money = (ore: number) => formatReceiptMoney(ore, receipt.currency, receipt.locale);
  const values = {
    orderNumber: receipt.orderNumber,
    profileId: receipt.profileId,
    total: money(receipt.amountOre),
    vat: money(receipt.vatOre),
    date: formatReceiptDate(receipt.paidAt, receipt.locale),
    link: `${input.publicUrl}${receiptDownloadPath(receipt.orderNumber)}`,
    // A renewal's receipt says which order it renews and the period it paid, not "order KM-…-2".
    renewalOf: receipt.renewalOf ?? "",
    periodStart: formatReceiptDate(receipt.period.start, receipt.locale),
    periodEnd: formatReceiptDate(receipt.period.end, receipt.locale),
  };
  const texts = receipt.renewalOf ? "billingEmail.renewalReceipt" : "billingEmail.receipt";
  await sender.send({
    to: receipt.customerEmail,
    subject: t(`${texts}.subject`, values),
    text: t(`${texts}.body`, values),
    attachments: [pdf],
  });
}

/** A card payment that did not go through, with the way to try again. */
export async function sendPaymentFailedEmail(
  sender: EmailSender,
  input: {
    to: string;
    locale: Locale;
    orderNumber: string;
    profileId: string;
    amountOre: number;
    currency: string;
    graceDays: number;
    publicUrl: string;
  },
): Promise<void> {
  const { t } = i18nFor(input.locale);
  const values = {
    orderNumber: input.orderNumber,
    profileId: input.profileId,
    total: formatReceiptMoney(input.amountOre, input.currency, input.locale),
    graceDays: input.graceDays,
    link: checkoutLink(input.publicUrl, input.profileId),
  };
  await sender.send({
    to: input.to,
    subject: t("billingEmail.paymentFailed.subject", values),
    text: t("billingEmail.paymentFailed.body", values),
  });
}

/**
 * A charge of a subscription failed (a renewal, or the first charge at a trial's end): when it is
 * tried again, or that it was the last try, and where the customer changes the card.
 */
export async function sendChargeFailedEmail(
  sender: EmailSender,
  input: {
    to: string;
    locale: Locale;
    profileId: string;
    amountOre: number;
    currency: string;
    /** Null: that was the last try, and the page now rests. */
    nextRetryAt: Date | null;
    publicUrl: string;
  },
): Promise<void> {
  const values = {
    profileId: input.profileId,
    total: formatReceiptMoney(input.amountOre, input.currency, input.locale),
    date: input.nextRetryAt ? formatReceiptDate(input.nextRetryAt, input.locale) : "",
    link: `${input.publicUrl}/account`,
  };
  await sendBillingEmail(sender, input, input.nextRetryAt ? "chargeFailed" : "chargeFailedLast", values);
}

/** One of the billing e-mails (`billingEmail.{which}`), in the account's language. */
async function sendBillingEmail(
  sender: EmailSender,
  { to, locale }: { to: string; locale: Locale },
  which: string,
  values: Record<string, string>,
  attachments?: ReceiptFile[],
): Promise<void> {
  const { t } = i18nFor(locale);
  await sender.send({
    to,
    subject: t(`billingEmail.${which}.subject`, values),
    text: t(`billingEmail.${which}.body`, values),
    ...(attachments ? { attachments } : {}),
  });
}

/** Who a subscription's e-mail goes to, about which page. */
export type PageEmail = {
  to: string;
  locale: Locale;
  profileId: string;
  pageName: string;
  publicUrl: string;
};

/** The page's name and id, the date and the account's subscriptions: what most of these mails say. */
function pageValues(input: PageEmail): Record<string, string> {
  return {
    profileId: input.profileId,
    name: input.pageName || input.profileId,
    link: `${input.publicUrl}/account`,
  };
}

/**
 * A card kept for the trial's end (decisions "Where money meets people"): nothing is charged today,
 * the first charge's date and amount, and how to cancel before it.
 */
export async function sendCardSavedEmail(
  sender: EmailSender,
  input: PageEmail & { firstChargeAt: Date; amountOre: number; currency: string },
): Promise<void> {
  await sendBillingEmail(sender, input, "cardSaved", {
    ...pageValues(input),
    date: formatReceiptDate(input.firstChargeAt, input.locale),
    total: formatReceiptMoney(input.amountOre, input.currency, input.locale),
  });
}

/** Confirms a cancellation (decisions: the EU's withdrawal-button rule asks for a confirmation). */
export async function sendSubscriptionCancelledEmail(
  sender: EmailSender,
  input: PageEmail & { endsAt: Date },
): Promise<void> {
  await sendBillingEmail(sender, input, "subscriptionCancelled", {
    ...pageValues(input),
    date: formatReceiptDate(input.endsAt, input.locale),
  });
}

/** Confirms that a cancellation was taken back: the next charge (or, when none is left, the plan's end). */
export async function sendSubscriptionResumedEmail(
  sender: EmailSender,
  input: PageEmail & { nextCharge: { at: Date; amountOre: number } | null; endsAt: Date | null },
): Promise<void> {
  const { nextCharge, locale } = input;
  const when = nextCharge?.at ?? input.endsAt;
  await sendBillingEmail(sender, input, nextCharge ? "subscriptionResumed" : "subscriptionResumedNoCharge", {
    ...pageValues(input),
    date: when ? formatReceiptDate(when, locale) : "",
    total: nextCharge ? formatReceiptMoney(nextCharge.amountOre, "SEK", locale) : "",
  });
}

/** Confirms the plan from the next period: which, from when and at what price. */
export async function sendPlanSwitchedEmail(
  sender: EmailSender,
  input: PageEmail & { plan: OrderPlan; from: Date | null; amountOre: number },
): Promise<void> {
  const { t } = i18nFor(input.locale);
  await sendBillingEmail(sender, input, "planSwitched", {
    ...pageValues(input),
    plan: t(`receipt.plans.${input.plan}`),
    date: input.from ? formatReceiptDate(input.from, input.locale) : "",
    total: formatReceiptMoney(input.amountOre, "SEK", input.locale),
  });
}

/**
 * Confirms a withdrawal: the first payment is given back in full and the subscription has ended; the
 * credit note of the refunded receipt is attached.
 */
export async function sendWithdrawalConfirmedEmail(
  sender: EmailSender,
  input: PageEmail & { amountOre: number; orderNumber: string; creditNote: ReceiptFile | null },
): Promise<void> {
  await sendBillingEmail(
    sender,
    input,
    input.creditNote ? "withdrawn" : "withdrawnNoReceipt",
    {
      ...pageValues(input),
      amount: formatReceiptMoney(input.amountOre, "SEK", input.locale),
      orderNumber: input.orderNumber,
      link: `${input.publicUrl}/k/${input.profileId}`,
    },
    input.creditNote ? [input.creditNote] : undefined,
  );
}

/**
 * The old owner of a handed-over page: it is the new owner's now, their card is not charged again for
 * it (and their plan, if one ran, ends on its date); their orders and receipts stay theirs. No
 * invitation to resume: the page is no longer theirs to renew.
 */
export async function sendHandedOverEmail(
  sender: EmailSender,
  input: PageEmail & { newOwner: string; planEndsAt: Date | null },
): Promise<void> {
  await sendBillingEmail(sender, input, input.planEndsAt ? "handedOver" : "handedOverNoPlan", {
    ...pageValues(input),
    newOwner: input.newOwner,
    date: input.planEndsAt ? formatReceiptDate(input.planEndsAt, input.locale) : "",
  });
}

/**
 * The new owner of a handed-over page: when its paid time or trial ends (or that it rests now), that
 * a plan is needed then, and where to choose one.
 */
export async function sendTakenOverEmail(
  sender: EmailSender,
  input: PageEmail & { time: { kind: "paid" | "trial"; until: Date } | null },
): Promise<void> {
  const { time } = input;
  await sendBillingEmail(sender, input, time ? `takenOver.${time.kind}` : "takenOver.resting", {
    ...pageValues(input),
    date: time ? formatReceiptDate(time.until, input.locale) : "",
    link: checkoutLink(input.publicUrl, input.profileId),
  });
}

/**
 * A prepaid term runs out (ADR 041): six months and one month before the page's paid-until, its owner
 * is told the date, that nothing is charged by itself, and where to pay on (from where the time ends).
 */
export async function sendTermEndingEmail(
  sender: EmailSender,
  input: PageEmail & { paidUntil: Date; monthsLeft: 6 | 1 },
): Promise<void> {
  const { t } = i18nFor(input.locale);
  await sendBillingEmail(sender, input, "termEnding", {
    ...pageValues(input),
    date: formatReceiptDate(input.paidUntil, input.locale),
    left: t(`billingEmail.termEnding.left.${input.monthsLeft}`),
    link: checkoutLink(input.publicUrl, input.profileId),
  });
}
