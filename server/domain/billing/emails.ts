// The billing e-mails (a trial ending, a receipt, a failed payment or charge, a cancellation, a
// withdrawal), in the account's language.
import type { Locale } from "../../../contract/locale";
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
  };
  await sender.send({
    to: receipt.customerEmail,
    subject: t("billingEmail.receipt.subject", values),
    text: t("billingEmail.receipt.body", values),
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
): Promise<void> {
  const { t } = i18nFor(locale);
  await sender.send({
    to,
    subject: t(`billingEmail.${which}.subject`, values),
    text: t(`billingEmail.${which}.body`, values),
  });
}

/** Who a subscription's e-mail goes to, about which page. */
type PageEmail = { to: string; locale: Locale; profileId: string; pageName: string; publicUrl: string };

/** Confirms a cancellation (decisions: the EU's withdrawal-button rule asks for a confirmation). */
export async function sendSubscriptionCancelledEmail(
  sender: EmailSender,
  input: PageEmail & { endsAt: Date },
): Promise<void> {
  await sendBillingEmail(sender, input, "subscriptionCancelled", {
    profileId: input.profileId,
    name: input.pageName || input.profileId,
    date: formatReceiptDate(input.endsAt, input.locale),
    link: `${input.publicUrl}/account`,
  });
}

/** Confirms a withdrawal: the first payment is given back in full and the subscription has ended. */
export async function sendWithdrawalConfirmedEmail(
  sender: EmailSender,
  input: PageEmail & { amountOre: number },
): Promise<void> {
  await sendBillingEmail(sender, input, "withdrawn", {
    profileId: input.profileId,
    name: input.pageName || input.profileId,
    amount: formatReceiptMoney(input.amountOre, "SEK", input.locale),
    link: `${input.publicUrl}/k/${input.profileId}`,
  });
}
