// What the admin's order and checkout-link calls answer, and the customer's own order list: the
// response shapes the server returns and the screens read (the request payloads are in ./orders).
import {
  checkoutLinkIntervals,
  orderMethods,
  orderPlans,
  orderStatuses,
  paymentProviderNames,
  subscriptionStatuses,
} from "./orders";
import { termPlans } from "./pricing";
import { profileStatuses } from "./profile-values";
import { profileIdSchema } from "./profiles";
import { z } from "./zod";

/**
 * A checkout link can be opened for 30 days after it is made: long enough for a customer to get round
 * to it, short enough that forgotten terms (an old price) do not stay usable for ever. The admin makes
 * a new one after that.
 */
export const checkoutLinkLifetimeDays = 30;

/** active: can be opened; used: a checkout was paid through it; revoked by an admin; expired by time. */
export const checkoutLinkStatuses = ["active", "used", "revoked", "expired"] as const;
export type CheckoutLinkStatus = (typeof checkoutLinkStatuses)[number];

/** The answer of POST /api/admin/checkout-session-link: the spec's payload back with the link. */
export const createdCheckoutLinkSchema = z.object({
  url: z.string(),
  token: z.string(),
  id: z.string(),
  customerId: z.string(),
  price: z.number().int(),
  iterations: z.number().int(),
  includesFreeTrial: z.boolean(),
  interval: z.enum(checkoutLinkIntervals),
  /** A prepaid term the link sells at its price, paid once (ADR 041); null: periods. */
  term: z.enum(termPlans).nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  /** The page it pays for: chosen by the admin, or bound by the first checkout; null until then. */
  profileId: z.string().nullable(),
});
export type CreatedCheckoutLink = z.infer<typeof createdCheckoutLinkSchema>;

/** The answer of POST /api/admin/checkout-session-link: the link, and where it was e-mailed (or null). */
export const madeCheckoutLinkSchema = createdCheckoutLinkSchema.extend({
  emailedTo: z.string().nullable(),
});
export type MadeCheckoutLink = z.infer<typeof madeCheckoutLinkSchema>;

/** One link of the admin's list: the created answer with whose it is and what became of it. */
export const checkoutLinkSchema = createdCheckoutLinkSchema.extend({
  customerEmail: z.string(),
  status: z.enum(checkoutLinkStatuses),
  usedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type CheckoutLink = z.infer<typeof checkoutLinkSchema>;

export const checkoutLinkPageSize = 50;

/** GET /api/admin/checkout-links: optional filters, pages of 50 counted from 1. */
export const checkoutLinkListQuerySchema = z.object({
  customerId: z.uuid({ error: "customerId must be a user's id." }).optional(),
  status: z.enum(checkoutLinkStatuses, { error: "status is active, used, revoked or expired." }).optional(),
  page: z.coerce
    .number({ error: "page must be a number." })
    .int("page must be a whole number.")
    .min(1, "page is 1 or more.")
    .max(10_000, "page is at most 10000.")
    .default(1),
});
export type CheckoutLinkListQuery = z.infer<typeof checkoutLinkListQuerySchema>;

export const checkoutLinkListSchema = z.object({
  links: z.array(checkoutLinkSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CheckoutLinkList = z.infer<typeof checkoutLinkListSchema>;

const orderFields = {
  orderNumber: z.string(),
  status: z.enum(orderStatuses),
  method: z.enum(orderMethods),
  plan: z.enum(orderPlans),
  amountOre: z.number().int(),
  netOre: z.number().int(),
  vatOre: z.number().int(),
  vatRatePercent: z.number().int(),
  currency: z.literal("SEK"),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
};

/** The answer of POST /api/admin/order. */
export const adminOrderDetailSchema = z.object({
  order: z.object({
    ...orderFields,
    provider: z.enum(paymentProviderNames),
    providerReference: z.string().nullable(),
    failureCode: z.string().nullable(),
  }),
  profile: z.object({ id: z.string(), status: z.enum(profileStatuses), ownerEmail: z.string().nullable() }),
  customer: z.object({ id: z.string(), email: z.string() }),
  /** What the payment provider reported about this order, oldest first. */
  payments: z.array(
    z.object({
      type: z.string(),
      provider: z.enum(paymentProviderNames),
      received: z.string(),
      processed: z.string().nullable(),
    }),
  ),
  subscription: z
    .object({
      plan: z.enum(orderPlans),
      interval: z.enum(checkoutLinkIntervals),
      priceOre: z.number().int(),
      iterations: z.number().int(),
      periodsPaid: z.number().int(),
      currentPeriodEnd: z.string().nullable(),
      nextChargeAt: z.string().nullable(),
      trialEndsAt: z.string().nullable(),
      status: z.enum(subscriptionStatuses),
    })
    .nullable(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

/** GET /api/kammare/orders */
export const customerOrdersQuerySchema = z.object({ profileId: profileIdSchema });

/** The receipt of an order, as a PDF (served by the receipts' call). */
export const receiptPath = (orderNumber: string) =>
  `/api/kammare/orders/${encodeURIComponent(orderNumber)}/receipt.pdf`;

export const customerOrderSchema = z.object({
  ...orderFields,
  /** The page it paid for: its code, and its name ("" while it has none). */
  profileId: z.string(),
  pageName: z.string(),
  /** Where its PDF receipt is; null until a card order is paid. */
  receiptUrl: z.string().nullable(),
  /** Where the invoice of an invoice order is, as a PDF; null for a card order. */
  invoiceUrl: z.string().nullable(),
  /**
   * A scheduled order (the card kept while a trial runs) whose subscription its customer cancelled:
   * no charge will be made (the order itself turns `cancelled` when the trial ends).
   */
  chargeCancelled: z.boolean(),
  /** A scheduled order still to be charged: when its card is first charged; null otherwise. */
  firstChargeAt: z.string().nullable(),
  /** A prepaid term (ADR 041): until when it pays the page; null for a plan, and a term not paid or invoiced yet. */
  termUntil: z.string().nullable(),
  /** Each later period a card plan paid, newest first, with its own receipt (KM-000123-2). */
  renewals: z.array(
    z.object({
      receiptNumber: z.string(),
      amountOre: z.number().int(),
      currency: z.literal("SEK"),
      paidAt: z.string(),
      periodStart: z.string(),
      periodEnd: z.string(),
      receiptUrl: z.string(),
    }),
  ),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;
export type CustomerRenewal = CustomerOrder["renewals"][number];

export const customerOrderListSchema = z.object({ orders: z.array(customerOrderSchema) });

/** How many orders /account shows at most, the newest; it says so when there are more. */
export const accountOrderLimit = 50;
export type CustomerOrderList = z.infer<typeof customerOrderListSchema>;
