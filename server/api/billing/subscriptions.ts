// /api/kammare/subscriptions: the signed-in customer's own subscriptions, and what they do with one
// by themselves: cancel, resume, switch plan, change the card, withdraw (the customer area's guard
// has made sure someone is signed in; the domain checks that they pay the subscription).
import { Hono } from "hono";
import {
  subscriptionActionRequestSchema,
  switchPlanRequestSchema,
  updateCardRequestSchema,
} from "../../../contract/subscriptions";
import {
  cardUpdatePage,
  switchSubscriptionPlan,
  updateSandboxCard,
  cancelSubscription,
  customerSubscriptions,
  resumeSubscription,
  type SubscriptionDeps,
  withdrawSubscription,
} from "../../domain/billing";
import { requestOrigin } from "../../http/auth";
import { readJson } from "../../http/errors";
import type { SignedInEnv } from "../../http/guards";

export function subscriptionRoutes(deps: SubscriptionDeps) {
  return new Hono<SignedInEnv>()
    .get("/subscriptions", async (c) =>
      c.json({ subscriptions: await customerSubscriptions(deps.db, c.get("viewer").id) }),
    )
    .post("/subscriptions/cancel", async (c) => {
      const { profileId } = await readJson(c, subscriptionActionRequestSchema);
      const subscription = await cancelSubscription(deps, profileId, c.get("viewer"), requestOrigin(c));
      return c.json({ subscription });
    })
    .post("/subscriptions/resume", async (c) => {
      const { profileId } = await readJson(c, subscriptionActionRequestSchema);
      const subscription = await resumeSubscription(deps, profileId, c.get("viewer"), requestOrigin(c));
      return c.json({ subscription });
    })
    .post("/subscriptions/switch", async (c) => {
      const request = await readJson(c, switchPlanRequestSchema);
      const subscription = await switchSubscriptionPlan(deps, request, c.get("viewer"), requestOrigin(c));
      return c.json({ subscription });
    })
    .post("/subscriptions/card", async (c) => {
      const { profileId, ...card } = await readJson(c, updateCardRequestSchema);
      const subscription = await updateSandboxCard(
        deps,
        { profileId, card },
        c.get("viewer"),
        requestOrigin(c),
      );
      return c.json({ subscription });
    })
    .post("/subscriptions/card-page", async (c) => {
      const { profileId } = await readJson(c, subscriptionActionRequestSchema);
      return c.json({ url: await cardUpdatePage(deps, profileId, c.get("viewer")) });
    })
    .post("/subscriptions/withdraw", async (c) => {
      const { profileId } = await readJson(c, subscriptionActionRequestSchema);
      const subscription = await withdrawSubscription(deps, profileId, c.get("viewer"), requestOrigin(c));
      return c.json({ subscription });
    });
}
