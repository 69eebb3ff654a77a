// What an operator has not set up yet, for the admin dashboard (decisions: the admin dashboard says
// what is not configured): card payments, the creditor invoices need, e-mail sending and video.
import type { Config } from "../../config";

export const setupGapKinds = [
  /** An https site with no payment provider named: card checkout is not offered. */
  "card_payments_off",
  /** The sandbox takes card payments on an https site: test payments, with the ribbon. */
  "card_payments_test_mode",
  /** The sandbox on a local or demo (http) site: fine there, but no real payments. */
  "card_payments_sandbox",
  /** No active creditor: invoices cannot be issued, so the invoice checkout is not offered. */
  "no_creditor",
  /** No SMTP_URL: e-mails are only written to the outbox folder, nobody receives them. */
  "email_outbox_only",
  /** No ffmpeg found at start: uploaded video clips are refused (links to YouTube and Vimeo work). */
  "video_off",
] as const;
export type SetupGap = (typeof setupGapKinds)[number];

export function setupGaps(
  config: Pick<Config, "PAYMENT_PROVIDER" | "paymentTestMode" | "SMTP_URL">,
  facts: { hasCreditor: boolean; videoUploads?: boolean },
): SetupGap[] {
  const gaps: SetupGap[] = [];
  if (config.PAYMENT_PROVIDER === "none") gaps.push("card_payments_off");
  else if (config.paymentTestMode) gaps.push("card_payments_test_mode");
  else if (config.PAYMENT_PROVIDER === "sandbox") gaps.push("card_payments_sandbox");
  if (!facts.hasCreditor) gaps.push("no_creditor");
  if (!config.SMTP_URL) gaps.push("email_outbox_only");
  if (facts.videoUploads === false) gaps.push("video_off");
  return gaps;
}
