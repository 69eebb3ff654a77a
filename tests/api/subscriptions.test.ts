// Subscriptions through the sandbox over simulated time, on every database engine: a card taken
// during a trial is kept and charged only at the trial's end; renewals are charged when due; a failed
// charge is tried again after 1, 3 and 7 days with an e-mail each time, the page past due from the
// first failure and resting when every try failed (decisions "Subscriptions a customer can trust").
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { customerOrderListSchema, receiptPath } from "../../contract/admin-orders";
import { customerSubscriptionsAnswerSchema, subscriptionAnswerSchema } from "../../contract/subscriptions";
import { loadConfig } from "../../server/config";
import { orders, profileStatusHistory, profiles, subscriptions, users } from "../../server/db/schema";
import { formatReceiptDate, formatReceiptMoney } from "../../server/domain/billing/receipts";
import { runLifecycle } from "../../server/domain/lifecycle";
import { createOutboxSender, readOutbox } from "../../server/providers/email";
import { createPaymentProviders } from "../../server/providers/payments";
import { chargeKeptCard, createSandboxProvider } from "../../server/providers/payments/sandbox";
import { call } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { pdfText } from "../support/pdf-text";
import { paidOnTrialDayOne, keepCard } from "../support/subscribed-page";

const dayMs = 24 * 60 * 60 * 1000;
const secret = "test-sandbox-secret-subscriptions";
const payments = createPaymentProviders(
  { PAYMENT_PROVIDER: "sandbox", SANDBOX_WEBHOOK_SECRET: secret },
  { sandbox: createSandboxProvider({ secret }) },
);
const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:3000" });
const outbox = mkdtempSync(path.join(tmpdir(), "kammare-subscriptions-"));
const email = createOutboxSender({ dir: outbox, from: "Kammare <no-reply@localhost>" });
const later = (from: Date, days: number, minutes = 1) =>
  new Date(from.getTime() + days * dayMs + minutes * 60_000);
const monthAfter = (from: Date) => {
  const to = new Date(from);
  to.setUTCMonth(to.getUTCMonth() + 1);
  return to;
};
/** Money and dates are written with no-break spaces; compared as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describeOnEngines(
  "subscriptions through the sandbox",
  { app: { payments } },
  ({ app, db, accounts, admin, mailbox }) => {
    const sweep = (now: Date) => runLifecycle({ db, email, config, now, charge: chargeKeptCard });
    const page = async (id: string) => (await db.select().from(profiles).where(eq(profiles.id, id)))[0];
    const subscriptionOf = async (id: string) =>
      (await db.select().from(subscriptions).where(eq(subscriptions.profileId, id)))[0];
    const mailsTo = async (to: string) => (await readOutbox(outbox)).filter((mail) => mail.to === to);

    const subscribedOnTrialDayOne = () => paidOnTrialDayOne({ app, db, accounts, admin });

    it("keeps the card during the trial, charges nothing, and charges it when the trial ends", async () => {
      const { id, orderNumber, trialEndsAt } = await subscribedOnTrialDayOne();
      const [scheduled] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
      expect(scheduled).toMatchObject({ status: "scheduled", paidAt: null });
      expect(await subscriptionOf(id)).toMatchObject({
        status: "trialing",
        periodsPaid: 0,
        cardOnFile: { last4: "4242", sandboxOutcome: "succeeded" },
      });
      expect((await subscriptionOf(id))?.nextChargeAt?.getTime()).toBe(trialEndsAt.getTime());
      expect((await page(id))?.status).toBe("trial");

      // A sweep during the trial charges nothing.
      const quiet = await sweep(later(trialEndsAt, -1));
      expect(quiet.charges.filter((charge) => charge.orderNumber === orderNumber)).toEqual([]);

      const report = await sweep(later(trialEndsAt, 0));
      expect(report.charges).toContainEqual({ orderNumber, outcome: "paid" });
      const [paid] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
      expect(paid?.status).toBe("paid");
      const monthAfterTrial = new Date(trialEndsAt);
      monthAfterTrial.setUTCMonth(monthAfterTrial.getUTCMonth() + 1);
      expect((await page(id))?.paidUntil?.toISOString()).toBe(monthAfterTrial.toISOString());
      expect((await page(id))?.status).toBe("active");
      expect(await subscriptionOf(id)).toMatchObject({ status: "active", periodsPaid: 1 });

      // The next month's renewal is charged when due, once.
      await sweep(later(monthAfterTrial, 0));
      await sweep(later(monthAfterTrial, 0, 5));
      expect(await subscriptionOf(id)).toMatchObject({ status: "active", periodsPaid: 2 });
      expect((await page(id))?.paidUntil?.getTime()).toBeGreaterThan(monthAfterTrial.getTime() + 27 * dayMs);
    });

    it("e-mails every payment its own receipt: the first charge and each renewal, once each", async () => {
      const { id, owner, orderNumber, trialEndsAt } = await subscribedOnTrialDayOne();
      await db.update(users).set({ locale: "en-US" }).where(eq(users.id, owner.id));
      const firstEnd = monthAfter(trialEndsAt);
      const secondEnd = monthAfter(firstEnd);
      const thirdEnd = monthAfter(secondEnd);
      await sweep(later(trialEndsAt, 0));
      await sweep(later(firstEnd, 0));
      await sweep(later(secondEnd, 0));
      expect(await subscriptionOf(id)).toMatchObject({ status: "active", periodsPaid: 3 });

      // Sent by the booking's effect (the app's outbox) or, failing that, by the sweep (its own).
      const receipts = async () =>
        [...(await mailbox()), ...(await readOutbox(outbox))].filter(
          (mail) => mail.to === owner.email && mail.subject.startsWith(`Receipt ${orderNumber}`),
        );
      const sent = await receipts();
      expect(sent.map((mail) => mail.subject).sort()).toEqual([
        `Receipt ${orderNumber} from Kammare`,
        `Receipt ${orderNumber}-2 from Kammare`,
        `Receipt ${orderNumber}-3 from Kammare`,
      ]);
      const en = (date: Date) => plain(formatReceiptDate(date, "en-US"));
      const price = plain(formatReceiptMoney(4_900, "SEK", "en-US"));
      for (const [number, from, to] of [
        [orderNumber, trialEndsAt, firstEnd],
        [`${orderNumber}-2`, firstEnd, secondEnd],
        [`${orderNumber}-3`, secondEnd, thirdEnd],
      ] as const) {
        const mail = sent.find((each) => each.subject === `Receipt ${number} from Kammare`);
        expect(plain(mail?.text ?? "")).toContain(`Paid: ${price}`);
        // A renewal's e-mail says what it renewed and for when, not "order KM-…-2".
        if (number === orderNumber) {
          expect(plain(mail?.text ?? "")).toContain(`The receipt for order ${orderNumber} is attached`);
        } else {
          expect(plain(mail?.text ?? "")).toContain(
            `Your plan for page ${id} (order ${orderNumber}) has been renewed for ${en(from)} – ${en(to)}. ` +
              `The receipt, number ${number}, is attached`,
          );
        }
        const [pdf] = mail?.attachments ?? [];
        expect(pdf?.filename).toBe(`receipt-${number}.pdf`);
        const text = plain(pdfText(pdf?.content ?? Buffer.alloc(0)));
        expect(text).toContain(number);
        expect(text).toContain(`Kammare page ${id}, monthly plan, ${en(from)} – ${en(to)}`);
        expect(text).toContain(price);
      }
      // The e-mail's link gives the renewal's own receipt to its customer.
      const download = await call(app, `/api/kammare/orders/${orderNumber}-2/receipt.pdf`, {
        bearer: owner.token,
      });
      expect(download.status).toBe(200);
      expect(plain(pdfText(Buffer.from(await download.arrayBuffer())))).toContain(
        `${en(firstEnd)} – ${en(secondEnd)}`,
      );

      // The owner's orders list each renewal under its order, newest first, with its own receipt.
      const listed = customerOrderListSchema.parse(
        await (await call(app, `/api/kammare/orders?profileId=${id}`, { bearer: owner.token })).json(),
      );
      const order = listed.orders.find((each) => each.orderNumber === orderNumber);
      expect(order?.receiptUrl).toBe(receiptPath(orderNumber));
      expect(order?.renewals).toEqual([
        {
          receiptNumber: `${orderNumber}-3`,
          amountOre: 4_900,
          currency: "SEK",
          paidAt: expect.any(String),
          periodStart: secondEnd.toISOString(),
          periodEnd: thirdEnd.toISOString(),
          receiptUrl: receiptPath(`${orderNumber}-3`),
        },
        {
          receiptNumber: `${orderNumber}-2`,
          amountOre: 4_900,
          currency: "SEK",
          paidAt: expect.any(String),
          periodStart: firstEnd.toISOString(),
          periodEnd: secondEnd.toISOString(),
          receiptUrl: receiptPath(`${orderNumber}-2`),
        },
      ]);
      // Another customer learns nothing of them.
      const stranger = await accounts.signUp();
      expect(
        (await call(app, `/api/kammare/orders?profileId=${id}`, { bearer: stranger.token })).status,
      ).toBe(403);

      // A sweep again, later: no charge is due and no receipt goes twice.
      const again = await sweep(later(secondEnd, 1));
      expect(again.emails.receipts.filter((number) => number.startsWith(orderNumber))).toEqual([]);
      expect(await receipts()).toHaveLength(3);
    });

    it("tries a failed renewal again after 1, 3 and 7 days, e-mailing each time, and lets the page rest when all fail", async () => {
      const { id, owner, trialEndsAt } = await subscribedOnTrialDayOne();
      await sweep(later(trialEndsAt, 0));
      const due = (await subscriptionOf(id))?.nextChargeAt as Date;
      await keepCard(db, id, "declined");
      // The page is in Swedish; its owner uses the site in English: the e-mails follow the account.
      expect((await page(id))?.metadata).toEqual({});
      const english = await call(app, "/api/preferences/locale", {
        bearer: owner.token,
        json: { locale: "en-US" },
      });
      expect(english.status).toBe(204);
      const before = (await mailsTo(owner.email)).length;

      await sweep(later(due, 0));
      expect((await page(id))?.status).toBe("past_due");
      expect(await subscriptionOf(id)).toMatchObject({ status: "past_due", failedAttempts: 1 });
      expect((await subscriptionOf(id))?.nextRetryAt?.getTime()).toBe(due.getTime() + dayMs);
      // Past due is no reason to rest early: the grace waits for the retries.
      for (const [day, attempts, nextRetryDays] of [
        [1, 2, 3],
        [3, 3, 7],
      ] as const) {
        await sweep(later(due, day));
        expect(await subscriptionOf(id)).toMatchObject({ status: "past_due", failedAttempts: attempts });
        expect((await subscriptionOf(id))?.nextRetryAt?.getTime()).toBe(
          due.getTime() + nextRetryDays * dayMs,
        );
        expect((await page(id))?.status).toBe("past_due");
      }
      await sweep(later(due, 7));
      expect(await subscriptionOf(id)).toMatchObject({
        status: "cancelled",
        failedAttempts: 4,
        nextRetryAt: null,
      });
      expect((await page(id))?.status).toBe("expired");
      const history = await db
        .select()
        .from(profileStatusHistory)
        .where(eq(profileStatusHistory.profileId, id))
        .orderBy(profileStatusHistory.at);
      expect(history.slice(-2).map((row) => `${row.fromStatus}>${row.toStatus}:${row.reasonCode}`)).toEqual([
        "active>past_due:payment_failed",
        "past_due>expired:payment_failed",
      ]);

      // One e-mail per failed try: three saying when it is tried again, the last saying it stopped;
      // and, the page now resting, where its keepsake is (ADR 045).
      const mails = (await mailsTo(owner.email)).slice(before);
      expect(mails.map((mail) => mail.subject)).toEqual([
        ...Array(3).fill("We could not charge your card for Kammare"),
        "Your Kammare page is resting: the payment did not go through",
        expect.stringMatching(/: download the keepsake$/),
      ]);
      expect(mails[0]?.text).toContain(`${config.publicUrl}/account`);
    });

    it("a retry with a card that works brings the page back and starts the dunning over", async () => {
      const { id, trialEndsAt } = await subscribedOnTrialDayOne();
      await sweep(later(trialEndsAt, 0));
      const due = (await subscriptionOf(id))?.nextChargeAt as Date;
      await keepCard(db, id, "declined");
      await sweep(later(due, 0));
      expect((await page(id))?.status).toBe("past_due");
      await keepCard(db, id, "succeeded");
      await sweep(later(due, 1));
      expect(await subscriptionOf(id)).toMatchObject({
        status: "active",
        failedAttempts: 0,
        nextRetryAt: null,
      });
      expect((await page(id))?.status).toBe("active");
      expect((await page(id))?.paidUntil?.getTime()).toBeGreaterThan(due.getTime() + 27 * dayMs);
    });

    it("cancels at the trial's end with a confirmation e-mail in the account's language, resumes, and charges nothing once cancelled", async () => {
      const { id, owner, orderNumber, trialEndsAt } = await subscribedOnTrialDayOne();
      const swedish = await call(app, "/api/preferences/locale", {
        bearer: owner.token,
        json: { locale: "sv-SE" },
      });
      expect(swedish.status).toBe(204);
      const act = (what: "cancel" | "resume", who = owner) =>
        call(app, `/api/kammare/subscriptions/${what}`, { bearer: who.token, json: { profileId: id } });

      // Someone else cannot, nor can an admin for the customer.
      const stranger = await accounts.signUp();
      expect((await act("cancel", stranger)).status).toBe(403);
      expect((await act("cancel", admin)).status).toBe(403);

      // The app's own e-mails (the sweep's go to this file's outbox).
      const appMailsTo = async (to: string) => (await mailbox()).filter((mail) => mail.to === to);
      const before = (await appMailsTo(owner.email)).length;
      const cancelled = subscriptionAnswerSchema.parse(await (await act("cancel")).json()).subscription;
      expect(cancelled).toMatchObject({
        profileId: id,
        orderNumber,
        cancelAtPeriodEnd: true,
        nextCharge: null,
        endsAt: trialEndsAt.toISOString(),
      });
      // Cancelling twice changes nothing and sends one e-mail.
      expect((await act("cancel")).status).toBe(200);
      const mails = (await appMailsTo(owner.email)).slice(before);
      expect(mails.map((mail) => mail.subject)).toEqual(["Ditt Kammare-abonnemang är uppsagt"]);
      expect(mails[0]?.text).toContain(`${config.publicUrl}/account`);

      const listed = customerSubscriptionsAnswerSchema.parse(
        await (await call(app, "/api/kammare/subscriptions", { bearer: owner.token })).json(),
      ).subscriptions;
      expect(listed.map((row) => [row.profileId, row.cancelAtPeriodEnd])).toEqual([[id, true]]);
      expect(
        customerSubscriptionsAnswerSchema.parse(
          await (await call(app, "/api/kammare/subscriptions", { bearer: stranger.token })).json(),
        ).subscriptions,
      ).toEqual([]);

      const resumed = subscriptionAnswerSchema.parse(await (await act("resume")).json()).subscription;
      expect(resumed).toMatchObject({ cancelAtPeriodEnd: false, endsAt: null });
      expect(resumed.nextCharge).toEqual({ at: trialEndsAt.toISOString(), amountOre: 4900 });

      // Cancelled again: at the trial's end nothing is charged, and the page rests.
      expect((await act("cancel")).status).toBe(200);
      const report = await sweep(later(trialEndsAt, 0));
      expect(report.charges.filter((charge) => charge.orderNumber === orderNumber)).toEqual([]);
      expect(await subscriptionOf(id)).toMatchObject({ status: "cancelled", periodsPaid: 0 });
      expect((await page(id))?.status).toBe("expired");
      const [order] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
      expect(order).toMatchObject({ paidAt: null, status: "cancelled" });
      // Over: it cannot be resumed.
      expect((await act("resume")).status).toBe(404);
    });
  },
);
