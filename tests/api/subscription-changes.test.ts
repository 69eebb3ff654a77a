// What a customer changes of their own subscription, through the sandbox, on every database engine
// (decisions "Subscriptions a customer can trust"): switching monthly and yearly from the next
// period, a new card (a past-due subscription charged again with it at once), and withdrawing within
// 14 days of the first payment with the payment back in full.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { customerOrderListSchema } from "../../contract/admin-orders";
import { swedishDate } from "../../contract/calendar-days";
import { sandboxCards } from "../../contract/checkout";
import { plans } from "../../contract/pricing";
import type { Refusal } from "../../contract/refusals";
import { subscriptionAnswerSchema } from "../../contract/subscriptions";
import { i18nFor } from "../../i18n";
import { loadConfig } from "../../server/config";
import {
  auditLog,
  orders,
  paymentEvents,
  profileStatusHistory,
  profiles,
  subscriptions,
  users,
} from "../../server/db/schema";
import { runLifecycle } from "../../server/domain/lifecycle";
import { createOutboxSender } from "../../server/providers/email";
import { createPaymentProviders } from "../../server/providers/payments";
import { chargeKeptCard, createSandboxProvider } from "../../server/providers/payments/sandbox";
import { call, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { testCard } from "../support/checkout-samples";
import { paidAtOnce, paidOnTrialDayOne, keepCard } from "../support/subscribed-page";

const dayMs = 24 * 60 * 60 * 1000;
const secret = "test-sandbox-secret-subscription-changes";
const payments = createPaymentProviders(
  { PAYMENT_PROVIDER: "sandbox", SANDBOX_WEBHOOK_SECRET: secret },
  { sandbox: createSandboxProvider({ secret }) },
);
const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:3000" });
const sweepOutbox = mkdtempSync(path.join(tmpdir(), "kammare-subscription-changes-"));
const sweepEmail = createOutboxSender({ dir: sweepOutbox, from: "Kammare <no-reply@localhost>" });
const later = (from: Date, days: number, minutes = 1) =>
  new Date(from.getTime() + days * dayMs + minutes * 60_000);

describeOnEngines(
  "changing one's own subscription",
  { app: { payments } },
  ({ app, db, accounts, admin, mailbox }) => {
    const fixture = { app, db, accounts, admin };
    const sweep = (now: Date) => runLifecycle({ db, email: sweepEmail, config, now, charge: chargeKeptCard });
    const page = async (id: string) => (await db.select().from(profiles).where(eq(profiles.id, id)))[0];
    const subscriptionOf = async (id: string) =>
      (await db.select().from(subscriptions).where(eq(subscriptions.profileId, id)))[0];
    const orderOf = async (orderNumber: string) =>
      (await db.select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0];
    const act = (what: string, who: Account, json: Record<string, unknown>) =>
      call(app, `/api/kammare/subscriptions/${what}`, { bearer: who.token, json });
    const refusedField = async (response: Response) =>
      Object.keys(((await response.json()) as { error: { fields: object } }).error.fields).join();
    const answer = async (response: Response) => {
      expect(response.status, await response.clone().text()).toBe(200);
      return subscriptionAnswerSchema.parse(await response.json()).subscription;
    };

    it("switches monthly to yearly from the next period: the trial runs out as agreed, then a year at the yearly price", async () => {
      const { id, owner, trialEndsAt } = await paidOnTrialDayOne(fixture);
      const switched = await answer(await act("switch", owner, { profileId: id, plan: "yearly" }));
      expect(switched).toMatchObject({ plan: "monthly", nextPlan: "yearly" });
      expect(switched.nextCharge).toEqual({
        at: trialEndsAt.toISOString(),
        amountOre: plans.yearly.price.amountOre,
      });
      // Asking for the plan it has takes the switch back; asking again switches again.
      expect(await answer(await act("switch", owner, { profileId: id, plan: "monthly" }))).toMatchObject({
        nextPlan: null,
        nextCharge: { amountOre: plans.monthly.price.amountOre },
      });
      await answer(await act("switch", owner, { profileId: id, plan: "yearly" }));

      await sweep(later(trialEndsAt, 0));
      const yearAfterTrial = new Date(trialEndsAt);
      yearAfterTrial.setUTCFullYear(yearAfterTrial.getUTCFullYear() + 1);
      expect(await subscriptionOf(id)).toMatchObject({
        plan: "yearly",
        interval: "year",
        priceOre: plans.yearly.price.amountOre,
        nextPlan: null,
        periodsPaid: 1,
        status: "active",
      });
      expect((await page(id))?.paidUntil?.toISOString()).toBe(yearAfterTrial.toISOString());
      const [switchedEntry] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "subscription.switch"), eq(auditLog.actorUserId, owner.id)));
      expect(switchedEntry?.details).toMatchObject({ profileId: id, from: "monthly", to: "yearly" });
    });

    it("keeps a chosen switch to yearly through a cancel taken back: resumed, the next charge is the year's", async () => {
      const { id, owner, trialEndsAt } = await paidOnTrialDayOne(fixture);
      await answer(await act("switch", owner, { profileId: id, plan: "yearly" }));
      const cancelled = await answer(await act("cancel", owner, { profileId: id }));
      expect(cancelled).toMatchObject({ cancelAtPeriodEnd: true, nextCharge: null });
      const resumed = await answer(await act("resume", owner, { profileId: id }));
      expect(resumed).toMatchObject({ cancelAtPeriodEnd: false, plan: "monthly", nextPlan: "yearly" });
      expect(resumed.nextCharge).toEqual({
        at: trialEndsAt.toISOString(),
        amountOre: plans.yearly.price.amountOre,
      });
      await sweep(later(trialEndsAt, 0));
      expect(await subscriptionOf(id)).toMatchObject({ plan: "yearly", interval: "year", periodsPaid: 1 });
    });

    it("shows the order of a card kept for the trial's end as it is now: cancelled, no charge will be made; resumed, first charged at the trial's end", async () => {
      const { id, owner, orderNumber, trialEndsAt } = await paidOnTrialDayOne(fixture);
      const orderRow = async () => {
        const response = await call(app, `/api/kammare/orders?profileId=${id}`, { bearer: owner.token });
        expect(response.status).toBe(200);
        const { orders: listed } = customerOrderListSchema.parse(await response.json());
        return listed.find((order) => order.orderNumber === orderNumber);
      };
      expect(await orderRow()).toMatchObject({
        status: "scheduled",
        chargeCancelled: false,
        firstChargeAt: trialEndsAt.toISOString(),
      });
      await answer(await act("cancel", owner, { profileId: id }));
      expect(await orderRow()).toMatchObject({
        status: "scheduled",
        chargeCancelled: true,
        firstChargeAt: null,
      });
      await answer(await act("resume", owner, { profileId: id }));
      expect(await orderRow()).toMatchObject({
        chargeCancelled: false,
        firstChargeAt: trialEndsAt.toISOString(),
      });
    });

    it("gives the extended trial to a page whose card is only saved for the trial's end (nothing paid), and moves the first charge to its end", async () => {
      const { id, owner, trialEndsAt } = await paidOnTrialDayOne(fixture);
      await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, owner.id));
      const started = await call(app, "/api/kammare/extended-trial", {
        bearer: owner.token,
        json: { profileId: id, acceptTerms: true },
      });
      expect(started.status, await started.clone().text()).toBe(200);
      const lengthened = await page(id);
      expect(lengthened?.status).toBe("extended_trial");
      const extendedEnd = lengthened?.trialEndsAt as Date;
      expect(extendedEnd.getTime()).toBeGreaterThan(trialEndsAt.getTime());
      expect(await subscriptionOf(id)).toMatchObject({ nextChargeAt: extendedEnd, periodsPaid: 0 });
      // The free trial's old end charges nothing: the card waits for the extended trial's end.
      await sweep(later(trialEndsAt, 0));
      expect(await subscriptionOf(id)).toMatchObject({ periodsPaid: 0, status: "trialing" });
      expect((await page(id))?.status).toBe("extended_trial");
    });

    it("refuses a switch to an unknown plan (400 naming plan), by someone else (403), or while cancelled (409)", async () => {
      const { id, owner } = await paidOnTrialDayOne(fixture);
      const odd = await act("switch", owner, { profileId: id, plan: "weekly" });
      expect(odd.status).toBe(400);
      expect(await refusedField(odd)).toBe("plan");
      const stranger = await accounts.signUp();
      expect((await act("switch", stranger, { profileId: id, plan: "yearly" })).status).toBe(403);
      await answer(await act("cancel", owner, { profileId: id }));
      const cancelled = await act("switch", owner, { profileId: id, plan: "yearly" });
      expect(cancelled.status).toBe(409);
      expect(await refusedField(cancelled)).toBe("plan");
      expect((await subscriptionOf(id))?.nextPlan).toBeNull();
    });

    it("takes a new card; a past-due subscription is charged with it at once and the page is active again", async () => {
      const { id, owner, trialEndsAt } = await paidOnTrialDayOne(fixture);
      await keepCard(db, id, "declined");
      await sweep(later(trialEndsAt, 0));
      expect((await page(id))?.status).toBe("past_due");
      expect(await subscriptionOf(id)).toMatchObject({ status: "past_due", failedAttempts: 1 });

      const wrong = await act("card", owner, {
        profileId: id,
        ...testCard,
        cardNumber: "4242 4242 4242 4241",
      });
      expect(wrong.status).toBe(400);
      expect(await refusedField(wrong)).toBe("cardNumber");
      const stranger = await accounts.signUp();
      expect((await act("card", stranger, { profileId: id, ...testCard })).status).toBe(403);
      // The sandbox's own declined test card is refused as a card to keep, naming the number.
      const declined = await act("card", owner, {
        profileId: id,
        ...testCard,
        cardNumber: sandboxCards.declined,
      });
      expect(declined.status).toBe(402);
      expect(await refusedField(declined)).toBe("cardNumber");
      expect((await subscriptionOf(id))?.cardOnFile?.sandboxOutcome).toBe("declined");

      const updated = await answer(await act("card", owner, { profileId: id, ...testCard }));
      expect(updated).toMatchObject({ cardLast4: "4242", status: "active", nextRetryAt: null });
      expect(await subscriptionOf(id)).toMatchObject({ status: "active", periodsPaid: 1, failedAttempts: 0 });
      expect((await page(id))?.status).toBe("active");
      // Stripe's cards are changed on Stripe's page; the sandbox's on our form.
      expect((await act("card-page", owner, { profileId: id })).status).toBe(409);
    });

    it("withdraws within 14 days of the first payment: refunded in full, ended now, the page resting, confirmed by e-mail", async () => {
      const { id, owner, orderNumber } = await paidAtOnce(fixture);
      expect((await page(id))?.status).toBe("active");
      const before = await mailbox();
      const listed = await answer(await act("switch", owner, { profileId: id, plan: "monthly" }));
      expect(listed.withdrawableUntil).not.toBeNull();
      const paidAt = (await orderOf(orderNumber))?.paidAt as Date;
      expect(new Date(listed.withdrawableUntil as string).getTime()).toBe(paidAt.getTime() + 14 * dayMs);

      const stranger = await accounts.signUp();
      expect((await act("withdraw", stranger, { profileId: id })).status).toBe(403);
      expect((await act("withdraw", admin, { profileId: id })).status).toBe(403);

      const withdrawn = await answer(await act("withdraw", owner, { profileId: id }));
      expect(withdrawn).toMatchObject({ status: "cancelled", nextCharge: null, withdrawableUntil: null });
      expect((await orderOf(orderNumber))?.status).toBe("refunded");
      const refund = await db
        .select()
        .from(paymentEvents)
        .where(and(eq(paymentEvents.type, "payment_refunded"), eq(paymentEvents.provider, "sandbox")));
      expect(refund.map((event) => event.payload)).toContainEqual(
        expect.objectContaining({ orderNumber, amountOre: plans.monthly.price.amountOre }),
      );
      const rested = await page(id);
      expect(rested?.status).toBe("expired");
      expect(rested?.paidUntil?.getTime()).toBeLessThanOrEqual(Date.now());
      const [history] = await db
        .select()
        .from(profileStatusHistory)
        .where(and(eq(profileStatusHistory.profileId, id), eq(profileStatusHistory.fromStatus, "active")));
      expect(history).toMatchObject({ fromStatus: "active", reasonCode: "withdrawn", actorUserId: owner.id });

      const mails = (await mailbox()).slice(before.length).filter((mail) => mail.to === owner.email);
      expect(mails.map((mail) => mail.subject)).toEqual(["Din betalning till Kammare betalas tillbaka"]);
      expect(mails[0]?.text).toContain("49,00");

      // Over: nothing to withdraw from again, and the sweep charges nothing more.
      expect((await act("withdraw", owner, { profileId: id })).status).toBe(404);
      const report = await sweep(later(new Date(), 40));
      expect(report.charges.filter((charge) => charge.orderNumber === orderNumber)).toEqual([]);
    });

    it("refuses a withdrawal with nothing charged yet, and after the 14 days (409 naming profileId)", async () => {
      const onTrial = await paidOnTrialDayOne(fixture);
      const nothingYet = await act("withdraw", onTrial.owner, { profileId: onTrial.id });
      expect(nothingYet.status).toBe(409);
      expect(await refusedField(nothingYet)).toBe("profileId");

      const { id, owner, orderNumber } = await paidAtOnce(fixture);
      const paidAt = new Date(Date.now() - 15 * dayMs);
      await db.update(orders).set({ paidAt }).where(eq(orders.orderNumber, orderNumber));
      const late = await act("withdraw", owner, { profileId: id });
      expect(late.status).toBe(409);
      // The day the 14 days ended travels as data; each language says it in its own words (ADR 032).
      const ended = new Date(paidAt.getTime() + 14 * dayMs);
      const day = (locale: string) =>
        new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "Europe/Stockholm" }).format(ended);
      const lateBody = (await late.clone().json()) as { error: Refusal & { message: string } };
      expect(lateBody.error).toMatchObject({
        refusal: "withdrawal.too-late",
        params: { endedOn: swedishDate(ended) },
        message: `The 14 days to withdraw ended on ${day("en-US")}; you can cancel at the period's end.`,
      });
      expect(i18nFor("sv-SE").t("refusals.withdrawal.too-late", lateBody.error.params)).toBe(
        `De 14 dagarna för ångerrätt tog slut den ${day("sv-SE")}. Du kan avsluta abonnemanget till periodens slut.`,
      );
      expect(await refusedField(late)).toBe("profileId");
      expect((await orderOf(orderNumber))?.status).toBe("paid");
      expect((await page(id))?.status).toBe("active");
    });
  },
);
