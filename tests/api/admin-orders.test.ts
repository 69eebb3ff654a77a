// The admin's checkout links (POST /api/admin/checkout-session-link, GET /api/admin/checkout-links,
// POST /api/admin/checkout-links/{id}/revoke), the admin's order lookup (POST /api/admin/order) and a
// customer's orders of a page (GET /api/kammare/orders), on every test database engine. Orders and
// subscriptions are written straight to the database: the checkout that books them is built apart.
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  adminOrderDetailSchema,
  checkoutLinkLifetimeDays,
  checkoutLinkListSchema,
  checkoutLinkSchema,
  createdCheckoutLinkSchema,
  customerOrderListSchema,
  madeCheckoutLinkSchema,
  type CheckoutLinkList,
} from "../../contract/admin-orders";
import { formatOrderNumber, vatSplit } from "../../contract/orders";
import { createProfilesAnswerSchema } from "../../contract/profiles";
import { auditLog, checkoutLinks, orders, paymentEvents, subscriptions, users } from "../../server/db/schema";
import { call, expectError, siteOrigin, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { ownedPageWith } from "../support/named-draft";

const publicUrl = "http://localhost:3000";
const dayMs = 24 * 60 * 60 * 1000;

describeOnEngines("orders and checkout links", ({ app, db, accounts, admin, customer, mailbox }) => {
  const terms = (customerId: string) => ({
    customerId,
    price: 4_900,
    iterations: 12,
    includesFreeTrial: true,
  });
  const createLink = (body: unknown, token = admin.token) =>
    call(app, "/api/admin/checkout-session-link", { bearer: token, json: body, origin: siteOrigin });
  const listLinks = async (query: Record<string, string> = {}): Promise<CheckoutLinkList> => {
    const response = await call(app, `/api/admin/checkout-links?${new URLSearchParams(query)}`, {
      bearer: admin.token,
    });
    expect(response.status).toBe(200);
    return checkoutLinkListSchema.parse(await response.json());
  };
  const revoke = (id: string, token = admin.token) =>
    call(app, `/api/admin/checkout-links/${id}/revoke`, {
      method: "POST",
      bearer: token,
      origin: siteOrigin,
    });

  describe("checkout links", () => {
    it("makes a link with the spec's payload: 201, our URL with a 32-byte token, the terms back, 30 days", async () => {
      const before = Date.now();
      const response = await createLink(terms(customer.id));
      expect(response.status).toBe(201);
      const link = createdCheckoutLinkSchema.parse(await response.json());
      expect(link).toMatchObject({
        customerId: customer.id,
        price: 4_900,
        iterations: 12,
        includesFreeTrial: true,
        interval: "month",
      });
      // 32 random bytes in base64url are 43 characters.
      expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(link.url).toBe(`${publicUrl}/checkout-link/${link.token}`);
      const lifetime = Date.parse(link.expiresAt) - Date.parse(link.createdAt);
      expect(lifetime).toBe(checkoutLinkLifetimeDays * dayMs);
      expect(Date.parse(link.createdAt)).toBeGreaterThanOrEqual(before - 1000);

      const [stored] = await db.select().from(checkoutLinks).where(eq(checkoutLinks.id, link.id));
      expect(stored).toMatchObject({ token: link.token, createdByUserId: admin.id, priceOre: 4_900 });
      const audited = await db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, "admin.checkout_link_create"), eq(auditLog.targetUserId, customer.id)),
        );
      expect(audited.length).toBeGreaterThan(0);
      // The terms are in the audit log, the secret token is not.
      expect(JSON.stringify(audited.map((row) => row.details))).not.toContain(link.token);
    });

    it("binds the link to the customer's page the admin chose and e-mails it to them, in their language, after the commit", async () => {
      const { id, owner } = await ownedPageWith(
        { db, accounts, admin },
        { content: { displayName: "Ingrid Holm" } },
      );
      await db.update(users).set({ locale: "sv-SE" }).where(eq(users.id, owner.id));
      const response = await createLink({
        ...terms(owner.id),
        profileId: id.toLowerCase(),
        emailCustomer: true,
      });
      expect(response.status).toBe(201);
      const link = madeCheckoutLinkSchema.parse(await response.json());
      expect(link).toMatchObject({ profileId: id, emailedTo: owner.email });
      const [stored] = await db.select().from(checkoutLinks).where(eq(checkoutLinks.id, link.id));
      expect(stored?.profileId).toBe(id);

      const sent = (await mailbox()).filter((mail) => mail.to === owner.email);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.subject).toBe("Din betalningslänk för sidan ”Ingrid Holm” på Kammare");
      expect(sent[0]?.text).toContain(link.url);
      expect(sent[0]?.text).toMatch(/49,00\skr per månad, 12 betalningar totalt\./);
      expect(sent[0]?.text).toContain("Först kommer en gratis provperiod");
    });

    it("sends nothing unless asked, and answers emailedTo null (the spec's payload alone)", async () => {
      const other = await accounts.signUp();
      const response = await createLink(terms(other.id));
      expect(response.status).toBe(201);
      expect(madeCheckoutLinkSchema.parse(await response.json())).toMatchObject({
        profileId: null,
        emailedTo: null,
      });
      expect((await mailbox()).filter((mail) => mail.to === other.email)).toEqual([]);
    });

    it("refuses a page that is not the customer's, and one that does not exist, making and sending nothing", async () => {
      const { id } = await ownedPageWith({ db, accounts, admin }, { content: { displayName: "Karl" } });
      const other = await accounts.signUp();
      const before = await db.select().from(checkoutLinks).where(eq(checkoutLinks.customerUserId, other.id));
      const refused = await expectError(
        await createLink({ ...terms(other.id), profileId: id, emailCustomer: true }),
        409,
        "conflict",
        "profileId",
      );
      expect(refused.error.refusal).toBe("checkout.link-page-not-customers");
      const missing = await expectError(
        await createLink({ ...terms(other.id), profileId: "ZZZZZZZZ", emailCustomer: true }),
        404,
        "not_found",
        "profileId",
      );
      expect(missing.error.refusal).toBe("page.missing");
      const after = await db.select().from(checkoutLinks).where(eq(checkoutLinks.customerUserId, other.id));
      expect(after).toHaveLength(before.length);
      expect((await mailbox()).filter((mail) => mail.to === other.email)).toEqual([]);
    });

    it("takes a yearly interval and 0 iterations (until cancelled)", async () => {
      const response = await createLink({ ...terms(customer.id), iterations: 0, interval: "year" });
      expect(response.status).toBe(201);
      expect(createdCheckoutLinkSchema.parse(await response.json())).toMatchObject({
        iterations: 0,
        interval: "year",
      });
    });

    it.each([
      ["price", { price: "49" }],
      ["price", { price: 49.5 }],
      ["price", { price: 0 }],
      ["iterations", { iterations: 121 }],
      ["iterations", { iterations: -1 }],
      ["customerId", { customerId: "not-a-uuid" }],
      ["includesFreeTrial", { includesFreeTrial: "yes" }],
      ["interval", { interval: "week" }],
    ])("refuses a bad %s with 400 naming it (%j)", async (field, patch) => {
      await expectError(await createLink({ ...terms(customer.id), ...patch }), 400, "invalid_request", field);
    });

    it("refuses a missing field with 400 naming it", async () => {
      const { includesFreeTrial: _left, ...rest } = terms(customer.id);
      await expectError(await createLink(rest), 400, "invalid_request", "includesFreeTrial");
    });

    it("answers 404 naming customerId for a user who does not exist", async () => {
      await expectError(await createLink(terms(randomUUID())), 404, "not_found", "customerId");
    });

    it("refuses a customer (403) and a visitor (401)", async () => {
      await expectError(await createLink(terms(customer.id), customer.token), 403, "forbidden");
      const anonymous = await call(app, "/api/admin/checkout-session-link", {
        json: terms(customer.id),
        origin: siteOrigin,
      });
      await expectError(anonymous, 401, "unauthorized");
    });

    it("lists newest first, filters by customer and status, and revokes idempotently", async () => {
      const other = await accounts.signUp();
      const first = createdCheckoutLinkSchema.parse(await (await createLink(terms(other.id))).json());
      const second = createdCheckoutLinkSchema.parse(
        await (await createLink({ ...terms(other.id), price: 10_000 })).json(),
      );

      const mine = await listLinks({ customerId: other.id });
      expect(mine.total).toBe(2);
      expect(mine.links.map((link) => link.id)).toEqual([second.id, first.id]);
      expect(mine.links[0]).toMatchObject({ status: "active", customerEmail: other.email, url: second.url });

      const revoked = await revoke(first.id);
      expect(revoked.status).toBe(200);
      const answer = checkoutLinkSchema.parse(((await revoked.json()) as { link: unknown }).link);
      expect(answer.status).toBe("revoked");
      // Again: the same answer, the same moment, no second audit entry.
      const again = await revoke(first.id);
      expect(again.status).toBe(200);
      expect(checkoutLinkSchema.parse(((await again.json()) as { link: unknown }).link).revokedAt).toBe(
        answer.revokedAt,
      );
      const audits = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(and(eq(auditLog.action, "admin.checkout_link_revoke"), eq(auditLog.targetUserId, other.id)));
      expect(audits[0]?.n).toBe(1);

      expect((await listLinks({ customerId: other.id, status: "revoked" })).links.map((l) => l.id)).toEqual([
        first.id,
      ]);
      expect((await listLinks({ customerId: other.id, status: "active" })).links.map((l) => l.id)).toEqual([
        second.id,
      ]);

      // Time and use: an expired link and a used one are told apart from the revoked one.
      await db
        .update(checkoutLinks)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(checkoutLinks.id, second.id));
      expect((await listLinks({ customerId: other.id, status: "expired" })).links.map((l) => l.id)).toEqual([
        second.id,
      ]);
      await db.update(checkoutLinks).set({ usedAt: new Date() }).where(eq(checkoutLinks.id, second.id));
      expect((await listLinks({ customerId: other.id, status: "used" })).links.map((l) => l.id)).toEqual([
        second.id,
      ]);
      await expectError(await revoke(second.id), 409, "conflict", "id");
    });

    it("answers 404 for an unknown link, 400 for a bad filter, 403 for a customer", async () => {
      await expectError(await revoke(randomUUID()), 404, "not_found", "id");
      await expectError(await revoke("nonsense"), 404, "not_found", "id");
      const bad = await call(app, "/api/admin/checkout-links?status=lost", { bearer: admin.token });
      await expectError(bad, 400, "invalid_request", "status");
      const page = await call(app, "/api/admin/checkout-links?page=0", { bearer: admin.token });
      await expectError(page, 400, "invalid_request", "page");
      await expectError(
        await call(app, "/api/admin/checkout-links", { bearer: customer.token }),
        403,
        "forbidden",
      );
    });
  });

  describe("orders", () => {
    let owner: Account;
    let profileId: string;
    let orderNumber: string;
    let pendingNumber: string;

    async function insertOrder(status: "paid" | "pending", createdAt: Date) {
      const [next] = await db
        .select({ n: sql<number>`nextval('order_number_seq')::int` })
        .from(sql`(select 1) as one`);
      const number = formatOrderNumber(next?.n ?? 0);
      const total = { amountOre: 49_000, currency: "SEK" as const };
      const [row] = await db
        .insert(orders)
        .values({
          orderNumber: number,
          profileId,
          customerUserId: owner.id,
          method: "card",
          plan: "yearly",
          amountOre: total.amountOre,
          ...vatSplit(total),
          vatRatePercent: 25,
          status,
          provider: "sandbox",
          providerReference: `sb_${randomUUID()}`,
          createdAt,
          paidAt: status === "paid" ? createdAt : null,
        })
        .returning();
      if (!row) throw new Error("no order");
      return row;
    }

    beforeAll(async () => {
      owner = await accounts.signUp();
      const made = await call(app, "/api/admin/profiles", {
        bearer: admin.token,
        json: { count: 1, ownerEmail: owner.email },
        origin: siteOrigin,
      });
      expect(made.status).toBe(201);
      const [profile] = createProfilesAnswerSchema.parse(await made.json()).profiles;
      profileId = profile?.id ?? "";

      const paid = await insertOrder("paid", new Date(Date.now() - 60_000));
      orderNumber = paid.orderNumber;
      pendingNumber = (await insertOrder("pending", new Date())).orderNumber;
      const periodEnd = new Date(Date.now() + 365 * dayMs);
      await db.insert(subscriptions).values({
        profileId,
        customerUserId: owner.id,
        orderId: paid.id,
        plan: "yearly",
        interval: "year",
        priceOre: 49_000,
        iterations: 0,
        periodsPaid: 1,
        currentPeriodStart: new Date(),
        currentPeriodEnd: periodEnd,
        status: "active",
        provider: "sandbox",
      });
      await db.insert(paymentEvents).values([
        {
          provider: "sandbox",
          providerEventId: `evt_${randomUUID()}`,
          type: "checkout.session.completed",
          orderId: paid.id,
          payload: {},
          receivedAt: new Date(Date.now() - 30_000),
          processedAt: new Date(),
        },
        {
          provider: "sandbox",
          providerEventId: `evt_${randomUUID()}`,
          type: "invoice.paid",
          orderId: paid.id,
          payload: {},
          receivedAt: new Date(),
        },
      ]);
    });

    const findOrder = (body: unknown, token = admin.token) =>
      call(app, "/api/admin/order", { bearer: token, json: body, origin: siteOrigin });

    it("finds an order by number with its page, customer, payments and subscription", async () => {
      // Typed the way people type it: lower case, spaces around.
      const response = await findOrder({ orderNumber: ` ${orderNumber.toLowerCase()} ` });
      expect(response.status).toBe(200);
      const detail = adminOrderDetailSchema.parse(await response.json());
      expect(detail.order).toMatchObject({
        orderNumber,
        status: "paid",
        method: "card",
        amountOre: 49_000,
        netOre: 39_200,
        vatOre: 9_800,
        provider: "sandbox",
      });
      expect(detail.order.netOre + detail.order.vatOre).toBe(detail.order.amountOre);
      expect(detail.profile).toEqual({ id: profileId, status: expect.any(String), ownerEmail: owner.email });
      expect(detail.customer).toEqual({ id: owner.id, email: owner.email });
      expect(detail.payments.map((payment) => payment.type)).toEqual([
        "checkout.session.completed",
        "invoice.paid",
      ]);
      expect(detail.subscription).toMatchObject({
        plan: "yearly",
        iterations: 0,
        periodsPaid: 1,
        status: "active",
      });
      expect(detail.subscription?.currentPeriodEnd).not.toBeNull();
    });

    it("answers an order without a subscription or payments with empty parts", async () => {
      const detail = adminOrderDetailSchema.parse(
        await (await findOrder({ orderNumber: pendingNumber })).json(),
      );
      expect(detail.payments).toEqual([]);
      expect(detail.subscription).toBeNull();
    });

    it("answers 404 naming orderNumber when there is none, 400 for a malformed one, 403 to a customer", async () => {
      await expectError(await findOrder({ orderNumber: "KM-999999999" }), 404, "not_found", "orderNumber");
      for (const orderNumber of ["123", "KM-12", "", 42]) {
        await expectError(await findOrder({ orderNumber }), 400, "invalid_request", "orderNumber");
      }
      await expectError(await findOrder({}), 400, "invalid_request", "orderNumber");
      await expectError(await findOrder({ orderNumber }, owner.token), 403, "forbidden");
    });

    const ownOrders = (id: string, token: string) =>
      call(app, `/api/kammare/orders?profileId=${encodeURIComponent(id)}`, { bearer: token });

    it("shows the owner their orders, newest first, with a receipt link only once paid", async () => {
      const response = await ownOrders(profileId.toLowerCase(), owner.token);
      expect(response.status).toBe(200);
      const { orders: list } = customerOrderListSchema.parse(await response.json());
      expect(list.map((order) => order.orderNumber)).toEqual([pendingNumber, orderNumber]);
      expect(list[1]?.receiptUrl).toBe(`/api/kammare/orders/${orderNumber}/receipt.pdf`);
      expect(list[0]?.receiptUrl).toBeNull();
    });

    it("shows an admin the page's orders and refuses another customer (403) and a visitor (401)", async () => {
      const asAdmin = customerOrderListSchema.parse(await (await ownOrders(profileId, admin.token)).json());
      expect(asAdmin.orders).toHaveLength(2);
      await expectError(await ownOrders(profileId, customer.token), 403, "forbidden");
      await expectError(await call(app, `/api/kammare/orders?profileId=${profileId}`), 401, "unauthorized");
    });

    it("answers 400 naming profileId for a malformed one and 404 for a page that does not exist", async () => {
      await expectError(await ownOrders("nope", owner.token), 400, "invalid_request", "profileId");
      await expectError(
        await call(app, "/api/kammare/orders", { bearer: owner.token }),
        400,
        "invalid_request",
        "profileId",
      );
      await expectError(await ownOrders("ZZZZZZZZ", owner.token), 404, "not_found", "profileId");
    });
  });
});
