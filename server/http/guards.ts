// One guard per API area: the routers of an area are mounted behind its guard, so none of their
// handlers checks who is asking, and a handler added to an area cannot be left unguarded.
import { Hono, type MiddlewareHandler } from "hono";
import type { Role } from "../../contract/auth";
import { hasRole, type Viewer } from "../domain/core";
import type { ApiEnv } from "./env";
import { ApiError } from "./errors";

/** What a guarded router sees: the guard has made sure there is a viewer. */
export type SignedInEnv = { Variables: Omit<ApiEnv["Variables"], "viewer"> & { viewer: Viewer } };

/** Who may call an area: any signed-in user, or one with a role. */
export type AreaGuard = "signed-in" | Role;

/** The API areas under /api and their guards; the authorisation test walks every call under them. */
export const apiAreas = {
  "/admin": "admin",
  // A customer's own pages, images, orders and checkouts; admins are customers too. A partner account
  // is not a customer (decisions "Partners"): it has its own area.
  "/kammare": "customer",
  "/checkout": "customer",
  // POST /api/partner/signup is mounted before this area's guard: open, the whitelist decides.
  "/partner": "partner",
} as const satisfies Record<string, AreaGuard>;

const refusals: Record<Role, string> = {
  admin: "Only an admin may do this.",
  partner: "Only a partner account may do this.",
  customer: "Only a customer account may do this.",
};

/** Throws 401 without a viewer, 403 without the area's role. */
function check(viewer: Viewer | null, guard: AreaGuard): void {
  if (!viewer) throw new ApiError(401, "unauthorized", "Sign in to do this.");
  if (guard !== "signed-in" && !hasRole(viewer, guard)) throw new ApiError(403, "forbidden", refusals[guard]);
}

/** For the one call of an otherwise open area that needs a signed-in viewer (changing a password). */
export const signedIn: MiddlewareHandler<SignedInEnv> = async (c, next) => {
  check(c.get("viewer"), "signed-in");
  await next();
};

/** The routers of one area behind its guard, to be mounted at the area's path. */
export function guardedArea(guard: AreaGuard, ...routers: Hono<SignedInEnv>[]): Hono<ApiEnv> {
  const area = new Hono<ApiEnv>();
  area.use(async (c, next) => {
    check(c.get("viewer"), guard);
    await next();
  });
  for (const router of routers) area.route("/", router);
  return area;
}
