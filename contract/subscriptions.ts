// A customer's own subscriptions (decisions "Subscriptions a customer can trust"): what each page's
// plan is, its next charge or the date it ends, and the calls that cancel and resume it.
import { sandboxCardSchema } from "./checkout";
import { profileIdSchema } from "./profiles";
import { orderPlans, subscriptionStatuses } from "./orders";
import { z } from "./zod";

/** The plans a running subscription can switch between, from its next period. */
export const switchablePlans = ["monthly", "yearly"] as const;
export type SwitchablePlan = (typeof switchablePlans)[number];

/** A consumer may withdraw within this many days of the first payment and get it back in full. */
export const withdrawalDays = 14;

export const customerSubscriptionSchema = z.object({
  profileId: z.string(),
  /** The page's name as its owner wrote it (empty while unnamed). */
  pageName: z.string(),
  /**
   * The customer handed the page over to another account: this plan only runs out (never renewed,
   * resumed or switched); cancelling and withdrawing stay theirs.
   */
  handedOver: z.boolean(),
  orderNumber: z.string(),
  plan: z.enum(orderPlans),
  interval: z.enum(["month", "year"]),
  /** Per period, VAT included, in öre (SEK). */
  priceOre: z.number().int(),
  status: z.enum(subscriptionStatuses),
  /** The next charge, when one will be made; null once cancelled or ended. */
  nextCharge: z.object({ at: z.string(), amountOre: z.number().int() }).nullable(),
  /** The end of the period paid for (null before the first charge). */
  paidUntil: z.string().nullable(),
  /** The free trial before the first charge, while it runs. */
  trialEndsAt: z.string().nullable(),
  /** Cancelled by the customer: nothing more is charged, and it ends at `endsAt`. */
  cancelAtPeriodEnd: z.boolean(),
  endsAt: z.string().nullable(),
  /** The card charged, as far as it is known: its last four digits. */
  cardLast4: z.string().nullable(),
  /** A failed charge is tried again then. */
  nextRetryAt: z.string().nullable(),
  /** A switch asked for, taking effect from the next period (null: none). */
  nextPlan: z.enum(switchablePlans).nullable(),
  /** Until then the customer may withdraw and get the first payment back (null: not, or no longer). */
  withdrawableUntil: z.string().nullable(),
  /** How the card is changed: our own form (the sandbox), the provider's page (Stripe), or not at all. */
  cardUpdate: z.enum(["form", "provider", "none"]),
});
export type CustomerSubscription = z.infer<typeof customerSubscriptionSchema>;

export const customerSubscriptionsAnswerSchema = z.object({
  subscriptions: z.array(customerSubscriptionSchema),
});

/** POST /api/kammare/subscriptions/cancel and /resume: the page whose subscription it is. */
export const subscriptionActionRequestSchema = z.object({ profileId: profileIdSchema });
export type SubscriptionActionRequest = z.infer<typeof subscriptionActionRequestSchema>;

export const subscriptionAnswerSchema = z.object({ subscription: customerSubscriptionSchema });

/** POST /api/kammare/subscriptions/switch: the plan from the next period (the current one takes a switch back). */
export const switchPlanRequestSchema = z.object({
  profileId: profileIdSchema,
  plan: z.enum(switchablePlans, { error: "plan is monthly or yearly." }),
});
export type SwitchPlanRequest = z.input<typeof switchPlanRequestSchema>;

/** POST /api/kammare/subscriptions/card: a new card, typed into our own form (the sandbox only). */
export const updateCardRequestSchema = z.object({ profileId: profileIdSchema, ...sandboxCardSchema.shape });
export type UpdateCardRequest = z.input<typeof updateCardRequestSchema>;

/** POST /api/kammare/subscriptions/card-page: where the provider takes the new card (Stripe's portal). */
export const cardPageAnswerSchema = z.object({ url: z.string() });
