// The `stripe` payment provider: Stripe Checkout Sessions in subscription mode (in payment mode for a
// prepaid term's one payment, ADR 041), and Stripe's webhooks translated into our PaymentEvent. It talks to Stripe only through the official `stripe` package;
// `apiUrl` points that package at a local stand-in of the API in tests (its host/port/protocol).
//
// Ending after `iterations` periods: a Checkout Session cannot carry an end date for the subscription
// it creates (subscription_data has no cancel_at), so the iterations ride along in the metadata, our
// database keeps them too, and once the booking has counted the last paid period it calls
// `endAfterCurrentPeriod`, which sets `cancel_at_period_end` through subscriptions.update: Stripe then
// charges nothing more and ends the subscription (customer.subscription.deleted) at that boundary.
import Stripe from "stripe";
import { idOf, translateStripeEvent } from "./stripe-events";
import {
  WebhookSignatureError,
  type CheckoutRequest,
  type CheckoutStart,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentRefundRequest,
  type PlanChange,
  type RefundRequest,
} from "./types";

/** Stripe's least trial_end for a Checkout Session's subscription: 48 hours ahead (and a minute). */
const minTrialEndMs = 48 * 60 * 60 * 1000 + 60_000;

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Where the API is, e.g. http://127.0.0.1:4567 for the tests' stand-in; unset: Stripe itself. */
  apiUrl?: string;
  /** The site's own address: success and cancel URLs given as paths are made absolute against it. */
  publicUrl: string;
};

export type StripePaymentProvider = PaymentProvider & {
  name: "stripe";
  endAfterCurrentPeriod(providerSubscriptionId: string): Promise<void>;
  setCancelAtPeriodEnd(providerSubscriptionId: string, cancel: boolean): Promise<void>;
  moveTrialEnd(providerSubscriptionId: string, trialEnd: Date): Promise<void>;
  refundAndEnd(request: RefundRequest): Promise<{ refundId: string }>;
  refundPayment(request: PaymentRefundRequest): Promise<{ refundId: string }>;
  schedulePlanChange(providerSubscriptionId: string, next: PlanChange | null): Promise<void>;
  cardUpdateUrl(providerSubscriptionId: string, returnUrl: string): Promise<string>;
};

export function createStripeProvider(options: StripeProviderOptions): StripePaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    ...apiAddress(options.apiUrl),
    // No usage reports to Stripe about our own requests, and a retry of a failed network call is
    // safe: every create carries an idempotency key.
    telemetry: false,
    maxNetworkRetries: 2,
    appInfo: { name: "Kammare" },
  });
  const absolute = (url: string) => new URL(url, options.publicUrl).toString();

  /** Lets go of a schedule managing the subscription (a switch of plan waiting), and answers it. */
  async function releaseSchedule(providerSubscriptionId: string): Promise<Stripe.Subscription> {
    const subscription = await stripe.subscriptions.retrieve(providerSubscriptionId);
    const schedule = idOf(subscription.schedule);
    if (schedule) await stripe.subscriptionSchedules.release(schedule);
    return subscription;
  }

  /** The payment of the subscription's latest paid invoice, as a refund names it. */
  async function latestPayment(
    providerSubscriptionId: string,
  ): Promise<{ payment_intent: string } | { charge: string }> {
    const invoices = await stripe.invoices.list({
      subscription: providerSubscriptionId,
      status: "paid",
      limit: 1,
    });
    const invoice = invoices.data[0];
    if (invoice?.id) {
      const payments = await stripe.invoicePayments.list({ invoice: invoice.id, status: "paid", limit: 1 });
      const payment = payments.data[0]?.payment;
      const paymentIntent = idOf(payment?.payment_intent);
      if (paymentIntent) return { payment_intent: paymentIntent };
      const charge = idOf(payment?.charge);
      if (charge) return { charge };
    }
    throw new Error(`Stripe subscription ${providerSubscriptionId} has no paid invoice to refund.`);
  }

  /**
   * A one-time payment (a prepaid term): a Checkout Session in payment mode, with nothing kept or
   * renewed; its checkout.session.completed books it, and its payment intent carries the order too.
   */
  async function startPaymentCheckout(
    request: CheckoutRequest,
    metadata: Record<string, string>,
  ): Promise<CheckoutStart> {
    const session = await stripe.checkout.sessions.create(
      {
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: request.amountOre,
              product_data: { name: request.description },
            },
          },
        ],
        customer_email: request.customer.email,
        client_reference_id: request.orderNumber,
        metadata,
        payment_intent_data: { metadata },
        success_url: absolute(request.successUrl),
        cancel_url: absolute(request.cancelUrl),
      },
      { idempotencyKey: request.idempotencyKey },
    );
    if (!session.url) throw new Error(`Stripe returned Checkout Session ${session.id} without a URL.`);
    return { kind: "redirect", url: session.url, reference: session.id };
  }

  return {
    name: "stripe",

    async startCheckout(request: CheckoutRequest): Promise<CheckoutStart> {
      const metadata = {
        orderNumber: request.orderNumber,
        profileId: request.profileId,
        customerId: request.customer.id,
        iterations: String(request.iterations),
      };
      if (request.once) return startPaymentCheckout(request, metadata);
      const session = await stripe.checkout.sessions.create(
        {
          // Which payment methods the hosted page offers is the Stripe account's setting (cards on).
          mode: "subscription",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                // SEK is a two-decimal currency at Stripe: its smallest unit is our öre.
                unit_amount: request.amountOre,
                recurring: { interval: request.interval },
                product_data: { name: request.description },
              },
            },
          ],
          customer_email: request.customer.email,
          client_reference_id: request.orderNumber,
          metadata,
          // On the subscription too, so its invoices and events carry the order back to us.
          subscription_data: {
            metadata,
            ...(request.trialDays > 0 ? { trial_period_days: request.trialDays } : {}),
            // Paying during the page's own trial: Stripe charges nothing until it ends. Stripe
            // takes a trial_end at least 48 hours ahead; a trial ending sooner gets those hours.
            ...(request.trialDays === 0 && request.trialEndsAt
              ? {
                  trial_end: Math.ceil(
                    Math.max(request.trialEndsAt.getTime(), Date.now() + minTrialEndMs) / 1000,
                  ),
                }
              : {}),
          },
          success_url: absolute(request.successUrl),
          cancel_url: absolute(request.cancelUrl),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe returned Checkout Session ${session.id} without a URL.`);
      return { kind: "redirect", url: session.url, reference: session.id };
    },

    async parseWebhook(rawBody: string, headers: Headers): Promise<PaymentEvent> {
      const signature = headers.get("stripe-signature");
      if (!signature) throw new WebhookSignatureError("The webhook has no Stripe-Signature header.");
      let event: Stripe.Event;
      try {
        // Within Stripe's default tolerance (5 minutes) of the signed timestamp: an old, replayed
        // request is refused even with a valid signature.
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, options.webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new WebhookSignatureError(error.message);
        }
        throw error;
      }
      return translateStripeEvent(event);
    },

    async setCancelAtPeriodEnd(providerSubscriptionId: string, cancel: boolean): Promise<void> {
      // A switch of plan waiting in a schedule goes with the cancellation (Stripe refuses to cancel a
      // subscription a schedule manages).
      if (cancel) await releaseSchedule(providerSubscriptionId);
      await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: cancel });
    },

    async moveTrialEnd(providerSubscriptionId: string, trialEnd: Date): Promise<void> {
      // Nothing is paid yet and nothing is owed for the longer trial: no proration invoice.
      await stripe.subscriptions.update(providerSubscriptionId, {
        trial_end: Math.floor(trialEnd.getTime() / 1000),
        proration_behavior: "none",
      });
    },

    async refundAndEnd(request: RefundRequest): Promise<{ refundId: string }> {
      const paymentOf = await latestPayment(request.providerSubscriptionId);
      const refund = await stripe.refunds.create(
        {
          ...paymentOf,
          amount: request.amountOre,
          reason: "requested_by_customer",
          metadata: { orderNumber: request.orderNumber },
        },
        { idempotencyKey: `${request.idempotencyKey}-refund` },
      );
      // Ended now, with nothing more to charge or credit: the payment is back in full already.
      await stripe.subscriptions.cancel(
        request.providerSubscriptionId,
        { prorate: false, invoice_now: false },
        { idempotencyKey: `${request.idempotencyKey}-end` },
      );
      return { refundId: refund.id };
    },

    async refundPayment(request: PaymentRefundRequest): Promise<{ refundId: string }> {
      const session = await stripe.checkout.sessions.retrieve(request.providerReference);
      const paymentIntent = idOf(session.payment_intent);
      if (!paymentIntent) {
        throw new Error(`Stripe Checkout Session ${request.providerReference} has no payment to refund.`);
      }
      const refund = await stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          amount: request.amountOre,
          reason: "requested_by_customer",
          metadata: { orderNumber: request.orderNumber },
        },
        { idempotencyKey: `${request.idempotencyKey}-refund` },
      );
      return { refundId: refund.id };
    },

    async schedulePlanChange(providerSubscriptionId: string, next: PlanChange | null): Promise<void> {
      // A new price with another interval would restart the billing period and charge at once
      // (Stripe's rule); a schedule whose second phase starts when the paid period ends does not.
      const subscription = await releaseSchedule(providerSubscriptionId);
      if (!next) return;
      const item = subscription.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${providerSubscriptionId} has no item.`);
      const schedule = await stripe.subscriptionSchedules.create({
        from_subscription: providerSubscriptionId,
      });
      const current = schedule.phases[0];
      if (!current) throw new Error(`Stripe schedule ${schedule.id} has no current phase.`);
      await stripe.subscriptionSchedules.update(schedule.id, {
        // After the new plan's first period the subscription goes on by itself, renewing at it.
        end_behavior: "release",
        phases: [
          {
            items: [{ price: idOf(item.price) ?? "", quantity: 1 }],
            start_date: current.start_date,
            end_date: current.end_date,
          },
          {
            items: [
              {
                price_data: {
                  currency: item.price.currency,
                  product: idOf(item.price.product) ?? "",
                  unit_amount: next.amountOre,
                  recurring: { interval: next.interval },
                },
                quantity: 1,
              },
            ],
            duration: { interval: next.interval, interval_count: 1 },
          },
        ],
      });
    },

    async cardUpdateUrl(providerSubscriptionId: string, returnUrl: string): Promise<string> {
      const subscription = await stripe.subscriptions.retrieve(providerSubscriptionId);
      const customer = idOf(subscription.customer);
      if (!customer) throw new Error(`Stripe subscription ${providerSubscriptionId} has no customer.`);
      const session = await stripe.billingPortal.sessions.create({
        customer,
        return_url: absolute(returnUrl),
        // Straight to the card, not the portal's home: changing the card is all the customer asked.
        flow_data: { type: "payment_method_update" },
      });
      return session.url;
    },

    async endAfterCurrentPeriod(providerSubscriptionId: string): Promise<void> {
      await stripe.subscriptions.update(
        providerSubscriptionId,
        { cancel_at_period_end: true },
        // Asking twice changes nothing; the key lets a network retry be recognised as one request.
        { idempotencyKey: `end-after-current-period-${providerSubscriptionId}` },
      );
    },
  };
}

/** The Stripe client's host, port and protocol for an API address; none for Stripe itself. */
function apiAddress(apiUrl: string | undefined): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}
