// POST /api/auth/session (refreshing the stored session) and POST /api/auth/logout, on every engine.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessionRefreshResponseSchema, type Session } from "../../contract/auth";
import { profiles, sessions } from "../../server/db/schema";
import {
  badPayloads,
  call,
  expectError,
  malformedBodies,
  sessionCookie,
  sha256Hex,
  siteOrigin,
  type Account,
} from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";

const day = 24 * 60 * 60 * 1000;

describeOnEngines("sessions", ({ app, db, logs, accounts }) => {
  const refresh = (stored: unknown) => call(app, "/api/auth/session", { json: stored });

  /** The session as the browser keeps it in localStorage. */
  const stored = (session: Session) => ({
    access_token: session.access_token,
    expires_at: session.expires_at,
    user: session.user,
  });

  describe("POST /api/auth/session", () => {
    it("answers the session and the owned profiles, and moves the expiry 30 days ahead", async () => {
      const account = await accounts.signUp();
      // The session was last used a while ago and ends tomorrow.
      const tomorrow = new Date(Date.now() + day);
      await db
        .update(sessions)
        .set({ expiresAt: tomorrow, lastUsedAt: new Date(Date.now() - 29 * day) })
        .where(eq(sessions.tokenHash, sha256Hex(account.token)));

      const response = await refresh(stored(account.session));
      expect(response.status).toBe(200);
      const raw = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(raw).sort()).toEqual(["ownedProfiles", "session"]);
      const body = sessionRefreshResponseSchema.parse(raw);
      expect(body.ownedProfiles).toEqual([]);
      expect(body.session.access_token).toBe(account.token);
      expect(body.session.user).toEqual({ id: account.id, email: account.email });
      const expires = Date.parse(body.session.expires_at);
      expect(expires).toBeGreaterThan(tomorrow.getTime());
      expect(Math.abs(expires - (Date.now() + 30 * day))).toBeLessThan(60_000);
      const row = await accounts.sessionRow(account.token);
      expect(row?.expiresAt.getTime()).toBe(expires);

      const cookie = sessionCookie(response) ?? "";
      expect(cookie.startsWith(`kammare_session=${account.token};`)).toBe(true);
      expect(cookie).toContain("HttpOnly");
    });

    it("needs no expires_at in the stored session", async () => {
      const account = await accounts.signUp();
      const response = await refresh({ access_token: account.token, user: account.session.user });
      expect(response.status).toBe(200);
      expect(sessionRefreshResponseSchema.parse(await response.json()).session.user.id).toBe(account.id);
    });

    it("lists the profiles the user owns, oldest first, and no one else's", async () => {
      const owner = await accounts.signUp();
      const other = await accounts.signUp();
      const base = Date.now() - 10 * day;
      await db.insert(profiles).values([
        { id: `B${randomBytes(3).toString("hex")}`, ownerUserId: owner.id, createdAt: new Date(base + 2000) },
        { id: `A${randomBytes(3).toString("hex")}`, ownerUserId: owner.id, createdAt: new Date(base + 1000) },
        { id: `C${randomBytes(3).toString("hex")}`, ownerUserId: other.id, createdAt: new Date(base) },
        { id: `D${randomBytes(3).toString("hex")}`, ownerUserId: null, createdAt: new Date(base) },
      ]);
      const mine = await db.select().from(profiles).where(eq(profiles.ownerUserId, owner.id));
      const expected = mine.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((p) => p.id);
      expect(expected).toHaveLength(2);

      const body = sessionRefreshResponseSchema.parse(await (await refresh(stored(owner.session))).json());
      expect(body.ownedProfiles).toEqual(expected);
    });

    it("works without any Authorization header or cookie: the token is in the body", async () => {
      const account = await accounts.signUp();
      const response = await app.request("/api/auth/session", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(stored(account.session)),
      });
      expect(response.status).toBe(200);
    });

    type Dead = { name: string; make: (account: Account) => Promise<unknown> };
    const deadSessions: Dead[] = [
      {
        name: "an unknown token",
        make: async (account) => ({
          ...stored(account.session),
          access_token: accounts.secret(randomBytes(32).toString("base64url")),
        }),
      },
      {
        name: "an expired token",
        make: async (account) => {
          await accounts.expire(account.token);
          return stored(account.session);
        },
      },
      {
        name: "a revoked token",
        make: async (account) => {
          await accounts.revoke(account.token);
          return stored(account.session);
        },
      },
      {
        name: "a signed-out token",
        make: async (account) => {
          expect(
            (await call(app, "/api/auth/logout", { method: "POST", bearer: account.token })).status,
          ).toBe(204);
          return stored(account.session);
        },
      },
      {
        name: "another user's id",
        make: async (account) => {
          const other = await accounts.signUp();
          return { ...stored(account.session), user: other.session.user };
        },
      },
    ];

    it.each(deadSessions)("answers 401 in the error shape to $name", async ({ make }) => {
      const account = await accounts.signUp();
      const response = await refresh(await make(account));
      await expectError(response, 401, "unauthorized");
      expect(sessionCookie(response) ?? "").not.toContain(account.token);
    });

    it("answers 400 naming access_token to a token longer than any real one", async () => {
      const account = await accounts.signUp();
      const response = await refresh({ ...stored(account.session), access_token: "t".repeat(300) });
      await expectError(response, 400, "invalid_request", "access_token");
    });

    it("clears the session cookie when the session has ended", async () => {
      const account = await accounts.signUp();
      await accounts.revoke(account.token);
      const response = await call(app, "/api/auth/session", {
        json: stored(account.session),
        cookie: account.token,
        origin: siteOrigin,
      });
      await expectError(response, 401, "unauthorized");
      expect(sessionCookie(response)).toMatch(/^kammare_session=;.*Max-Age=0/);
    });

    it.each(
      badPayloads(
        {
          access_token: "a-token-that-does-not-matter",
          expires_at: new Date().toISOString(),
          user: { id: "00000000-0000-4000-8000-000000000000", email: "someone@example.com" },
        },
        { access_token: "" },
      ).concat([
        {
          name: "user.id missing",
          body: { access_token: "a-token", user: { email: "someone@example.com" } },
          field: "user.id",
        },
        {
          name: "user.email missing",
          body: { access_token: "a-token", user: { id: "x" } },
          field: "user.email",
        },
        {
          name: "user.id a number",
          body: { access_token: "a-token", user: { id: 1, email: "someone@example.com" } },
          field: "user.id",
        },
        {
          name: "user.email a number",
          body: { access_token: "a-token", user: { id: "x", email: 1 } },
          field: "user.email",
        },
      ]),
    )("answers 400 invalid_request naming the field: $name", async ({ name, body, field }) => {
      // expires_at may be left out; every other case is refused.
      if (name === "expires_at missing") {
        await expectError(await refresh(body), 401, "unauthorized");
        return;
      }
      const error = await expectError(await refresh(body), 400, "invalid_request", field);
      expect(Object.keys(error.error.fields ?? {})).toEqual([field]);
    });

    it.each(malformedBodies)("answers 400 invalid_json to the body %j", async (body) => {
      await expectError(await call(app, "/api/auth/session", { body }), 400, "invalid_json");
    });
  });

  describe("using a session", () => {
    it("moves the expiry ahead when a session is used after more than a minute", async () => {
      const account = await accounts.signUp();
      await db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() + day), lastUsedAt: new Date(Date.now() - 2 * 60_000) })
        .where(eq(sessions.tokenHash, sha256Hex(account.token)));
      expect((await call(app, "/api/admin/check", { bearer: account.token })).status).toBe(200);
      const row = await accounts.sessionRow(account.token);
      expect(Math.abs((row?.expiresAt.getTime() ?? 0) - (Date.now() + 30 * day))).toBeLessThan(60_000);
      expect(Date.now() - (row?.lastUsedAt.getTime() ?? 0)).toBeLessThan(60_000);
    });
  });

  describe("POST /api/auth/logout", () => {
    it("answers 204 and the token works no more", async () => {
      const account = await accounts.signUp();
      const response = await call(app, "/api/auth/logout", { method: "POST", bearer: account.token });
      expect(response.status).toBe(204);
      expect(await response.text()).toBe("");

      await expectError(await call(app, "/api/admin/check", { bearer: account.token }), 401, "unauthorized");
      await expectError(await refresh(stored(account.session)), 401, "unauthorized");
      await expectError(
        await call(app, "/api/auth/logout", { method: "POST", bearer: account.token }),
        401,
        "unauthorized",
      );
      expect((await accounts.sessionRow(account.token))?.revokedAt).toBeInstanceOf(Date);
    });

    it("ends only that session: the user's other sessions keep working", async () => {
      const account = await accounts.signUp();
      const second = await accounts.logIn(account.email, account.password);
      expect((await call(app, "/api/auth/logout", { method: "POST", bearer: account.token })).status).toBe(
        204,
      );
      const check = await call(app, "/api/admin/check", { bearer: second.access_token });
      expect(check.status).toBe(200);
    });

    it("with the session cookie (from the site) answers 204 and clears the cookie", async () => {
      const account = await accounts.signUp();
      const response = await call(app, "/api/auth/logout", {
        method: "POST",
        cookie: account.token,
        origin: siteOrigin,
      });
      expect(response.status).toBe(204);
      expect(sessionCookie(response)).toMatch(/^kammare_session=;.*Max-Age=0.*Path=\//);
      await expectError(await call(app, "/api/admin/check", { cookie: account.token }), 401, "unauthorized");
    });

    it("answers 401 in the error shape without a token", async () => {
      await expectError(await call(app, "/api/auth/logout", { method: "POST" }), 401, "unauthorized");
    });

    it("answers 401 in the error shape to every dead token, expired, revoked, signed out or made up", async () => {
      for (const { name, token } of await accounts.deadTokens()) {
        const response = await call(app, "/api/auth/logout", { method: "POST", bearer: token });
        expect(response.status, name).toBe(401);
        await expectError(response, 401, "unauthorized");
      }
    });

    it("answers 401 to an Authorization header that is not a bearer token", async () => {
      for (const authorization of ["Basic dXNlcjpwYXNz", "Bearer", "Bearer a b", "token"]) {
        const response = await app.request("/api/auth/logout", {
          method: "POST",
          headers: { Authorization: authorization },
        });
        expect(response.status, authorization).toBe(401);
        await expectError(response, 401, "unauthorized");
      }
    });
  });

  it("never writes a password or an access token to the log", () => {
    accounts.expectNoSecretLogged(logs);
  });
});
