// Authorisation by area, from the API's own list: every call under a guarded area (server/http/guards.ts)
// is tried as anonymous and as a user without the area's role, so a call added to an area is covered
// without anyone writing its test, and a guard that goes missing fails here.
import { beforeAll, describe, expect, it } from "vitest";
import { endpoints, type Endpoint } from "../../contract/endpoints";
import { apiAreas, type AreaGuard } from "../../server/http/guards";
import { call, expectError, siteOrigin, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";

/** The calls any signed-in user may make although they sit under a role's area, with the reason. */
const openInArea: Record<string, string> = {
  "GET /api/admin/check": "how the browser learns whether its user is an admin (spec section 6)",
};

/** The calls under an area's path that are mounted before its guard, open to anyone, with the reason. */
const openBeforeArea: Record<string, string> = {
  "POST /api/partner/signup":
    "partner sign-up is open like /api/auth/signup; the whitelist decides (ADR 014)",
};

const key = (endpoint: Endpoint) => `${endpoint.method.toUpperCase()} ${endpoint.path}`;
const areaOf = (endpoint: Endpoint) =>
  Object.entries(apiAreas).find(([prefix]) => endpoint.path.startsWith(`/api${prefix}/`));

/** A concrete path for a documented one: a well-formed value for each {parameter}. */
const concrete = (path: string) => path.replace("{id}", "A0000001").replace(/\{[^}]+\}/g, "Kalle");

const guarded = endpoints.filter(
  (endpoint) => areaOf(endpoint) && !(key(endpoint) in openInArea) && !(key(endpoint) in openBeforeArea),
);

describe("the API's areas", () => {
  it("cover the admin and kammare calls of the list", () => {
    const keys = guarded.map(key);
    expect(keys).toContain("PATCH /api/admin/user");
    expect(keys).toContain("PUT /api/kammare/profile");
    expect(keys).toContain("GET /api/partner/dashboard");
    expect(keys).not.toContain("POST /api/partner/signup");
    expect(keys).not.toContain("GET /api/admin/check");
    // Every call under /api/admin/ but the check is in the admin area.
    const admin = endpoints.filter((endpoint) => endpoint.path.startsWith("/api/admin/"));
    expect(admin.length).toBe(guarded.filter((e) => e.path.startsWith("/api/admin/")).length + 1);
  });
});

describeOnEngines("guarded API areas", ({ app, accounts, admin, customer }) => {
  let partner: Account;
  beforeAll(async () => {
    partner = await accounts.signUp({ roles: ["partner"] });
  });

  // A body that would pass nowhere: the guard must answer before the body is even read.
  const request = (endpoint: Endpoint) => ({
    method: endpoint.method.toUpperCase(),
    origin: siteOrigin,
    ...(endpoint.method === "get" || endpoint.method === "delete" ? {} : { json: {} }),
  });

  it.each(guarded.map((endpoint) => [key(endpoint), endpoint] as const))(
    "%s refuses a visitor (401) and a user without the area's role (403)",
    async (_name, endpoint) => {
      const path = concrete(endpoint.path);
      await expectError(await call(app, path, request(endpoint)), 401, "unauthorized");
      const guard = areaOf(endpoint)?.[1] as AreaGuard | undefined;
      if (guard !== "signed-in") {
        // Everyone without the area's role: a customer, a partner, an admin (who is no partner).
        const without = [
          { account: customer, roles: ["customer"] },
          { account: partner, roles: ["partner"] },
          { account: admin, roles: ["customer", "admin"] },
        ].filter(({ roles }) => !roles.includes(guard as string));
        for (const { account } of without) {
          const response = await call(app, path, { ...request(endpoint), bearer: account.token });
          await expectError(response, 403, "forbidden");
        }
      }
    },
  );

  it.each(Object.keys(openInArea))("%s answers any signed-in user", async (name) => {
    const [method = "", path = ""] = name.split(" ");
    const response = await call(app, path, { method, bearer: customer.token });
    expect(response.status).toBe(200);
    await expectError(await call(app, path, { method }), 401, "unauthorized");
  });
});
