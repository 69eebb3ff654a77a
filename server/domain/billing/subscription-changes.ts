// What a customer changes of a running subscription by themselves (decisions "Subscriptions a
// customer can trust"): the plan from the next period (for a page they still own), and the card its
// charges are taken from. Only the customer who pays it; the provider that charges its own renewals
// (Stripe) is told first, so nothing here says it changed when the provider did not.
import { eq } from "drizzle-orm";
import type { SandboxCard } from "../../../contract/checkout";
import { plans } from "../../../contract/pricing";
import type { CustomerSubscription, SwitchablePlan } from "../../../contract/subscriptions";
import { subscriptions } from "../../db/schema";
import { keptCard, sandboxOutcome } from "../../providers/payments/sandbox";
import { audit, type RequestOrigin, recordEvent, refuse, transaction, type Actor } from "../core";
import { chargeSubscriptionNow } from "./charges";
import {
  assertStillOwnsPage,
  refuseForTerm,
  ownedSubscription,
  subscriptionView,
  type SubscriptionDeps,
} from "./subscriptions";

/**
 * Switches between monthly and yearly from the next period: the current one, paid or on trial, runs
 * out as agreed, and the next charge is the new plan's price for the new plan's period. Asking for
 * the plan it has already takes a switch back. A checkout link's terms and a cancelled subscription
 * are refused.
 */
export async function switchSubscriptionPlan(
  deps: SubscriptionDeps,
  request: { profileId: string; plan: SwitchablePlan },
  actor: Actor,
  origin: RequestOrigin,
): Promise<CustomerSubscription> {
  const now = deps.now ?? new Date();
  const { profileId, plan } = request;
  return transaction(deps.db, async (tx) => {
    const owned = await ownedSubscription(tx, profileId, actor);
    assertStillOwnsPage(owned);
    const { row, order } = owned;
    refuseForTerm(row);
    if (row.plan === "link") {
      throw refuse("subscription.link-terms");
    }
    if (row.cancelAtPeriodEnd) {
      throw refuse("subscription.resume-first");
    }
    const nextPlan = plan === row.plan ? null : plan;
    if (nextPlan === row.nextPlan) return subscriptionView(row, owned, order, now);
    if (row.provider !== "sandbox" && row.providerSubscriptionId) {
      const next = nextPlan ? plans[nextPlan] : null;
      await deps.provider?.schedulePlanChange?.(
        row.providerSubscriptionId,
        next
          ? {
              amountOre: next.price.amountOre,
              interval: next.interval,
              description: `Kammare ${profileId}, ${nextPlan}`,
            }
          : null,
      );
    }
    const [updated] = await tx
      .update(subscriptions)
      .set({ nextPlan, updatedAt: now })
      .where(eq(subscriptions.id, row.id))
      .returning();
    if (!updated) throw new Error("The subscription vanished while it was changed.");
    await audit(tx, {
      action: "subscription.switch",
      actorUserId: actor.id,
      targetUserId: actor.id,
      details: { profileId, orderNumber: order.orderNumber, from: row.plan, to: nextPlan ?? row.plan },
      ...origin,
    });
    const view = subscriptionView(updated, owned, order, now);
    recordEvent(tx, {
      type: "subscription.switched",
      customerUserId: actor.id,
      profileId,
      plan: nextPlan ?? row.plan,
      from: view.nextCharge ? new Date(view.nextCharge.at) : null,
      amountOre: view.nextCharge?.amountOre ?? plans[plan].price.amountOre,
    });
    return view;
  });
}

/**
 * A new card for the sandbox's charges, typed into our own form. A subscription whose charge failed
 * is charged again at once with it, so the customer sees straight away whether the page is paid.
 */
export async function updateSandboxCard(
  deps: SubscriptionDeps,
  request: { profileId: string; card: SandboxCard },
  actor: Actor,
  origin: RequestOrigin,
): Promise<CustomerSubscription> {
  const now = deps.now ?? new Date();
  const { profileId, card } = request;
  const changed = await deps.db.transaction(async (tx) => {
    const owned = await ownedSubscription(tx, profileId, actor);
    const { row, order } = owned;
    refuseForTerm(row);
    if (row.provider !== "sandbox") {
      throw refuse("subscription.card-at-provider");
    }
    // The sandbox's declined test card is declined here too, as a real provider would refuse to keep it.
    if (sandboxOutcome(card.cardNumber) === "declined") {
      throw refuse("subscription.card-declined");
    }
    const [updated] = await tx
      .update(subscriptions)
      .set({ cardOnFile: keptCard(card.cardNumber), updatedAt: now })
      .where(eq(subscriptions.id, row.id))
      .returning();
    if (!updated) throw new Error("The subscription vanished while it was changed.");
    await audit(tx, {
      action: "subscription.card_updated",
      actorUserId: actor.id,
      targetUserId: actor.id,
      details: { profileId, orderNumber: order.orderNumber, last4: updated.cardOnFile?.last4 ?? null },
      ...origin,
    });
    return {
      updated,
      orderNumber: order.orderNumber,
      orderStatus: order.status,
      view: subscriptionView(updated, owned, order, now),
    };
  });
  if (!deps.charge || changed.updated.status !== "past_due" || !changed.updated.nextRetryAt) {
    return changed.view;
  }
  await chargeSubscriptionNow(
    { db: deps.db, charge: deps.charge },
    { subscription: changed.updated, orderNumber: changed.orderNumber, orderStatus: changed.orderStatus },
    now,
  );
  // Charged with the new card: the subscription (and its order) as the booking left them.
  return deps.db.transaction(async (tx) => {
    const owned = await ownedSubscription(tx, profileId, actor);
    const { row, order } = owned;
    return subscriptionView(row, owned, order, now);
  });
}

/** Where the customer changes the card a provider keeps (Stripe's billing portal), then comes back. */
export async function cardUpdatePage(
  deps: SubscriptionDeps,
  profileId: string,
  actor: Actor,
): Promise<string> {
  const { row } = await deps.db.transaction((tx) => ownedSubscription(tx, profileId, actor));
  refuseForTerm(row);
  if (row.provider === "sandbox" || !row.providerSubscriptionId || !deps.provider?.cardUpdateUrl) {
    throw refuse("subscription.card-not-at-provider");
  }
  return deps.provider.cardUpdateUrl(row.providerSubscriptionId, "/account#account-subscriptions");
}
