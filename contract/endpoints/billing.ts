// The billing calls: card checkout (and the sandbox's card form), subscriptions, orders and receipts,
// the admin's checkout links and order lookup, and the payment providers' webhooks.
import { z } from "../zod";
import {
  adminOrderDetailSchema,
  checkoutLinkListQuerySchema,
  checkoutLinkListSchema,
  checkoutLinkSchema,
  madeCheckoutLinkSchema,
  customerOrderListSchema,
  customerOrdersQuerySchema,
} from "../admin-orders";
import {
  orderAnswerSchema,
  sandboxConfirmRequestSchema,
  sandboxPayRequestSchema,
  startCardCheckoutAnswerSchema,
  startCardCheckoutRequestSchema,
} from "../checkout";
import { adminOrderRequestSchema, checkoutLinkRequestSchema } from "../orders";
import {
  cardPageAnswerSchema,
  customerSubscriptionsAnswerSchema,
  subscriptionActionRequestSchema,
  subscriptionAnswerSchema,
  switchPlanRequestSchema,
  updateCardRequestSchema,
} from "../subscriptions";
import { startGiftCardRequestSchema } from "../gifts";
import type { Endpoint } from "./endpoint";

export const billingEndpoints = [
  {
    method: "get",
    path: "/api/kammare/subscriptions",
    summary:
      "The signed-in customer's current subscriptions, one per page they own: the plan, the next charge " +
      "(date and amount) or the date it ends, the card's last digits.",
    auth: true,
    responses: { 200: { description: "The subscriptions", schema: customerSubscriptionsAnswerSchema } },
  },
  {
    method: "post",
    path: "/api/kammare/subscriptions/cancel",
    summary:
      "Cancels the page's subscription at the end of its period (or of the trial before the first charge): " +
      "nothing more is charged, an e-mail confirms it. Cancelling again changes nothing (owner only, audited).",
    auth: true,
    request: subscriptionActionRequestSchema,
    responses: {
      200: { description: "Cancelled at the period's end", schema: subscriptionAnswerSchema },
      403: { description: "Not the page's owner" },
      404: { description: "No such page, or it has no subscription" },
    },
  },
  {
    method: "post",
    path: "/api/kammare/subscriptions/resume",
    summary: "Takes a cancellation back before its period ends (owner only, audited).",
    auth: true,
    request: subscriptionActionRequestSchema,
    responses: {
      200: { description: "Running again", schema: subscriptionAnswerSchema },
      403: { description: "Not the page's owner" },
      404: { description: "No such page, or it has no subscription" },
      409: { description: "The period has ended" },
    },
  },
  {
    method: "post",
    path: "/api/kammare/subscriptions/switch",
    summary:
      "Switches between monthly and yearly from the next period (the current plan takes a switch back); " +
      "the provider that charges its own renewals is told (owner only, audited).",
    auth: true,
    request: switchPlanRequestSchema,
    responses: {
      200: { description: "The switch is asked for (nextPlan)", schema: subscriptionAnswerSchema },
      400: { description: "plan is not monthly or yearly" },
      403: { description: "Not the page's owner" },
      404: { description: "No such page, or it has no subscription" },
      409: { description: "A checkout link's terms, or a cancelled subscription" },
    },
  },
  {
    method: "post",
    path: "/api/kammare/subscriptions/card",
    summary:
      "A new card for the sandbox's charges, from our own form; a past-due subscription is charged again " +
      "with it at once (owner only, audited).",
    auth: true,
    request: updateCardRequestSchema,
    responses: {
      200: { description: "The card is kept", schema: subscriptionAnswerSchema },
      400: { description: "A card field is wrong, naming it" },
      403: { description: "Not the page's owner" },
      404: { description: "No such page, or it has no subscription" },
      409: { description: "The card is changed on the provider's page" },
    },
  },
  {
    method: "post",
    path: "/api/kammare/subscriptions/card-page",
    summary: "Where the provider takes a new card (Stripe's billing portal), returning to /account.",
    auth: true,
    request: subscriptionActionRequestSchema,
    responses: {
      200: { description: "The provider's page", schema: cardPageAnswerSchema },
      403: { description: "Not the page's owner" },
      404: { description: "No such page, or it has no subscription" },
      409: { description: "The card is changed on our own form (the sandbox)" },
    },
  },
  {
    method: "post",
    path: "/api/kammare/subscriptions/withdraw",
    summary:
      "Withdraws within 14 days of the first payment: the payment back in full, the subscription ended, " +
      "the page resting, an e-mail that confirms it (owner only, audited).",
    auth: true,
    request: subscriptionActionRequestSchema,
    responses: {
      200: { description: "Refunded and ended", schema: subscriptionAnswerSchema },
      403: { description: "Not the page's owner" },
      404: { description: "No such page, or it has no subscription" },
      409: { description: "Nothing paid yet, or the 14 days have passed" },
    },
  },
  {
    method: "get",
    path: "/api/kammare/orders/{orderNumber}/receipt.pdf",
    summary:
      "The receipt of a paid card order as an A4 PDF in the page's language: seller, order number, date, " +
      "net, VAT 25 % and total (the order's customer or an admin; anyone else is told it does not exist).",
    auth: true,
    responses: {
      200: { description: "The receipt (application/pdf, as an attachment)" },
      400: { description: "orderNumber is not like KM-000123" },
      404: { description: "No paid order with this number that the viewer may see" },
    },
  },
  {
    method: "post",
    path: "/api/admin/checkout-session-link",
    summary:
      "Makes a checkout link for one customer with the given terms: price in öre per period (VAT included), " +
      "iterations (0 = until cancelled), a free trial first, interval month|year. `url` is " +
      "{PUBLIC_URL}/checkout-link/{token}; it can be opened for 30 days (admin only). Beside the spec's " +
      "payload: `profileId`, one of the customer's pages the link pays for, and `emailCustomer`, which " +
      "e-mails the link to the customer in their language after it is made (`emailedTo` in the answer).",
    auth: true,
    request: checkoutLinkRequestSchema,
    responses: {
      201: { description: "Made", schema: madeCheckoutLinkSchema },
      400: { description: "A field is missing or wrong (named in `fields`)" },
      404: { description: "No user has this customerId, or no page has this profileId" },
      409: { description: "The page is not the customer's" },
    },
  },
  {
    method: "get",
    path: "/api/admin/checkout-links",
    summary: "The checkout links, newest first, 50 a page; by customer and status when asked (admin only).",
    auth: true,
    query: checkoutLinkListQuerySchema,
    responses: {
      200: { description: "One page of links", schema: checkoutLinkListSchema },
      400: { description: "A query value is wrong" },
    },
  },
  {
    method: "post",
    path: "/api/admin/checkout-links/{id}/revoke",
    summary: "Revokes a checkout link so it can no longer be opened; again is a no-op (admin only).",
    auth: true,
    responses: {
      200: { description: "Revoked", schema: z.object({ link: checkoutLinkSchema }) },
      404: { description: "No checkout link has this id" },
      409: { description: "The link is used already" },
    },
  },
  {
    method: "post",
    path: "/api/admin/order",
    summary:
      "One order by its number, with its page, customer, the payment provider's events and its subscription " +
      "(admin only).",
    auth: true,
    request: adminOrderRequestSchema,
    responses: {
      200: { description: "The order", schema: adminOrderDetailSchema },
      400: { description: "The order number is missing or malformed" },
      404: { description: "No order has this number" },
    },
  },
  {
    method: "get",
    path: "/api/kammare/orders",
    summary:
      "The orders of one page, newest first, each naming its page, with a receipt link once paid: the owner's own, or all for an admin.",
    auth: true,
    query: customerOrdersQuerySchema,
    responses: {
      200: { description: "The orders", schema: customerOrderListSchema },
      400: { description: "profileId is missing or malformed" },
      403: { description: "Not the page's owner" },
      404: { description: "No page has this id" },
    },
  },
  {
    method: "post",
    path: "/api/checkout/card",
    summary:
      "Starts (or continues) the card checkout of a page its owner pays for: a plan or a checkout link's terms; one open order per page.",
    auth: true,
    request: startCardCheckoutRequestSchema,
    responses: {
      200: { description: "The order and where the card is taken", schema: startCardCheckoutAnswerSchema },
      403: { description: "Not the page's owner, or the link is someone else's" },
      409: { description: "The page cannot be paid for now, or the link is used, expired or withdrawn" },
    },
  },
  {
    method: "post",
    path: "/api/checkout/gift/card",
    summary:
      "A signed-in visitor gives a page a year by card (ADR 044): the order is the giver's, the page lives " +
      "again at once when it is paid, the owner and editors are told who gave it (or only that someone did).",
    auth: true,
    request: startGiftCardRequestSchema,
    responses: {
      200: { description: "The order and where the card is taken", schema: startCardCheckoutAnswerSchema },
      404: { description: "No page a visitor can see has this id" },
      409: {
        description:
          "The giver owns the page, it is suspended, has an unpaid invoice or a running plan, or another gift is under way",
      },
    },
  },
  {
    method: "post",
    path: "/api/checkout/sandbox/pay",
    summary:
      "The sandbox's card form: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 3220 asks for confirmation; booked through the signed webhook.",
    auth: true,
    request: sandboxPayRequestSchema,
    responses: {
      200: {
        description: "The order after the attempt (paid, failed or requires_confirmation)",
        schema: orderAnswerSchema,
      },
      404: { description: "No such order of the viewer's, or the sandbox is not the provider" },
    },
  },
  {
    method: "post",
    path: "/api/checkout/sandbox/confirm",
    summary: "The sandbox's confirmation step (as a bank's 3-D Secure): approve or cancel the payment.",
    auth: true,
    request: sandboxConfirmRequestSchema,
    responses: {
      200: { description: "The order after the confirmation", schema: orderAnswerSchema },
      409: { description: "The order is not waiting for a confirmation" },
    },
  },
  {
    method: "post",
    path: "/api/webhooks/{provider}",
    summary:
      "A payment provider's event (sandbox or stripe), checked by its signature over the raw body, stored once by event id and booked.",
    auth: false,
    responses: {
      200: { description: "Stored (also for a replay, which changes nothing)" },
      400: { description: "The signature does not match the body" },
      404: { description: "Not a provider of this site" },
    },
  },
] as const satisfies readonly Endpoint[];
