// A hand-over and the old owner's money, on every engine (decisions "Where money meets people"): a
// subscription belongs to the customer who pays it, never to whoever owns the page later. The new
// owner cannot resume, switch, re-card, withdraw or cancel the old owner's subscription; the old
// owner still sees it, may cancel or withdraw, but not renew a page that is no longer theirs; nothing
// is charged to their card after the paid period; invitations the old owner sent end with the hand-over.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { customerSubscriptionsAnswerSchema, subscriptionAnswerSchema } from "../../contract/subscriptions";
import { loadConfig } from "../../server/config";
import { paymentEvents, profiles, subscriptions } from "../../server/db/schema";
import { runLifecycle } from "../../server/domain/lifecycle";
import { createOutboxSender } from "../../server/providers/email";
import { chargeKeptCard } from "../../server/providers/payments/sandbox";
import { call, expectError, siteOrigin, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { testCard } from "../support/checkout-samples";
import { paidAtOnce } from "../support/subscribed-page";

const dayMs = 24 * 60 * 60 * 1000;
const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:3000" });
const sweepEmail = createOutboxSender({
  dir: mkdtempSync(path.join(tmpdir(), "kammare-handover-money-")),
  from: "Kammare <no-reply@localhost>",
});

describeOnEngines("a hand-over and the old owner's subscription", (fixture) => {
  const { app, db, accounts, mailbox } = fixture;
  const as = (who: Account, pathName: string, json?: unknown) =>
    call(app, pathName, { bearer: who.token, json, origin: siteOrigin });
  const act = (what: string, who: Account, json: Record<string, unknown>) =>
    as(who, `/api/kammare/subscriptions/${what}`, json);
  const subscriptionOf = async (id: string) =>
    (await db.select().from(subscriptions).where(eq(subscriptions.profileId, id)))[0];
  const listOf = async (who: Account) =>
    customerSubscriptionsAnswerSchema.parse(await (await as(who, "/api/kammare/subscriptions")).json())
      .subscriptions;

  async function tokenSentTo(to: string): Promise<string> {
    const mails = (await mailbox()).filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()));
    const token = /\/invitation\?token=([\w-]+)/.exec(mails.at(-1)?.text ?? "")?.[1];
    expect(token, `an invitation link to ${to}`).toBeTruthy();
    return token as string;
  }

  async function invite(owner: Account, profileId: string, email: string, kind: "editor" | "handover") {
    const response = await as(owner, "/api/kammare/invitations", { profileId, email, kind });
    expect(response.status, await response.clone().text()).toBe(201);
    return tokenSentTo(email);
  }

  /** A page paid by card by its owner, handed over to an heir who accepted; a cousin's invitation still open. */
  async function handedOverPage() {
    const { id, owner, orderNumber } = await paidAtOnce(fixture);
    const heir = await accounts.signUp();
    const cousin = await accounts.signUp();
    const cousinToken = await invite(owner, id, cousin.email, "editor");
    const accepted = await as(heir, "/api/kammare/invitations/accept", {
      token: await invite(owner, id, heir.email, "handover"),
    });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    return { id, owner, heir, cousin, cousinToken, orderNumber };
  }

  it("keeps the old owner's card out of the new owner's hands, and charges it no more after the paid period", async () => {
    const { id, owner, heir } = await handedOverPage();
    const before = await subscriptionOf(id);
    expect(before).toMatchObject({ customerUserId: owner.id, cancelAtPeriodEnd: true, nextPlan: null });

    // Every call of the new owner on the old owner's subscription is refused and changes nothing.
    for (const [what, extra] of [
      ["resume", {}],
      ["switch", { plan: "yearly" }],
      ["card", testCard],
      ["card-page", {}],
      ["withdraw", {}],
      ["cancel", {}],
    ] as const) {
      const refused = await act(what, heir, { profileId: id, ...extra });
      expect([403, 404], `${what}: ${await refused.clone().text()}`).toContain(refused.status);
    }
    expect(await subscriptionOf(id)).toEqual(before);
    expect(await listOf(heir)).toEqual([]);

    // The old owner still sees their subscription, running out, and may cancel it (already done),
    // but cannot renew or change the plan of a page that is no longer theirs.
    const [listed] = await listOf(owner);
    expect(listed).toMatchObject({
      profileId: id,
      handedOver: true,
      cancelAtPeriodEnd: true,
      nextCharge: null,
    });
    const cancelled = await act("cancel", owner, { profileId: id });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    expect(subscriptionAnswerSchema.parse(await cancelled.json()).subscription.cancelAtPeriodEnd).toBe(true);
    await expectError(await act("resume", owner, { profileId: id }), 403, "forbidden", "profileId");
    await expectError(
      await act("switch", owner, { profileId: id, plan: "yearly" }),
      403,
      "forbidden",
      "profileId",
    );
    expect(await subscriptionOf(id)).toMatchObject({ cancelAtPeriodEnd: true, nextPlan: null });

    // Past the paid period, the sweep charges the old owner's card nothing: one payment, ever.
    const periodEnd = before?.currentPeriodEnd as Date;
    for (const days of [0, 1, 3, 7, 31]) {
      await runLifecycle({
        db,
        email: sweepEmail,
        config,
        now: new Date(periodEnd.getTime() + days * dayMs + 60_000),
        charge: chargeKeptCard,
      });
    }
    const charges = await db
      .select()
      .from(paymentEvents)
      .where(
        and(
          eq(paymentEvents.orderId, before?.orderId as string),
          eq(paymentEvents.type, "payment_succeeded"),
        ),
      );
    expect(charges).toHaveLength(1);
    expect((await subscriptionOf(id))?.periodsPaid).toBe(1);
    const [page] = await db.select().from(profiles).where(eq(profiles.id, id));
    expect(page?.ownerUserId).toBe(heir.id);
    expect(page?.status).toBe("expired");
  });

  it("lets the old owner withdraw from their own first payment after the hand-over", async () => {
    const { id, owner, heir } = await handedOverPage();
    await expectError(await act("withdraw", heir, { profileId: id }), 403, "forbidden", "profileId");
    const withdrawn = await act("withdraw", owner, { profileId: id });
    expect(withdrawn.status, await withdrawn.clone().text()).toBe(200);
    expect(subscriptionAnswerSchema.parse(await withdrawn.json()).subscription.status).toBe("cancelled");
  });

  it("ends the invitations the old owner sent, even after the new owner removes the old owner", async () => {
    const { id, owner, heir, cousin, cousinToken } = await handedOverPage();
    const refused = await as(cousin, "/api/kammare/invitations/accept", { token: cousinToken });
    expect((await expectError(refused, 410, "gone", "token")).error.refusal).toBe(
      "family.invitation-revoked",
    );
    const removed = await as(heir, "/api/kammare/editors/remove", { profileId: id, userId: owner.id });
    expect(removed.status, await removed.clone().text()).toBe(200);
    await expectError(
      await as(cousin, "/api/kammare/invitations/accept", { token: cousinToken }),
      410,
      "gone",
      "token",
    );
    const people = await (await as(heir, `/api/kammare/people?profileId=${id}`)).json();
    expect((people as { editors: unknown[] }).editors).toEqual([]);
  });
});
