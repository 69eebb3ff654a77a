// Changing a password (POST /api/auth/change-password) and resetting a forgotten one by e-mail
// (POST /api/auth/reset-request, POST /api/auth/reset), on every test database engine.
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, passwordResetTokens } from "../../server/db/schema";
import {
  awayFromWindowEdge,
  badPayloads,
  call,
  expectError,
  longEmail,
  longPassword,
  malformedBodies,
  sha256Hex,
  type Account,
} from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";

const resetLink = /http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9_%-]+)/;

describeOnEngines("passwords", ({ app, db, logs, mailbox, accounts }) => {
  const works = async (token: string) => (await call(app, "/api/admin/check", { bearer: token })).status;

  describe("POST /api/auth/change-password", () => {
    const change = (token: string | undefined, json: unknown) =>
      call(app, "/api/auth/change-password", { bearer: token, json });

    it("answers 200, keeps this session, ends the others, and only the new password signs in", async () => {
      const account = await accounts.signUp();
      const other = await accounts.logIn(account.email, account.password);
      const newPassword = accounts.password();
      const response = await change(account.token, { currentPassword: account.password, newPassword });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true });

      expect(await works(account.token)).toBe(200);
      expect(await works(other.access_token)).toBe(401);
      expect(await accounts.logInStatus(account.email, account.password)).toBe(401);
      expect(await accounts.logInStatus(account.email, newPassword)).toBe(200);

      const [entry] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "password.change"), eq(auditLog.targetUserId, account.id)));
      expect(entry?.actorUserId).toBe(account.id);
      expect(entry?.details).toEqual({ otherSessionsRevoked: 1 });
    });

    it("answers 400 wrong_password naming currentPassword when the current password is wrong", async () => {
      const account = await accounts.signUp();
      const other = await accounts.logIn(account.email, account.password);
      const response = await change(account.token, {
        currentPassword: accounts.secret("not-my-password"),
        newPassword: accounts.password(),
      });
      const error = await expectError(response, 400, "wrong_password", "currentPassword");
      expect(Object.keys(error.error.fields ?? {})).toEqual(["currentPassword"]);
      // Nothing changed.
      expect(await works(other.access_token)).toBe(200);
      expect(await accounts.logInStatus(account.email, account.password)).toBe(200);
    });

    it("refuses the e-mail address, in any case, as the new password", async () => {
      const account = await accounts.signUp();
      for (const newPassword of [account.email, account.email.toUpperCase()]) {
        const response = await change(account.token, { currentPassword: account.password, newPassword });
        await expectError(response, 400, "password_is_email", "newPassword");
      }
      expect(await accounts.logInStatus(account.email, account.password)).toBe(200);
    });

    it("refuses a new password of 9 characters", async () => {
      const account = await accounts.signUp();
      const response = await change(account.token, {
        currentPassword: account.password,
        newPassword: "123456789",
      });
      await expectError(response, 400, "invalid_request", "newPassword");
    });

    it("answers 401 in the error shape without a token", async () => {
      await expectError(
        await change(undefined, { currentPassword: "whatever-it-is", newPassword: "a-new-password" }),
        401,
        "unauthorized",
      );
    });

    it("answers 401 in the error shape to every dead token, and changes nothing", async () => {
      const dead = await accounts.deadTokens();
      for (const { name, token } of dead) {
        const response = await change(token, {
          currentPassword: "whatever-it-is",
          newPassword: "a-new-password",
        });
        expect(response.status, name).toBe(401);
        await expectError(response, 401, "unauthorized");
      }
    });

    let holder: Account | undefined;
    it.each(
      badPayloads(
        { currentPassword: "the-current-one", newPassword: "a-new-password" },
        { currentPassword: longPassword, newPassword: longPassword },
      ).concat([
        {
          name: "currentPassword empty",
          body: { currentPassword: "", newPassword: "a-new-password" },
          field: "currentPassword",
        },
      ]),
    )("answers 400 invalid_request naming the field: $name", async ({ body, field }) => {
      holder ??= await accounts.signUp();
      const error = await expectError(await change(holder.token, body), 400, "invalid_request", field);
      expect(Object.keys(error.error.fields ?? {})).toEqual([field]);
    });

    it.each(malformedBodies)("answers 400 invalid_json to the body %j", async (body) => {
      holder ??= await accounts.signUp();
      const response = await call(app, "/api/auth/change-password", { bearer: holder.token, body });
      await expectError(response, 400, "invalid_json");
    });
  });

  describe("password reset by e-mail", () => {
    const requestReset = (email: string) => call(app, "/api/auth/reset-request", { json: { email } });
    const reset = (token: string, password: string) =>
      call(app, "/api/auth/reset", { json: { token, password } });

    /** Asks for a reset link for the account and returns the token in the e-mail that arrives. */
    async function mailedToken(email: string): Promise<string> {
      const before = (await mailbox()).length;
      const response = await requestReset(email);
      expect(response.status).toBe(202);
      const messages = await mailbox();
      expect(messages).toHaveLength(before + 1);
      const match = resetLink.exec(messages.at(-1)?.text ?? "");
      expect(match).not.toBeNull();
      return accounts.secret(decodeURIComponent(match?.[1] ?? ""));
    }

    it("answers 202 { accepted: true } and mails the link to a known address", async () => {
      const account = await accounts.signUp();
      const before = (await mailbox()).length;
      const response = await requestReset(account.email.toUpperCase());
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({ accepted: true });
      const messages = await mailbox();
      expect(messages).toHaveLength(before + 1);
      const message = messages.at(-1);
      expect(message?.to).toBe(account.email);
      expect(message?.subject).not.toBe("");
      const token = resetLink.exec(message?.text ?? "")?.[1] ?? "";
      expect(token.length).toBeGreaterThanOrEqual(40);
      accounts.secret(decodeURIComponent(token));
      // Only the token's hash is kept.
      const rows = await db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, account.id));
      expect(rows.map((row) => row.tokenHash)).toEqual([sha256Hex(decodeURIComponent(token))]);
      expect(JSON.stringify(rows)).not.toContain(decodeURIComponent(token));
    });

    it("answers the same 202 to an unknown address and sends nothing", async () => {
      const before = (await mailbox()).length;
      const response = await requestReset(accounts.email("nobody"));
      expect(response.status).toBe(202);
      expect(await response.text()).toBe('{"accepted":true}');
      expect(await mailbox()).toHaveLength(before);
    });

    it("quietly sends at most 5 links an hour for one address, answering 202 all the same", async () => {
      const account = await accounts.signUp();
      await awayFromWindowEdge(3600);
      const before = (await mailbox()).length;
      for (let attempt = 0; attempt < 7; attempt++) {
        const response = await requestReset(account.email);
        expect(response.status).toBe(202);
        expect(await response.json()).toEqual({ accepted: true });
      }
      const sent = (await mailbox()).slice(before);
      expect(sent).toHaveLength(5);
      for (const message of sent)
        accounts.secret(decodeURIComponent(resetLink.exec(message.text)?.[1] ?? ""));
    });

    it("sets the new password with the mailed token, ends every session, and the token works once", async () => {
      const account = await accounts.signUp();
      const other = await accounts.logIn(account.email, account.password);
      const token = await mailedToken(account.email);
      const newPassword = accounts.password();

      const response = await reset(token, newPassword);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true });

      expect(await works(account.token)).toBe(401);
      expect(await works(other.access_token)).toBe(401);
      expect(await accounts.logInStatus(account.email, account.password)).toBe(401);
      expect(await accounts.logInStatus(account.email, newPassword)).toBe(200);

      const again = await reset(token, accounts.password());
      await expectError(again, 400, "invalid_token", "token");
      expect(await accounts.logInStatus(account.email, newPassword)).toBe(200);

      const [entry] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "password.reset"), eq(auditLog.targetUserId, account.id)));
      expect(entry?.details).toEqual({ sessionsRevoked: 2 });
    });

    it("ends every other reset link of the user once the password changes", async () => {
      const account = await accounts.signUp();
      const first = await mailedToken(account.email);
      const second = await mailedToken(account.email);
      expect((await reset(first, accounts.password())).status).toBe(200);
      await expectError(await reset(second, accounts.password()), 400, "invalid_token", "token");

      // A link asked for before a password change is dead after it too.
      const fresh = await accounts.signUp();
      const pending = await mailedToken(fresh.email);
      const changed = await call(app, "/api/auth/change-password", {
        bearer: fresh.token,
        json: { currentPassword: fresh.password, newPassword: accounts.password() },
      });
      expect(changed.status).toBe(200);
      await expectError(await reset(pending, accounts.password()), 400, "invalid_token", "token");
    });

    it("lets only one of two simultaneous resets with one token through", async () => {
      const account = await accounts.signUp();
      const token = await mailedToken(account.email);
      const passwords = [accounts.password(), accounts.password()];
      const responses = await Promise.all(passwords.map((password) => reset(token, password)));
      expect(responses.map((response) => response.status).sort()).toEqual([200, 400]);
      const loser = responses.find((response) => response.status === 400);
      if (loser) await expectError(loser, 400, "invalid_token", "token");
      const statuses = await Promise.all(
        passwords.map((password) => accounts.logInStatus(account.email, password)),
      );
      expect(statuses.sort()).toEqual([200, 401]);
    });

    it("answers 400 invalid_token to an expired token and keeps the password", async () => {
      const account = await accounts.signUp();
      const token = await mailedToken(account.email);
      await db
        .update(passwordResetTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(passwordResetTokens.tokenHash, sha256Hex(token)));
      await expectError(await reset(token, accounts.password()), 400, "invalid_token", "token");
      expect(await accounts.logInStatus(account.email, account.password)).toBe(200);
    });

    it("answers 400 invalid_token to a token that was never issued", async () => {
      await expectError(
        await reset(randomBytes(32).toString("base64url"), accounts.password()),
        400,
        "invalid_token",
        "token",
      );
    });

    it("refuses the e-mail address as the new password and leaves the token usable", async () => {
      const account = await accounts.signUp();
      const token = await mailedToken(account.email);
      await expectError(
        await reset(token, account.email.toUpperCase()),
        400,
        "password_is_email",
        "password",
      );
      await expectError(await reset(token, "123456789"), 400, "invalid_request", "password");
      const newPassword = accounts.password();
      expect((await reset(token, newPassword)).status).toBe(200);
      expect(await accounts.logInStatus(account.email, newPassword)).toBe(200);
    });

    it("does not need, and ignores, a session: dead tokens change nothing", async () => {
      const account = await accounts.signUp();
      const token = await mailedToken(account.email);
      const [dead] = await accounts.deadTokens();
      const newPassword = accounts.password();
      const response = await call(app, "/api/auth/reset", {
        bearer: dead?.token,
        json: { token, password: newPassword },
      });
      expect(response.status).toBe(200);
      expect(await accounts.logInStatus(account.email, newPassword)).toBe(200);
    });

    it.each(badPayloads({ email: "someone@example.com" }, { email: longEmail }))(
      "reset-request answers 400 invalid_request naming the field: $name",
      async ({ body, field }) => {
        const response = await call(app, "/api/auth/reset-request", { json: body });
        const error = await expectError(response, 400, "invalid_request", field);
        expect(Object.keys(error.error.fields ?? {})).toEqual([field]);
      },
    );

    it.each(
      badPayloads(
        { token: randomBytes(32).toString("base64url"), password: "a-new-password" },
        { token: "t".repeat(300), password: longPassword },
      ).concat([
        {
          name: "token too short",
          body: { token: "short", password: "a-new-password" },
          field: "token",
        },
      ]),
    )("reset answers 400 invalid_request naming the field: $name", async ({ body, field }) => {
      const response = await call(app, "/api/auth/reset", { json: body });
      const error = await expectError(response, 400, "invalid_request", field);
      expect(Object.keys(error.error.fields ?? {})).toEqual([field]);
    });

    it.each(
      malformedBodies.flatMap((body) => [
        { path: "reset-request", body },
        { path: "reset", body },
      ]),
    )("$path answers 400 invalid_json to the body $body", async ({ path, body }) => {
      await expectError(await call(app, `/api/auth/${path}`, { body }), 400, "invalid_json");
    });
  });

  it("never writes a password, an access token or a reset token to the log", () => {
    accounts.expectNoSecretLogged(logs);
  });
});
