// The fixed values of profiles: statuses, walkthrough steps, visibilities, sorts and limits. No zod
// here: the public page and its editor use them in their first load.
export const profileStatuses = [
  "unclaimed",
  "draft",
  "trial",
  "extended_trial",
  "active",
  "past_due",
  "expired",
  "suspended",
  // Erased on its owner's (or an admin's, on the owner's request) deletion of the account:
  // no owner, no content; the id stays taken, as it is printed on a plaque (ADR 016).
  "removed",
] as const;
export type ProfileStatus = (typeof profileStatuses)[number];

/**
 * Why the system itself changed a page's status, kept as a code in the status history and shown in
 * the reader's language. An admin's own reason is free text, kept beside the code (never as one).
 */
export const statusReasonCodes = [
  "created", // a new page (unclaimed, or a draft for its owner)
  "claimed", // an unclaimed page taken by its owner (or given to one by an admin)
  "trial_started_on_publish", // the first publishing started the free trial
  "free_trial_started", // the owner started the free trial at /gratis-provperiod
  "extended_trial_started", // the owner started the extended trial at /extended-trial
  "trial_ended", // the free trial ran out with nothing paid
  "extended_trial_ended", // the extended trial ran out with nothing paid
  "trial_converted", // a trial ran out and a paid plan took over
  "paid_period_ended", // the paid period ran out and nothing renews it
  "payment_failed", // the renewal's payment failed: a grace period before the page goes
  "grace_ended", // the grace period after a lapse or a failed payment ran out
  "payment_received", // a payment came in while the page was past due
  "paid", // a card payment was booked: the page is paid for a period
  "subscription_started", // a checkout with a trial first: the card is kept, the first charge at the trial's end
  "subscription_cancelled", // the customer cancelled; the paid period ran out and nothing renews it
  "withdrawn", // the customer withdrew within 14 days of the first payment and got it back in full
  "invoice_paid", // a payment (bank file or booked by an admin) settled the page's invoice
  "invoice_issued", // the owner paid by invoice: the page is active while the invoice runs
  "invoice_overdue", // the page's invoice is unpaid 7 days after its due date
  "invoice_unpaid", // the invoice is still unpaid 30 days after the page went past due
  "account_deleted", // its owner's account was deleted (by the owner, or by an admin on request)
] as const;
export type StatusReasonCode = (typeof statusReasonCodes)[number];

export const walkthroughSteps = ["welcome", "name", "story", "images", "links", "publish"] as const;
export type WalkthroughStep = (typeof walkthroughSteps)[number];

/**
 * Who may see a page: everyone (`public`, and listed in /sitemap.xml), whoever has its link or code
 * (`unlisted`), or only visitors let in by its password or an e-mailed invitation (`private`, ADR 043).
 */
export const profileVisibilities = ["public", "unlisted", "private"] as const;
export type ProfileVisibility = (typeof profileVisibilities)[number];

export const profileSorts = ["created_desc", "created_asc", "updated_desc", "id_asc"] as const;

export const maxBatchSize = 10_000;

/**
 * A link as people type it: "www.example.se" (a host without a scheme) becomes
 * "https://www.example.se"; anything with a scheme, or without a dot, is left for the https check.
 */
export function linkWithScheme(value: string): string {
  const link = value.trim();
  return /^[a-z][a-z0-9+.-]*:/i.test(link) || !link.includes(".") ? link : `https://${link}`;
}
