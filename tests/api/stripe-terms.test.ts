// A prepaid term through the Stripe provider, against the local stand-in of Stripe's API through the
// official `stripe` package (ADR 041): the checkout is a Checkout Session in payment mode (a one-time
// price, nothing recurring, no subscription); Stripe's signed checkout.session.completed with its
// payment intent books the term once, however often delivered; a withdrawal refunds that payment.
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, expect, it } from "vitest";
import { startCardCheckoutAnswerSchema } from "../../contract/checkout";
import { termEnd } from "../../contract/pricing";
import { loadConfig } from "../../server/config";
import { orders, paymentEvents, profiles, subscriptions } from "../../server/db/schema";
import { createPaymentProviders } from "../../server/providers/payments";
import { createStripeProvider } from "../../server/providers/payments/stripe";
import { call, siteOrigin } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { ownedPageWith } from "../support/named-draft";
import { startStripeStandIn } from "../support/stripe-stand-in";

const secretKey = "sk_test_standin_terms_0123";
const webhookSecret = "whsec_standin_terms_0123";
const standIn = await startStripeStandIn({ secretKey });
afterAll(() => standIn.close());

const config = loadConfig({
  NODE_ENV: "test",
  PUBLIC_URL: siteOrigin,
  PAYMENT_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: secretKey,
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  STRIPE_API_URL: standIn.url,
});
const payments = createPaymentProviders(config, {
  stripe: () =>
    createStripeProvider({ secretKey, webhookSecret, apiUrl: standIn.url, publicUrl: siteOrigin }),
});
const signer = new Stripe(secretKey);
let sequence = 0;

function stripeWebhook(type: string, object: Record<string, unknown>) {
  sequence += 1;
  const body = JSON.stringify({
    id: `evt_terms_${Date.now()}_${sequence}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
  const signature = signer.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret });
  return { body, headers: { "Content-Type": "application/json", "Stripe-Signature": signature } };
}

describeOnEngines("prepaid terms through Stripe", { app: { config, payments } }, (fixture) => {
  const { app, db } = fixture;

  it("pays 25 years in a payment-mode Checkout Session, books it once from checkout.session.completed, and refunds it on withdrawal", async () => {
    const { id, owner } = await ownedPageWith(fixture, {
      status: "expired",
      content: { displayName: "Greta Ek" },
    });
    const started = await call(app, "/api/checkout/card", {
      bearer: owner.token,
      json: { profileId: id, plan: "term25" },
    });
    expect(started.status, await started.clone().text()).toBe(200);
    const { order, next } = startCardCheckoutAnswerSchema.parse(await started.json());
    expect(order).toMatchObject({ plan: "term25", amountOre: 790_000, iterations: 1 });
    expect(next).toMatchObject({
      kind: "redirect",
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//),
    });
    const created = standIn.requests.filter((request) => request.path === "/v1/checkout/sessions").at(-1);
    expect(created?.status).toBe(200);
    expect(created?.body).toMatchObject({
      mode: "payment",
      client_reference_id: order.orderNumber,
      customer_email: owner.email,
      metadata: { orderNumber: order.orderNumber, profileId: id },
      payment_intent_data: { metadata: { orderNumber: order.orderNumber } },
      line_items: [{ quantity: "1", price_data: { currency: "sek", unit_amount: "790000" } }],
    });
    expect(JSON.stringify(created?.body)).not.toContain("recurring");
    expect(created?.body.subscription_data).toBeUndefined();

    const [row] = await db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
    const session = standIn.completePayment(row?.providerReference as string);
    expect(session).toMatchObject({ payment_status: "paid", subscription: null });
    expect(session.payment_intent).toMatch(/^pi_test_/);

    const event = stripeWebhook("checkout.session.completed", { ...session });
    for (let delivery = 0; delivery < 2; delivery++) {
      const answer = await app.request("/api/webhooks/stripe", { method: "POST", ...event });
      expect(answer.status).toBe(200);
    }
    const [paid] = await db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
    expect(paid?.status).toBe("paid");
    expect(paid?.termUntil?.toISOString()).toBe(termEnd(paid?.termFrom as Date, "term25").toISOString());
    const [page] = await db.select().from(profiles).where(eq(profiles.id, id));
    expect(page).toMatchObject({ status: "active", paidUntil: paid?.termUntil });
    expect(await db.select().from(paymentEvents).where(eq(paymentEvents.orderId, paid!.id))).toHaveLength(1);
    const [kept] = await db.select().from(subscriptions).where(eq(subscriptions.orderId, paid!.id));
    expect(kept).toMatchObject({
      plan: "term25",
      provider: "stripe",
      providerSubscriptionId: null,
      nextChargeAt: null,
    });

    const withdrawn = await call(app, "/api/kammare/subscriptions/withdraw", {
      bearer: owner.token,
      json: { profileId: id },
      origin: siteOrigin,
    });
    expect(withdrawn.status, await withdrawn.clone().text()).toBe(200);
    expect(
      standIn.billing.refunds.filter((refund) => refund.payment_intent === session.payment_intent),
    ).toEqual([expect.objectContaining({ amount: 790_000, reason: "requested_by_customer" })]);
    const [refunded] = await db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
    expect(refunded?.status).toBe("refunded");
    const [rested] = await db.select().from(profiles).where(eq(profiles.id, id));
    expect(rested?.status).toBe("expired");
    const refundEvents = await db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.orderId, paid!.id), eq(paymentEvents.type, "payment_refunded")));
    expect(refundEvents).toHaveLength(1);
  });
});
