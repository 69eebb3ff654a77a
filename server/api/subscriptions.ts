// /api/kammare/subscriptions: the signed-in customer's own subscriptions, and cancelling or resuming
// one (the customer area's guard has made sure someone is signed in; the domain checks the owner).
import { Hono } from "hono";
import { subscriptionActionRequestSchema } from "../../contract/subscriptions";
import {
  cancelSubscription,
  customerSubscriptions,
  resumeSubscription,
  type SubscriptionDeps,
} from "../domain/subscriptions";
import { requestOrigin } from "../http/auth";
import { readJson } from "../http/errors";
import type { SignedInEnv } from "../http/guards";

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
    });
}
