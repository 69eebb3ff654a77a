// Orders, subscriptions, checkout links and payment providers: their values, the order number, the
// VAT split, and the payloads of the calls about them.
import { termPlans, vatRatePercent, type Money } from "./pricing";
import { profileIdSchema } from "./profiles";
import { text, z } from "./zod";

export const orderMethods = ["card", "invoice"] as const;
export type OrderMethod = (typeof orderMethods)[number];

/**
 * A standard plan, the terms of an admin's checkout link, or a prepaid term (ten or twenty-five years
 * paid once, ADR 041; a checkout link that carries a term makes an order of that term at its price).
 */
export const orderPlans = ["monthly", "yearly", "link", "term10", "term25"] as const;
export type OrderPlan = (typeof orderPlans)[number];

/**
 * pending: created, waiting for the customer or the provider; requires_confirmation: the card asks
 * for a confirmation step (3-D Secure); paid; failed: declined or not confirmed; cancelled: given up;
 * refunded: paid back when the customer withdrew.
 */
export const orderStatuses = [
  "pending",
  "requires_confirmation",
  // The checkout is done and the card kept, with nothing charged yet: a trial comes first, and the
  // first charge is at its end (decisions: paying during a trial never wastes the trial).
  "scheduled",
  "paid",
  "failed",
  "cancelled",
  // Paid, then paid back in full: the customer withdrew within 14 days of the first payment.
  "refunded",
] as const;
export type OrderStatus = (typeof orderStatuses)[number];
/** Orders not yet paid that can still be: a new "pay" continues one, revoking its link stops it. */
export const openOrderStatuses: OrderStatus[] = ["pending", "requires_confirmation", "failed"];

export const subscriptionStatuses = ["trialing", "active", "past_due", "cancelled", "ended"] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export const paymentProviderNames = ["sandbox", "stripe", "invoice"] as const;
export type PaymentProviderName = (typeof paymentProviderNames)[number];

export const checkoutLinkIntervals = ["month", "year"] as const;
export type CheckoutLinkInterval = (typeof checkoutLinkIntervals)[number];

/** Billing periods a checkout link may ask for: 1 to 120, or 0 for until cancelled. */
export const maxIterations = 120;

/** KM- and at least six digits: KM-000123. */
export const orderNumberPattern = /^KM-\d{6,}$/;

export function formatOrderNumber(sequence: number): string {
  return `KM-${String(sequence).padStart(6, "0")}`;
}

/**
 * The VAT inside a price that includes it, rounded to whole öre (Swedish practice: the VAT is
 * computed on the net and rounded; net = total - VAT, so the parts always add up to the total).
 */
export function vatSplit(total: Money, ratePercent = vatRatePercent): { netOre: number; vatOre: number } {
  const vatOre = Math.round((total.amountOre * ratePercent) / (100 + ratePercent));
  return { netOre: total.amountOre - vatOre, vatOre };
}

export const orderNumberSchema = text("An order number", { error: "An order number is required." })
  .trim()
  .toUpperCase()
  .regex(orderNumberPattern, "An order number looks like KM-000123.");

/**
 * A receipt's number in /api/kammare/orders/{number}/receipt.pdf: an order's (its first payment) or a
 * renewal's, the order's with the period it paid (KM-000123-2).
 */
export const receiptNumberSchema = text("A receipt number", { error: "A receipt number is required." })
  .trim()
  .toUpperCase()
  .regex(/^KM-\d{6,}(-\d+)?$/, "A receipt number looks like KM-000123 or KM-000123-2.");

/** POST /api/admin/order */
export const adminOrderRequestSchema = z.object({ orderNumber: orderNumberSchema });

/** POST /api/admin/checkout-session-link: the spec's payload; price in öre per period, VAT included. */
export const checkoutLinkRequestSchema = z.object({
  customerId: z.uuid({ error: "customerId must be a user's id." }),
  price: z
    .number({ error: "price must be a number (öre)." })
    .int("price must be whole öre.")
    .min(100, "price is at least 1 SEK (100 öre).")
    .max(10_000_000, "price is at most 100,000 SEK."),
  iterations: z
    .number({ error: "iterations must be a number." })
    .int("iterations must be a whole number.")
    .min(0, "iterations is 0 (until cancelled) or more.")
    .max(maxIterations, `iterations is at most ${maxIterations}.`),
  includesFreeTrial: z.boolean({ error: "includesFreeTrial must be true or false." }),
  interval: z.enum(checkoutLinkIntervals, { error: "interval is month or year." }).default("month"),
  // Beside the spec's payload: a prepaid term the link sells at its price, paid once (ADR 041); the
  // link's iterations and interval then say nothing.
  term: z.enum(termPlans, { error: "term is term10 or term25." }).optional(),
  // Beside the spec's payload: the one page of the customer's the link pays for (unset, the customer
  // chooses when they open it), and whether the link is e-mailed to the customer once it is made.
  profileId: profileIdSchema.optional(),
  emailCustomer: z.boolean({ error: "emailCustomer must be true or false." }).default(false),
});
export type CheckoutLinkRequest = z.infer<typeof checkoutLinkRequestSchema>;
