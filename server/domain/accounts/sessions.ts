// Sessions: a bearer token for the holder, its SHA-256 in the database, expiring after 30 days unused.
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Role } from "../../../contract/auth";
import type { Database, Executor } from "../../db/client";
import { oncePerHandle } from "../../db/prepared";
import { sessions, users } from "../../db/schema";
import { newToken, tokenHash, type Viewer } from "../core";

export const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;
// Using a session moves its expiry; writing that on every request would cost a write per page.
const touchAfterMs = 60 * 1000;

/** A live session: its token (for the holder, once), expiry, and the user it stands for. */
export type ActiveSession = { id: string; token: string; expiresAt: Date; user: SessionUser };
/** The part of a Viewer a session knows of its user. */
export type SessionUser = Pick<Viewer, "id" | "email" | "roles">;

export async function createSession(
  db: Database,
  user: SessionUser,
  userAgent: string | null,
  now = new Date(),
): Promise<ActiveSession> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + sessionLifetimeMs);
  const [row] = await db
    .insert(sessions)
    .values({
      userId: user.id,
      tokenHash: tokenHash(token),
      createdAt: now,
      lastUsedAt: now,
      expiresAt,
      userAgent: userAgent?.slice(0, 500) ?? null,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error("session insert returned nothing");
  return { id: row.id, token, expiresAt, user };
}

// Read on every request that carries a session (each signed-in page and API call). `now` goes in as
// drizzle writes a timestamp column's value (an ISO string), which it does not do for a placeholder.
const sessionStatement = oncePerHandle((db: Database) =>
  db
    .select({
      id: sessions.id,
      expiresAt: sessions.expiresAt,
      lastUsedAt: sessions.lastUsedAt,
      userId: users.id,
      email: users.email,
      roles: users.roles,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder("now")),
      ),
    )
    .limit(1)
    .prepare("session_of_token"),
);

/**
 * The live session for a token: not revoked, not expired. Each use moves the expiry 30 days ahead
 * (written at most once a minute). `extend` forces the write, for an explicit refresh.
 */
export async function findSession(
  db: Database,
  token: string,
  { now = new Date(), extend = false }: { now?: Date; extend?: boolean } = {},
): Promise<ActiveSession | null> {
  if (!token || token.length > 200) return null;
  const [row] = await sessionStatement(db).execute({ tokenHash: tokenHash(token), now: now.toISOString() });
  if (!row) return null;
  let expiresAt = row.expiresAt;
  if (extend || now.getTime() - row.lastUsedAt.getTime() > touchAfterMs) {
    expiresAt = new Date(now.getTime() + sessionLifetimeMs);
    await db.update(sessions).set({ lastUsedAt: now, expiresAt }).where(eq(sessions.id, row.id));
  }
  return {
    id: row.id,
    token,
    expiresAt,
    user: { id: row.userId, email: row.email, roles: row.roles as Role[] },
  };
}

export async function revokeSession(db: Database, sessionId: string, now = new Date()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a user, except one (the one making the change) if given. */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  { except, now = new Date() }: { except?: string; now?: Date } = {},
): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        except ? ne(sessions.id, except) : sql`true`,
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}
