// The payment provider interface (DESIGN.md "providers"): the built-in `sandbox` (offline, the default)
// and `stripe`. The domain starts checkouts through it and books every result from the PaymentEvent
// it returns for a webhook, whichever provider sent it: one code path books every payment.
import type { CardOnFile } from "../../../contract/checkout";
import type { CheckoutLinkInterval, PaymentProviderName } from "../../../contract/orders";

export type CardProviderName = Exclude<PaymentProviderName, "invoice">;

/** What to charge, for which order: the first period's price, then every `interval`. */
export type CheckoutRequest = {
  orderNumber: string;
  profileId: string;
  customer: { id: string; email: string };
  /** Per period, VAT included. */
  amountOre: number;
  currency: "SEK";
  interval: CheckoutLinkInterval;
  /** Periods to charge, 0 for until cancelled. */
  iterations: number;
  /** 0 when no free trial comes first. */
  trialDays: number;
  /** The page's own trial runs until then: nothing is charged before (null: no trial running). */
  trialEndsAt: Date | null;
  /** Shown by the provider, e.g. "Kammare 7KX2M9Q0, monthly". */
  description: string;
  /** Absolute URLs the provider sends the customer back to. */
  successUrl: string;
  cancelUrl: string;
  /** The same request made twice must create one provider object (the order id is used). */
  idempotencyKey: string;
  /**
   * One payment, nothing kept or renewed: a prepaid term (ADR 041). Stripe: a Checkout Session in
   * payment mode; the interval, iterations and trial then say nothing.
   */
  once?: boolean;
};

export type CheckoutStart =
  /** Stripe: the customer goes to the provider's hosted page. */
  | { kind: "redirect"; url: string; reference: string }
  /** Sandbox: our own card form is shown. */
  | { kind: "card-form"; reference: string };

export const paymentEventTypes = [
  /** The checkout is done and the card kept, nothing charged: a trial comes first. */
  "checkout_completed",
  "payment_succeeded",
  "payment_failed",
  "requires_confirmation",
  "subscription_updated",
  "subscription_cancelled",
  "trial_will_end",
  /** A payment given back in full (the customer withdrew): recorded with the refund's id. */
  "payment_refunded",
  /** Reported but nothing for us to book (an event type we do not use, a 0 SEK trial invoice): stored, then left. */
  "ignored",
] as const;
export type PaymentEventType = (typeof paymentEventTypes)[number];

/** What a provider reported, in our terms. */
export type PaymentEvent = {
  provider: CardProviderName;
  /** The provider's event id: stored unique, so a replayed webhook is booked once. */
  eventId: string;
  type: PaymentEventType;
  /** Ours, when the provider carries it back (metadata / client_reference_id). */
  orderNumber: string | null;
  /** The provider's checkout or payment id. */
  providerReference: string | null;
  providerSubscriptionId: string | null;
  amountOre: number | null;
  /** Why a payment failed, e.g. "card_declined". */
  failureCode: string | null;
  /** The end of the period now paid, ISO 8601. */
  periodEnd: string | null;
  /** The card the checkout kept, where the provider tells (the sandbox's test card). */
  card?: CardOnFile | null;
  occurredAt: string;
  /** The provider's event as it came, stored for the record. */
  raw: Record<string, unknown>;
};

export class WebhookSignatureError extends Error {
  constructor(message = "The webhook's signature does not match its body.") {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

export type PaymentProvider = {
  name: CardProviderName;
  startCheckout(request: CheckoutRequest): Promise<CheckoutStart>;
  /** Checks the signature over the raw body (throws WebhookSignatureError), then translates the event. */
  parseWebhook(rawBody: string, headers: Headers): Promise<PaymentEvent>;
  /**
   * Stops the provider's own renewals when the current period ends: called once the last of
   * `iterations` periods is paid. Only providers that charge renewals themselves (Stripe) have it.
   */
  endAfterCurrentPeriod?(providerSubscriptionId: string): Promise<void>;
  /**
   * The customer cancels at the period's end (true) or takes that back (false): the provider that
   * charges its own renewals (Stripe) must stop or go on. The sandbox charges through our sweep,
   * which reads our own row, so it needs none.
   */
  setCancelAtPeriodEnd?(providerSubscriptionId: string, cancel: boolean): Promise<void>;
  /**
   * The trial before a kept card's first charge is lengthened (the extended trial started on the
   * page): the provider that keeps its own trial end (Stripe) must charge on the new date, with
   * nothing prorated. The sandbox's first charge is our own row's next_charge_at, so it needs none.
   */
  moveTrialEnd?(providerSubscriptionId: string, trialEnd: Date): Promise<void>;
  /**
   * Charges a subscription's kept card for its next period and reports the outcome as an event for
   * the one booking path. Only a provider whose renewals we charge ourselves (the sandbox) has it;
   * Stripe charges its own and reports by webhook.
   */
  chargeSubscription?(request: SubscriptionCharge): PaymentEvent;
  /**
   * The customer withdrew (within 14 days of the first payment): the provider pays the latest charge
   * back in full and ends its subscription now. Answers the refund's id. Only a provider that holds
   * the money and the subscription (Stripe) has it; the sandbox's refund is our own record.
   */
  refundAndEnd?(request: RefundRequest): Promise<{ refundId: string }>;
  /**
   * The customer withdrew from a one-time payment (a prepaid term, ADR 041): the provider pays it back
   * in full. Answers the refund's id. Stripe: the payment of the order's Checkout Session.
   */
  refundPayment?(request: PaymentRefundRequest): Promise<{ refundId: string }>;
  /**
   * A switch of plan from the next period (null: take a switch back). Only a provider that charges its
   * own renewals (Stripe) needs telling; the sandbox's charges read our own row.
   */
  schedulePlanChange?(providerSubscriptionId: string, next: PlanChange | null): Promise<void>;
  /** Where the customer changes the card the provider keeps (Stripe's billing portal). */
  cardUpdateUrl?(providerSubscriptionId: string, returnUrl: string): Promise<string>;
};

export type RefundRequest = {
  providerSubscriptionId: string;
  orderNumber: string;
  /** The amount paid back: the whole of the latest charge. */
  amountOre: number;
  /** The same withdrawal asked twice refunds once. */
  idempotencyKey: string;
};

export type PaymentRefundRequest = {
  /** The order's reference at the provider (Stripe: its Checkout Session's id). */
  providerReference: string;
  orderNumber: string;
  amountOre: number;
  /** The same withdrawal asked twice refunds once. */
  idempotencyKey: string;
};

/** The price and interval a subscription changes to at its next period. */
export type PlanChange = { amountOre: number; interval: CheckoutLinkInterval; description: string };

/** One charge of a subscription's next period. */
export type SubscriptionCharge = {
  subscriptionId: string;
  orderNumber: string;
  amountOre: number;
  card: CardOnFile | null;
  /** The end of the period this charge pays for. */
  periodEnd: Date;
  now: Date;
};
