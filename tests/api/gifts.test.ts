// Time anyone can give, over the API on every engine (decisions "A page that lasts as long as the
// grave", ADR 044): a signed-in visitor gives a resting page a year by card (the sandbox) or invoice,
// and the page is live again at once through the status machine; a live page's paid-until moves a
// year on; the giver becomes neither owner nor editor; the owner and every editor are e-mailed who
// gave it (or only that someone did); the giver gets the receipt or the invoice in their own name;
// the referring partner's revenue counts it; and the refusals, each with its code.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  customerOrderSchema,
  orderAnswerSchema,
  startCardCheckoutAnswerSchema,
} from "../../contract/checkout";
import { customerInvoiceSchema } from "../../contract/invoices";
import { partnerDashboardSchema } from "../../contract/partners";
import { giverNameMaxLength } from "../../contract/gifts";
import { sessionRefreshResponseSchema } from "../../contract/auth";
import { z } from "../../contract/zod";
import {
  invoices,
  orders,
  profileEditors,
  profileStatusHistory,
  profiles,
  subscriptions,
  users,
} from "../../server/db/schema";
import { createProfiles } from "../../server/domain/profiles";
import { call, expectError, expectSession, siteOrigin, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { billingAddress, testCard } from "../support/checkout-samples";
import { insertCreditor } from "../support/creditor-row";
import { ownedPageWith, type PageFields } from "../support/named-draft";
import { keepCard, paidOnTrialDayOne } from "../support/subscribed-page";
import { loadConfig } from "../../server/config";
import { runLifecycle } from "../../server/domain/lifecycle";
import { chargeKeptCard } from "../../server/providers/payments/sandbox";
import { createOutboxSender } from "../../server/providers/email";

const dayMs = 24 * 60 * 60 * 1000;
const yearOn = (from: Date) => {
  const next = new Date(from);
  next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
};
const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:3000" });
const sweepEmail = createOutboxSender({
  dir: mkdtempSync(path.join(tmpdir(), "kammare-gifts-")),
  from: "Kammare <no-reply@localhost>",
});
const invoiceAnswerSchema = z.object({ order: customerOrderSchema, invoice: customerInvoiceSchema });

describeOnEngines("gifts of time", (fixture) => {
  const { app, db, accounts, admin, mailbox } = fixture;
  const as = (who: Account | null, pathName: string, json?: unknown, method?: string) =>
    call(app, pathName, { bearer: who?.token, json, origin: siteOrigin, method });
  const sweep = (now: Date) => runLifecycle({ db, email: sweepEmail, config, now, charge: chargeKeptCard });
  const page = async (id: string) => (await db.select().from(profiles).where(eq(profiles.id, id)))[0];
  const orderRow = async (orderNumber: string) =>
    (await db.select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0];
  const mailsTo = async (who: { email: string }) => (await mailbox()).filter((mail) => mail.to === who.email);
  const inLanguage = (who: Account, locale: "en-US" | "sv-SE") =>
    db.update(users).set({ locale }).where(eq(users.id, who.id));
  /** Waits for the e-mails sent in the background after the answer. */
  async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    for (let tries = 0; tries < 100; tries += 1) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return read();
  }

  /** A page of `owner` (a new customer) in `fields`' state, named, with an editor. */
  async function familyPage(fields: PageFields) {
    const made = await ownedPageWith(fixture, { content: { displayName: "Greta Lind" }, ...fields });
    const editor = await accounts.signUp();
    await db
      .insert(profileEditors)
      .values({ profileId: made.id, userId: editor.id, addedByUserId: made.owner.id });
    return { ...made, editor };
  }
  const restingPage = () => familyPage({ status: "expired", paidUntil: new Date(Date.now() - 40 * dayMs) });

  async function giveByCard(
    giver: Account,
    profileId: string,
    choice: { anonymous: boolean; giverName?: string },
  ) {
    const started = await as(giver, "/api/checkout/gift/card", { profileId, ...choice });
    expect(started.status, await started.clone().text()).toBe(200);
    const { order, next } = startCardCheckoutAnswerSchema.parse(await started.json());
    expect(next.kind).toBe("card-form");
    const paid = await as(giver, "/api/checkout/sandbox/pay", {
      orderNumber: order.orderNumber,
      ...testCard,
    });
    expect(paid.status, await paid.clone().text()).toBe(200);
    return { started: order, paid: orderAnswerSchema.parse(await paid.json()).order };
  }

  it("a visitor gives a resting page a year by card: live at once by a payment, a year on, nothing of the family's changes", async () => {
    const { id, owner, editor } = await restingPage();
    await inLanguage(owner, "sv-SE");
    await inLanguage(editor, "en-US");
    const giver = await accounts.signUp();
    await inLanguage(giver, "en-US");
    const before = Date.now();
    const { started, paid } = await giveByCard(giver, id, { anonymous: false, giverName: "Sven Ek" });
    expect(started).toMatchObject({ plan: "yearly", amountOre: 49_000, method: "card", iterations: 1 });
    expect(started.firstChargeAt).toBeNull();
    expect(paid.status).toBe("paid");

    const row = await orderRow(paid.orderNumber);
    expect(row).toMatchObject({ gift: true, giftAnonymous: false, giftGiverName: "Sven Ek" });
    expect(row?.customerUserId).toBe(giver.id);
    const from = row?.termFrom as Date;
    expect(from.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row?.termUntil?.toISOString()).toBe(yearOn(from).toISOString());
    const after = await page(id);
    expect(after).toMatchObject({ status: "active", ownerUserId: owner.id, paidUntil: row?.termUntil });
    // The status moved through the status machine, by a payment.
    const [history] = await db
      .select()
      .from(profileStatusHistory)
      .where(and(eq(profileStatusHistory.profileId, id), eq(profileStatusHistory.toStatus, "active")));
    expect(history).toMatchObject({ fromStatus: "expired", reasonCode: "paid", actorUserId: giver.id });
    // Nothing renews: no subscription is opened for a gift.
    expect(await db.select().from(subscriptions).where(eq(subscriptions.profileId, id))).toEqual([]);

    // The giver is neither owner nor editor, and has none of their rights on the page.
    const editors = await db.select().from(profileEditors).where(eq(profileEditors.profileId, id));
    expect(editors.map((each) => each.userId)).toEqual([editor.id]);
    await expectError(await as(giver, `/api/kammare/people?profileId=${id}`), 403, "forbidden");
    const edited = await as(giver, "/api/kammare/profile", { profile: { id, displayName: "X" } }, "PUT");
    expect([403, 404]).toContain(edited.status);
    expect((await page(id))?.content.displayName).toBe("Greta Lind");
    const session = await as(giver, "/api/auth/session", {
      access_token: giver.session.access_token,
      expires_at: giver.session.expires_at,
      user: giver.session.user,
    });
    expect(sessionRefreshResponseSchema.parse(await session.json()).ownedProfiles).toEqual([]);

    // The giver's receipt, in their name and language; the owner (Swedish) and the editor (English)
    // each told who gave it.
    const receipts = await eventually(
      () => mailsTo(giver),
      (mails) => mails.length > 0,
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.subject).toMatch(/receipt/i);
    expect(receipts[0]?.attachments?.length).toBe(1);
    const toOwner = await eventually(
      () => mailsTo(owner),
      (mails) => mails.length > 0,
    );
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]?.subject).toBe("Sven Ek har gett din Kammare-sida Greta Lind ett år");
    expect(toOwner[0]?.text).toContain("Ingenting dras från dig");
    const toEditor = await eventually(
      () => mailsTo(editor),
      (mails) => mails.length > 0,
    );
    expect(toEditor[0]?.subject).toBe("Sven Ek gave your Kammare page Greta Lind a year");
    expect((await mailsTo(giver)).some((mail) => /gave your/.test(mail.subject))).toBe(false);

    // A second press after the payment changes nothing.
    const again = await as(giver, "/api/checkout/sandbox/pay", {
      orderNumber: paid.orderNumber,
      ...testCard,
    });
    expect(again.status).toBe(200);
    expect((await page(id))?.paidUntil).toEqual(row?.termUntil);
  });

  it("an anonymous gift names nobody; a giver without a name is named by their address otherwise", async () => {
    const hidden = await restingPage();
    const giver = await accounts.signUp();
    await inLanguage(hidden.owner, "en-US");
    await giveByCard(giver, hidden.id, { anonymous: true, giverName: "Hemlig Person" });
    const mails = await eventually(
      () => mailsTo(hidden.owner),
      (list) => list.length > 0,
    );
    expect(mails[0]?.subject).toBe("Someone gave your Kammare page Greta Lind a year");
    expect(mails[0]?.text).not.toContain("Hemlig");
    expect(mails[0]?.text).not.toContain(giver.email);
    const stored = await db.select().from(orders).where(eq(orders.profileId, hidden.id));
    expect(stored[0]).toMatchObject({ giftAnonymous: true, giftGiverName: null });

    const named = await restingPage();
    await inLanguage(named.owner, "en-US");
    await giveByCard(giver, named.id, { anonymous: false });
    const told = await eventually(
      () => mailsTo(named.owner),
      (list) => list.length > 0,
    );
    expect(told[0]?.subject).toBe(`${giver.email} gave your Kammare page Greta Lind a year`);
  });

  it("a gift by invoice: the invoice in the giver's name, the page live at once, its family told", async () => {
    await insertCreditor(db);
    const { id, owner, editor } = await restingPage();
    await inLanguage(owner, "en-US");
    const giver = await accounts.signUp();
    const billing = { ...billingAddress, name: "Sven Ek", email: accounts.email("giver-invoice") };
    const answer = await as(giver, "/api/checkout/gift/faktura", {
      profileId: id,
      anonymous: false,
      billing,
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
    const { order, invoice } = invoiceAnswerSchema.parse(await answer.json());
    expect(order).toMatchObject({ method: "invoice", plan: "yearly", amountOre: 49_000, status: "pending" });
    const row = await orderRow(order.orderNumber);
    expect(row).toMatchObject({ gift: true, customerUserId: giver.id, giftGiverName: null });
    const [stored] = await db.select().from(invoices).where(eq(invoices.number, invoice.number));
    expect(stored?.customerName).toBe("Sven Ek");
    expect(stored?.customerUserId).toBe(giver.id);
    const after = await page(id);
    expect(after?.status).toBe("active");
    expect(after?.paidUntil?.toISOString()).toBe(row?.termUntil?.toISOString());
    expect(after?.ownerUserId).toBe(owner.id);
    const [history] = await db
      .select()
      .from(profileStatusHistory)
      .where(and(eq(profileStatusHistory.profileId, id), eq(profileStatusHistory.toStatus, "active")));
    expect(history?.reasonCode).toBe("invoice_issued");
    // The invoice goes to the giver's billing address; the family is told by the giver's address.
    const invoiceMails = await eventually(
      () => mailsTo(billing),
      (list) => list.length > 0,
    );
    expect(invoiceMails[0]?.attachments?.length).toBeGreaterThan(0);
    const told = await eventually(
      () => mailsTo(owner),
      (list) => list.length > 0,
    );
    expect(told[0]?.subject).toBe(`${giver.email} gave your Kammare page Greta Lind a year`);
    expect(
      (
        await eventually(
          () => mailsTo(editor),
          (list) => list.length > 0,
        )
      ).length,
    ).toBe(1);
    // While the gift's invoice is unpaid, the page takes no other payment or gift.
    const other = await accounts.signUp();
    await expectError(
      await as(other, "/api/checkout/gift/card", { profileId: id, anonymous: true }),
      409,
      "conflict",
      "profileId",
    );
  });

  it("a gift to a live page extends its paid-until by a year, from where its time ends", async () => {
    // Active on an invoiced period (nothing renews by itself): the year starts at its end.
    const paidUntil = new Date(Date.now() + 100 * dayMs);
    const active = await familyPage({ status: "active", paidUntil });
    const giver = await accounts.signUp();
    await giveByCard(giver, active.id, { anonymous: true });
    expect(await page(active.id)).toMatchObject({ status: "active", paidUntil: yearOn(paidUntil) });

    // On its trial with nothing kept: the trial is not wasted, the page stays on it, the year follows it.
    const trialEndsAt = new Date(Date.now() + 10 * dayMs);
    const trial = await familyPage({ status: "trial", trialEndsAt, trialStartedAt: new Date() });
    await giveByCard(giver, trial.id, { anonymous: false });
    expect(await page(trial.id)).toMatchObject({
      status: "trial",
      trialEndsAt,
      paidUntil: yearOn(trialEndsAt),
    });
    expect(await db.select().from(subscriptions).where(eq(subscriptions.profileId, trial.id))).toEqual([]);
  });

  it("a past-due page whose card failed is live again, and the family's failing charge cannot put it back to rest", async () => {
    const { id, owner } = await paidOnTrialDayOne(fixture);
    // The trial's end charge failed: the page past due, its plan in dunning (a retry still to come).
    const [plan] = await db.select().from(subscriptions).where(eq(subscriptions.profileId, id));
    await db
      .update(subscriptions)
      .set({
        status: "past_due",
        failedAttempts: 1,
        nextChargeAt: new Date(Date.now() - dayMs),
        nextRetryAt: new Date(Date.now() + dayMs),
      })
      .where(eq(subscriptions.id, plan?.id as string));
    await db
      .update(profiles)
      .set({
        status: "past_due",
        trialEndsAt: new Date(Date.now() - dayMs),
        paidUntil: new Date(Date.now() - dayMs),
      })
      .where(eq(profiles.id, id));
    const giver = await accounts.signUp();
    const { paid } = await giveByCard(giver, id, { anonymous: false });
    const row = await orderRow(paid.orderNumber);
    expect(await page(id)).toMatchObject({
      status: "active",
      paidUntil: row?.termUntil,
      ownerUserId: owner.id,
    });
    // The family's plan is still theirs, as it was; its retries, failing to the last, end it, but the
    // page the gift keeps open stays live until the gift's year ends.
    const [still] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, plan?.id as string));
    expect(still).toMatchObject({ status: "past_due", customerUserId: owner.id });
    await keepCard(db, id, "declined");
    for (const days of [2, 4, 8, 9]) await sweep(new Date(Date.now() + days * dayMs));
    const [ended] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, plan?.id as string));
    expect(ended?.status).toBe("cancelled");
    expect(await page(id)).toMatchObject({ status: "active", paidUntil: row?.termUntil });
    // Not even for a moment: no failed retry moved it back to past due.
    const moves = await db.select().from(profileStatusHistory).where(eq(profileStatusHistory.profileId, id));
    expect(moves.filter((move) => move.at >= (row?.paidAt as Date)).map((move) => move.toStatus)).toEqual([
      "active",
    ]);
  });

  it("refuses with codes: signed out, a page a visitor cannot see, a suspended page, the owner, a running plan, a gift under way", async () => {
    const { id, owner } = await restingPage();
    const giver = await accounts.signUp();
    // Not signed in.
    await expectError(
      await as(null, "/api/checkout/gift/card", { profileId: id, anonymous: false }),
      401,
      "unauthorized",
    );
    // Bad input names its field.
    await expectError(
      await as(giver, "/api/checkout/gift/card", { profileId: id }),
      400,
      "invalid_request",
      "anonymous",
    );
    await expectError(
      await as(giver, "/api/checkout/gift/card", {
        profileId: id,
        anonymous: false,
        giverName: "x".repeat(giverNameMaxLength + 1),
      }),
      400,
      "invalid_request",
      "giverName",
    );
    await expectError(
      await as(giver, "/api/checkout/gift/card", { profileId: id, anonymous: false, giverName: "a\u0000b" }),
      400,
      "invalid_request",
      "giverName",
    );
    await expectError(
      await as(giver, "/api/checkout/gift/faktura", {
        profileId: id,
        anonymous: false,
        billing: { ...billingAddress, postcode: "1" },
      }),
      400,
      "invalid_request",
    );
    // The owner pays at their own checkout.
    const own = await expectError(
      await as(owner, "/api/checkout/gift/card", { profileId: id, anonymous: false }),
      409,
      "conflict",
    );
    expect(own.error.refusal).toBe("gift.own-page");
    // Pages a visitor cannot see: missing; a suspended one: closed.
    for (const status of ["draft", "removed"] as const) {
      const hidden = await ownedPageWith(fixture, { status });
      const refused = await expectError(
        await as(giver, "/api/checkout/gift/card", { profileId: hidden.id, anonymous: false }),
        404,
        "not_found",
      );
      expect(refused.error.refusal).toBe("page.missing");
    }
    const [unclaimed] = await createProfiles(
      db,
      { count: 1 },
      { id: admin.id, roles: ["admin"] },
      { ip: null, userAgent: "test" },
    );
    const refusedUnclaimed = await expectError(
      await as(giver, "/api/checkout/gift/card", { profileId: unclaimed?.id, anonymous: false }),
      404,
      "not_found",
    );
    expect(refusedUnclaimed.error.refusal).toBe("page.missing");
    const suspended = await ownedPageWith(fixture, { status: "suspended" });
    const closed = await expectError(
      await as(giver, "/api/checkout/gift/card", { profileId: suspended.id, anonymous: false }),
      409,
      "conflict",
    );
    expect(closed.error.refusal).toBe("gift.closed");
    // A family plan that renews by itself (a card kept for the trial's end): nothing to give.
    const kept = await paidOnTrialDayOne(fixture);
    const renewing = await expectError(
      await as(giver, "/api/checkout/gift/faktura", {
        profileId: kept.id,
        anonymous: false,
        billing: billingAddress,
      }),
      409,
      "conflict",
    );
    expect(renewing.error.refusal).toBe("gift.family-plan");
    // Another giver's card gift under way; the same giver's second press takes up their own order.
    const first = await as(giver, "/api/checkout/gift/card", { profileId: id, anonymous: false });
    const firstOrder = startCardCheckoutAnswerSchema.parse(await first.json()).order;
    const second = await as(giver, "/api/checkout/gift/card", { profileId: id, anonymous: true });
    expect(startCardCheckoutAnswerSchema.parse(await second.json()).order.orderNumber).toBe(
      firstOrder.orderNumber,
    );
    expect((await orderRow(firstOrder.orderNumber))?.giftAnonymous).toBe(true);
    const other = await accounts.signUp();
    const pending = await expectError(
      await as(other, "/api/checkout/gift/card", { profileId: id, anonymous: false }),
      409,
      "conflict",
    );
    expect(pending.error.refusal).toBe("gift.pending");
    // Nothing of any refusal touched the page.
    expect(await page(id)).toMatchObject({ status: "expired", ownerUserId: owner.id });
  });

  it("the referring partner's dashboard counts the gift in its revenue", async () => {
    const email = accounts.email("partner");
    const listed = await call(app, "/api/admin/partner-whitelist", {
      bearer: admin.token,
      json: { email, partnerName: "Begravningsbyrån Ek" },
    });
    expect(listed.status).toBe(201);
    const partner = await expectSession(
      await call(app, "/api/partner/signup", { json: { email, password: accounts.password() } }),
      201,
    );
    const token = partner.access_token;
    accounts.secret(token);
    const dashboard = async () =>
      partnerDashboardSchema.parse(
        await (await call(app, "/api/partner/dashboard", { bearer: token })).json(),
      );
    const me = (await (await call(app, "/api/partner/me", { bearer: token })).json()) as {
      organisation: { id: string };
    };
    const owner = await accounts.signUp();
    const [made] = await createProfiles(
      db,
      { count: 1, ownerUserId: owner.id, partnerOrganisationId: me.organisation.id },
      { id: admin.id, roles: ["admin"] },
      { ip: null, userAgent: "test" },
    );
    const id = made?.id as string;
    await db
      .update(profiles)
      .set({ status: "expired", content: { displayName: "Greta Lind" } })
      .where(eq(profiles.id, id));
    const before = await dashboard();
    const giver = await accounts.signUp();
    await giveByCard(giver, id, { anonymous: true });
    const after = await dashboard();
    expect(after.revenueTotalOre).toBe(before.revenueTotalOre + 49_000);
    expect(after.revenueByMonth.at(-1)?.revenueOre).toBe(
      (before.revenueByMonth.at(-1)?.revenueOre ?? 0) + 49_000,
    );
  });
});
