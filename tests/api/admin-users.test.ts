// The admin calls: GET /api/admin/check, POST /api/admin/user-fetch and PATCH /api/admin/user,
// on every test database engine.
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminUserSchema, type Role } from "../../contract/auth";
import { auditLog, profiles } from "../../server/db/schema";
import {
  badPayloads,
  call,
  expectError,
  longEmail,
  longPassword,
  malformedBodies,
  type CallOptions,
} from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";

describeOnEngines("admin calls", ({ app, db, logs, accounts, admin, customer }) => {
  /** The three calls, each with a body that would be good for an admin. */
  const adminCalls: { name: string; path: string; options: () => CallOptions }[] = [
    { name: "GET /api/admin/check", path: "/api/admin/check", options: () => ({}) },
    {
      name: "POST /api/admin/user-fetch",
      path: "/api/admin/user-fetch",
      options: () => ({ json: { email: customer.email } }),
    },
    {
      name: "PATCH /api/admin/user",
      path: "/api/admin/user",
      options: () => ({ method: "PATCH", json: { userId: customer.id, password: "a-new-password-1" } }),
    },
  ];

  describe.each(adminCalls)("$name", ({ path, options }) => {
    it("answers 401 in the error shape without a token", async () => {
      await expectError(await call(app, path, options()), 401, "unauthorized");
    });

    it("answers 401 in the error shape to an admin's expired, revoked, signed-out or made-up token", async () => {
      for (const { name, token } of await accounts.deadTokens(["customer", "admin"])) {
        const response = await call(app, path, { ...options(), bearer: token });
        expect(response.status, name).toBe(401);
        await expectError(response, 401, "unauthorized");
      }
    });
  });

  describe("GET /api/admin/check", () => {
    it.each<{ roles: Role[]; admin: boolean }>([
      { roles: ["customer", "admin"], admin: true },
      { roles: ["admin"], admin: true },
      { roles: ["customer"], admin: false },
      { roles: ["partner"], admin: false },
      { roles: [], admin: false },
    ])("answers { admin: $admin } to a user with the roles $roles", async ({ roles, admin: expected }) => {
      const account = await accounts.signUp({ roles });
      const response = await call(app, "/api/admin/check", { bearer: account.token });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ admin: expected });
    });

    it("follows a role change at once, for sessions already open", async () => {
      const account = await accounts.signUp();
      const check = async () => (await call(app, "/api/admin/check", { bearer: account.token })).json();
      expect(await check()).toEqual({ admin: false });
      await accounts.setRoles(account.id, ["customer", "admin"]);
      expect(await check()).toEqual({ admin: true });
      await accounts.setRoles(account.id, ["customer"]);
      expect(await check()).toEqual({ admin: false });
      await expectError(
        await call(app, "/api/admin/user-fetch", { bearer: account.token, json: { email: admin.email } }),
        403,
        "forbidden",
      );
    });
  });

  describe("POST /api/admin/user-fetch", () => {
    const fetchUser = (token: string, email: unknown) =>
      call(app, "/api/admin/user-fetch", { bearer: token, json: { email } });

    it("answers the user, found whatever the case, with their owned profiles, and audits it", async () => {
      const user = await accounts.signUp();
      const base = Date.now() - 60_000;
      const ids = [`P${randomBytes(3).toString("hex")}`, `Q${randomBytes(3).toString("hex")}`];
      await db.insert(profiles).values([
        { id: ids[1] ?? "", ownerUserId: user.id, createdAt: new Date(base + 1000) },
        { id: ids[0] ?? "", ownerUserId: user.id, createdAt: new Date(base) },
      ]);

      const response = await fetchUser(admin.token, `  ${user.email.toUpperCase()}  `);
      expect(response.status).toBe(200);
      const raw = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(raw).sort()).toEqual(["createdAt", "email", "id", "ownedProfiles", "roles"]);
      const found = adminUserSchema.parse(raw);
      expect(found).toEqual({
        id: user.id,
        email: user.email,
        roles: ["customer"],
        createdAt: expect.any(String),
        ownedProfiles: ids,
      });
      expect(Math.abs(Date.parse(found.createdAt) - Date.now())).toBeLessThan(120_000);
      expect(found.createdAt).toBe(new Date(found.createdAt).toISOString());

      const entries = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "admin.user_fetch"), eq(auditLog.targetUserId, user.id)));
      expect(entries.map((entry) => entry.actorUserId)).toEqual([admin.id]);
    });

    it("answers 404 not_found naming the e-mail when no user has the address", async () => {
      await expectError(await fetchUser(admin.token, accounts.email("nobody")), 404, "not_found", "email");
    });

    it.each<{ roles: Role[] }>([
      { roles: ["customer"] },
      { roles: ["partner"] },
      { roles: ["customer", "partner"] },
    ])("answers 403 forbidden to a user with the roles $roles", async ({ roles }) => {
      const account = await accounts.signUp({ roles });
      const response = await fetchUser(account.token, customer.email);
      await expectError(response, 403, "forbidden");
    });

    it.each(badPayloads({ email: "someone@example.com" }, { email: longEmail }))(
      "answers 400 invalid_request naming the field: $name",
      async ({ body, field }) => {
        const response = await call(app, "/api/admin/user-fetch", { bearer: admin.token, json: body });
        const error = await expectError(response, 400, "invalid_request", field);
        expect(Object.keys(error.error.fields ?? {})).toEqual([field]);
      },
    );

    it.each(malformedBodies)("answers 400 invalid_json to the body %j", async (body) => {
      await expectError(
        await call(app, "/api/admin/user-fetch", { bearer: admin.token, body }),
        400,
        "invalid_json",
      );
    });
  });

  describe("PATCH /api/admin/user", () => {
    const setPassword = (token: string, json: unknown) =>
      call(app, "/api/admin/user", { method: "PATCH", bearer: token, json });
    const works = async (token: string) => (await call(app, "/api/admin/check", { bearer: token })).status;

    it("sets the password, ends every session of the user, and audits it", async () => {
      const user = await accounts.signUp();
      const second = await accounts.logIn(user.email, user.password);
      const password = accounts.password();

      const response = await setPassword(admin.token, { userId: user.id, password });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true });

      expect(await works(user.token)).toBe(401);
      expect(await works(second.access_token)).toBe(401);
      expect(await works(admin.token)).toBe(200);
      expect(await accounts.logInStatus(user.email, user.password)).toBe(401);
      expect(await accounts.logInStatus(user.email, password)).toBe(200);

      const entries = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "admin.set_password"), eq(auditLog.targetUserId, user.id)));
      expect(entries).toHaveLength(1);
      expect(entries[0]?.actorUserId).toBe(admin.id);
      expect(entries[0]?.details).toEqual({ sessionsRevoked: 2 });
      expect(JSON.stringify(entries)).not.toContain(password);
    });

    it.each<{ roles: Role[] }>([{ roles: ["customer"] }, { roles: ["partner"] }])(
      "answers 403 forbidden to a user with the roles $roles, and changes nothing",
      async ({ roles }) => {
        const account = await accounts.signUp({ roles });
        const victim = await accounts.signUp();
        const response = await setPassword(account.token, { userId: victim.id, password: "an-attackers-pw" });
        await expectError(response, 403, "forbidden");
        expect(await works(victim.token)).toBe(200);
        expect(await accounts.logInStatus(victim.email, victim.password)).toBe(200);
      },
    );

    it("answers 404 not_found naming userId for a well-formed id no user has", async () => {
      const response = await setPassword(admin.token, { userId: randomUUID(), password: "a-new-password" });
      await expectError(response, 404, "not_found", "userId");
    });

    it("refuses the user's e-mail address, in any case, as the password", async () => {
      const user = await accounts.signUp();
      const response = await setPassword(admin.token, {
        userId: user.id,
        password: user.email.toUpperCase(),
      });
      await expectError(response, 400, "password_is_email", "password");
      expect(await works(user.token)).toBe(200);
    });

    it.each(
      badPayloads(
        { userId: "00000000-0000-4000-8000-000000000000", password: "a-new-password" },
        { password: longPassword },
      ).concat([
        { name: "userId not a uuid", body: { userId: "42", password: "a-new-password" }, field: "userId" },
        {
          name: "userId of 300 characters",
          body: { userId: "0".repeat(300), password: "a-new-password" },
          field: "userId",
        },
        {
          name: "password of 9 characters",
          body: { userId: "00000000-0000-4000-8000-000000000000", password: "123456789" },
          field: "password",
        },
      ]),
    )("answers 400 invalid_request naming the field: $name", async ({ body, field }) => {
      const error = await expectError(await setPassword(admin.token, body), 400, "invalid_request", field);
      expect(Object.keys(error.error.fields ?? {})).toEqual([field]);
    });

    it.each(malformedBodies)("answers 400 invalid_json to the body %j", async (body) => {
      await expectError(
        await call(app, "/api/admin/user", { method: "PATCH", bearer: admin.token, body }),
        400,
        "invalid_json",
      );
    });
  });

  it("never writes a password or an access token to the log", () => {
    accounts.expectNoSecretLogged(logs);
  });
});
