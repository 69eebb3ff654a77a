// Sessions: hashed tokens, 30 days of life after the last use, revocation; on every test database engine.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { describeOnDatabases } from "../../../tests/support/api-fixture";
import { sessions, users } from "../../db/schema";
import {
  createSession,
  findSession,
  revokeSession,
  revokeUserSessions,
  sessionLifetimeMs,
  type SessionUser,
} from "./sessions";

const second = 1000;
const day = 24 * 60 * 60 * second;
const start = new Date(Date.UTC(2030, 0, 1, 12));
const after = (ms: number) => new Date(start.getTime() + ms);

describeOnDatabases("sessions", ({ db }) => {
  let user: SessionUser;
  let count = 0;

  beforeAll(async () => {
    user = await newUser();
  });

  async function newUser(): Promise<SessionUser> {
    count += 1;
    const [row] = await db
      .insert(users)
      .values({ email: `session-${count}@example.com`, passwordHash: "not-a-real-hash" })
      .returning();
    if (!row) throw new Error("no user");
    return { id: row.id, email: row.email, roles: ["customer"] };
  }

  it("lasts 30 days", () => {
    expect(sessionLifetimeMs).toBe(30 * day);
  });

  it("hands out a random token and keeps only its SHA-256", async () => {
    const session = await createSession(db, user, "Test agent", start);
    const other = await createSession(db, user, "Test agent", start);
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(other.token).not.toBe(session.token);
    expect(session.expiresAt).toEqual(after(30 * day));
    const [row] = await db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(row?.tokenHash).toBe(createHash("sha256").update(session.token).digest("hex"));
    expect(Object.values(row ?? {})).not.toContain(session.token);
    expect(row?.userAgent).toBe("Test agent");
  });

  it("ends 30 days after the last use", async () => {
    const session = await createSession(db, user, null, start);
    expect(await findSession(db, session.token, { now: after(30 * day + second) })).toBeNull();
    expect(await findSession(db, session.token, { now: after(30 * day) })).toBeNull();
  });

  it("is still good after 29 days unused, and that use gives it 30 more days", async () => {
    const session = await createSession(db, user, null, start);
    const found = await findSession(db, session.token, { now: after(29 * day) });
    expect(found).toMatchObject({ id: session.id, token: session.token, user });
    expect(found?.expiresAt).toEqual(after(59 * day));
    const [row] = await db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(row?.expiresAt).toEqual(after(59 * day));
    expect(row?.lastUsedAt).toEqual(after(29 * day));

    expect(await findSession(db, session.token, { now: after(59 * day - second) })).not.toBeNull();
    // That use moved it again, to 89 days; 30 days after it, it has ended.
    expect(await findSession(db, session.token, { now: after(89 * day) })).toBeNull();
  });

  it("writes the new expiry at most once a minute, unless asked to", async () => {
    const session = await createSession(db, user, null, start);
    const soon = await findSession(db, session.token, { now: after(30 * second) });
    expect(soon?.expiresAt).toEqual(after(30 * day));
    const forced = await findSession(db, session.token, { now: after(30 * second), extend: true });
    expect(forced?.expiresAt).toEqual(after(30 * day + 30 * second));
    const [row] = await db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(row?.expiresAt).toEqual(after(30 * day + 30 * second));
  });

  it("ends when revoked, alone or with all the user's others but one", async () => {
    const owner = await newUser();
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createSession(db, owner, null, start)));
    if (!a || !b || !c) throw new Error("no sessions");
    await revokeSession(db, a.id, after(second));
    expect(await findSession(db, a.token, { now: after(2 * second) })).toBeNull();
    expect(await findSession(db, b.token, { now: after(2 * second) })).not.toBeNull();

    expect(await revokeUserSessions(db, owner.id, { except: c.id, now: after(3 * second) })).toBe(1);
    expect(await findSession(db, b.token, { now: after(4 * second) })).toBeNull();
    expect(await findSession(db, c.token, { now: after(4 * second) })).not.toBeNull();
    expect(await revokeUserSessions(db, owner.id, { now: after(5 * second) })).toBe(1);
    expect(await findSession(db, c.token, { now: after(6 * second) })).toBeNull();
  });

  it("finds nothing for an empty, an unknown or an overlong token", async () => {
    await createSession(db, user, null, start);
    for (const token of ["", "unknown-token", "x".repeat(201)]) {
      expect(await findSession(db, token, { now: after(second) })).toBeNull();
    }
  });

  it("ends with its user", async () => {
    const owner = await newUser();
    const session = await createSession(db, owner, null, start);
    await db.delete(users).where(eq(users.id, owner.id));
    expect(await findSession(db, session.token, { now: after(second) })).toBeNull();
  });
});
