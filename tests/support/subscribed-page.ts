// Pages with a card subscription through the sandbox, for the subscription tests: one paid on its
// trial's first day (the card kept, the first charge at the trial's end), one paid at once.
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { orderAnswerSchema, startCardCheckoutAnswerSchema } from "../../contract/checkout";
import { profiles, subscriptions } from "../../server/db/schema";
import { call, siteOrigin, type Account } from "./accounts";
import type { ApiFixture } from "./api-fixture";
import { testCard } from "./checkout-samples";
import { namedDraft } from "./named-draft";

type Fixture = Pick<ApiFixture, "app" | "db" | "accounts" | "admin">;
export type SubscribedPage = { id: string; owner: Account; orderNumber: string };

async function payMonthly(fixture: Fixture, id: string, owner: Account): Promise<string> {
  const started = await call(fixture.app, "/api/checkout/card", {
    bearer: owner.token,
    json: { profileId: id, plan: "monthly" },
  });
  expect(started.status, await started.clone().text()).toBe(200);
  const { order } = startCardCheckoutAnswerSchema.parse(await started.json());
  const paid = await call(fixture.app, "/api/checkout/sandbox/pay", {
    bearer: owner.token,
    json: { orderNumber: order.orderNumber, ...testCard },
  });
  expect(paid.status, await paid.clone().text()).toBe(200);
  orderAnswerSchema.parse(await paid.json());
  return order.orderNumber;
}

/** A page on its free trial, paid monthly by card on the trial's first day: nothing charged yet. */
export async function paidOnTrialDayOne(
  fixture: Fixture,
  owner?: Account,
): Promise<SubscribedPage & { trialEndsAt: Date }> {
  const { id, owner: who } = await namedDraft(fixture, owner);
  const trial = await call(fixture.app, "/api/kammare/free-trial", {
    bearer: who.token,
    json: { profileId: id },
  });
  expect(trial.status).toBe(200);
  const orderNumber = await payMonthly(fixture, id, who);
  const [page] = await fixture.db.select().from(profiles).where(eq(profiles.id, id));
  return { id, owner: who, orderNumber, trialEndsAt: page?.trialEndsAt as Date };
}

/** A page whose trial has ended, paid monthly by card: charged at once, active. */
export async function paidAtOnce(fixture: Fixture, owner?: Account): Promise<SubscribedPage> {
  const { id, owner: who } = await namedDraft(fixture, owner);
  // An admin ends the draft's chances of a trial: nothing runs that a payment would wait for.
  const ended = await call(fixture.app, "/api/admin/profile", {
    method: "PUT",
    bearer: fixture.admin.token,
    json: { id, status: "expired" },
    origin: siteOrigin,
  });
  expect(ended.status, await ended.clone().text()).toBe(200);
  return { id, owner: who, orderNumber: await payMonthly(fixture, id, who) };
}

/** The sandbox's kept card of a page's subscription, as a test number that is declined or succeeds. */
export async function keepCard(
  db: Fixture["db"],
  profileId: string,
  outcome: "declined" | "succeeded",
): Promise<void> {
  const card =
    outcome === "declined"
      ? { last4: "0002", sandboxOutcome: outcome }
      : { last4: "4242", sandboxOutcome: outcome };
  await db.update(subscriptions).set({ cardOnFile: card }).where(eq(subscriptions.profileId, profileId));
}
