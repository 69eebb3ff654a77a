// The Stripe provider wired into the app, against the local stand-in of Stripe's API: a card checkout
// makes a Checkout Session with the right terms; Stripe's signed webhook books the payment once, even
// when it is delivered again; a forged one is refused.
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, expect, it } from "vitest";
import { startCardCheckoutAnswerSchema } from "../../contract/checkout";
import { cardPageAnswerSchema, subscriptionAnswerSchema } from "../../contract/subscriptions";
import { loadConfig } from "../../server/config";
import { orders, paymentEvents, profiles, subscriptions, users } from "../../server/db/schema";
import { createPaymentProviders } from "../../server/providers/payments";
import { createStripeProvider } from "../../server/providers/payments/stripe";
import { call, siteOrigin, type Account } from "../support/accounts";
import { describeOnEngines, type ApiFixture } from "../support/api-fixture";
import { ownedPageWith } from "../support/named-draft";
import { startStripeStandIn } from "../support/stripe-stand-in";

const secretKey = "sk_test_standin_0123456789";
const webhookSecret = "whsec_standin_0123456789";
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

/** An event as Stripe sends it, signed with the webhook secret (or another). */
function stripeWebhook(type: string, object: Record<string, unknown>, secret = webhookSecret) {
  sequence += 1;
  const body = JSON.stringify({
    id: `evt_app_${Date.now()}_${sequence}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
  const signature = signer.webhooks.generateTestHeaderString({ payload: body, secret });
  return { body, headers: { "Content-Type": "application/json", "Stripe-Signature": signature } };
}

/**
 * Starts a monthly card checkout of the page and has the stand-in complete its Checkout Session, as the
 * customer paying on Stripe's page would; the webhook that tells the app is left to the test. Returns
 * the order, its row, and the session and subscription Stripe now holds.
 */
async function checkoutCompletedOnStripe(
  { app, db }: Pick<ApiFixture, "app" | "db">,
  { id, owner }: { id: string; owner: Account },
) {
  const started = await call(app, "/api/checkout/card", {
    bearer: owner.token,
    json: { profileId: id, plan: "monthly" },
  });
  const { order } = startCardCheckoutAnswerSchema.parse(await started.json());
  const [row] = await db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
  return { order, row, ...standIn.completeSession(row?.providerReference as string) };
}

describeOnEngines(
  "card checkout through Stripe",
  { app: { config, payments } },
  ({ app, db, accounts, admin, mailbox }) => {
    const trialPage = () => ownedPageWith({ db, accounts, admin }, { status: "trial" });

    it("makes a subscription Checkout Session with the plan's terms and sends the customer to it", async () => {
      const { id, owner } = await trialPage();
      const response = await call(app, "/api/checkout/card", {
        bearer: owner.token,
        json: { profileId: id, plan: "yearly" },
      });
      expect(response.status).toBe(200);
      const { order, next } = startCardCheckoutAnswerSchema.parse(await response.json());
      expect(next).toMatchObject({
        kind: "redirect",
        url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//),
      });
      const created = standIn.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1);
      expect(created?.idempotencyKey).toBeTruthy();
      expect(created?.body).toMatchObject({
        mode: "subscription",
        client_reference_id: order.orderNumber,
        customer_email: owner.email,
        metadata: { orderNumber: order.orderNumber, profileId: id },
        line_items: [
          { price_data: { currency: "sek", unit_amount: "49000", recurring: { interval: "year" } } },
        ],
      });
      const [stored] = await db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
      expect(stored?.provider).toBe("stripe");
      expect(stored?.providerReference).toMatch(/^cs_test_/);
    });

    it("books Stripe's signed checkout.session.completed once, even delivered twice; a forged one is refused", async () => {
      const { id, owner } = await trialPage();
      const { row, session } = await checkoutCompletedOnStripe({ app, db }, { id, owner });

      const forged = stripeWebhook("checkout.session.completed", { ...session }, "whsec_someone_else_000");
      const refused = await app.request("/api/webhooks/stripe", { method: "POST", ...forged });
      expect(refused.status).toBe(400);
      expect((await db.select().from(orders).where(eq(orders.id, row!.id)))[0]?.status).toBe("pending");

      const event = stripeWebhook("checkout.session.completed", { ...session });
      for (let delivery = 0; delivery < 2; delivery++) {
        const answer = await app.request("/api/webhooks/stripe", { method: "POST", ...event });
        expect(answer.status).toBe(200);
      }
      const [paid] = await db.select().from(orders).where(eq(orders.id, row!.id));
      expect(paid?.status).toBe("paid");
      const [page] = await db.select().from(profiles).where(eq(profiles.id, id));
      expect(page?.status).toBe("active");
      const events = await db.select().from(paymentEvents).where(eq(paymentEvents.orderId, row!.id));
      expect(events).toHaveLength(1);
      const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.orderId, row!.id));
      expect(subscription?.periodsPaid).toBe(1);
    });

    it("when the last agreed period is paid, asks Stripe to end the subscription at the period's end", async () => {
      const { id, owner } = await trialPage();
      const link = await call(app, "/api/admin/checkout-session-link", {
        bearer: admin.token,
        json: { customerId: owner.id, price: 9900, iterations: 1, includesFreeTrial: false },
      });
      expect(link.status).toBe(201);
      const { token } = (await link.json()) as { token: string };
      const started = await call(app, "/api/checkout/card", {
        bearer: owner.token,
        json: { profileId: id, link: token },
      });
      expect(started.status).toBe(200);
      const { order } = startCardCheckoutAnswerSchema.parse(await started.json());
      expect(order.amountOre).toBe(9900);
      const [row] = await db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
      const { session, subscription } = standIn.completeSession(row?.providerReference as string);
      const answer = await app.request("/api/webhooks/stripe", {
        method: "POST",
        ...stripeWebhook("checkout.session.completed", { ...session }),
      });
      expect(answer.status).toBe(200);
      const ended = standIn.requests.find(
        (r) => r.method === "POST" && r.path === `/v1/subscriptions/${subscription.id}`,
      );
      expect(ended?.body).toMatchObject({ cancel_at_period_end: "true" });
    });

    it("a failed renewal makes the page past due with the failure kept; the next paid invoice renews it", async () => {
      const { id, owner } = await trialPage();
      await db.update(users).set({ locale: "en-US" }).where(eq(users.id, owner.id));
      const { order, row, session, subscription } = await checkoutCompletedOnStripe(
        { app, db },
        { id, owner },
      );
      const deliver = (type: string, object: Record<string, unknown>) =>
        app.request("/api/webhooks/stripe", { method: "POST", ...stripeWebhook(type, object) });
      expect((await deliver("checkout.session.completed", { ...session })).status).toBe(200);
      const [first] = await db.select().from(subscriptions).where(eq(subscriptions.orderId, row!.id));
      const firstEnd = first?.currentPeriodEnd as Date;
      const renewal = (status: "paid" | "open", periodEnd: number) => ({
        id: `in_test_${status}_${periodEnd}`,
        object: "invoice",
        amount_due: 4900,
        amount_paid: status === "paid" ? 4900 : 0,
        amount_remaining: status === "paid" ? 0 : 4900,
        attempt_count: 1,
        billing_reason: "subscription_cycle",
        currency: "sek",
        customer: "cus_test_renewal",
        customer_email: owner.email,
        status,
        last_finalization_error: null,
        parent: {
          type: "subscription_details",
          quote_details: null,
          subscription_details: {
            metadata: { orderNumber: order.orderNumber },
            subscription: subscription.id,
          },
        },
        lines: {
          object: "list",
          data: [
            {
              id: `il_${periodEnd}`,
              object: "line_item",
              amount: 4900,
              currency: "sek",
              description: "Kammare, monthly",
              period: { start: periodEnd - 30 * 86_400, end: periodEnd },
            },
          ],
          has_more: false,
          url: "/v1/invoices/x/lines",
        },
        period_start: periodEnd - 30 * 86_400,
        period_end: periodEnd,
      });
      const nextEnd = Math.floor(firstEnd.getTime() / 1000) + 30 * 86_400;

      expect((await deliver("invoice.payment_failed", renewal("open", nextEnd))).status).toBe(200);
      let [page] = await db.select().from(profiles).where(eq(profiles.id, id));
      expect(page?.status).toBe("past_due");
      let [kept] = await db.select().from(orders).where(eq(orders.id, row!.id));
      expect(kept).toMatchObject({ status: "paid", failureCode: "payment_failed", failureNotifiedAt: null });

      expect((await deliver("invoice.paid", renewal("paid", nextEnd))).status).toBe(200);
      [page] = await db.select().from(profiles).where(eq(profiles.id, id));
      expect(page?.status).toBe("active");
      expect(page?.paidUntil?.getTime()).toBe(nextEnd * 1000);
      [kept] = await db.select().from(orders).where(eq(orders.id, row!.id));
      expect(kept?.failureCode).toBeNull();
      const [renewed] = await db.select().from(subscriptions).where(eq(subscriptions.orderId, row!.id));
      expect(renewed).toMatchObject({ periodsPaid: 2, status: "active" });
      // Stripe's renewal e-mails its own receipt, once, even when the invoice.paid comes again.
      expect((await deliver("invoice.paid", renewal("paid", nextEnd))).status).toBe(200);
      const receipts = (await mailbox()).filter(
        (mail) => mail.to === owner.email && mail.subject.startsWith(`Receipt ${order.orderNumber}`),
      );
      expect(receipts.map((mail) => mail.subject).sort()).toEqual([
        `Receipt ${order.orderNumber} from Kammare`,
        `Receipt ${order.orderNumber}-2 from Kammare`,
      ]);
    });
  },
);

describeOnEngines(
  "paying during the page's own trial through Stripe",
  { app: { config, payments } },
  ({ app, db, accounts, admin }) => {
    it("asks Stripe for a trial ending with the page's, and books the completed checkout as scheduled, not paid", async () => {
      const trialEndsAt = new Date(Date.now() + 20 * 24 * 3600_000);
      const { id, owner } = await ownedPageWith({ db, accounts, admin }, { status: "trial", trialEndsAt });
      const response = await call(app, "/api/checkout/card", {
        bearer: owner.token,
        json: { profileId: id, plan: "monthly" },
      });
      expect(response.status).toBe(200);
      const { order } = startCardCheckoutAnswerSchema.parse(await response.json());
      const created = standIn.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1);
      expect(created?.body).toMatchObject({
        subscription_data: { trial_end: String(Math.ceil(trialEndsAt.getTime() / 1000)) },
      });
      const [stored] = await db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
      const { session } = standIn.completeSession(stored?.providerReference ?? "");
      expect(session.amount_total).toBe(0);
      const { body, headers } = stripeWebhook("checkout.session.completed", { ...session });
      const delivered = await call(app, "/api/webhooks/stripe", { method: "POST", headers, body });
      expect(delivered.status).toBe(200);
      const [booked] = await db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
      expect(booked).toMatchObject({ status: "scheduled", paidAt: null });
      const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.profileId, id));
      expect(sub).toMatchObject({ status: "trialing", periodsPaid: 0 });
      expect(sub?.nextChargeAt?.getTime()).toBe(trialEndsAt.getTime());
      // Still on its free trial: nothing of it is wasted.
      expect((await db.select().from(profiles).where(eq(profiles.id, id)))[0]?.status).toBe("trial");
    });

    it("moves Stripe's first charge to the extended trial's end when the owner starts it after saving a card", async () => {
      const trialEndsAt = new Date(Date.now() + 20 * 24 * 3600_000);
      const { id, owner } = await ownedPageWith(
        { db, accounts, admin },
        {
          status: "trial",
          trialStartedAt: new Date(Date.now() - 10 * 24 * 3600_000),
          trialEndsAt,
          content: { displayName: "Anna Andersson" },
        },
      );
      await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, owner.id));
      const { session, subscription } = await checkoutCompletedOnStripe({ app, db }, { id, owner });
      const { body, headers } = stripeWebhook("checkout.session.completed", { ...session });
      expect((await call(app, "/api/webhooks/stripe", { method: "POST", headers, body })).status).toBe(200);
      expect(standIn.subscriptions.get(subscription.id)?.trial_end).toBe(
        Math.ceil(trialEndsAt.getTime() / 1000),
      );

      const extended = await call(app, "/api/kammare/extended-trial", {
        bearer: owner.token,
        json: { profileId: id, acceptTerms: true },
      });
      expect(extended.status, await extended.clone().text()).toBe(200);
      const [page] = await db.select().from(profiles).where(eq(profiles.id, id));
      const newEnd = page?.trialEndsAt as Date;
      expect(newEnd.getTime()).toBeGreaterThan(trialEndsAt.getTime());
      // Stripe was told the new end, with nothing prorated: it charges then, not on the old date.
      const update = standIn.requests.filter((r) => r.path === `/v1/subscriptions/${subscription.id}`).at(-1);
      expect(update?.method).toBe("POST");
      expect(update?.body).toEqual({
        trial_end: String(Math.floor(newEnd.getTime() / 1000)),
        proration_behavior: "none",
      });
      expect(standIn.subscriptions.get(subscription.id)?.trial_end).toBe(Math.floor(newEnd.getTime() / 1000));
      // Our row and the page say the same date: the first charge and what the card covers moved.
      const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.profileId, id));
      expect(sub?.nextChargeAt?.getTime()).toBe(newEnd.getTime());
      expect(sub?.trialEndsAt?.getTime()).toBe(newEnd.getTime());
      expect(page).toMatchObject({ status: "extended_trial" });
      expect(page?.paidUntil?.getTime()).toBe(newEnd.getTime());
    });
  },
);

describeOnEngines(
  "a customer's self-service through Stripe",
  { app: { config, payments } },
  ({ app, db, accounts, admin }) => {
    it("switches to yearly through a schedule, changes the card on Stripe's portal, and withdraws with a Stripe refund", async () => {
      const { id, owner } = await ownedPageWith({ db, accounts, admin }, { status: "expired" });
      const { order, session, subscription } = await checkoutCompletedOnStripe({ app, db }, { id, owner });
      const completed = stripeWebhook("checkout.session.completed", { ...session });
      expect((await call(app, "/api/webhooks/stripe", { method: "POST", ...completed })).status).toBe(200);
      const act = (what: string, json: Record<string, unknown> = {}) =>
        call(app, `/api/kammare/subscriptions/${what}`, {
          bearer: owner.token,
          json: { profileId: id, ...json },
        });

      // Yearly from the next period: the paid month runs out, then Stripe charges the yearly price.
      const switched = await act("switch", { plan: "yearly" });
      expect(switched.status, await switched.clone().text()).toBe(200);
      expect(subscriptionAnswerSchema.parse(await switched.json()).subscription.nextPlan).toBe("yearly");
      const schedule = [...standIn.billing.schedules.values()].find(
        (s) => s.subscription === subscription.id,
      );
      const item = subscription.items.data[0]!;
      expect(schedule).toMatchObject({ status: "active", end_behavior: "release" });
      expect(schedule?.phases).toMatchObject([
        { start_date: item.current_period_start, end_date: item.current_period_end },
        {
          items: [
            {
              price_data: {
                product: item.price.product,
                unit_amount: "49000",
                recurring: { interval: "year" },
              },
            },
          ],
        },
      ]);

      const portal = await act("card-page");
      expect(portal.status, await portal.clone().text()).toBe(200);
      const { url } = cardPageAnswerSchema.parse(await portal.json());
      expect(url).toMatch(/^https:\/\/billing\.stripe\.com\//);
      expect(standIn.billing.portalSessions.at(-1)).toMatchObject({
        customer: subscription.customer,
        flow: { type: "payment_method_update" },
        return_url: `${siteOrigin}/account#account-subscriptions`,
      });

      const withdrawn = await act("withdraw");
      expect(withdrawn.status, await withdrawn.clone().text()).toBe(200);
      const invoice = standIn.billing.invoices.find(
        (candidate) => candidate.subscription === subscription.id,
      );
      expect(
        standIn.billing.refunds.filter((refund) => refund.payment_intent === invoice?.payment_intent),
      ).toEqual([expect.objectContaining({ amount: 4900, reason: "requested_by_customer" })]);
      expect(standIn.subscriptions.get(subscription.id)?.status).toBe("canceled");
      const [refunded] = await db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
      expect(refunded?.status).toBe("refunded");
      expect((await db.select().from(profiles).where(eq(profiles.id, id)))[0]?.status).toBe("expired");

      // Stripe then tells of the subscription's end: acknowledged, nothing changes.
      const ended = stripeWebhook("customer.subscription.deleted", {
        ...standIn.subscriptions.get(subscription.id),
      });
      expect((await call(app, "/api/webhooks/stripe", { method: "POST", ...ended })).status).toBe(200);
      expect((await db.select().from(profiles).where(eq(profiles.id, id)))[0]?.status).toBe("expired");
      expect((await act("withdraw")).status).toBe(404);
    });
  },
);
