// `npm run admin:reset-password -- <e-mail>`: a new password for a lost admin, on every engine.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/client";
import { migrate } from "../../server/db/migrate";
import { auditLog } from "../../server/db/schema";
import { ensureFirstAdmin, logIn, createSession, findSession } from "../../server/domain/accounts";
import { DomainError } from "../../server/domain/core";
import { resetPasswordCommand } from "../../server/reset-password";
import { testEngines } from "../support/databases";

describe.each(testEngines())("admin:reset-password on $name", (engine) => {
  let created: Awaited<ReturnType<typeof engine.create>>;
  let db: Database;
  const origin = { ip: null, userAgent: "test" };

  beforeAll(async () => {
    created = await engine.create();
    await migrate(created.handle);
    db = created.handle.db;
    await ensureFirstAdmin(db, { email: "boss@example.com", password: "the-lost-password-1" });
  });
  afterAll(async () => {
    await created?.drop();
  });

  it("sets a new password, prints it once, and ends the old sessions", async () => {
    const user = await logIn(db, { email: "boss@example.com", password: "the-lost-password-1" }, origin);
    const session = await createSession(db, user, "test");

    const result = await resetPasswordCommand(db, ["Boss@Example.com"]);
    expect(result.code).toBe(0);
    expect(result.err).toEqual([]);
    expect(result.out[0]).toBe("New password for boss@example.com (customer, admin):");
    const password = result.out.map((line) => /^ {2}(\S{20})$/.exec(line)?.[1]).find(Boolean) ?? "";
    expect(password).toHaveLength(20);

    expect((await logIn(db, { email: "boss@example.com", password }, origin)).email).toBe("boss@example.com");
    await expect(
      logIn(db, { email: "boss@example.com", password: "the-lost-password-1" }, origin),
    ).rejects.toBeInstanceOf(DomainError);
    expect(await findSession(db, session.token)).toBeNull();
    const audited = await db.select().from(auditLog).where(eq(auditLog.action, "password.console_reset"));
    expect(audited).toHaveLength(1);
    expect(audited[0]?.targetUserId).toBe(user.id);

    // Each run gives a different password.
    const again = await resetPasswordCommand(db, ["boss@example.com"]);
    expect(again.out.join("\n")).not.toContain(password);
  });

  it("refuses an unknown address and names the admin accounts", async () => {
    expect(await resetPasswordCommand(db, ["nobody@example.com"])).toEqual({
      code: 1,
      out: [],
      err: ["No account has the address nobody@example.com.", "Admin accounts: boss@example.com."],
    });
  });

  it("without an address shows how to use it", async () => {
    const result = await resetPasswordCommand(db, []);
    expect(result.code).toBe(2);
    expect(result.err).toEqual([
      "Usage: npm run admin:reset-password -- <e-mail>",
      "Admin accounts: boss@example.com.",
    ]);
  });
});
