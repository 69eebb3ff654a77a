// POST /api/auth/login and POST /api/auth/signup, on every test database engine.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newAccountEmailMessage } from "../../contract/auth";
import { auditLog, users } from "../../server/db/schema";
import {
  awayFromWindowEdge,
  badPayloads,
  call,
  expectError,
  expectSession,
  longEmail,
  longPassword,
  malformedBodies,
  sessionCookie,
} from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";

const day = 24 * 60 * 60 * 1000;

describeOnEngines("sign-in and sign-up", ({ app, db, logs, accounts }) => {
  const login = (email: string, password: string) =>
    call(app, "/api/auth/login", { json: { type: "email", email, password } });

  describe("POST /api/auth/login", () => {
    it("answers 200 with the session and sets the HttpOnly session cookie", async () => {
      const account = await accounts.signUp();
      const response = await login(account.email, account.password);
      const session = await expectSession(response);
      accounts.secret(session.access_token);
      expect(session.user).toEqual({ id: account.id, email: account.email });
      expect(session.access_token).not.toBe(account.token);
      expect(session.access_token.length).toBeGreaterThanOrEqual(40);
      const expires = Date.parse(session.expires_at);
      expect(Math.abs(expires - (Date.now() + 30 * day))).toBeLessThan(60_000);

      const cookie = sessionCookie(response) ?? "";
      expect(cookie.startsWith(`kammare_session=${session.access_token};`)).toBe(true);
      expect(cookie).toContain("HttpOnly");
      expect(cookie).toContain("SameSite=Lax");
      expect(cookie).toContain("Path=/");
      expect(cookie).toMatch(/Expires=/);

      const check = await call(app, "/api/admin/check", { bearer: session.access_token });
      expect(check.status).toBe(200);
      expect(await check.json()).toEqual({ admin: false });
    });

    it("finds the account whatever the case of the e-mail address and surrounding spaces", async () => {
      const account = await accounts.signUp();
      const session = await expectSession(await login(`  ${account.email.toUpperCase()} `, account.password));
      accounts.secret(session.access_token);
      expect(session.user).toEqual({ id: account.id, email: account.email });
    });

    it("answers 401 with exactly { success: false } for a wrong password and an unknown e-mail alike", async () => {
      const account = await accounts.signUp();
      const wrongPassword = await login(account.email, accounts.secret("not-the-password"));
      const unknownEmail = await login(accounts.email("nobody"), account.password);
      for (const response of [wrongPassword, unknownEmail]) {
        expect(response.status).toBe(401);
        expect(sessionCookie(response)).toBeUndefined();
      }
      const bodies = [await wrongPassword.text(), await unknownEmail.text()];
      expect(bodies[0]).toBe('{"success":false}');
      expect(bodies[1]).toBe(bodies[0]);

      const failures = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "login.failure"), eq(auditLog.targetUserId, account.id)));
      expect(failures).toHaveLength(1);
    });

    it("ignores whatever token the request carries: none, expired or revoked", async () => {
      const account = await accounts.signUp();
      for (const { token } of await accounts.deadTokens()) {
        const response = await call(app, "/api/auth/login", {
          bearer: token,
          json: { type: "email", email: account.email, password: account.password },
        });
        accounts.secret((await expectSession(response)).access_token);
      }
    });

    it.each(
      badPayloads(
        { type: "email", email: "someone@example.com", password: "a-password" },
        { email: longEmail, password: longPassword },
      ).concat([
        {
          name: "type not email",
          body: { type: "phone", email: "someone@example.com", password: "a-password" },
          field: "type",
        },
        {
          name: "email not an address",
          body: { type: "email", email: "someone", password: "a-password" },
          field: "email",
        },
        {
          name: "password empty",
          body: { type: "email", email: "someone@example.com", password: "" },
          field: "password",
        },
      ]),
    )("answers 400 invalid_request naming the field: $name", async ({ body, field }) => {
      const response = await call(app, "/api/auth/login", { json: body });
      const error = await expectError(response, 400, "invalid_request", field);
      expect(Object.keys(error.error.fields ?? {})).toEqual([field]);
    });

    it.each(malformedBodies)("answers 400 invalid_json to the body %j", async (body) => {
      await expectError(await call(app, "/api/auth/login", { body }), 400, "invalid_json");
    });

    it("allows 10 attempts a minute per account, then 429 with Retry-After even with the right password", async () => {
      const target = await accounts.signUp();
      const bystander = await accounts.signUp();
      await awayFromWindowEdge();
      for (let attempt = 0; attempt < 10; attempt++) {
        // The account is the address, whatever its case.
        const email = attempt % 2 === 0 ? target.email : target.email.toUpperCase();
        const response = await login(email, accounts.secret(`wrong-password-${attempt}`));
        expect(response.status).toBe(401);
      }
      const limited = await login(target.email, target.password);
      const error = await expectError(limited, 429, "rate_limited");
      expect(error.error.fields).toBeUndefined();
      const retryAfter = Number(limited.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(sessionCookie(limited)).toBeUndefined();

      // Another account is not affected.
      accounts.secret((await expectSession(await login(bystander.email, bystander.password))).access_token);
    });

    it("limits attempts on an unknown address the same way", async () => {
      const email = accounts.email("ghost");
      await awayFromWindowEdge();
      for (let attempt = 0; attempt < 10; attempt++) {
        expect((await login(email, "some-password")).status).toBe(401);
      }
      await expectError(await login(email, "some-password"), 429, "rate_limited");
    });
  });

  describe("POST /api/auth/signup", () => {
    it("answers 201 with a session like sign-in's, signed in at once", async () => {
      const email = accounts.email("new");
      const password = accounts.password();
      const response = await call(app, "/api/auth/signup", { json: { email, password } });
      const session = await expectSession(response, 201);
      accounts.secret(session.access_token);
      expect(session.user.email).toBe(email);
      expect(sessionCookie(response)).toMatch(
        new RegExp(`^kammare_session=${session.access_token};.*HttpOnly`),
      );

      const check = await call(app, "/api/admin/check", { bearer: session.access_token });
      expect(check.status).toBe(200);
      expect(await check.json()).toEqual({ admin: false });

      const [row] = await db.select().from(users).where(eq(users.id, session.user.id));
      expect(row?.roles).toEqual(["customer"]);
      expect(row?.email).toBe(email);
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      const [entry] = await db.select().from(auditLog).where(eq(auditLog.targetUserId, session.user.id));
      expect(entry?.action).toBe("signup");
      expect(entry?.actorUserId).toBe(session.user.id);

      // The password chosen at sign-up signs in.
      expect(await accounts.logInStatus(email, password)).toBe(200);
    });

    it("keeps the address trimmed", async () => {
      const email = accounts.email("spaces");
      const session = await expectSession(
        await call(app, "/api/auth/signup", {
          json: { email: `  ${email}  `, password: accounts.password() },
        }),
        201,
      );
      accounts.secret(session.access_token);
      expect(session.user.email).toBe(email);
    });

    it("accepts passwords of exactly 10 and of 256 characters", async () => {
      for (const password of ["0123456789", "x".repeat(256)]) {
        const response = await call(app, "/api/auth/signup", {
          json: { email: accounts.email("edge"), password },
        });
        accounts.secret((await expectSession(response, 201)).access_token);
      }
    });

    type Refusal = { name: string; email: (taken: string) => string; password: (email: string) => string };
    const refusals: (Refusal & { status: number; code: string; field: string })[] = [
      {
        name: "a password of 9 characters",
        email: () => `short-${Date.now()}@example.com`,
        password: () => "123456789",
        status: 400,
        code: "invalid_request",
        field: "password",
      },
      {
        name: "a password of 257 characters",
        email: () => `long-${Date.now()}@example.com`,
        password: () => "x".repeat(257),
        status: 400,
        code: "invalid_request",
        field: "password",
      },
      {
        name: "the e-mail address as the password",
        email: () => `same-${Date.now()}@example.com`,
        password: (email) => email,
        status: 400,
        code: "invalid_request",
        field: "password",
      },
      {
        name: "the e-mail address in other case as the password",
        email: () => `case-${Date.now()}@example.com`,
        password: (email) => email.toUpperCase(),
        status: 400,
        code: "invalid_request",
        field: "password",
      },
      {
        name: "a malformed e-mail address",
        email: () => "not-an-address",
        password: () => "a-good-password",
        status: 400,
        code: "invalid_request",
        field: "email",
      },
      {
        name: "an address whose domain has no dot",
        email: () => `anna-${Date.now()}@exempel`,
        password: () => "a-good-password",
        status: 400,
        code: "invalid_request",
        field: "email",
      },
      {
        name: "an address already taken",
        email: (taken) => taken,
        password: () => "a-good-password",
        status: 409,
        code: "email_taken",
        field: "email",
      },
      {
        name: "an address already taken, in other case",
        email: (taken) => taken.toUpperCase(),
        password: () => "a-good-password",
        status: 409,
        code: "email_taken",
        field: "email",
      },
    ];

    it.each(refusals)("refuses $name with $status $code naming $field", async (refusal) => {
      const existing = await accounts.signUp();
      const email = refusal.email(existing.email);
      const password = refusal.password(email);
      const response = await call(app, "/api/auth/signup", { json: { email, password } });
      await expectError(response, refusal.status, refusal.code, refusal.field);
      expect(sessionCookie(response)).toBeUndefined();
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      expect(rows.filter((row) => row.id !== existing.id)).toEqual([]);
    });

    it("explains at the e-mail field that a new account's address needs a full domain", async () => {
      const response = await call(app, "/api/auth/signup", {
        json: { email: "anna@exempel", password: "a-good-password" },
      });
      const error = await expectError(response, 400, "invalid_request", "email");
      expect(error.error.fields).toEqual({ email: newAccountEmailMessage });
      // Sign-in does not ask for the dot: it only finds no such account here.
      expect(await accounts.logInStatus("anna@exempel", "a-good-password")).toBe(401);
    });

    it("lets only one of two simultaneous sign-ups with one address through", async () => {
      const email = accounts.email("race");
      const responses = await Promise.all(
        ["first-password", "second-password"].map((password) =>
          call(app, "/api/auth/signup", { json: { email, password: accounts.secret(password) } }),
        ),
      );
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([201, 409]);
      const loser = responses.find((response) => response.status === 409);
      if (loser) await expectError(loser, 409, "email_taken", "email");
      const winner = responses.find((response) => response.status === 201);
      if (winner) accounts.secret((await expectSession(winner, 201)).access_token);
    });

    it.each(
      badPayloads(
        { email: "someone@example.com", password: "a-good-password" },
        { email: longEmail, password: longPassword },
      ),
    )("answers 400 invalid_request naming the field: $name", async ({ body, field }) => {
      const response = await call(app, "/api/auth/signup", { json: body });
      const error = await expectError(response, 400, "invalid_request", field);
      expect(Object.keys(error.error.fields ?? {})).toEqual([field]);
    });

    it.each(malformedBodies)("answers 400 invalid_json to the body %j", async (body) => {
      await expectError(await call(app, "/api/auth/signup", { body }), 400, "invalid_json");
    });
  });

  it("never writes a password or an access token to the log", () => {
    accounts.expectNoSecretLogged(logs);
  });
});
