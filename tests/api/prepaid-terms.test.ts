// Prepaid terms over the API, on every engine (decisions "A page that lasts as long as the grave", ADR
// 041): ten and twenty-five years paid once by card (the sandbox) or invoice; the page paid that far
// ahead (from where its time ended: a trial, a paid period, an earlier term); the receipt and the
// account page say what was bought and until when; the owner is reminded six months and one month
// before the end over simulated time, and the page rests after it; a withdrawal within 14 days pays
// the card term back and gives the page back the time it had; nothing of a term renews or switches.
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
import { customerSubscriptionsAnswerSchema } from "../../contract/subscriptions";
import { termEnd, type TermPlan } from "../../contract/pricing";
import { loadConfig, termPricesOf } from "../../server/config";
import { orders, paymentEvents, profiles, subscriptions, users } from "../../server/db/schema";
import { runLifecycle } from "../../server/domain/lifecycle";
import { termReminderDue } from "../../server/domain/lifecycle/term-notices";
import { createOutboxSender } from "../../server/providers/email";
import { call, expectError, siteOrigin, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { billingAddress, testCard } from "../support/checkout-samples";
import { insertCreditor } from "../support/creditor-row";
import { namedDraft, ownedPageWith } from "../support/named-draft";
import { pdfText } from "../support/pdf-text";
import { paidAtOnce, paidOnTrialDayOne } from "../support/subscribed-page";

const dayMs = 24 * 60 * 60 * 1000;
const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:3000" });
const sweepEmail = createOutboxSender({
  dir: mkdtempSync(path.join(tmpdir(), "kammare-terms-")),
  from: "Kammare <no-reply@localhost>",
});
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
const monthsBefore = (date: Date, months: number) => {
  const at = new Date(date);
  at.setUTCMonth(at.getUTCMonth() - months);
  return at;
};
const minutes = (date: Date, count: number) => new Date(date.getTime() + count * 60_000);

it("the terms' prices are configuration: 3,900 and 7,900 SEK unless TERM_10_PRICE_ORE / TERM_25_PRICE_ORE say otherwise", () => {
  expect(termPricesOf(config)).toEqual({ term10: 390_000, term25: 790_000 });
  const set = loadConfig({ NODE_ENV: "test", TERM_10_PRICE_ORE: "420000", TERM_25_PRICE_ORE: "850000" });
  expect(termPricesOf(set)).toEqual({ term10: 420_000, term25: 850_000 });
  expect(() => loadConfig({ NODE_ENV: "test", TERM_25_PRICE_ORE: "-1" })).toThrow(/TERM_25_PRICE_ORE/);
});

it("reminds six months and one month before the end, each once, and nothing after it", () => {
  const end = new Date("2051-11-28T10:00:00.000Z");
  expect(termReminderDue(end, minutes(monthsBefore(end, 6), -1))).toBeNull();
  expect(termReminderDue(end, monthsBefore(end, 6))).toBe(6);
  expect(termReminderDue(end, minutes(monthsBefore(end, 1), -1))).toBe(6);
  expect(termReminderDue(end, monthsBefore(end, 1))).toBe(1);
  expect(termReminderDue(end, end)).toBeNull();
});

describeOnEngines("prepaid terms", (fixture) => {
  const { app, db, accounts, admin, mailbox } = fixture;
  const as = (who: Account, pathName: string, json?: unknown) =>
    call(app, pathName, { bearer: who.token, json, origin: siteOrigin });
  const sweep = (now: Date) => runLifecycle({ db, email: sweepEmail, config, now });
  const page = async (id: string) => (await db.select().from(profiles).where(eq(profiles.id, id)))[0];
  const orderRow = async (orderNumber: string) =>
    (await db.select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0];
  const listOf = async (who: Account) =>
    customerSubscriptionsAnswerSchema.parse(await (await as(who, "/api/kammare/subscriptions")).json())
      .subscriptions;
  const mailsTo = async (who: Account) => (await mailbox()).filter((mail) => mail.to === who.email);
  const english = (who: Account) => db.update(users).set({ locale: "en-US" }).where(eq(users.id, who.id));

  /** A page whose trial is over (expired), nothing running: a term starts now. */
  async function restingPage(owner?: Account) {
    const { id, owner: who } = await namedDraft(fixture, owner);
    await db.update(profiles).set({ status: "expired" }).where(eq(profiles.id, id));
    return { id, owner: who };
  }

  async function payTermByCard(who: Account, profileId: string, plan: TermPlan) {
    const started = await as(who, "/api/checkout/card", { profileId, plan });
    expect(started.status, await started.clone().text()).toBe(200);
    const { order } = startCardCheckoutAnswerSchema.parse(await started.json());
    const paid = await as(who, "/api/checkout/sandbox/pay", { orderNumber: order.orderNumber, ...testCard });
    expect(paid.status, await paid.clone().text()).toBe(200);
    return { started: order, paid: orderAnswerSchema.parse(await paid.json()).order };
  }

  it("sells 25 years by card in one payment: paid-until 25 years on, the receipt and the account page say so", async () => {
    const { id, owner } = await restingPage();
    await english(owner);
    const before = Date.now();
    const { started, paid } = await payTermByCard(owner, id, "term25");
    expect(started).toMatchObject({ plan: "term25", amountOre: 790_000, interval: "year", iterations: 1 });
    expect(started.firstChargeAt).toBeNull();
    expect(paid.status).toBe("paid");
    const row = await orderRow(paid.orderNumber);
    const from = row?.termFrom as Date;
    expect(from.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row?.termUntil?.toISOString()).toBe(termEnd(from, "term25").toISOString());
    expect(paid.termUntil).toBe(row?.termUntil?.toISOString());
    expect(paid.paidUntil).toBe(paid.termUntil);
    expect(await page(id)).toMatchObject({ status: "active", paidUntil: row?.termUntil });
    expect(new Date(paid.paidUntil as string).getUTCFullYear()).toBe(from.getUTCFullYear() + 25);

    // The account page: paid until then, paid once, nothing to charge.
    const [listed] = (await listOf(owner)).filter((each) => each.profileId === id);
    expect(listed).toMatchObject({
      plan: "term25",
      priceOre: 790_000,
      nextCharge: null,
      paidUntil: row?.termUntil?.toISOString(),
      endsAt: row?.termUntil?.toISOString(),
      cardUpdate: "none",
      status: "active",
    });
    expect(listed?.withdrawableUntil).not.toBeNull();

    // The receipt (e-mailed at once, and downloadable) names the term and its stretch.
    const receipt = (await mailsTo(owner)).find((mail) =>
      mail.subject.startsWith(`Receipt ${paid.orderNumber}`),
    );
    const pdf = plain(pdfText(receipt?.attachments?.[0]?.content ?? Buffer.alloc(0)));
    expect(pdf).toContain(`Kammare page ${id}, 25 years, paid once,`);
    const year = from.getUTCFullYear();
    expect(pdf).toMatch(new RegExp(`${year}.* – .*${year + 25}`));
    const download = await as(owner, `/api/kammare/orders/${paid.orderNumber}/receipt.pdf`);
    expect(download.status).toBe(200);
    expect(plain(pdfText(Buffer.from(await download.arrayBuffer())))).toContain("25 years, paid once");

    // Nothing of a term is cancelled, resumed, switched or given another card.
    for (const [what, json] of [
      ["cancel", { profileId: id }],
      ["resume", { profileId: id }],
      ["switch", { profileId: id, plan: "monthly" }],
      ["card", { profileId: id, ...testCard }],
    ] as const) {
      const refused = await expectError(
        await as(owner, `/api/kammare/subscriptions/${what}`, json),
        409,
        "conflict",
      );
      expect(refused.error).toMatchObject({ refusal: "subscription.prepaid-term" });
    }
    // Another customer sees none of it, and cannot pay for the page.
    const stranger = await accounts.signUp();
    expect((await listOf(stranger)).map((each) => each.profileId)).not.toContain(id);
    expect((await as(stranger, "/api/checkout/card", { profileId: id, plan: "term10" })).status).toBe(403);
    expect((await call(app, "/api/checkout/card", { json: { profileId: id, plan: "term10" } })).status).toBe(
      401,
    );
  });

  it("paid during a trial, the term is charged at once and its ten years start where the trial ends", async () => {
    const { id, owner } = await namedDraft(fixture);
    expect((await as(owner, "/api/kammare/free-trial", { profileId: id })).status).toBe(200);
    const trialEndsAt = (await page(id))?.trialEndsAt as Date;
    const { paid } = await payTermByCard(owner, id, "term10");
    expect(paid).toMatchObject({ status: "paid", amountOre: 390_000 });
    expect(paid.termFrom).toBe(trialEndsAt.toISOString());
    expect(paid.termUntil).toBe(termEnd(trialEndsAt, "term10").toISOString());
    expect((await page(id))?.status).toBe("trial");
    await sweep(minutes(trialEndsAt, 1));
    expect(await page(id)).toMatchObject({ status: "active", paidUntil: new Date(paid.termUntil as string) });
  });

  it("a term bought while time remains extends from the paid-until; beside a renewing subscription it is refused until that is cancelled", async () => {
    const { id, owner } = await paidAtOnce(fixture);
    const monthEnd = (await page(id))?.paidUntil as Date;
    const refused = await expectError(
      await as(owner, "/api/checkout/card", { profileId: id, plan: "term10" }),
      409,
      "conflict",
    );
    expect(refused.error).toMatchObject({ refusal: "checkout.subscription-running" });
    expect(Object.keys(refused.error.fields ?? {})).toEqual(["plan"]);
    // The monthly plan is not refused as before: an active page is paid for already.
    await expectError(
      await as(owner, "/api/checkout/card", { profileId: id, plan: "monthly" }),
      409,
      "conflict",
    );

    expect((await as(owner, "/api/kammare/subscriptions/cancel", { profileId: id })).status).toBe(200);
    const first = await payTermByCard(owner, id, "term10");
    expect(first.paid.termFrom).toBe(monthEnd.toISOString());
    const tenYears = termEnd(monthEnd, "term10");
    expect((await page(id))?.paidUntil?.toISOString()).toBe(tenYears.toISOString());
    // A second term on the live page goes on from the first one's end.
    const second = await payTermByCard(owner, id, "term25");
    expect(second.paid.termFrom).toBe(tenYears.toISOString());
    expect((await page(id))?.paidUntil?.toISOString()).toBe(termEnd(tenYears, "term25").toISOString());
    // The account page names the newest term, paid until its end.
    const [listed] = (await listOf(owner)).filter((each) => each.profileId === id);
    expect(listed).toMatchObject({ plan: "term25", paidUntil: second.paid.termUntil, nextCharge: null });

    // Withdrawn within 14 days: paid back in full, and the page's paid-until back to the first term's end.
    const withdrawn = await as(owner, "/api/kammare/subscriptions/withdraw", { profileId: id });
    expect(withdrawn.status, await withdrawn.clone().text()).toBe(200);
    expect((await orderRow(second.paid.orderNumber))?.status).toBe("refunded");
    expect(await page(id)).toMatchObject({ status: "active", paidUntil: tenYears });
    const refunds = await db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.type, "payment_refunded"), eq(paymentEvents.provider, "sandbox")));
    expect(refunds.map((event) => event.payload)).toContainEqual(
      expect.objectContaining({ orderNumber: second.paid.orderNumber, amountOre: 790_000 }),
    );
  });

  it("withdrawn within 14 days, a card term is paid back and the page rests; after 14 days it is refused", async () => {
    const { id, owner } = await restingPage();
    const { paid } = await payTermByCard(owner, id, "term10");
    const before = (await mailbox()).length;
    const other = await accounts.signUp();
    expect((await as(other, "/api/kammare/subscriptions/withdraw", { profileId: id })).status).toBe(403);
    const withdrawn = await as(owner, "/api/kammare/subscriptions/withdraw", { profileId: id });
    expect(withdrawn.status, await withdrawn.clone().text()).toBe(200);
    expect((await orderRow(paid.orderNumber))?.status).toBe("refunded");
    const rested = await page(id);
    expect(rested?.status).toBe("expired");
    expect(rested?.paidUntil?.getTime()).toBeLessThanOrEqual(Date.now());
    const credit = (await mailbox()).slice(before).filter((mail) => mail.to === owner.email);
    expect(credit.map((mail) => mail.subject)).toEqual(["Din betalning till Kammare betalas tillbaka"]);
    expect(plain(credit[0]?.text ?? "")).toContain("3 900,00");

    const late = await restingPage();
    const lateTerm = await payTermByCard(late.owner, late.id, "term25");
    await db
      .update(orders)
      .set({ paidAt: new Date(Date.now() - 15 * dayMs) })
      .where(eq(orders.orderNumber, lateTerm.paid.orderNumber));
    const tooLate = await expectError(
      await as(late.owner, "/api/kammare/subscriptions/withdraw", { profileId: late.id }),
      409,
      "conflict",
    );
    expect(tooLate.error).toMatchObject({ refusal: "withdrawal.too-late" });
  });

  it("reminds the owner six months and one month before a card term ends, in their language, then the page rests", async () => {
    const { id, owner } = await restingPage();
    await english(owner);
    const { paid } = await payTermByCard(owner, id, "term25");
    const end = new Date(paid.termUntil as string);
    const reminders = async () =>
      (await mailsTo(owner)).filter(
        (mail) =>
          mail.subject ===
          `Your Kammare page Anna Andersson is paid until ${plain(new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "Europe/Stockholm" }).format(end))}`,
      );

    expect((await sweep(minutes(monthsBefore(end, 6), -60))).emails.termEnding).not.toContain(id);
    expect(await reminders()).toHaveLength(0);
    expect((await sweep(minutes(monthsBefore(end, 6), 1))).emails.termEnding).toContain(id);
    expect((await sweep(minutes(monthsBefore(end, 6), 5))).emails.termEnding).not.toContain(id);
    await fixture.settled();
    const six = await reminders();
    expect(six).toHaveLength(1);
    expect(plain(six[0]?.text ?? "")).toContain("six months from now");
    expect(six[0]?.text).toContain(`/k/${id}/checkout/card`);

    expect((await sweep(minutes(monthsBefore(end, 1), 1))).emails.termEnding).toContain(id);
    expect((await sweep(minutes(monthsBefore(end, 1), 9))).emails.termEnding).not.toContain(id);
    await fixture.settled();
    const both = await reminders();
    expect(both).toHaveLength(2);
    expect(plain(both[1]?.text ?? "")).toContain("one month from now");

    // Nothing renews: when the term ends, the page lapses as any paid period does.
    const after = await sweep(minutes(end, 1));
    expect(after.statusChanges).toContainEqual(
      expect.objectContaining({ profileId: id, from: "active", to: "past_due", reason: "paid_period_ended" }),
    );
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.profileId, id));
    expect(row?.status).toBe("ended");
  });

  it("sells ten years by invoice: one invoice, the page paid ten years ahead, listed on the account page, reminded before the end", async () => {
    await insertCreditor(db);
    {
      const { id, owner } = await ownedPageWith(fixture, {
        status: "expired",
        content: { displayName: "Karin Berg" },
        metadata: { language: "sv-SE" },
      });
      const other = await accounts.signUp();
      expect(
        (await as(other, "/api/checkout/faktura", { profileId: id, plan: "term10", billing: billingAddress }))
          .status,
      ).toBe(403);
      const answer = await as(owner, "/api/checkout/faktura", {
        profileId: id,
        plan: "term10",
        billing: billingAddress,
      });
      expect(answer.status, await answer.clone().text()).toBe(200);
      const body = (await answer.json()) as {
        order: unknown;
        invoice: { id: string; totalOre: number; number: number };
      };
      const order = customerOrderSchema.parse(body.order);
      expect(order).toMatchObject({
        plan: "term10",
        method: "invoice",
        amountOre: 390_000,
        status: "pending",
      });
      expect(body.invoice.totalOre).toBe(390_000);
      const until = new Date(order.termUntil as string);
      expect(until.toISOString()).toBe(termEnd(new Date(order.termFrom as string), "term10").toISOString());
      expect(await page(id)).toMatchObject({ status: "active", paidUntil: until });

      // The invoice says what it is for: ten years, paid once, and the stretch.
      const pdf = await as(owner, `/api/kammare/invoices/${body.invoice.id}/invoice.pdf`);
      expect(pdf.status).toBe(200);
      expect(plain(pdfText(Buffer.from(await pdf.arrayBuffer())))).toContain("10 år betalt en gång");
      const [listed] = (await listOf(owner)).filter((each) => each.profileId === id);
      expect(listed).toMatchObject({
        plan: "term10",
        orderNumber: order.orderNumber,
        paidUntil: until.toISOString(),
        nextCharge: null,
        withdrawableUntil: null,
        cardUpdate: "none",
      });
      // No card to withdraw from, nothing to cancel.
      expect((await as(owner, "/api/kammare/subscriptions/withdraw", { profileId: id })).status).toBe(404);

      // Paid in full: the order is paid, its term as it was.
      const today = new Date().toISOString().slice(0, 10);
      const paidIn = await call(app, `/api/admin/invoices/${body.invoice.id}/payments`, {
        bearer: admin.token,
        json: { amountOre: 390_000, paidOn: today },
        origin: siteOrigin,
      });
      expect(paidIn.status, await paidIn.clone().text()).toBe(200);
      expect(await orderRow(order.orderNumber)).toMatchObject({ status: "paid", termUntil: until });

      // Reminded (in Swedish, the account's language) six months and one month before the end.
      await sweep(minutes(monthsBefore(until, 6), 1));
      await sweep(minutes(monthsBefore(until, 1), 1));
      await fixture.settled();
      const reminders = (await mailsTo(owner)).filter((mail) =>
        mail.subject.startsWith("Din Kammare-sida Karin Berg är betald till"),
      );
      expect(reminders).toHaveLength(2);
      expect(plain(reminders[0]?.text ?? "")).toContain("om sex månader");
      expect(plain(reminders[1]?.text ?? "")).toContain("om en månad");
    }
  });

  it("an admin's checkout link can carry a term: its price, paid once, 25 years on", async () => {
    const { id, owner } = await restingPage();
    const made = await call(app, "/api/admin/checkout-session-link", {
      bearer: admin.token,
      json: {
        customerId: owner.id,
        price: 700_000,
        iterations: 1,
        includesFreeTrial: true,
        term: "term25",
        profileId: id,
      },
      origin: siteOrigin,
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const link = (await made.json()) as { token: string; term: string | null; includesFreeTrial: boolean };
    expect(link).toMatchObject({ term: "term25", includesFreeTrial: false });
    const bad = await call(app, "/api/admin/checkout-session-link", {
      bearer: admin.token,
      json: { customerId: owner.id, price: 700_000, iterations: 1, includesFreeTrial: false, term: "term99" },
      origin: siteOrigin,
    });
    const refused = await expectError(bad, 400, "invalid_request");
    expect(JSON.stringify(refused)).toContain("term");

    const started = await as(owner, "/api/checkout/card", { profileId: id, link: link.token });
    expect(started.status, await started.clone().text()).toBe(200);
    const { order } = startCardCheckoutAnswerSchema.parse(await started.json());
    expect(order).toMatchObject({ plan: "term25", amountOre: 700_000, firstChargeAt: null });
    const paid = await as(owner, "/api/checkout/sandbox/pay", {
      orderNumber: order.orderNumber,
      ...testCard,
    });
    const done = orderAnswerSchema.parse(await paid.json()).order;
    expect(done.status).toBe("paid");
    expect(done.termUntil).toBe(termEnd(new Date(done.termFrom as string), "term25").toISOString());
    expect((await page(id))?.paidUntil?.toISOString()).toBe(done.termUntil);
  });

  it("a hand-over leaves a term as it is: the page keeps its paid-until, the old owner still sees it, the new owner cannot touch it", async () => {
    const { id, owner } = await restingPage();
    const { paid } = await payTermByCard(owner, id, "term10");
    const heir = await accounts.signUp();
    const invited = await as(owner, "/api/kammare/invitations", {
      profileId: id,
      email: heir.email,
      kind: "handover",
    });
    expect(invited.status, await invited.clone().text()).toBe(201);
    const mail = (await mailbox())
      .filter((each) => each.to.toLowerCase() === heir.email.toLowerCase())
      .at(-1);
    const token = /\/invitation\?token=([\w-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    const accepted = await as(heir, "/api/kammare/invitations/accept", { token });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    expect(await page(id)).toMatchObject({
      ownerUserId: heir.id,
      paidUntil: new Date(paid.termUntil as string),
    });
    const [kept] = await db.select().from(subscriptions).where(eq(subscriptions.profileId, id));
    expect(kept).toMatchObject({ status: "active", cancelAtPeriodEnd: false, nextChargeAt: null });
    const [listed] = (await listOf(owner)).filter((each) => each.profileId === id);
    expect(listed).toMatchObject({ plan: "term10", handedOver: true, paidUntil: paid.termUntil });
    const refused = await expectError(
      await as(heir, "/api/kammare/subscriptions/withdraw", { profileId: id }),
      403,
      "forbidden",
    );
    expect(refused.error).toMatchObject({ refusal: "subscription.paid-by-previous-owner" });
  });

  it("a term during a trial whose card is kept for a monthly plan is refused (that plan renews)", async () => {
    const { id, owner } = await paidOnTrialDayOne(fixture);
    const refused = await expectError(
      await as(owner, "/api/checkout/card", { profileId: id, plan: "term25" }),
      409,
      "conflict",
    );
    expect(refused.error).toMatchObject({ refusal: "checkout.subscription-running" });
    const bad = await expectError(
      await as(owner, "/api/checkout/card", { profileId: id, plan: "term50" }),
      400,
      "invalid_request",
    );
    expect(bad.error.fields?.plan).toContain("term10 or term25");
  });
});
