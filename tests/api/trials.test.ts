// The trials: the free trial from /gratis-provperiod and the extended trial from
// /extended-trial, started by a page's owner once, and the e-mail verification the extended trial
// needs (a mailed single-use link, limited resends), on every database engine.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profileAnswerSchema } from "../../contract/profiles";
import { emailVerificationTokens, profileStatusHistory, profiles, users } from "../../server/db/schema";
import { createProfiles } from "../../server/domain/profiles";
import { awayFromWindowEdge, call, expectError, sha256Hex, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { namedDraft as makeNamedDraft } from "../support/named-draft";
import { insertOrder } from "../support/order-row";

const dayMs = 24 * 60 * 60 * 1000;
const verifyLink = /\/verify-email\?token=([A-Za-z0-9_%-]+)/;

describeOnEngines("trials and e-mail verification", ({ app, db, accounts, admin, mailbox }) => {
  const origin = { ip: null, userAgent: "test" };

  const namedDraft = (owner?: Account) => makeNamedDraft({ db, accounts, admin }, owner);
  const freeTrial = (token: string, profileId: string) =>
    call(app, "/api/kammare/free-trial", { bearer: token, json: { profileId } });
  const extendedTrial = (token: string, json: unknown) =>
    call(app, "/api/kammare/extended-trial", { bearer: token, json });
  const requestLink = (token: string) =>
    call(app, "/api/auth/verify-email/request", { method: "POST", bearer: token });
  const verify = (token: string) => call(app, "/api/auth/verify-email", { json: { token } });
  const history = async (id: string) =>
    (await db.select().from(profileStatusHistory).where(eq(profileStatusHistory.profileId, id))).map(
      (row) => [row.fromStatus, row.toStatus, row.reasonCode],
    );

  /** Asks for a verification link as the account and returns the token mailed to it. */
  async function mailedToken(account: Account): Promise<string> {
    const before = (await mailbox()).length;
    const response = await requestLink(account.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sent: true, email: account.email });
    const messages = await mailbox();
    expect(messages).toHaveLength(before + 1);
    expect(messages.at(-1)?.to).toBe(account.email);
    const match = verifyLink.exec(messages.at(-1)?.text ?? "");
    expect(match).not.toBeNull();
    return accounts.secret(decodeURIComponent(match?.[1] ?? ""));
  }
  async function verified(): Promise<Account> {
    const account = await accounts.signUp();
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, account.id));
    return account;
  }

  describe("POST /api/kammare/free-trial", () => {
    it("starts the 30-day trial on the owner's draft: live, with its history", async () => {
      const { id, owner } = await namedDraft();
      const before = Date.now();
      const response = await freeTrial(owner.token, id.toLowerCase());
      expect(response.status).toBe(200);
      const { profile } = profileAnswerSchema.parse(await response.json());
      expect(profile).toMatchObject({ id, status: "trial" });
      const ends = new Date(profile.trialEndsAt ?? 0).getTime();
      expect(ends).toBeGreaterThanOrEqual(before + 30 * dayMs);
      expect(ends).toBeLessThan(Date.now() + 30 * dayMs + 1000);
      const [row] = await db.select().from(profiles).where(eq(profiles.id, id));
      expect(row?.trialStartedAt).not.toBeNull();
      expect(await history(id)).toContainEqual(["draft", "trial", "free_trial_started"]);
    });

    it("starts it once: a second start is refused, even after the trial ended", async () => {
      const { id, owner } = await namedDraft();
      expect((await freeTrial(owner.token, id)).status).toBe(200);
      await expectError(await freeTrial(owner.token, id), 409, "conflict", "profileId");
      await db.update(profiles).set({ status: "expired" }).where(eq(profiles.id, id));
      const body = await expectError(await freeTrial(owner.token, id), 409, "conflict", "profileId");
      expect(body.error.message).toMatch(/once per page/);
    });

    it("lets only the owner start it (not another customer, nor an admin)", async () => {
      const { id } = await namedDraft();
      const other = await accounts.signUp();
      await expectError(await freeTrial(other.token, id), 403, "forbidden", "profileId");
      await expectError(await freeTrial(admin.token, id), 403, "forbidden", "profileId");
      await expectError(await freeTrial(other.token, "A0000001"), 404, "not_found");
    });

    it("refuses a suspended page, a paid one, and a draft without a name, each with its reason", async () => {
      const suspended = await namedDraft();
      await db.update(profiles).set({ status: "suspended" }).where(eq(profiles.id, suspended.id));
      const s = await expectError(await freeTrial(suspended.owner.token, suspended.id), 403, "forbidden");
      expect(s.error.message).toMatch(/suspended/);

      const paid = await namedDraft();
      await db
        .update(profiles)
        .set({ status: "expired", paidUntil: new Date(Date.now() - dayMs) })
        .where(eq(profiles.id, paid.id));
      const p = await expectError(await freeTrial(paid.owner.token, paid.id), 409, "conflict");
      expect(p.error.message).toMatch(/paid for/);

      const [unnamed] = await createProfiles(
        db,
        { count: 1, ownerUserId: paid.owner.id },
        { id: admin.id, roles: ["admin"] },
        origin,
      );
      const u = await expectError(await freeTrial(paid.owner.token, unnamed?.id ?? ""), 409, "conflict");
      expect(u.error.message).toMatch(/name/);
    });

    it("answers 400 naming the field for a bad profile id", async () => {
      const owner = await accounts.signUp();
      await expectError(await freeTrial(owner.token, "nope"), 400, "invalid_request", "profileId");
    });
  });

  describe("e-mail verification", () => {
    it("mails a single-use link (only its hash kept) that marks the address verified", async () => {
      const account = await accounts.signUp();
      const token = await mailedToken(account);
      const rows = await db
        .select()
        .from(emailVerificationTokens)
        .where(eq(emailVerificationTokens.userId, account.id));
      expect(rows.map((row) => row.tokenHash)).toEqual([sha256Hex(token)]);
      expect(rows[0]?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);

      // Opened without a session (another browser): the token alone proves the address.
      const response = await verify(token);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ verified: true, email: account.email });
      const [user] = await db.select().from(users).where(eq(users.id, account.id));
      expect(user?.emailVerifiedAt).not.toBeNull();

      await expectError(await verify(token), 400, "invalid_token", "token");
      // Verified already: no more links.
      await expectError(await requestLink(account.token), 409, "conflict", "email");
    });

    it("refuses an expired link, a wrong one (400) and a missing one (400 naming the field)", async () => {
      const account = await accounts.signUp();
      const token = await mailedToken(account);
      await db
        .update(emailVerificationTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(emailVerificationTokens.userId, account.id));
      await expectError(await verify(token), 400, "invalid_token", "token");
      await expectError(await verify("x".repeat(43)), 400, "invalid_token", "token");
      await expectError(
        await call(app, "/api/auth/verify-email", { json: {} }),
        400,
        "invalid_request",
        "token",
      );
      const [user] = await db.select().from(users).where(eq(users.id, account.id));
      expect(user?.emailVerifiedAt).toBeNull();
    });

    it("sends at most 3 links an hour to one user, then a clear 429", async () => {
      const account = await accounts.signUp();
      await awayFromWindowEdge(3600);
      for (let sent = 0; sent < 3; sent++) await mailedToken(account);
      const before = (await mailbox()).length;
      const response = await requestLink(account.token);
      const body = await expectError(response, 429, "rate_limited");
      expect(body.error.message).toMatch(/at most 3 verification e-mails an hour/);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await mailbox()).toHaveLength(before);
    });

    it("asks for a signed-in user", async () => {
      await expectError(
        await call(app, "/api/auth/verify-email/request", { method: "POST" }),
        401,
        "unauthorized",
      );
    });
  });

  describe("POST /api/kammare/extended-trial", () => {
    it("starts the 90-day extended trial for a verified owner who accepts the terms", async () => {
      const owner = await verified();
      const { id } = await namedDraft(owner);
      const before = Date.now();
      const response = await extendedTrial(owner.token, { profileId: id, acceptTerms: true });
      expect(response.status).toBe(200);
      const { profile } = profileAnswerSchema.parse(await response.json());
      expect(profile.status).toBe("extended_trial");
      expect(new Date(profile.trialEndsAt ?? 0).getTime()).toBeGreaterThanOrEqual(before + 90 * dayMs);
      const [row] = await db.select().from(profiles).where(eq(profiles.id, id));
      expect(row?.extendedTrialStartedAt).not.toBeNull();
      expect(await history(id)).toContainEqual(["draft", "extended_trial", "extended_trial_started"]);
      // Once per page.
      await expectError(
        await extendedTrial(owner.token, { profileId: id, acceptTerms: true }),
        409,
        "conflict",
        "profileId",
      );
    });

    it("lengthens a running free trial, but the free trial can't follow an extended one", async () => {
      const owner = await verified();
      const { id } = await namedDraft(owner);
      expect((await freeTrial(owner.token, id)).status).toBe(200);
      expect((await extendedTrial(owner.token, { profileId: id, acceptTerms: true })).status).toBe(200);
      const other = await namedDraft(owner);
      expect((await extendedTrial(owner.token, { profileId: other.id, acceptTerms: true })).status).toBe(200);
      await expectError(await freeTrial(owner.token, other.id), 409, "conflict", "profileId");
    });

    it("needs a verified e-mail address (403 naming email)", async () => {
      const { id, owner } = await namedDraft();
      const body = await expectError(
        await extendedTrial(owner.token, { profileId: id, acceptTerms: true }),
        403,
        "forbidden",
        "email",
      );
      expect(body.error.message).toMatch(/Verify your e-mail/);
      // Verified through the mailed link, it starts.
      expect((await verify(await mailedToken(owner))).status).toBe(200);
      expect((await extendedTrial(owner.token, { profileId: id, acceptTerms: true })).status).toBe(200);
    });

    it("needs the terms accepted (400 naming acceptTerms)", async () => {
      const owner = await verified();
      const { id } = await namedDraft(owner);
      await expectError(
        await extendedTrial(owner.token, { profileId: id }),
        400,
        "invalid_request",
        "acceptTerms",
      );
      await expectError(
        await extendedTrial(owner.token, { profileId: id, acceptTerms: false }),
        400,
        "invalid_request",
        "acceptTerms",
      );
    });

    it("is never given after a paid period: a paid order counts", async () => {
      const owner = await verified();
      const { id } = await namedDraft(owner);
      await db.update(profiles).set({ status: "expired" }).where(eq(profiles.id, id));
      await insertOrder(db, {
        profileId: id,
        customerUserId: owner.id,
        method: "card",
        plan: "monthly",
        amountOre: 4900,
      });
      const body = await expectError(
        await extendedTrial(owner.token, { profileId: id, acceptTerms: true }),
        409,
        "conflict",
        "profileId",
      );
      expect(body.error.message).toMatch(/paid for/);
      await expectError(await freeTrial(owner.token, id), 409, "conflict", "profileId");
    });

    it("lets only the owner start it", async () => {
      const { id } = await namedDraft();
      const other = await verified();
      await expectError(
        await extendedTrial(other.token, { profileId: id, acceptTerms: true }),
        403,
        "forbidden",
        "profileId",
      );
    });
  });
});
