// Cross-site request refusal (Origin checks on cookie-authenticated changes), and secrets kept out of
// the database and the logs, on every test database engine.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { auditLog, passwordResetTokens, rateLimitCounters, sessions, users } from "../../server/db/schema";
import {
  call,
  expectError,
  expectSession,
  foreignOrigin,
  sha256Hex,
  siteOrigin,
  type Account,
  type CallOptions,
} from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { createTestApp } from "../support/test-app";

describeOnEngines("request security", ({ app, db, handle, logs, mailbox, accounts, admin }) => {
  const works = async (token: string) => (await call(app, "/api/admin/check", { bearer: token })).status;

  /** Unsafe calls a signed-in user can make; each is harmless to repeat once refused. */
  const unsafeCalls: { name: string; path: string; options: (account: Account) => CallOptions }[] = [
    { name: "POST /api/auth/logout", path: "/api/auth/logout", options: () => ({ method: "POST" }) },
    {
      name: "POST /api/auth/change-password",
      path: "/api/auth/change-password",
      options: (account) => ({
        json: { currentPassword: account.password, newPassword: accounts.password() },
      }),
    },
    {
      name: "POST /api/auth/session",
      path: "/api/auth/session",
      options: (account) => ({ json: { access_token: account.token, user: account.session.user } }),
    },
    {
      name: "PATCH /api/admin/user",
      path: "/api/admin/user",
      options: (account) => ({
        method: "PATCH",
        json: { userId: account.id, password: accounts.password() },
      }),
    },
  ];

  describe.each(unsafeCalls)("$name", ({ path, options }) => {
    it("with the session cookie and no Origin answers 403 forbidden_origin and does nothing", async () => {
      const account = await accounts.signUp({ roles: ["customer", "admin"] });
      const response = await call(app, path, { ...options(account), cookie: account.token });
      await expectError(response, 403, "forbidden_origin");
      expect(await works(account.token)).toBe(200);
      expect(await accounts.logInStatus(account.email, account.password)).toBe(200);
    });

    it("with the session cookie and a foreign or opaque Origin answers 403 forbidden_origin", async () => {
      const account = await accounts.signUp({ roles: ["customer", "admin"] });
      for (const origin of [foreignOrigin, "null", "http://localhost:3001", "https://localhost:3000"]) {
        const response = await call(app, path, { ...options(account), cookie: account.token, origin });
        expect(response.status, origin).toBe(403);
        await expectError(response, 403, "forbidden_origin");
      }
      expect(await works(account.token)).toBe(200);
    });

    it("with the Origin of the request's own Host, not the site's, answers 403 forbidden_origin", async () => {
      const account = await accounts.signUp({ roles: ["customer", "admin"] });
      // The test app's PUBLIC_URL is http://localhost:3000; this request is made to http://evil.example,
      // so an Origin check built from the Host header would let it through.
      for (const via of [{ cookie: account.token }, { bearer: account.token }]) {
        const response = await call(app, `http://evil.example${path}`, {
          ...options(account),
          ...via,
          origin: "http://evil.example",
        });
        await expectError(response, 403, "forbidden_origin");
      }
      expect(await works(account.token)).toBe(200);
    });

    it("with a valid bearer token and a foreign Origin answers 403 forbidden_origin", async () => {
      const account = await accounts.signUp({ roles: ["customer", "admin"] });
      const response = await call(app, path, {
        ...options(account),
        bearer: account.token,
        origin: foreignOrigin,
      });
      await expectError(response, 403, "forbidden_origin");
      expect(await works(account.token)).toBe(200);
    });

    it("with the session cookie and the site's Origin is allowed", async () => {
      const account = await accounts.signUp({ roles: ["customer", "admin"] });
      const response = await call(app, path, {
        ...options(account),
        cookie: account.token,
        origin: siteOrigin,
      });
      expect(response.status).toBeGreaterThanOrEqual(200);
      expect(response.status).toBeLessThan(300);
    });

    it("with a bearer token and no Origin (not a browser) is allowed", async () => {
      const account = await accounts.signUp({ roles: ["customer", "admin"] });
      const response = await call(app, path, { ...options(account), bearer: account.token });
      expect(response.status).toBeGreaterThanOrEqual(200);
      expect(response.status).toBeLessThan(300);
    });
  });

  it.each([
    {
      name: "POST /api/auth/login",
      path: "/api/auth/login",
      json: { type: "email", email: "a@example.com", password: "x" },
    },
    {
      name: "POST /api/auth/signup",
      path: "/api/auth/signup",
      json: { email: "b@example.com", password: "long-enough-pw" },
    },
    {
      name: "POST /api/auth/reset-request",
      path: "/api/auth/reset-request",
      json: { email: "c@example.com" },
    },
    { name: "POST /api/preferences/locale", path: "/api/preferences/locale", json: { locale: "sv-SE" } },
  ])(
    "$name from a foreign Origin answers 403 forbidden_origin even without any session",
    async ({ path, json }) => {
      await expectError(await call(app, path, { json, origin: foreignOrigin }), 403, "forbidden_origin");
    },
  );

  it("a foreign Origin on sign-in changes nothing: no session, no account", async () => {
    const account = await accounts.signUp();
    const login = await call(app, "/api/auth/login", {
      json: { type: "email", email: account.email, password: account.password },
      origin: foreignOrigin,
    });
    await expectError(login, 403, "forbidden_origin");
    expect(login.headers.getSetCookie()).toEqual([]);
    const email = accounts.email("csrf");
    await call(app, "/api/auth/signup", {
      json: { email, password: accounts.password() },
      origin: foreignOrigin,
    });
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("a GET with the session cookie works without an Origin", async () => {
    const account = await accounts.signUp();
    const response = await call(app, "/api/admin/check", { cookie: account.token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ admin: false });
    const asAdmin = await call(app, "/api/admin/check", { cookie: admin.token, origin: foreignOrigin });
    expect(await asAdmin.json()).toEqual({ admin: true });
  });

  it("the bearer header wins over the cookie", async () => {
    const account = await accounts.signUp();
    const response = await call(app, "/api/admin/check", { bearer: account.token, cookie: admin.token });
    expect(await response.json()).toEqual({ admin: false });
    await expectError(
      await call(app, "/api/admin/check", { bearer: "made-up-token", cookie: admin.token }),
      401,
      "unauthorized",
    );
  });

  describe("secrets at rest", () => {
    it("keeps only the SHA-256 of an access token: no column holds the token", async () => {
      const account = await accounts.signUp();
      const second = await accounts.logIn(account.email, account.password);
      for (const token of [account.token, second.access_token]) {
        const rows = await db
          .select()
          .from(sessions)
          .where(eq(sessions.tokenHash, sha256Hex(token)));
        expect(rows).toHaveLength(1);
        expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
        for (const value of Object.values(rows[0] ?? {})) expect(value).not.toBe(token);
      }
      const everything = JSON.stringify(await db.select().from(sessions));
      expect(everything).not.toContain(account.token);
      expect(everything).not.toContain(second.access_token);
    });

    it("keeps passwords only as argon2id hashes, and secrets out of the audit log", async () => {
      const account = await accounts.signUp();
      await call(app, "/api/auth/reset-request", { json: { email: account.email } });
      const [mail] = (await mailbox()).filter((message) => message.to === account.email);
      const resetToken = accounts.secret(
        decodeURIComponent(/token=([^\s]+)/.exec(mail?.text ?? "")?.[1] ?? ""),
      );
      expect(resetToken.length).toBeGreaterThan(20);

      const [user] = await db.select().from(users).where(eq(users.id, account.id));
      expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(user?.passwordHash).not.toContain(account.password);

      const stored = JSON.stringify([
        await db.select().from(users),
        await db.select().from(sessions),
        await db.select().from(passwordResetTokens),
        await db.select().from(auditLog),
      ]);
      expect(stored).toContain(sha256Hex(resetToken));
      for (const secret of accounts.secrets) expect(stored).not.toContain(secret);
    });

    it("keeps no client address and no e-mail address in the rate limits' keys, only keyed hashes", async () => {
      // Behind a proxy, so that the attempts come from addresses.
      const proxied = createTestApp(handle, undefined, {
        config: loadConfig({ NODE_ENV: "test", PUBLIC_URL: siteOrigin, TRUST_PROXY: "on" }),
      });
      const account = await accounts.signUp();
      const address = "198.51.100.233";
      const v6 = "2001:db8:4a7::91";
      const headers = (from: string) => ({ "X-Forwarded-For": from });
      for (const from of [address, v6]) {
        for (const email of [account.email, account.email.toUpperCase(), "nobody-here@example.org"]) {
          const json = { type: "email", email, password: "not-the-password" };
          expect((await call(proxied.app, "/api/auth/login", { json, headers: headers(from) })).status).toBe(
            401,
          );
        }
        const json = { type: "email", email: account.email, password: account.password };
        accounts.secret(
          (await expectSession(await call(proxied.app, "/api/auth/login", { json, headers: headers(from) })))
            .access_token,
        );
        const fresh = { email: accounts.email("limits"), password: accounts.password() };
        await expectSession(
          await call(proxied.app, "/api/auth/signup", { json: fresh, headers: headers(from) }),
          201,
        );
        await call(proxied.app, "/api/auth/reset-request", {
          json: { email: account.email },
          headers: headers(from),
        });
      }
      await proxied.settled();
      const keys = (await db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map(
        (row) => row.key,
      );
      // The limits did count: their names are there to read, for each kind of subject.
      for (const name of ["login:ip:", "login:pair:", "login:account:", "signup:ip:", "reset:account:"]) {
        expect(
          keys.some((key) => key.startsWith(name)),
          name,
        ).toBe(true);
      }
      const text = JSON.stringify(keys).toLowerCase();
      for (const secret of [
        address,
        v6,
        "2001:db8",
        account.email.toLowerCase(),
        "example.com",
        "example.org",
      ]) {
        expect(text).not.toContain(secret);
      }
    });
  });

  it("never writes a password or a token to the log", () => {
    accounts.expectNoSecretLogged(logs);
  });
});
