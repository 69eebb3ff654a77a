// The lifecycle sweep over simulated time, on every engine: trials end, paid periods lapse into a grace
// period and then expire, failed payments and receipts are e-mailed once, two sweeps at once do the work
// once; and the receipt PDF with its download call.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import { formatOrderNumber, vatSplit, type OrderStatus } from "../../contract/orders";
import type { ProfileStatus } from "../../contract/profiles";
import { loadConfig } from "../../server/config";
import { createPageCache } from "../../server/http/page-cache";
import { createLogger } from "../../server/logger";
import { scheduleLifecycle } from "../../server/serve";
import type { Database } from "../../server/db/client";
import { jobLocks, runExclusive } from "../../server/db/exclusive";
import { auditLog, orders, profileStatusHistory, profiles, subscriptions } from "../../server/db/schema";
import { onDomainEvents } from "../../server/domain/core";
import { nextStatus, runLifecycle, type LifecycleReport } from "../../server/domain/lifecycle";
import { newProfileId } from "../../server/domain/profiles";
import { createOutboxSender, readOutbox, type OutboxMessage } from "../../server/providers/email";
import { call, expectError, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { postgresqlOnly } from "../support/databases";
import { pdfText } from "../support/pdf-text";

const dayMs = 24 * 60 * 60 * 1000;
const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:3000", GRACE_DAYS: "7" });
const start = new Date("2030-03-01T10:00:00Z");
const at = (days: number) => new Date(start.getTime() + days * dayMs);

// Order numbers far above the sequence, so rows made here never clash with the app's own.
let nextOrder = 900_000;

/** The sweep with its own outbox, so each test reads the e-mails it caused. */
function sweeper(db: Database) {
  const outbox = mkdtempSync(path.join(tmpdir(), "kammare-lifecycle-"));
  const email = createOutboxSender({ dir: outbox, from: "Kammare <no-reply@localhost>" });
  const changed: string[] = [];
  return {
    changed,
    /** Runs the sweep, noting the pages it announced as changed after their commits (ADR 033). */
    run: async (now: Date, on: Database = db): Promise<LifecycleReport> => {
      const stop = onDomainEvents(on, (event) => {
        if ("profileId" in event) changed.push(event.profileId);
      });
      try {
        return await runLifecycle({ db: on, email, config, now });
      } finally {
        stop();
      }
    },
    mails: (to?: string): Promise<OutboxMessage[]> =>
      readOutbox(outbox).then((all) => all.filter((mail) => !to || mail.to === to)),
  };
}

async function makeProfile(
  db: Database,
  owner: Account,
  values: {
    status: ProfileStatus;
    trialEndsAt?: Date;
    paidUntil?: Date;
    language?: "sv-SE" | "en-US";
  },
): Promise<string> {
  const id = newProfileId();
  await db.insert(profiles).values({
    id,
    status: values.status,
    ownerUserId: owner.id,
    content: { displayName: "Ingrid Åberg" },
    metadata: { language: values.language ?? "en-US" },
    claimedAt: start,
    trialStartedAt: values.trialEndsAt ? new Date(values.trialEndsAt.getTime() - 30 * dayMs) : null,
    trialEndsAt: values.trialEndsAt ?? null,
    paidUntil: values.paidUntil ?? null,
  });
  // Every page has a history from its first status, as the app writes it.
  await db
    .insert(profileStatusHistory)
    .values({ profileId: id, fromStatus: null, toStatus: values.status, reasonCode: "created", at: start });
  return id;
}

async function makeOrder(
  db: Database,
  owner: Account,
  profileId: string,
  values: {
    status: OrderStatus;
    amountOre?: number;
    paidAt?: Date;
    plan?: "monthly" | "yearly";
    /** A declined first checkout (failed) or a failed renewal (paid, as the booking leaves it). */
    failureCode?: string;
  },
) {
  const amountOre = values.amountOre ?? 4_900;
  const { netOre, vatOre } = vatSplit({ amountOre, currency: "SEK" });
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: formatOrderNumber(nextOrder++),
      profileId,
      customerUserId: owner.id,
      method: "card",
      plan: values.plan ?? "monthly",
      amountOre,
      netOre,
      vatOre,
      vatRatePercent: 25,
      status: values.status,
      failureCode: values.failureCode ?? (values.status === "failed" ? "card_declined" : null),
      provider: "sandbox",
      createdAt: start,
      paidAt: values.status === "paid" ? (values.paidAt ?? start) : null,
    })
    .returning();
  return order as typeof orders.$inferSelect;
}

async function makeSubscription(
  db: Database,
  owner: Account,
  profileId: string,
  orderId: string,
  values: {
    status: "trialing" | "active" | "past_due";
    iterations?: number;
    periodsPaid?: number;
    periodEnd?: Date;
  },
) {
  const [row] = await db
    .insert(subscriptions)
    .values({
      profileId,
      customerUserId: owner.id,
      orderId,
      plan: "monthly",
      interval: "month",
      priceOre: 4_900,
      iterations: values.iterations ?? 0,
      periodsPaid: values.periodsPaid ?? 1,
      currentPeriodStart: start,
      currentPeriodEnd: values.periodEnd ?? at(30),
      status: values.status,
      provider: "sandbox",
    })
    .returning();
  return row as typeof subscriptions.$inferSelect;
}

async function statusOf(db: Database, id: string): Promise<ProfileStatus | undefined> {
  const [row] = await db.select({ status: profiles.status }).from(profiles).where(eq(profiles.id, id));
  return row?.status;
}

async function reasonsOf(db: Database, id: string) {
  const rows = await db
    .select({
      from: profileStatusHistory.fromStatus,
      to: profileStatusHistory.toStatus,
      why: profileStatusHistory.reasonCode,
    })
    .from(profileStatusHistory)
    .where(eq(profileStatusHistory.profileId, id))
    .orderBy(profileStatusHistory.at);
  return rows.slice(1).map((row) => `${row.from}->${row.to}:${row.why}`);
}

/** Money is formatted with no-break spaces (so "490,00 kr" never breaks); compared as plain spaces. */
const plain = (text = "") => text.replace(/\u00a0/g, " ");

function pdfOf(mail: OutboxMessage): Buffer {
  const [attachment] = mail.attachments;
  expect(attachment?.contentType).toBe("application/pdf");
  return attachment?.content ?? Buffer.alloc(0);
}

describeOnEngines(
  "lifecycle sweep",
  { other: true },
  ({ app, db, handle, accounts, admin, engine, other }) => {
    it("ends a free trial with nothing paid: expired, with its reason, the cached page dropped", async () => {
      const owner = await accounts.signUp();
      const id = await makeProfile(db, owner, { status: "trial", trialEndsAt: at(30) });
      const sweep = sweeper(db);

      await sweep.run(at(29.9));
      expect(await statusOf(db, id)).toBe("trial");
      expect(sweep.changed).not.toContain(id);

      const report = await sweep.run(at(30.1));
      expect(await statusOf(db, id)).toBe("expired");
      expect(report.statusChanges).toContainEqual({
        profileId: id,
        from: "trial",
        to: "expired",
        reason: "trial_ended",
      });
      expect(sweep.changed.filter((changed) => changed === id)).toEqual([id]);
      expect(await reasonsOf(db, id)).toEqual(["trial->expired:trial_ended"]);

      // The same time again: nothing more happens, nothing more is dropped.
      const again = await sweep.run(at(30.1));
      expect(again.statusChanges.filter((change) => change.profileId === id)).toEqual([]);
      expect(sweep.changed.filter((changed) => changed === id)).toHaveLength(1);
      expect(await reasonsOf(db, id)).toHaveLength(1);
    });

    it("ends an extended trial with its own reason", async () => {
      const owner = await accounts.signUp();
      const id = await makeProfile(db, owner, { status: "extended_trial", trialEndsAt: at(90) });
      await sweeper(db).run(at(91));
      expect(await reasonsOf(db, id)).toEqual(["extended_trial->expired:extended_trial_ended"]);
    });

    it("keeps a paid page: a trial paid for becomes active and stays so while paid", async () => {
      const owner = await accounts.signUp();
      const id = await makeProfile(db, owner, { status: "trial", trialEndsAt: at(30), paidUntil: at(60) });
      const sweep = sweeper(db);
      await sweep.run(at(31));
      expect(await statusOf(db, id)).toBe("active");
      expect(await reasonsOf(db, id)).toEqual(["trial->active:trial_converted"]);
      await sweep.run(at(59));
      expect(await statusOf(db, id)).toBe("active");
      expect(await reasonsOf(db, id)).toHaveLength(1);
    });

    it("lets a paid period lapse: past_due for the grace days, then expired", async () => {
      const owner = await accounts.signUp();
      const id = await makeProfile(db, owner, { status: "active", paidUntil: at(30) });
      const sweep = sweeper(db);

      await sweep.run(at(30.5));
      expect(await statusOf(db, id)).toBe("past_due");
      // Within the grace period (7 days from the lapse being found), the page stays up.
      await sweep.run(at(37.4));
      expect(await statusOf(db, id)).toBe("past_due");
      await sweep.run(at(37.5));
      expect(await statusOf(db, id)).toBe("expired");
      expect(await reasonsOf(db, id)).toEqual([
        "active->past_due:paid_period_ended",
        "past_due->expired:grace_ended",
      ]);
      expect(sweep.changed.filter((changed) => changed === id)).toHaveLength(2);
    });

    it("brings a past-due page back when a payment moves its paid-until date on", async () => {
      const owner = await accounts.signUp();
      const id = await makeProfile(db, owner, { status: "active", paidUntil: at(30) });
      const sweep = sweeper(db);
      await sweep.run(at(31));
      await db
        .update(profiles)
        .set({ paidUntil: at(61) })
        .where(eq(profiles.id, id));
      await sweep.run(at(32));
      expect(await reasonsOf(db, id)).toEqual([
        "active->past_due:paid_period_ended",
        "past_due->active:payment_received",
      ]);
    });

    it("a failed renewal: past_due with the failure's reason, and one e-mail about it", async () => {
      const owner = await accounts.signUp();
      const id = await makeProfile(db, owner, { status: "active", paidUntil: at(30), language: "sv-SE" });
      // The booking of a failed renewal: the subscription past due, the paid order with the failure's code.
      const failed = await makeOrder(db, owner, id, { status: "paid", failureCode: "card_declined" });
      await makeSubscription(db, owner, id, failed.id, { status: "past_due" });
      const sweep = sweeper(db);

      await sweep.run(at(30.5));
      expect(await reasonsOf(db, id)).toEqual(["active->past_due:payment_failed"]);
      const mails = (await sweep.mails(owner.email)).filter((mail) => !mail.subject.startsWith("Kvitto"));
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe("Din betalning till Kammare gick inte igenom");
      expect(mails[0]?.text).toContain(failed.orderNumber);
      expect(plain(mails[0]?.text)).toContain("49,00 kr");
      expect(mails[0]?.text).toContain(`http://localhost:3000/k/${id}/checkout/card`);
      const [row] = await db.select().from(orders).where(eq(orders.id, failed.id));
      expect(row?.failureNotifiedAt).toEqual(at(30.5));

      await sweep.run(at(31));
      expect(
        (await sweep.mails(owner.email)).filter((mail) => !mail.subject.startsWith("Kvitto")),
      ).toHaveLength(1);
      await sweep.run(at(38));
      expect(await statusOf(db, id)).toBe("expired");
    });

    it("a renewing subscription keeps the page while its renewal is on the way, but not for ever", async () => {
      const owner = await accounts.signUp();
      const id = await makeProfile(db, owner, { status: "active", paidUntil: at(30) });
      const order = await makeOrder(db, owner, id, { status: "paid" });
      await makeSubscription(db, owner, id, order.id, { status: "active" });
      const sweep = sweeper(db);
      await sweep.run(at(31));
      expect(await statusOf(db, id)).toBe("active");
      await sweep.run(at(37.1));
      expect(await reasonsOf(db, id)).toEqual(["active->past_due:paid_period_ended"]);
    });

    it("a trial a subscription takes over becomes active, covered from the trial's end", async () => {
      const owner = await accounts.signUp();
      const id = await makeProfile(db, owner, { status: "trial", trialEndsAt: at(30) });
      const order = await makeOrder(db, owner, id, { status: "paid" });
      await makeSubscription(db, owner, id, order.id, { status: "trialing" });
      await sweeper(db).run(at(30.2));
      const [row] = await db.select().from(profiles).where(eq(profiles.id, id));
      expect(row?.status).toBe("active");
      expect(row?.paidUntil).toEqual(at(30));
    });

    it("ends a subscription whose every period is paid and over", async () => {
      const owner = await accounts.signUp();
      const id = await makeProfile(db, owner, { status: "active", paidUntil: at(30) });
      const order = await makeOrder(db, owner, id, { status: "paid" });
      const done = await makeSubscription(db, owner, id, order.id, {
        status: "active",
        iterations: 3,
        periodsPaid: 3,
      });
      const ongoing = await makeSubscription(db, owner, id, order.id, {
        status: "active",
        iterations: 3,
        periodsPaid: 2,
      });
      const sweep = sweeper(db);
      expect((await sweep.run(at(29))).subscriptionsEnded).not.toContain(done.id);
      const report = await sweep.run(at(30.5));
      expect(report.subscriptionsEnded).toContain(done.id);
      expect(report.subscriptionsEnded).not.toContain(ongoing.id);
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, done.id));
      expect(row?.status).toBe("ended");
      expect((await sweep.run(at(30.5))).subscriptionsEnded).not.toContain(done.id);
    });

    it("tells the owner once, three days ahead, that the trial is ending, in the page's language", async () => {
      const owner = await accounts.signUp();
      const soon = await makeProfile(db, owner, { status: "trial", trialEndsAt: at(32), language: "sv-SE" });
      const later = await makeProfile(db, owner, { status: "trial", trialEndsAt: at(40) });
      const sweep = sweeper(db);

      await sweep.run(at(28));
      expect(await sweep.mails(owner.email)).toEqual([]);
      const report = await sweep.run(at(29.5));
      expect(report.emails.trialEnding).toContain(soon);
      expect(report.emails.trialEnding).not.toContain(later);
      const mails = await sweep.mails(owner.email);
      expect(mails.map((mail) => mail.subject)).toEqual(["Din provperiod hos Kammare slutar 2 april 2030"]);
      expect(mails[0]?.text).toContain(`http://localhost:3000/k/${soon}/checkout/card`);
      const notes = await db
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(eq(auditLog.action, "trial_ending_notice"));
      expect(notes.map((note) => note.details)).toContainEqual({
        profileId: soon,
        trialEndsAt: at(32).toISOString(),
      });

      await sweep.run(at(30));
      await sweep.run(at(31));
      expect(await sweep.mails(owner.email)).toHaveLength(1);
    });

    it("e-mails each paid card order's receipt once, with the PDF, in English or Swedish", async () => {
      const english = await accounts.signUp();
      const swedish = await accounts.signUp();
      const enPage = await makeProfile(db, english, {
        status: "active",
        paidUntil: at(365),
        language: "en-US",
      });
      const svPage = await makeProfile(db, swedish, {
        status: "active",
        paidUntil: at(365),
        language: "sv-SE",
      });
      const enOrder = await makeOrder(db, english, enPage, {
        status: "paid",
        amountOre: 49_000,
        plan: "yearly",
      });
      const svOrder = await makeOrder(db, swedish, svPage, {
        status: "paid",
        amountOre: 49_000,
        plan: "yearly",
      });
      const pending = await makeOrder(db, swedish, svPage, { status: "pending" });
      const sweep = sweeper(db);

      const report = await sweep.run(at(1));
      expect(report.emails.receipts).toEqual(
        expect.arrayContaining([enOrder.orderNumber, svOrder.orderNumber]),
      );
      expect(report.emails.receipts).not.toContain(pending.orderNumber);

      const [enMail] = await sweep.mails(english.email);
      expect(enMail?.subject).toBe(`Receipt ${enOrder.orderNumber} from Kammare`);
      expect(plain(enMail?.text)).toContain("Paid: SEK 490.00 (VAT SEK 98.00 included)");
      expect(enMail?.attachments[0]?.filename).toBe(`receipt-${enOrder.orderNumber}.pdf`);
      const enText = pdfText(pdfOf(enMail as OutboxMessage));
      for (const line of [
        "Receipt",
        "Paid",
        "Kammare AB",
        "Org. no. 559000-0000",
        "VAT no. SE559000000001",
        enOrder.orderNumber,
        english.email,
        `Kammare page ${enPage}, yearly plan, March 1, 2030 – March 1, 2031`,
        "Card",
        "Net amount\nSEK 392.00",
        "VAT 25 %\nSEK 98.00",
        "Total paid\nSEK 490.00",
      ]) {
        expect(enText).toContain(line);
      }

      const [svMail] = await sweep.mails(swedish.email);
      expect(svMail?.subject).toBe(`Kvitto ${svOrder.orderNumber} från Kammare`);
      expect(svMail?.attachments[0]?.filename).toBe(`kvitto-${svOrder.orderNumber}.pdf`);
      const svText = pdfText(pdfOf(svMail as OutboxMessage));
      for (const line of [
        "Kvitto",
        "Betald",
        "Org.nr 559000-0000",
        "Momsreg.nr SE559000000001",
        `Kvittonummer\n${svOrder.orderNumber}`,
        `Kammare-sida ${svPage}, årsplan, 1 mars 2030 – 1 mars 2031`,
        "Kort",
        "Belopp exkl. moms\n392,00 kr",
        "Moms 25 %\n98,00 kr",
        "Totalt betalt\n490,00 kr",
        "Säljaren är godkänd för F-skatt.",
      ]) {
        expect(svText).toContain(line);
      }

      const [row] = await db.select().from(orders).where(eq(orders.id, svOrder.id));
      expect(row?.receiptSentAt).toEqual(at(1));
      await sweep.run(at(2));
      expect(await sweep.mails(swedish.email)).toHaveLength(1);
      expect(await sweep.mails(english.email)).toHaveLength(1);
    });

    it("two sweeps at the same time change each page once and send each e-mail once", async () => {
      const owner = await accounts.signUp();
      const ending = await makeProfile(db, owner, { status: "trial", trialEndsAt: at(10) });
      const notice = await makeProfile(db, owner, { status: "trial", trialEndsAt: at(12) });
      const paid = await makeOrder(db, owner, notice, { status: "paid" });
      const failed = await makeOrder(db, owner, notice, { status: "failed" });
      const sweep = sweeper(db);
      // On a server, the second sweep is another process's, on its own connections.
      const [one, two] = await Promise.all([sweep.run(at(10.5), db), sweep.run(at(10.5), other.db)]);
      const changes = [...one.statusChanges, ...two.statusChanges].filter(
        (change) => change.profileId === ending,
      );
      expect(changes).toEqual([{ profileId: ending, from: "trial", to: "expired", reason: "trial_ended" }]);
      expect(await reasonsOf(db, ending)).toEqual(["trial->expired:trial_ended"]);
      const mails = await sweep.mails(owner.email);
      expect(mails.filter((mail) => mail.subject.startsWith("Your Kammare trial ends"))).toHaveLength(1);
      expect(mails.filter((mail) => mail.subject.includes(paid.orderNumber))).toHaveLength(1);
      expect(mails.filter((mail) => mail.text.includes(failed.orderNumber))).toHaveLength(1);
      // The page that went to rest: its owner is told once where its keepsake is (ADR 045).
      expect(mails.filter((mail) => mail.text.includes(`%2Fk%2F${ending}%23keepsake`))).toHaveLength(1);
      expect(mails).toHaveLength(4);
    });

    postgresqlOnly(engine)(
      "under the lifecycle lock, another process skips the round one is running",
      async () => {
        const owner = await accounts.signUp();
        const id = await makeProfile(db, owner, { status: "trial", trialEndsAt: at(5) });
        const sweep = sweeper(db);
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        let started = () => {};
        const running = new Promise<void>((resolve) => (started = resolve));
        const first = runExclusive(handle, jobLocks.lifecycle, async () => {
          started();
          await held;
          await sweep.run(at(6));
        });
        await running;
        let secondRan = false;
        const second = await runExclusive(other, jobLocks.lifecycle, async () => {
          secondRan = true;
          await sweep.run(at(6), other.db);
        });
        expect(second).toBe(false);
        expect(secondRan).toBe(false);
        release();
        expect(await first).toBe(true);
        expect(await reasonsOf(db, id)).toEqual(["trial->expired:trial_ended"]);
      },
    );

    it("serves the receipt to the order's customer and to an admin, and to no one else", async () => {
      const owner = await accounts.signUp();
      const stranger = await accounts.signUp();
      const id = await makeProfile(db, owner, { status: "active", paidUntil: at(30), language: "sv-SE" });
      const order = await makeOrder(db, owner, id, { status: "paid" });
      const unpaid = await makeOrder(db, owner, id, { status: "pending" });
      const url = `/api/kammare/orders/${order.orderNumber}/receipt.pdf`;

      const mine = await call(app, url, { bearer: owner.token });
      expect(mine.status).toBe(200);
      expect(mine.headers.get("content-type")).toBe("application/pdf");
      expect(mine.headers.get("content-disposition")).toBe(
        `attachment; filename="kvitto-${order.orderNumber}.pdf"`,
      );
      expect(mine.headers.get("cache-control")).toBe("private, no-store");
      const text = pdfText(new Uint8Array(await mine.arrayBuffer()));
      expect(text).toContain(`Kvittonummer\n${order.orderNumber}`);
      expect(text).toContain("Moms 25 %\n9,80 kr");
      expect(text).toContain("Totalt betalt\n49,00 kr");

      const asAdmin = await call(app, url, { bearer: admin.token });
      expect(asAdmin.status).toBe(200);
      await expectError(await call(app, url, { bearer: stranger.token }), 404, "not_found");
      await expectError(await call(app, url), 401, "unauthorized");
      await expectError(
        await call(app, `/api/kammare/orders/${unpaid.orderNumber}/receipt.pdf`, { bearer: owner.token }),
        404,
        "not_found",
      );
      await expectError(
        await call(app, "/api/kammare/orders/KM-12/receipt.pdf", { bearer: owner.token }),
        400,
        "invalid_request",
        "orderNumber",
      );
    });

    it("the server's schedule sweeps under the lock and drops the changed page from the cache", async () => {
      const owner = await accounts.signUp();
      // Real time: the schedule's sweep runs at the clock's now.
      const id = await makeProfile(db, owner, { status: "trial", trialEndsAt: new Date(Date.now() - dayMs) });
      const cache = createPageCache();
      const dropped: string[] = [];
      // What the app's dispatcher does with a changed page (server/effects.ts), watched.
      const stop = onDomainEvents(db, (event) => {
        if (!("profileId" in event)) return;
        cache.invalidate(event.profileId);
        dropped.push(event.profileId);
      });
      const schedule = scheduleLifecycle(
        {
          config,
          logger: createLogger("silent"),
          database: handle,
          email: createOutboxSender({
            dir: mkdtempSync(path.join(tmpdir(), "kammare-lifecycle-")),
            from: "k@localhost",
          }),
        },
        { firstSweepAfterMs: 0 },
      );
      try {
        await vi.waitFor(() => expect(dropped).toContain(id), { timeout: 5_000, interval: 50 });
      } finally {
        await schedule.stop();
        stop();
      }
      expect(await statusOf(db, id)).toBe("expired");
    });

    it("writes nothing for statuses the sweep does not own", async () => {
      const owner = await accounts.signUp();
      const byAdmin = await makeProfile(db, owner, { status: "active" });
      const suspended = await makeProfile(db, owner, { status: "suspended", trialEndsAt: at(1) });
      await sweeper(db).run(at(400));
      expect(await statusOf(db, byAdmin)).toBe("active");
      expect(await statusOf(db, suspended)).toBe("suspended");
      const history = await db
        .select()
        .from(profileStatusHistory)
        .where(and(eq(profileStatusHistory.profileId, suspended)));
      expect(history).toHaveLength(1);
    });
  },
);

it("nextStatus: a trial ending while its subscription's payment failed gets the grace period", () => {
  expect(
    nextStatus({
      profile: { status: "trial", trialEndsAt: at(30), paidUntil: null },
      subscriptionsOfProfile: [{ status: "past_due", iterations: 0, periodsPaid: 0 }],
      pastDueSince: null,
      now: at(31),
      graceDays: 7,
    }),
  ).toEqual({ to: "past_due", reason: "payment_failed" });
});
