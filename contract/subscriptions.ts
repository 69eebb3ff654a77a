// A customer's own subscriptions (decisions "Subscriptions a customer can trust"): what each page's
// plan is, its next charge or the date it ends, and the calls that cancel and resume it.
import { profileIdSchema } from "./profiles";
import { orderPlans, subscriptionStatuses } from "./orders";
import { z } from "./zod";

export const customerSubscriptionSchema = z.object({
  profileId: z.string(),
  /** The page's name as its owner wrote it (empty while unnamed). */
  pageName: z.string(),
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
});
export type CustomerSubscription = z.infer<typeof customerSubscriptionSchema>;

export const customerSubscriptionsAnswerSchema = z.object({
  subscriptions: z.array(customerSubscriptionSchema),
});

/** POST /api/kammare/subscriptions/cancel and /resume: the page whose subscription it is. */
export const subscriptionActionRequestSchema = z.object({ profileId: profileIdSchema });
export type SubscriptionActionRequest = z.infer<typeof subscriptionActionRequestSchema>;

export const subscriptionAnswerSchema = z.object({ subscription: customerSubscriptionSchema });
