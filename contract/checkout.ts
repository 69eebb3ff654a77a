// The card checkout's payloads: starting a checkout for a profile (a plan, or a checkout link's
// terms), the sandbox's card form and its confirmation step, and the order the customer is shown.
import { postalAddressSchema } from "./addresses";
import { orderMethods, orderNumberSchema, orderPlans, orderStatuses } from "./orders";
import { profileIdSchema } from "./profiles";
import { text, z } from "./zod";

/**
 * The plans a customer picks themself (by card or invoice): monthly, yearly, or a prepaid term of ten
 * or twenty-five years paid once (ADR 041); a checkout link brings its own terms instead.
 */
export const cardPlans = ["monthly", "yearly", "term10", "term25"] as const;
export type CardPlan = (typeof cardPlans)[number];

/** Checkout links are random URL-safe tokens. */
export const checkoutLinkTokenSchema = text("The link")
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,128}$/, "The link's token is not one we made.");

/** POST /api/checkout/card: a plan or a link, not both. */
export const startCardCheckoutRequestSchema = z
  .object({
    profileId: profileIdSchema,
    plan: z.enum(cardPlans, { error: "plan is monthly, yearly, term10 or term25." }).optional(),
    link: checkoutLinkTokenSchema.optional(),
    /** Where the printed plaque or card goes, when the customer orders one (a Swedish address). */
    delivery: postalAddressSchema.optional(),
  })
  .refine((value) => (value.plan === undefined) !== (value.link === undefined), {
    path: ["plan"],
    error: "Choose a plan (monthly, yearly, term10 or term25), or open a checkout link.",
  });
export type StartCardCheckoutRequest = z.infer<typeof startCardCheckoutRequestSchema>;

/** The order as its customer sees it (the checkout, the confirmation page). */
export const customerOrderSchema = z.object({
  orderNumber: z.string(),
  profileId: z.string(),
  method: z.enum(orderMethods),
  status: z.enum(orderStatuses),
  amountOre: z.number().int(),
  netOre: z.number().int(),
  vatOre: z.number().int(),
  vatRatePercent: z.number().int(),
  currency: z.literal("SEK"),
  plan: z.enum(orderPlans),
  /** A prepaid term's interval is "year" and its iterations 1: one payment (`termUntil` says how far). */
  interval: z.enum(["month", "year"]),
  /** Billing periods, 0 for until cancelled. */
  iterations: z.number().int(),
  failureCode: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** The profile's paid_until once paid. */
  paidUntil: z.string().nullable(),
  /** A prepaid term: the stretch it pays (null for a plan, and before the term's payment or invoice). */
  termFrom: z.string().nullable(),
  termUntil: z.string().nullable(),
  /** A scheduled order (the card kept while a trial comes first): when the card is first charged. */
  firstChargeAt: z.string().nullable(),
  /** The printed plaque or card ordered with it: the address's lines as posted; null for none. */
  plaqueTo: z.array(z.string()).nullable(),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

export const startCardCheckoutAnswerSchema = z.object({
  order: customerOrderSchema,
  next: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("card-form") }),
    z.object({ kind: z.literal("redirect"), url: z.string() }),
  ]),
});

// The card form's checks: the same in the browser (field messages) and on the server (400 naming it).

/** Digits only, spaces and dashes allowed between groups. */
export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, "");
}

/** The Luhn check digit rule every card number follows. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** MM/YY, the card's last valid month: valid through its last day. */
export function expiryProblem(value: string, now = new Date()): "format" | "past" | null {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(value);
  if (!match) return "format";
  const month = Number(match[1]);
  if (month < 1 || month > 12) return "format";
  const year = 2000 + Number(match[2]);
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return year * 12 + (month - 1) < thisMonth ? "past" : null;
}

/** The sandbox's card form: the number, expiry, CVC and name, checked as a real form would. */
export const sandboxCardSchema = z.object({
  cardNumber: text("The card number", { error: "cardNumber is required." })
    .transform(cardDigits)
    .refine((digits) => /^\d{12,19}$/.test(digits), "The card number has 12 to 19 digits.")
    .refine(passesLuhn, "The card number is not valid (check the digits)."),
  expiry: text("The expiry date", { error: "expiry is required (MM/YY)." }).superRefine((value, context) => {
    const problem = expiryProblem(value);
    if (problem === "format") context.addIssue({ code: "custom", message: "The expiry date is MM/YY." });
    if (problem === "past") context.addIssue({ code: "custom", message: "The card has expired." });
  }),
  cvc: text("The CVC", { error: "cvc is required." })
    .trim()
    .regex(/^\d{3,4}$/, "The CVC is the 3 or 4 digits on the card."),
  name: text("The name", { error: "name is required." })
    .trim()
    .min(2, "Write the name as it is on the card.")
    .max(100, "The name has at most 100 characters."),
});

/** A card as the form's checks leave it (the number as digits only). */
export type SandboxCard = z.output<typeof sandboxCardSchema>;

export const sandboxPayRequestSchema = z.object({
  orderNumber: orderNumberSchema,
  ...sandboxCardSchema.shape,
});
export type SandboxPayRequest = z.input<typeof sandboxPayRequestSchema>;

export const sandboxConfirmRequestSchema = z.object({
  orderNumber: orderNumberSchema,
  approve: z.boolean({ error: "approve must be true or false." }),
});

export const orderAnswerSchema = z.object({ order: customerOrderSchema });

/** The sandbox's test numbers (decisions, "Trials and payment"); any other valid number succeeds. */
export const sandboxCards = {
  succeeds: "4242424242424242",
  declined: "4000000000000002",
  requiresConfirmation: "4000000000003220",
} as const;

/** What the sandbox makes of a card at a charge (any other valid number succeeds, as Stripe's 4242). */
export const sandboxOutcomes = ["succeeded", "declined", "requires_confirmation"] as const;
export type SandboxOutcome = (typeof sandboxOutcomes)[number];

/** The card a subscription charges, as shown to its customer; `sandboxOutcome` only for the sandbox's. */
export type CardOnFile = { last4: string; sandboxOutcome?: SandboxOutcome };

/** Failure codes the customer is shown a text for (i18n checkout.failure.*). */
export const knownFailureCodes = ["card_declined", "confirmation_declined"] as const;
