// The first admin, and sign-in timing; on every test database engine.
import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { call, medianRatio } from "../../../tests/support/accounts";
import { describeOnEngines } from "../../../tests/support/api-fixture";
import { auditLog, users } from "../../db/schema";
import { ensureFirstAdmin, logIn } from "./accounts";
import { DomainError } from "../core";
import { hashPassword } from "./passwords";
import { createSession, findSession } from "./sessions";

describeOnEngines("accounts", ({ app, db, accounts }) => {
  const origin = { ip: null, userAgent: "test" };
  const admins = () =>
    db
      .select({ email: users.email })
      .from(users)
      .where(sql`'admin' = any(${users.roles})`);

  describe("ensureFirstAdmin", () => {
    // Every user goes, the fixture's admin and customer too: these tests start from no admin at all.
    beforeEach(async () => {
      await db.delete(users);
    });

    it("with ADMIN_EMAIL and ADMIN_PASSWORD creates that admin once", async () => {
      const settings = { email: "boss@example.com", password: "boss-password-1" };
      expect(await ensureFirstAdmin(db, settings)).toEqual({ created: true, email: "boss@example.com" });
      expect(await ensureFirstAdmin(db, settings)).toEqual({ created: false });
      expect(await admins()).toEqual([{ email: "boss@example.com" }]);
      const [row] = await db.select().from(users).where(eq(users.email, "boss@example.com"));
      expect(row?.roles).toEqual(["customer", "admin"]);

      const session = await accounts.logIn("boss@example.com", "boss-password-1");
      const check = await call(app, "/api/admin/check", { bearer: session.access_token });
      expect(await check.json()).toEqual({ admin: true });
      // With an admin there, the no-settings path leaves everything as it is.
      expect(await ensureFirstAdmin(db, {})).toEqual({ created: false });
      expect(await admins()).toHaveLength(1);
    });

    it("without settings and with no admin, creates admin@localhost with a generated password", async () => {
      await accounts.signUp(); // a customer does not count
      const first = await ensureFirstAdmin(db, {});
      if (!first.created) throw new Error("expected an admin to be created");
      expect(first.email).toBe("admin@localhost");
      expect(first.generatedPassword?.length).toBeGreaterThanOrEqual(10);
      const password = accounts.secret(first.generatedPassword ?? "");

      // The password is the admin's, and it signs in through the API like any other.
      const admin = await logIn(db, { email: "admin@localhost", password }, origin);
      expect(admin.roles).toEqual(["customer", "admin"]);
      const signIn = await call(app, "/api/auth/login", {
        json: { type: "email", email: "admin@localhost", password },
      });
      expect(signIn.status).toBe(200);

      expect(await ensureFirstAdmin(db, {})).toEqual({ created: false });
      expect(await admins()).toEqual([{ email: "admin@localhost" }]);
      const bootstraps = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "admin.bootstrap"), eq(auditLog.targetUserId, admin.id)));
      expect(bootstraps).toHaveLength(1);
      expect(JSON.stringify(bootstraps)).not.toContain(password);
    });

    it("does nothing when an admin exists", async () => {
      const admin = await accounts.admin();
      const before = await db.select().from(users);
      expect(await ensureFirstAdmin(db, {})).toEqual({ created: false });
      expect(await db.select().from(users)).toEqual(before);
      expect(await accounts.logInStatus(admin.email, admin.password)).toBe(200);
    });

    it("makes an existing customer admin@localhost the admin, with a new password, ending its sessions", async () => {
      const [row] = await db
        .insert(users)
        .values({ email: "admin@localhost", passwordHash: await hashPassword("old-password-1") })
        .returning();
      if (!row) throw new Error("no user");
      const session = await createSession(db, { id: row.id, email: row.email, roles: ["customer"] }, null);

      const result = await ensureFirstAdmin(db, {});
      if (!result.created) throw new Error("expected an admin to be made");
      const password = accounts.secret(result.generatedPassword ?? "");
      expect(await findSession(db, session.token)).toBeNull();
      await expect(
        logIn(db, { email: "admin@localhost", password: "old-password-1" }, origin),
      ).rejects.toThrow(DomainError);
      expect((await logIn(db, { email: "admin@localhost", password }, origin)).roles).toEqual([
        "customer",
        "admin",
      ]);
    });
  });

  describe("logIn", () => {
    it("takes alike long for an unknown e-mail and a wrong password", async () => {
      const account = await accounts.signUp();
      const attempt = async (email: string) => {
        const started = performance.now();
        const error: unknown = await logIn(db, { email, password: "a wrong password" }, origin).catch(
          (reason: unknown) => reason,
        );
        const elapsed = performance.now() - started;
        expect(error).toBeInstanceOf(DomainError);
        expect((error as DomainError).code).toBe("invalid_credentials");
        return elapsed;
      };
      // Warm up both paths (the stand-in hash for unknown addresses is made on first use).
      await attempt("nobody@example.com");
      await attempt(account.email);
      let unknownCount = 0;
      const ratio = await medianRatio(
        () => attempt(account.email),
        () => attempt(`nobody-${(unknownCount += 1)}@example.com`),
      );
      expect(ratio).toBeGreaterThan(0.5);
      expect(ratio).toBeLessThan(2);
    });
  });
});
