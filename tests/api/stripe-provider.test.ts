// The `stripe` payment provider through the official `stripe` package, against a local stand-in of
// Stripe's API: the Checkout Session it asks for carries the order's terms, a retried checkout makes
// one session, and a webhook is believed only with Stripe's signature over the exact body.
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createStripeProvider, type StripePaymentProvider } from "../../server/providers/payments/stripe";
import { WebhookSignatureError, type CheckoutRequest } from "../../server/providers/payments/types";
import { checkoutRequestSample } from "../support/checkout-samples";
import { startStripeStandIn, type FormObject, type StripeStandIn } from "../support/stripe-stand-in";

const secretKey = "sk_test_kammare_stand_in";
const webhookSecret = "whsec_test_kammare_stand_in";
const publicUrl = "https://kammare.example";
// Only for signing test webhooks: makes no calls.
const signer = new Stripe("sk_test_signer_only");

let standIn: StripeStandIn;
let provider: StripePaymentProvider;

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey });
  provider = createStripeProvider({ secretKey, webhookSecret, apiUrl: standIn.url, publicUrl });
});

afterAll(async () => {
  await standIn.close();
});

beforeEach(() => {
  standIn.requests.length = 0;
});

const checkoutRequest = (overrides: Partial<CheckoutRequest> = {}) =>
  checkoutRequestSample(publicUrl, overrides);

function sessionCreates() {
  return standIn.requests.filter(
    (request) => request.method === "POST" && request.path === "/v1/checkout/sessions",
  );
}

function nested(body: FormObject, ...path: Array<string | number>): unknown {
  let node: unknown = body;
  for (const part of path) node = (node as Record<string | number, unknown> | undefined)?.[part];
  return node;
}

describe("stripe provider: checkout", () => {
  it("creates a subscription-mode Checkout Session with the order's terms and sends the customer to it", async () => {
    const request = checkoutRequest();
    const start = await provider.startCheckout(request);

    const [sent] = sessionCreates();
    expect(sent).toBeDefined();
    const session = standIn.sessions.get(start.reference);
    expect(start).toEqual({ kind: "redirect", url: session?.url, reference: session?.id });
    expect(start.reference).toMatch(/^cs_test_/);
    if (start.kind !== "redirect") throw new Error("expected a redirect");
    expect(start.url).toBe(`https://checkout.stripe.com/c/pay/${start.reference}`);

    const body = sent!.body;
    expect(body.mode).toBe("subscription");
    expect(nested(body, "line_items", 0)).toEqual({
      quantity: "1",
      price_data: {
        currency: "sek",
        unit_amount: "4900",
        recurring: { interval: "month" },
        product_data: { name: "Kammare 7KX2M9Q0, monthly" },
      },
    });
    expect(body.customer_email).toBe("anna@example.com");
    expect(body.client_reference_id).toBe(request.orderNumber);
    const metadata = {
      orderNumber: request.orderNumber,
      profileId: "7KX2M9Q0",
      customerId: request.customer.id,
      iterations: "0",
    };
    expect(body.metadata).toEqual(metadata);
    // No trial: the first period is charged at checkout.
    expect(body.subscription_data).toEqual({ metadata });
    expect(body.success_url).toBe(request.successUrl);
    expect(body.cancel_url).toBe(request.cancelUrl);
    expect(sent!.idempotencyKey).toBe(request.idempotencyKey);
    expect(session?.amount_total).toBe(4900);
  });

  it("asks for the free trial's days, the yearly interval and the iterations when the terms have them", async () => {
    const request = checkoutRequest({ amountOre: 49000, interval: "year", iterations: 12, trialDays: 30 });
    const start = await provider.startCheckout(request);

    const body = sessionCreates()[0]!.body;
    expect(nested(body, "line_items", 0, "price_data", "unit_amount")).toBe("49000");
    expect(nested(body, "line_items", 0, "price_data", "recurring")).toEqual({ interval: "year" });
    expect(nested(body, "subscription_data", "trial_period_days")).toBe("30");
    expect(nested(body, "subscription_data", "metadata", "iterations")).toBe("12");
    expect(nested(body, "metadata", "iterations")).toBe("12");
    // As at Stripe: nothing is due at checkout when a trial comes first.
    expect(standIn.sessions.get(start.reference)?.amount_total).toBe(0);
  });

  it("makes one session when the same checkout is asked for twice (idempotency key)", async () => {
    const request = checkoutRequest();
    const first = await provider.startCheckout(request);
    const again = await provider.startCheckout(request);

    expect(again).toEqual(first);
    const sent = sessionCreates();
    expect(sent).toHaveLength(2);
    expect(sent.map((entry) => entry.idempotencyKey)).toEqual([
      request.idempotencyKey,
      request.idempotencyKey,
    ]);
    expect(
      [...standIn.sessions.values()].filter((session) => session.client_reference_id === request.orderNumber),
    ).toHaveLength(1);

    // Another order is another session.
    const other = await provider.startCheckout(checkoutRequest());
    expect(other.reference).not.toBe(first.reference);
  });

  it("makes return addresses given as paths absolute on the site's own address", async () => {
    await provider.startCheckout(
      checkoutRequest({
        successUrl: "/k/7KX2M9Q0/checkout/confirm?order=KM-000999",
        cancelUrl: "/k/7KX2M9Q0",
      }),
    );
    const body = sessionCreates()[0]!.body;
    expect(body.success_url).toBe(`${publicUrl}/k/7KX2M9Q0/checkout/confirm?order=KM-000999`);
    expect(body.cancel_url).toBe(`${publicUrl}/k/7KX2M9Q0`);
  });

  it("fails the checkout loudly when Stripe refuses the secret key", async () => {
    const wrongKey = createStripeProvider({
      secretKey: "sk_test_wrong",
      webhookSecret,
      apiUrl: standIn.url,
      publicUrl,
    });
    await expect(wrongKey.startCheckout(checkoutRequest())).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });
});

describe("stripe provider: ending after the last paid period", () => {
  it("sets cancel_at_period_end on the subscription, so Stripe charges nothing more", async () => {
    const start = await provider.startCheckout(checkoutRequest({ iterations: 12 }));
    const { subscription } = standIn.completeSession(start.reference);
    expect(subscription.cancel_at_period_end).toBe(false);

    await provider.endAfterCurrentPeriod(subscription.id);

    const update = standIn.requests.find(
      (request) => request.path === `/v1/subscriptions/${subscription.id}`,
    );
    expect(update?.method).toBe("POST");
    expect(update?.body).toEqual({ cancel_at_period_end: "true" });
    expect(update?.idempotencyKey).toBeTruthy();
    const after = standIn.subscriptions.get(subscription.id)!;
    expect(after.cancel_at_period_end).toBe(true);
    expect(after.cancel_at).toBe(after.items.data[0]!.current_period_end);
    expect(after.metadata.iterations).toBe("12");
    // Asking again (a retried booking) is harmless.
    await expect(provider.endAfterCurrentPeriod(subscription.id)).resolves.toBeUndefined();
  });

  it("reports a subscription Stripe does not know", async () => {
    await expect(provider.endAfterCurrentPeriod("sub_test_unknown")).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });
});

// --- webhooks -------------------------------------------------------------------------------------

const created = 1_767_225_600; // 2026-01-01T00:00:00Z
const periodEnd = 1_769_904_000; // 2026-02-01T00:00:00Z
let eventSequence = 0;

function stripeEvent(type: string, object: Record<string, unknown>) {
  eventSequence += 1;
  return {
    id: `evt_test_${String(eventSequence).padStart(6, "0")}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** The body and headers Stripe would POST to the webhook endpoint. */
function signed(
  event: object,
  { secret = webhookSecret, timestamp }: { secret?: string; timestamp?: number } = {},
) {
  const body = JSON.stringify(event, null, 2);
  const header = signer.webhooks.generateTestHeaderString({ payload: body, secret, timestamp });
  return { body, headers: new Headers({ "content-type": "application/json", "stripe-signature": header }) };
}

const orderMetadata = {
  orderNumber: "KM-000123",
  profileId: "7KX2M9Q0",
  customerId: "4f1c2a9e-5b7d-4e3f-9a1b-2c3d4e5f6a7b",
  iterations: "12",
};

function invoice(overrides: Record<string, unknown> = {}) {
  return {
    id: "in_test_1QabcDEF",
    object: "invoice",
    amount_due: 4900,
    amount_paid: 4900,
    amount_remaining: 0,
    attempt_count: 1,
    billing_reason: "subscription_cycle",
    currency: "sek",
    customer: "cus_test_Abc123",
    customer_email: "anna@example.com",
    status: "paid",
    last_finalization_error: null,
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { metadata: orderMetadata, subscription: "sub_test_1QxyZ" },
    },
    lines: {
      object: "list",
      data: [
        {
          id: "il_test_1Q",
          object: "line_item",
          amount: 4900,
          currency: "sek",
          description: "1 × Kammare 7KX2M9Q0, monthly (at 49.00 kr / month)",
          period: { start: created, end: periodEnd },
        },
      ],
      has_more: false,
      url: "/v1/invoices/in_test_1QabcDEF/lines",
    },
    period_start: created - 2_678_400,
    period_end: created,
    ...overrides,
  };
}

function subscription(overrides: Record<string, unknown> = {}) {
  return {
    id: "sub_test_1QxyZ",
    object: "subscription",
    status: "active",
    customer: "cus_test_Abc123",
    cancel_at_period_end: false,
    metadata: orderMetadata,
    trial_end: null,
    items: {
      object: "list",
      data: [
        {
          id: "si_test_1Q",
          object: "subscription_item",
          current_period_start: created,
          current_period_end: periodEnd,
        },
      ],
    },
    ...overrides,
  };
}

describe("stripe provider: webhooks", () => {
  it("books a completed checkout as the order's payment, linked by client_reference_id", async () => {
    const request = checkoutRequest();
    const start = await provider.startCheckout(request);
    const { session, subscription: started } = standIn.completeSession(start.reference);
    const event = stripeEvent("checkout.session.completed", { ...session });
    const { body, headers } = signed(event);

    expect(await provider.parseWebhook(body, headers)).toEqual({
      provider: "stripe",
      eventId: event.id,
      type: "payment_succeeded",
      orderNumber: request.orderNumber,
      providerReference: start.reference,
      providerSubscriptionId: started.id,
      amountOre: 4900,
      failureCode: null,
      periodEnd: null,
      occurredAt: "2026-01-01T00:00:00.000Z",
      raw: JSON.parse(body),
    });
  });

  it("finds the order in the metadata when client_reference_id is missing; a trial checkout only keeps the card", async () => {
    const start = await provider.startCheckout(checkoutRequest({ trialDays: 30 }));
    const { session } = standIn.completeSession(start.reference);
    const event = stripeEvent("checkout.session.completed", { ...session, client_reference_id: null });
    const parsed = await provider.parseWebhook(signed(event).body, signed(event).headers);
    expect(parsed).toMatchObject({
      type: "checkout_completed",
      orderNumber: session.metadata.orderNumber,
      amountOre: 0,
    });
  });

  it("leaves a completed checkout whose payment is still under way to the invoice that follows", async () => {
    const start = await provider.startCheckout(checkoutRequest());
    const event = stripeEvent("checkout.session.completed", {
      ...standIn.sessions.get(start.reference),
      status: "complete",
      payment_status: "unpaid",
    });
    const parsed = await provider.parseWebhook(signed(event).body, signed(event).headers);
    expect(parsed).toMatchObject({ type: "ignored", eventId: event.id, providerReference: start.reference });
  });

  it("fails (so Stripe retries) on a signed event of a shape it cannot read, naming the event", async () => {
    const event = stripeEvent("invoice.paid", { id: "in_test_odd", object: "invoice" });
    const parsing = provider.parseWebhook(signed(event).body, signed(event).headers);
    await expect(parsing).rejects.toThrow(`Stripe event ${event.id} (invoice.paid) has an unexpected shape`);
    await expect(parsing).rejects.not.toBeInstanceOf(WebhookSignatureError);
  });

  it("books a paid invoice as a paid period, with the period's end and the order from the subscription", async () => {
    const event = stripeEvent("invoice.paid", invoice());
    const { body, headers } = signed(event);
    expect(await provider.parseWebhook(body, headers)).toMatchObject({
      eventId: event.id,
      type: "payment_succeeded",
      orderNumber: "KM-000123",
      providerReference: "in_test_1QabcDEF",
      providerSubscriptionId: "sub_test_1QxyZ",
      amountOre: 4900,
      failureCode: null,
      periodEnd: "2026-02-01T00:00:00.000Z",
    });
  });

  it("reads an invoice of the older API versions (subscription at the top)", async () => {
    const event = stripeEvent("invoice.paid", invoice({ parent: null, subscription: "sub_test_legacy" }));
    const parsed = await provider.parseWebhook(signed(event).body, signed(event).headers);
    expect(parsed).toMatchObject({
      type: "payment_succeeded",
      providerSubscriptionId: "sub_test_legacy",
      orderNumber: null,
    });
  });

  it("ignores the 0 SEK invoice a trial starts with: no period is paid", async () => {
    const event = stripeEvent(
      "invoice.paid",
      invoice({ amount_due: 0, amount_paid: 0, billing_reason: "subscription_create" }),
    );
    const parsed = await provider.parseWebhook(signed(event).body, signed(event).headers);
    expect(parsed).toMatchObject({ type: "ignored", eventId: event.id, amountOre: 0 });
  });

  it("reports a failed invoice payment with a failure code", async () => {
    const event = stripeEvent(
      "invoice.payment_failed",
      invoice({ amount_paid: 0, amount_remaining: 4900, status: "open", attempt_count: 2 }),
    );
    expect(await provider.parseWebhook(signed(event).body, signed(event).headers)).toMatchObject({
      type: "payment_failed",
      orderNumber: "KM-000123",
      providerSubscriptionId: "sub_test_1QxyZ",
      amountOre: 4900,
      failureCode: "payment_failed",
      periodEnd: null,
    });
  });

  it("translates the subscription's changes, its end and the trial's warning", async () => {
    const cases = [
      {
        event: stripeEvent("customer.subscription.updated", subscription({ status: "past_due" })),
        expected: { type: "subscription_updated", periodEnd: "2026-02-01T00:00:00.000Z" },
      },
      {
        event: stripeEvent(
          "customer.subscription.deleted",
          subscription({ status: "canceled", ended_at: periodEnd }),
        ),
        expected: { type: "subscription_cancelled", periodEnd: "2026-02-01T00:00:00.000Z" },
      },
      {
        event: stripeEvent(
          "customer.subscription.trial_will_end",
          subscription({ status: "trialing", trial_end: created + 3 * 86_400 }),
        ),
        expected: { type: "trial_will_end", periodEnd: "2026-01-04T00:00:00.000Z" },
      },
    ];
    for (const { event, expected } of cases) {
      const { body, headers } = signed(event);
      expect(await provider.parseWebhook(body, headers)).toMatchObject({
        ...expected,
        eventId: event.id,
        orderNumber: "KM-000123",
        providerSubscriptionId: "sub_test_1QxyZ",
        providerReference: null,
        amountOre: null,
      });
    }
  });

  it("answers other event types with `ignored`, so the endpoint can acknowledge them", async () => {
    const event = stripeEvent("customer.created", { id: "cus_test_Abc123", object: "customer" });
    const parsed = await provider.parseWebhook(signed(event).body, signed(event).headers);
    expect(parsed).toMatchObject({ type: "ignored", eventId: event.id, orderNumber: null });
  });

  describe("refuses what Stripe did not sign", () => {
    const event = stripeEvent("invoice.paid", invoice());

    it("a signature made with another secret", async () => {
      const { body, headers } = signed(event, { secret: "whsec_forged" });
      await expect(provider.parseWebhook(body, headers)).rejects.toBeInstanceOf(WebhookSignatureError);
    });

    it("a body changed after signing", async () => {
      const { body, headers } = signed(event);
      const tampered = body.replace('"amount_paid": 4900', '"amount_paid": 1');
      expect(tampered).not.toBe(body);
      await expect(provider.parseWebhook(tampered, headers)).rejects.toBeInstanceOf(WebhookSignatureError);
    });

    it("no Stripe-Signature header, or a garbled one", async () => {
      const { body } = signed(event);
      await expect(provider.parseWebhook(body, new Headers())).rejects.toBeInstanceOf(WebhookSignatureError);
      await expect(
        provider.parseWebhook(body, new Headers({ "stripe-signature": "garbage" })),
      ).rejects.toBeInstanceOf(WebhookSignatureError);
    });

    it("a correctly signed request replayed after Stripe's five minutes", async () => {
      const { body, headers } = signed(event, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 });
      await expect(provider.parseWebhook(body, headers)).rejects.toBeInstanceOf(WebhookSignatureError);
    });
  });
});
