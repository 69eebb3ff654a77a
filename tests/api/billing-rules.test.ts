// A probe of the billing rules, each case refused or made right, on every database engine: the status machine
// writes nothing it does not allow; paying does not lift a suspension; a checkout link pays one page
// once and a revoked or expired one pays nothing; paying during a trial never wastes the trial.
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { orderAnswerSchema, startCardCheckoutAnswerSchema } from "../../contract/checkout";
import { loadConfig } from "../../server/config";
import {
  auditLog,
  checkoutLinks,
  orders,
  profileStatusHistory,
  profiles,
  subscriptions,
} from "../../server/db/schema";
import { changeStatus, StatusTransitionError } from "../../server/domain/profiles";
import { createPaymentProviders } from "../../server/providers/payments";
import { createSandboxProvider } from "../../server/providers/payments/sandbox";
import { call, expectError, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { billingAddress, testCard } from "../support/checkout-samples";
import { insertCreditor } from "../support/creditor-row";
import { namedDraft } from "../support/named-draft";
import { pdfText } from "../support/pdf-text";

const dayMs = 24 * 60 * 60 * 1000;
const secret = "test-sandbox-secret-billing-rules";
const payments = createPaymentProviders(
  { PAYMENT_PROVIDER: "sandbox", SANDBOX_WEBHOOK_SECRET: secret },
  { sandbox: createSandboxProvider({ secret }) },
);
const card = testCard;
const confirmCard = { ...card, cardNumber: "4000 0000 0000 3220" };
const billing = billingAddress;

describeOnEngines("billing rules", { app: { payments } }, ({ app, db, accounts, admin }) => {
  /** A named page of a fresh customer, on its free trial started through the API today. */
  async function pageOnTrial(owner?: Account): Promise<{ id: string; owner: Account }> {
    const { id, owner: who } = await namedDraft({ db, accounts, admin }, owner);
    const started = await call(app, "/api/kammare/free-trial", {
      bearer: who.token,
      json: { profileId: id },
    });
    expect(started.status).toBe(200);
    return { id, owner: who };
  }
  const page = async (id: string) => (await db.select().from(profiles).where(eq(profiles.id, id)))[0];
  const history = async (id: string) =>
    (await db.select().from(profileStatusHistory).where(eq(profileStatusHistory.profileId, id))).map(
      (row) => `${row.fromStatus ?? "new"}>${row.toStatus}:${row.reasonCode ?? "admin"}`,
    );
  const startCard = async (owner: Account, json: unknown) => {
    const response = await call(app, "/api/checkout/card", { bearer: owner.token, json });
    expect(response.status).toBe(200);
    return startCardCheckoutAnswerSchema.parse(await response.json()).order;
  };
  const pay = (owner: Account, orderNumber: string, with_ = card) =>
    call(app, "/api/checkout/sandbox/pay", { bearer: owner.token, json: { orderNumber, ...with_ } });
  const setStatus = (id: string, status: string) =>
    call(app, "/api/admin/profile", { method: "PUT", bearer: admin.token, json: { id, status } });
  async function makeLink(owner: Account, values: Partial<typeof checkoutLinks.$inferInsert> = {}) {
    const token = `link-${Math.random().toString(36).slice(2)}-${Date.now()}`;
    const [link] = await db
      .insert(checkoutLinks)
      .values({
        token,
        customerUserId: owner.id,
        priceOre: 100,
        iterations: 1,
        createdByUserId: admin.id,
        ...values,
      })
      .returning();
    return link as typeof checkoutLinks.$inferSelect;
  }

  it("writes nothing for a change the table refuses: the status and its history stay", async () => {
    const { id } = await pageOnTrial();
    const before = await history(id);
    const refused = await expectError(await setStatus(id, "removed"), 409, "conflict", "status");
    expect(refused.error.message).toContain("from trial to removed");
    expect((await page(id))?.status).toBe("trial");
    expect(await history(id)).toEqual(before);
    // Straight through the machine, in a transaction: the error, and the row unchanged.
    await expect(
      db.transaction(async (tx) => {
        const [row] = await tx.select().from(profiles).where(eq(profiles.id, id)).for("update");
        await changeStatus(tx, {
          profile: row!,
          to: "active",
          cause: "owner",
          reason: null,
          now: new Date(),
        });
      }),
    ).rejects.toBeInstanceOf(StatusTransitionError);
    expect((await page(id))?.status).toBe("trial");
    expect(await history(id)).toEqual(before);
  });

  it("keeps a suspended page suspended when its owner pays, by card and through the confirmation step", async () => {
    for (const used of [card, confirmCard]) {
      const { id, owner } = await pageOnTrial();
      const order = await startCard(owner, { profileId: id, plan: "monthly" });
      expect((await setStatus(id, "suspended")).status).toBe(200);
      const paid = await pay(owner, order.orderNumber, used);
      expect(paid.status).toBe(200);
      let answer = orderAnswerSchema.parse(await paid.json()).order;
      if (used === confirmCard) {
        expect(answer.status).toBe("requires_confirmation");
        const confirmed = await call(app, "/api/checkout/sandbox/confirm", {
          bearer: owner.token,
          json: { orderNumber: order.orderNumber, approve: true },
        });
        answer = orderAnswerSchema.parse(await confirmed.json()).order;
      }
      // The payment is kept on its order; the page stays suspended.
      expect(answer.status).toBe("paid");
      const row = await page(id);
      expect(row?.status).toBe("suspended");
      expect(row?.paidUntil).not.toBeNull();
      expect((await history(id)).at(-1)).toBe("trial>suspended:admin");
      // The admin is told: the audit log names the page, its status and the order.
      const [kept] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "payment.status_kept"), eq(auditLog.targetUserId, owner.id)));
      expect(kept?.details).toMatchObject({
        profileId: id,
        status: "suspended",
        orderNumber: order.orderNumber,
      });
    }
  });

  it("starts an invoice made during a trial at the trial's end", async () => {
    await insertCreditor(db, "Kammare Billing AB");
    const { id, owner } = await pageOnTrial();
    const trialEndsAt = (await page(id))?.trialEndsAt as Date;
    const response = await call(app, "/api/checkout/faktura", {
      bearer: owner.token,
      json: { profileId: id, plan: "yearly", billing },
    });
    expect(response.status).toBe(200);
    const expected = new Date(trialEndsAt);
    expected.setUTCFullYear(expected.getUTCFullYear() + 1);
    const row = await page(id);
    expect(row?.status).toBe("trial");
    expect(row?.paidUntil?.toISOString()).toBe(expected.toISOString());
  });

  it("names on the receipt the same seller as on the invoices: the creditor", async () => {
    // The creditor from the invoice test above ("Kammare Billing AB"), or this one's.
    await insertCreditor(db, "Kammare Billing AB");
    const { id, owner } = await pageOnTrial();
    await db.update(profiles).set({ status: "expired", trialEndsAt: null }).where(eq(profiles.id, id));
    const order = await startCard(owner, { profileId: id, plan: "monthly" });
    expect(orderAnswerSchema.parse(await (await pay(owner, order.orderNumber)).json()).order.status).toBe(
      "paid",
    );
    const receipt = await call(app, `/api/kammare/orders/${order.orderNumber}/receipt.pdf`, {
      bearer: owner.token,
    });
    expect(receipt.status).toBe(200);
    const text = pdfText(new Uint8Array(await receipt.arrayBuffer()));
    expect(text).toContain("Kammare Billing AB");
    expect(text).toContain("556012-5790");
    expect(text).not.toContain("559000-0000");
  });

  it("binds a checkout link to the first page it is used for: a second page is refused", async () => {
    const owner = await accounts.signUp();
    const first = await pageOnTrial(owner);
    const second = await pageOnTrial(owner);
    const link = await makeLink(owner);
    const order = await startCard(owner, { profileId: first.id, link: link.token });
    await expectError(
      await call(app, "/api/checkout/card", {
        bearer: owner.token,
        json: { profileId: second.id, link: link.token },
      }),
      409,
      "conflict",
      "link",
    );
    expect(await db.select().from(orders).where(eq(orders.profileId, second.id))).toHaveLength(0);
    // The first page still pays with it, once (on its trial: the card kept, charged at the trial's end).
    expect(orderAnswerSchema.parse(await (await pay(owner, order.orderNumber)).json()).order.status).toBe(
      "scheduled",
    );
    const [used] = await db.select().from(checkoutLinks).where(eq(checkoutLinks.id, link.id));
    expect(used).toMatchObject({ profileId: first.id, usedOrderId: expect.any(String) });
  });

  it("stops the open orders of a revoked link: paying one is refused and charges nothing", async () => {
    const { id, owner } = await pageOnTrial();
    const link = await makeLink(owner);
    const order = await startCard(owner, { profileId: id, link: link.token });
    const revoked = await call(app, `/api/admin/checkout-links/${link.id}/revoke`, {
      method: "POST",
      bearer: admin.token,
    });
    expect(revoked.status).toBe(200);
    const [row] = await db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
    expect(row?.status).toBe("cancelled");
    await expectError(await pay(owner, order.orderNumber), 409, "conflict", "orderNumber");
    expect((await page(id))?.status).toBe("trial");
    expect(await db.select().from(subscriptions).where(eq(subscriptions.profileId, id))).toHaveLength(0);
  });

  it("refuses to pay an order whose checkout link expired after the order was started", async () => {
    const { id, owner } = await pageOnTrial();
    const link = await makeLink(owner, { expiresAt: new Date(Date.now() + dayMs) });
    const order = await startCard(owner, { profileId: id, link: link.token });
    await db
      .update(checkoutLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(checkoutLinks.id, link.id));
    const refused = await expectError(await pay(owner, order.orderNumber), 409, "conflict", "orderNumber");
    expect(refused.error.message).toBe("This checkout link has expired.");
    expect(refused.error.refusal).toBe("checkout.link-expired");
    const [row] = await db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
    expect(row?.status).toBe("pending");
  });
});

// An https site that names no payment provider: no test payments by accident.
describeOnEngines(
  "card payments on an https site without a provider",
  { app: { config: loadConfig({ NODE_ENV: "test", PUBLIC_URL: "https://kammare.example" }) } },
  ({ app, db, accounts, admin }) => {
    it("refuses card checkout and the sandbox's card form; nothing is ordered", async () => {
      const { id, owner } = await namedDraft({ db, accounts, admin });
      await db.update(profiles).set({ status: "trial" }).where(eq(profiles.id, id));
      const refused = await expectError(
        await call(app, "/api/checkout/card", {
          bearer: owner.token,
          json: { profileId: id, plan: "monthly" },
        }),
        409,
        "conflict",
        "plan",
      );
      expect(refused.error.message).toBe("Card payments are not available here; pay by invoice.");
      await expectError(
        await call(app, "/api/checkout/sandbox/pay", {
          bearer: owner.token,
          json: { orderNumber: "KM-000001", ...card },
        }),
        404,
        "not_found",
      );
      expect(await db.select().from(orders).where(eq(orders.profileId, id))).toHaveLength(0);
    });
  },
);
