// The Stripe provider's self-service calls through the official `stripe` package against the local
// stand-in: a switch of plan taken back lets go of its schedule, cancelling a subscription whose
// switch waits lets go of the schedule first (Stripe refuses it otherwise), a lengthened trial moves
// the first charge with nothing prorated, and the same withdrawal asked twice refunds once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStripeProvider, type StripePaymentProvider } from "../../server/providers/payments/stripe";
import { checkoutRequestSample } from "../support/checkout-samples";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in";

const secretKey = "sk_test_kammare_self_service";
const publicUrl = "https://kammare.example";
let standIn: StripeStandIn;
let provider: StripePaymentProvider;

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey });
  provider = createStripeProvider({
    secretKey,
    webhookSecret: "whsec_unused",
    apiUrl: standIn.url,
    publicUrl,
  });
});
afterAll(() => standIn.close());

async function paidSubscription() {
  const start = await provider.startCheckout(checkoutRequestSample(publicUrl));
  return standIn.completeSession(start.reference).subscription;
}

describe("stripe provider: self-service", () => {
  it("takes a switch back by letting go of its schedule, and switches again with a new one", async () => {
    const subscription = await paidSubscription();
    const yearly = { amountOre: 49_000, interval: "year" as const, description: "yearly" };
    await provider.schedulePlanChange(subscription.id, yearly);
    const first = standIn.subscriptions.get(subscription.id)?.schedule;
    expect(first).toBeTruthy();
    await provider.schedulePlanChange(subscription.id, null);
    expect(standIn.subscriptions.get(subscription.id)?.schedule).toBeNull();
    expect(standIn.billing.schedules.get(first ?? "")?.status).toBe("released");
    await provider.schedulePlanChange(subscription.id, yearly);
    await provider.schedulePlanChange(subscription.id, yearly);
    const active = [...standIn.billing.schedules.values()].filter(
      (schedule) => schedule.subscription === subscription.id && schedule.status === "active",
    );
    expect(active).toHaveLength(1);
  });

  it("cancels at the period's end a subscription whose switch waits, letting go of the schedule first", async () => {
    const subscription = await paidSubscription();
    await provider.schedulePlanChange(subscription.id, {
      amountOre: 49_000,
      interval: "year",
      description: "y",
    });
    await provider.setCancelAtPeriodEnd(subscription.id, true);
    expect(standIn.subscriptions.get(subscription.id)).toMatchObject({
      cancel_at_period_end: true,
      schedule: null,
    });
  });

  it("moves a trial's end on the subscription with nothing prorated, so the first charge waits for it", async () => {
    const start = await provider.startCheckout(checkoutRequestSample(publicUrl, { trialDays: 30 }));
    const { subscription } = standIn.completeSession(start.reference);
    const later = new Date(Date.now() + 90 * 24 * 3600_000);
    await provider.moveTrialEnd(subscription.id, later);
    const update = standIn.requests.filter((r) => r.path === `/v1/subscriptions/${subscription.id}`).at(-1);
    expect(update?.body).toEqual({
      trial_end: String(Math.floor(later.getTime() / 1000)),
      proration_behavior: "none",
    });
    expect(standIn.subscriptions.get(subscription.id)).toMatchObject({
      status: "trialing",
      trial_end: Math.floor(later.getTime() / 1000),
    });
  });

  it("refunds a withdrawal once, even asked twice, and ends the subscription now", async () => {
    const subscription = await paidSubscription();
    const request = {
      providerSubscriptionId: subscription.id,
      orderNumber: "KM-009099",
      amountOre: 4900,
      idempotencyKey: `withdraw-${subscription.id}`,
    };
    const first = await provider.refundAndEnd(request);
    const again = await provider.refundAndEnd(request);
    expect(again.refundId).toBe(first.refundId);
    const invoice = standIn.billing.invoices.find((candidate) => candidate.subscription === subscription.id);
    expect(
      standIn.billing.refunds.filter((refund) => refund.payment_intent === invoice?.payment_intent),
    ).toEqual([
      expect.objectContaining({ id: first.refundId, amount: 4900, metadata: { orderNumber: "KM-009099" } }),
    ]);
    expect(standIn.subscriptions.get(subscription.id)?.status).toBe("canceled");
  });

  it("fails loudly when the subscription has no paid invoice to refund", async () => {
    await expect(
      provider.refundAndEnd({
        providerSubscriptionId: "sub_test_unknown",
        orderNumber: "KM-009098",
        amountOre: 4900,
        idempotencyKey: "withdraw-unknown",
      }),
    ).rejects.toThrow(/no paid invoice/);
  });
});
