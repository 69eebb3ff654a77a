// Card payments through the sandbox, end to end over the API: orders and their numbers, the VAT split,
// booking exactly once (a replayed webhook, a double click on pay), the webhook's signature, who may pay.
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { orderAnswerSchema, startCardCheckoutAnswerSchema } from "../../contract/checkout";
import { orderNumberPattern } from "../../contract/orders";
import {
  checkoutLinks,
  orders,
  paymentEvents,
  profileStatusHistory,
  profiles,
  subscriptions,
} from "../../server/db/schema";
import { createSandboxProvider } from "../../server/providers/payments/sandbox";
import { createPaymentProviders } from "../../server/providers/payments";
import { onDomainEvents } from "../../server/domain/core";
import { call, expectError, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { ownedPageWith } from "../support/named-draft";

const secret = "test-sandbox-secret-0123456789";
const sandbox = createSandboxProvider({ secret });
const changed: string[] = [];
const payments = createPaymentProviders(
  { PAYMENT_PROVIDER: "sandbox", SANDBOX_WEBHOOK_SECRET: secret },
  { sandbox },
);
const card = { cardNumber: "4242 4242 4242 4242", expiry: "12/39", cvc: "123", name: "Kalle Anka" };

describeOnEngines("card payments", { app: { payments } }, ({ app, db, accounts, admin }) => {
  // The pages the bookings announced as changed, after their commits (ADR 033).
  beforeAll(() =>
    onDomainEvents(db, (event) => {
      if ("profileId" in event) changed.push(event.profileId);
    }),
  );
  /** A published page (in its free trial) of a fresh customer. */
  const ownedPage = (status: "trial" | "draft" | "active" = "trial") =>
    ownedPageWith({ db, accounts, admin }, { status });
  const start = async (owner: Account, json: unknown) => {
    const response = await call(app, "/api/checkout/card", { bearer: owner.token, json });
    expect(response.status).toBe(200);
    return startCardCheckoutAnswerSchema.parse(await response.json()).order;
  };
  const pay = (owner: Account, json: unknown) =>
    call(app, "/api/checkout/sandbox/pay", { bearer: owner.token, json });

  it("numbers orders KM-000123, unique, with the VAT split of the plan", async () => {
    const first = await ownedPage();
    const second = await ownedPage();
    const monthly = await start(first.owner, { profileId: first.id, plan: "monthly" });
    const yearly = await start(second.owner, { profileId: second.id, plan: "yearly" });
    expect(monthly.orderNumber).toMatch(orderNumberPattern);
    expect(yearly.orderNumber).toMatch(orderNumberPattern);
    expect(monthly.orderNumber).not.toBe(yearly.orderNumber);
    // 49 SEK incl. 25 % VAT: 39.20 net + 9.80 VAT; 490 SEK: 392 + 98.
    expect(monthly).toMatchObject({
      amountOre: 4900,
      netOre: 3920,
      vatOre: 980,
      vatRatePercent: 25,
      status: "pending",
    });
    expect(yearly).toMatchObject({ amountOre: 49000, netOre: 39200, vatOre: 9800, interval: "year" });
  });

  it("a second click on pay while the order is open reuses it (no double orders)", async () => {
    const { id, owner } = await ownedPage();
    const [a, b] = await Promise.all([
      start(owner, { profileId: id, plan: "monthly" }),
      start(owner, { profileId: id, plan: "monthly" }),
    ]);
    expect(a.orderNumber).toBe(b.orderNumber);
    const rows = await db.select().from(orders).where(eq(orders.profileId, id));
    expect(rows).toHaveLength(1);
  });

  it("pays by card: the order is paid once, the page active and paid for a month, with history", async () => {
    const { id, owner } = await ownedPage();
    const order = await start(owner, { profileId: id, plan: "monthly" });
    changed.length = 0;
    // A double click on pay, and the same order paid from six tabs: every request at once.
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => pay(owner, { orderNumber: order.orderNumber, ...card })),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(orderAnswerSchema.parse(await answer.json()).order.status).toBe("paid");
    }
    // One period paid, so one payment recorded (and one receipt): the rest were the same payment.
    const [row] = await db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
    const succeeded = await db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, row?.id ?? ""));
    expect(succeeded.filter((event) => event.type === "payment_succeeded")).toHaveLength(1);
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, id));
    expect(profile?.status).toBe("active");
    const paidUntil = profile?.paidUntil?.getTime() ?? 0;
    expect(paidUntil - Date.now()).toBeGreaterThan(27 * 24 * 3600_000);
    expect(paidUntil - Date.now()).toBeLessThan(32 * 24 * 3600_000);
    const subs = await db.select().from(subscriptions).where(eq(subscriptions.profileId, id));
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ periodsPaid: 1, status: "active", interval: "month", iterations: 0 });
    const history = await db
      .select()
      .from(profileStatusHistory)
      .where(eq(profileStatusHistory.profileId, id));
    expect(history.filter((row) => row.reasonCode === "paid")).toHaveLength(1);
    expect(changed).toContain(id);
    // The confirm data: the viewer's order, with paid until.
    const confirm = await pay(owner, { orderNumber: order.orderNumber, ...card });
    expect(orderAnswerSchema.parse(await confirm.json()).order.paidUntil).toBe(
      profile?.paidUntil?.toISOString(),
    );
  });

  it("books a replayed webhook once and refuses a forged signature with 400", async () => {
    const { id, owner } = await ownedPage();
    const order = await start(owner, { profileId: id, plan: "monthly" });
    const [row] = await db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
    const { body, headers } = sandbox.webhook("payment_succeeded", {
      orderNumber: order.orderNumber,
      reference: row?.providerReference ?? "",
      amountOre: 4900,
      failureCode: null,
    });
    const send = (signed: Headers, raw = body) =>
      app.request("/api/webhooks/sandbox", { method: "POST", headers: signed, body: raw });
    const first = await send(headers);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, alreadyBooked: false });
    const replay = await send(headers);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, alreadyBooked: true });
    const events = await db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, row?.id ?? ""));
    expect(events).toHaveLength(1);
    expect(await db.select().from(subscriptions).where(eq(subscriptions.profileId, id))).toHaveLength(1);

    // A body changed under the signature, a signature made with another secret, none at all.
    await expectError(await send(headers, body.replace("4900", "1")), 400, "invalid_signature");
    const forged = createSandboxProvider({ secret: "someone-elses-secret-000" }).webhook(
      "payment_succeeded",
      {
        orderNumber: order.orderNumber,
        reference: "x",
        amountOre: 1,
        failureCode: null,
      },
    );
    await expectError(await send(forged.headers, forged.body), 400, "invalid_signature");
    await expectError(
      await send(new Headers({ "Content-Type": "application/json" })),
      400,
      "invalid_signature",
    );
    await expectError(await app.request("/api/webhooks/paypal", { method: "POST", body }), 404, "not_found");
  });

  it("a declined card fails the order with card_declined; the same order then pays with another card", async () => {
    const { id, owner } = await ownedPage();
    const order = await start(owner, { profileId: id, plan: "yearly" });
    const declined = await pay(owner, {
      orderNumber: order.orderNumber,
      ...card,
      cardNumber: "4000000000000002",
    });
    expect(orderAnswerSchema.parse(await declined.json()).order).toMatchObject({
      status: "failed",
      failureCode: "card_declined",
    });
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, id));
    expect(profile?.status).toBe("trial");
    const again = await start(owner, { profileId: id, plan: "yearly" });
    expect(again.orderNumber).toBe(order.orderNumber);
    const paid = await pay(owner, { orderNumber: order.orderNumber, ...card });
    expect(orderAnswerSchema.parse(await paid.json()).order.status).toBe("paid");
  });

  it("3220 asks for confirmation; approving pays, cancelling fails", async () => {
    for (const approve of [true, false]) {
      const { id, owner } = await ownedPage();
      const order = await start(owner, { profileId: id, plan: "monthly" });
      const asked = await pay(owner, {
        orderNumber: order.orderNumber,
        ...card,
        cardNumber: "4000 0000 0000 3220",
      });
      expect(orderAnswerSchema.parse(await asked.json()).order.status).toBe("requires_confirmation");
      const confirmed = await call(app, "/api/checkout/sandbox/confirm", {
        bearer: owner.token,
        json: { orderNumber: order.orderNumber, approve },
      });
      expect(orderAnswerSchema.parse(await confirmed.json()).order.status).toBe(approve ? "paid" : "failed");
    }
  });

  it("refuses bad card input with 400 naming the field", async () => {
    const { id, owner } = await ownedPage();
    const order = await start(owner, { profileId: id, plan: "monthly" });
    const cases: [Record<string, string>, string][] = [
      [{ cardNumber: "4242 4242 4242 4241" }, "cardNumber"],
      [{ cardNumber: "1234" }, "cardNumber"],
      [{ expiry: "13/30" }, "expiry"],
      [{ expiry: "01/20" }, "expiry"],
      [{ cvc: "12" }, "cvc"],
      [{ name: "" }, "name"],
    ];
    for (const [change, field] of cases) {
      await expectError(
        await pay(owner, { orderNumber: order.orderNumber, ...card, ...change }),
        400,
        "invalid_request",
        field,
      );
    }
    await expectError(
      await call(app, "/api/checkout/card", { bearer: owner.token, json: { profileId: id } }),
      400,
      "invalid_request",
      "plan",
    );
  });

  it("refuses another user: not their page (403), not their order (404); and pages that cannot be paid (409)", async () => {
    const { id, owner } = await ownedPage();
    const other = await accounts.signUp();
    await expectError(
      await call(app, "/api/checkout/card", {
        bearer: other.token,
        json: { profileId: id, plan: "monthly" },
      }),
      403,
      "forbidden",
    );
    const order = await start(owner, { profileId: id, plan: "monthly" });
    await expectError(await pay(other, { orderNumber: order.orderNumber, ...card }), 404, "not_found");
    const draft = await ownedPage("draft");
    await expectError(
      await call(app, "/api/checkout/card", {
        bearer: draft.owner.token,
        json: { profileId: draft.id, plan: "monthly" },
      }),
      409,
      "conflict",
    );
    const active = await ownedPage("active");
    await expectError(
      await call(app, "/api/checkout/card", {
        bearer: active.owner.token,
        json: { profileId: active.id, plan: "monthly" },
      }),
      409,
      "conflict",
    );
  });

  it("a checkout link's terms: its price and iterations, a free trial first, and the link used once", async () => {
    const { id, owner } = await ownedPage();
    const token = "link-token-0123456789abcdef";
    const [link] = await db
      .insert(checkoutLinks)
      .values({
        token,
        customerUserId: owner.id,
        priceOre: 9900,
        iterations: 12,
        includesFreeTrial: true,
        createdByUserId: admin.id,
      })
      .returning();
    const other = await accounts.signUp();
    await expectError(
      await call(app, "/api/checkout/card", { bearer: other.token, json: { profileId: id, link: token } }),
      403,
      "forbidden",
    );
    const order = await start(owner, { profileId: id, link: token });
    expect(order).toMatchObject({
      amountOre: 9900,
      netOre: 7920,
      vatOre: 1980,
      plan: "link",
      iterations: 12,
    });
    // A free trial first: the card is kept, nothing is charged until the trial's end.
    const kept = await pay(owner, { orderNumber: order.orderNumber, ...card });
    expect(orderAnswerSchema.parse(await kept.json()).order.status).toBe("scheduled");
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.profileId, id));
    expect(sub).toMatchObject({ status: "trialing", iterations: 12, periodsPaid: 0, priceOre: 9900 });
    expect(sub?.nextChargeAt?.getTime()).toBe(sub?.trialEndsAt?.getTime());
    expect(sub?.trialEndsAt?.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
    const [used] = await db
      .select()
      .from(checkoutLinks)
      .where(eq(checkoutLinks.id, link?.id ?? ""));
    expect(used?.usedAt).not.toBeNull();
    // Used: a new checkout with it is refused.
    await db.update(profiles).set({ status: "trial" }).where(eq(profiles.id, id));
    await expectError(
      await call(app, "/api/checkout/card", { bearer: owner.token, json: { profileId: id, link: token } }),
      409,
      "conflict",
      "link",
    );
  });
});
