// Each money event e-mails its customer at once, in the account's language (decisions "Where money
// meets people"): a payment its receipt (and the sweep sends no second one), a card kept for a trial's
// end the first charge's date and amount, a cancellation, a resumption, a switch, a withdrawal the
// credit note of the refunded receipt; a hand-over tells the old owner their card is not charged again
// (with no invitation to resume) and the new owner when the page's paid time ends and where to choose
// a plan. All are in the outbox as soon as the call has answered, with no sweep run.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { subscriptionAnswerSchema } from "../../contract/subscriptions";
import { loadConfig } from "../../server/config";
import { orders, profiles, subscriptions, users } from "../../server/db/schema";
import { formatReceiptDate, formatReceiptMoney } from "../../server/domain/billing/receipts";
import { runLifecycle } from "../../server/domain/lifecycle";
import { createOutboxSender, readOutbox, type OutboxMessage } from "../../server/providers/email";
import { call, siteOrigin, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { pdfText } from "../support/pdf-text";
import { paidAtOnce, paidOnTrialDayOne } from "../support/subscribed-page";

const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:3000" });
const sweepDir = mkdtempSync(path.join(tmpdir(), "kammare-money-emails-"));
const sweepEmail = createOutboxSender({ dir: sweepDir, from: "Kammare <no-reply@localhost>" });

/** Money is formatted with no-break spaces; compared as plain spaces. */
const plain = (text = "") => text.replace(/[\u00a0\u202f]/g, " ");
const en = (date: Date) => formatReceiptDate(date, "en-US");
const sek = (ore: number, locale: "en-US" | "sv-SE" = "en-US") =>
  plain(formatReceiptMoney(ore, "SEK", locale));

function pdfOf(mail: OutboxMessage | undefined): string {
  const [attachment] = mail?.attachments ?? [];
  expect(attachment?.contentType).toBe("application/pdf");
  return plain(pdfText(attachment?.content ?? Buffer.alloc(0)));
}

describeOnEngines("money events e-mail their customer at once", (fixture) => {
  const { app, db, accounts, mailbox } = fixture;
  const as = (who: Account, pathName: string, json?: unknown) =>
    call(app, pathName, { bearer: who.token, json, origin: siteOrigin });
  const act = async (what: string, who: Account, json: Record<string, unknown>) => {
    const response = await as(who, `/api/kammare/subscriptions/${what}`, json);
    expect(response.status, await response.clone().text()).toBe(200);
    return subscriptionAnswerSchema.parse(await response.json()).subscription;
  };
  const mailsTo = async (to: string) =>
    (await mailbox()).filter((mail) => mail.to.toLowerCase() === to.toLowerCase());
  /** An account that last used the site in `locale`: its e-mails are in that language. */
  const speaking = async (locale: "en-US" | "sv-SE") => {
    const who = await accounts.signUp();
    await db.update(users).set({ locale }).where(eq(users.id, who.id));
    return who;
  };

  it("e-mails a payment's receipt as soon as it is booked, and the sweep sends no second one", async () => {
    const { id, owner, orderNumber } = await paidAtOnce(fixture, await speaking("en-US"));
    // No sweep has run: the receipt is there already, with its PDF.
    const receipts = (await mailsTo(owner.email)).filter((mail) => mail.subject.includes(orderNumber));
    expect(receipts.map((mail) => mail.subject)).toEqual([`Receipt ${orderNumber} from Kammare`]);
    expect(plain(receipts[0]?.text)).toContain(`Paid: ${sek(4_900)}`);
    expect(pdfOf(receipts[0])).toContain(`Kammare page ${id}, monthly plan`);
    const [order] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(order?.receiptSentAt).toBeInstanceOf(Date);

    const report = await runLifecycle({ db, email: sweepEmail, config, now: new Date(Date.now() + 60_000) });
    expect(report.emails.receipts).not.toContain(orderNumber);
    const swept = (await readOutbox(sweepDir)).filter((mail) => mail.subject.includes(orderNumber));
    expect(swept).toEqual([]);
    expect((await mailsTo(owner.email)).filter((mail) => mail.subject.includes(orderNumber))).toHaveLength(1);
  });

  it("a card kept for the trial's end: the first charge's date and amount and how to cancel, nothing charged, no receipt", async () => {
    const { owner, orderNumber, trialEndsAt } = await paidOnTrialDayOne(fixture, await speaking("en-US"));
    const mails = await mailsTo(owner.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Your card is saved: the first charge is on ${en(trialEndsAt)}`,
    ]);
    const text = plain(mails[0]?.text);
    expect(text).toContain("nothing has been charged today");
    expect(text).toContain(`The first charge, ${sek(4_900)}, is taken on ${en(trialEndsAt)}`);
    expect(text).toContain(`Cancel before ${en(trialEndsAt)} from your account`);
    expect(text).toContain(`${config.publicUrl}/account`);
    expect(mails.some((mail) => mail.subject.includes(orderNumber))).toBe(false);
  });

  it("the same in Swedish for an account that uses the site in Swedish", async () => {
    const owner = await speaking("sv-SE");
    const { trialEndsAt } = await paidOnTrialDayOne(fixture, owner);
    const [mail] = await mailsTo(owner.email);
    const date = formatReceiptDate(trialEndsAt, "sv-SE");
    expect(mail?.subject).toBe(`Ditt kort är sparat – första dragningen görs den ${date}`);
    expect(plain(mail?.text)).toContain(`Den första dragningen, ${sek(4_900, "sv-SE")}, görs den ${date}`);
    expect(plain(mail?.text)).toContain(`Säg upp abonnemanget före den ${date}`);
  });

  it("a switch, a cancellation and a resumption are each confirmed by e-mail at once", async () => {
    const { id, owner, trialEndsAt } = await paidOnTrialDayOne(fixture, await speaking("en-US"));
    const before = (await mailsTo(owner.email)).length;

    await act("switch", owner, { profileId: id, plan: "yearly" });
    let mails = (await mailsTo(owner.email)).slice(before);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Your Kammare plan from ${en(trialEndsAt)}: the yearly plan`,
    ]);
    expect(plain(mails[0]?.text)).toContain(`From ${en(trialEndsAt)} you pay for your Kammare page`);
    expect(plain(mails[0]?.text)).toContain(`on the yearly plan: ${sek(49_000)} is charged that day`);

    const cancelled = await act("cancel", owner, { profileId: id });
    mails = (await mailsTo(owner.email)).slice(before + 1);
    expect(mails.map((mail) => mail.subject)).toEqual(["Your Kammare subscription is cancelled"]);
    expect(plain(mails[0]?.text)).toContain(`until ${en(new Date(cancelled.endsAt as string))}`);

    const resumed = await act("resume", owner, { profileId: id });
    const next = resumed.nextCharge as { at: string; amountOre: number };
    mails = (await mailsTo(owner.email)).slice(before + 2);
    expect(mails.map((mail) => mail.subject)).toEqual(["Your Kammare subscription continues"]);
    expect(plain(mails[0]?.text)).toContain(
      `The next charge, ${sek(next.amountOre)}, is on ${en(new Date(next.at))}.`,
    );

    // Cancelling again changes nothing and sends nothing.
    await act("cancel", owner, { profileId: id });
    await act("cancel", owner, { profileId: id });
    expect((await mailsTo(owner.email)).slice(before + 3)).toHaveLength(1);
  });

  it("a withdrawal sends the credit note of the refunded receipt", async () => {
    const { owner, orderNumber } = await paidAtOnce(fixture, await speaking("en-US"));
    await act("withdraw", owner, { profileId: (await orderOf(orderNumber)).profileId });
    const [mail] = (await mailsTo(owner.email)).filter((one) => one.subject.includes("refunded"));
    expect(mail?.subject).toBe("Your payment for Kammare is being refunded");
    expect(plain(mail?.text)).toContain(`The whole payment, ${sek(4_900)}, is on its way back to your card`);
    expect(plain(mail?.text)).toContain(`The credit note for receipt ${orderNumber} is attached as a PDF`);
    expect(mail?.attachments[0]?.filename).toBe(`credit-note-${orderNumber}.pdf`);
    const note = pdfOf(mail);
    for (const line of ["Credit note", "Refunded", "Credits receipt", orderNumber, "Total refunded"]) {
      expect(note).toContain(line);
    }
    expect(note).toContain(sek(-4_900));
  });

  async function orderOf(orderNumber: string) {
    const [order] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    if (!order) throw new Error(`no order ${orderNumber}`);
    return order;
  }

  async function handOver(owner: Account, profileId: string, heir: Account) {
    const invited = await as(owner, "/api/kammare/invitations", {
      profileId,
      email: heir.email,
      kind: "handover",
    });
    expect(invited.status, await invited.clone().text()).toBe(201);
    const mails = await mailsTo(heir.email);
    const token = /\/invitation\?token=([\w-]+)/.exec(mails.at(-1)?.text ?? "")?.[1];
    const accepted = await as(heir, "/api/kammare/invitations/accept", { token });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
  }

  it("a hand-over tells the old owner their card is not charged again, with no resume, and the new owner when the paid time ends", async () => {
    const { id, owner } = await paidAtOnce(fixture, await speaking("en-US"));
    const heir = await speaking("en-US");
    const before = (await mailsTo(owner.email)).length;
    await handOver(owner, id, heir);

    const [plan] = await db.select().from(subscriptions).where(eq(subscriptions.profileId, id));
    const planEnds = en(plan?.currentPeriodEnd as Date);
    const toOld = (await mailsTo(owner.email)).slice(before);
    const name = await nameOf(id);
    expect(toOld.map((mail) => mail.subject)).toEqual([
      `The hand-over is done: ${heir.email} has taken over the page ${name}`,
    ]);
    const oldText = plain(toOld[0]?.text);
    expect(oldText).toContain(`${heir.email} has accepted the hand-over`);
    expect(oldText).toContain("Your card will not be charged again for the page.");
    expect(oldText).toContain(`Your plan ends on ${planEnds}`);
    expect(oldText).toContain("Your orders and receipts stay in your account");
    expect(oldText).not.toMatch(/resume/i);

    const [page] = await db.select().from(profiles).where(eq(profiles.id, id));
    const [toNew] = (await mailsTo(heir.email)).filter((mail) => mail.subject.includes("is yours now"));
    expect(toNew?.subject).toBe(`The page ${name} is yours now`);
    const newText = plain(toNew?.text);
    expect(newText).toContain(`The page is paid for until ${en(page?.paidUntil as Date)}.`);
    expect(newText).toContain("it needs a plan to stay fully visible");
    expect(newText).toContain(`${config.publicUrl}/k/${id}/checkout/card`);
  });

  it("a hand-over of a page on its trial tells a Swedish new owner when the trial ends", async () => {
    const { id, owner, trialEndsAt } = await paidOnTrialDayOne(fixture, await speaking("en-US"));
    const heir = await speaking("sv-SE");
    const before = (await mailsTo(owner.email)).length;
    await handOver(owner, id, heir);
    const toOld = (await mailsTo(owner.email)).slice(before);
    expect(toOld).toHaveLength(1);
    expect(plain(toOld[0]?.text)).toContain(`Your plan ends on ${en(trialEndsAt)}`);
    const [toNew] = (await mailsTo(heir.email)).filter((mail) => mail.subject.includes("är din nu"));
    const date = formatReceiptDate(trialEndsAt, "sv-SE");
    expect(plain(toNew?.text)).toContain(`Sidans kostnadsfria provperiod pågår till och med ${date}.`);
    expect(plain(toNew?.text)).toContain(`${config.publicUrl}/k/${id}/checkout/card`);
  });

  async function nameOf(id: string): Promise<string> {
    const [page] = await db.select({ content: profiles.content }).from(profiles).where(eq(profiles.id, id));
    return page?.content.displayName ?? id;
  }
});
