// Accounts: sign-up, sign-in, password changes and resets, the first admin, and the admin's user tool.
import { and, asc, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import type { AdminUser, Role } from "../../../contract/auth";
import type { Locale } from "../../../contract/locale";
import type { Database, Executor } from "../../db/client";
import { passwordResetTokens, profiles, users } from "../../db/schema";
import { audit, type RequestOrigin, refuse, newToken, tokenHash, type Actor, type Viewer } from "../core";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "./passwords";
import { revokeUserSessions, type SessionUser } from "./sessions";

export const resetTokenLifetimeMs = 60 * 60 * 1000;

type UserRow = typeof users.$inferSelect;

function toSessionUser(row: UserRow): SessionUser {
  return { id: row.id, email: row.email, roles: row.roles as Role[] };
}

/** Refuses a password that is the account's e-mail address (any case), naming the request field. */
function refuseEmailAsPassword(
  password: string,
  email: string,
  field: string,
  whose: "own" | "user's" = "own",
): void {
  if (password.trim().toLowerCase() === email.trim().toLowerCase()) {
    throw refuse(
      whose === "own" ? "account.password-is-email" : "account.password-is-users-email",
      {},
      { field },
    );
  }
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** The ids of the profiles a user owns, oldest first (the first is where "/" sends them). */
export async function ownedProfileIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.ownerUserId, userId))
    .orderBy(asc(profiles.createdAt), asc(profiles.id));
  return rows.map((row) => row.id);
}

export type SignUpOptions = {
  /** The new account's roles; a customer's by default. */
  roles?: Role[];
  /**
   * May this address sign up? Asked once the address is known to be free and the password is hashed,
   * so that a refusal (thrown) takes as long as a sign-up and tells nothing by its timing.
   */
  admit?: () => Promise<void>;
  /** More work in the sign-up's transaction, with the new user: joining an organisation, attribution. */
  onCreated?: (tx: Executor, user: SessionUser) => Promise<void>;
};

export async function signUp(
  db: Database,
  input: { email: string; password: string },
  origin: RequestOrigin,
  options: SignUpOptions = {},
): Promise<SessionUser> {
  const email = input.email.trim();
  refuseEmailAsPassword(input.password, email, "password");
  if (await findUserByEmail(db, email)) {
    throw refuse("account.email-taken");
  }
  const passwordHash = await hashPassword(input.password);
  await options.admit?.();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ email, passwordHash, roles: options.roles ?? ["customer"] })
      .onConflictDoNothing()
      .returning();
    // Two sign-ups with one address at once: the unique index lets only one through.
    if (!row) throw refuse("account.email-taken");
    await audit(tx, { action: "signup", actorUserId: row.id, targetUserId: row.id, ...origin });
    const user = toSessionUser(row);
    await options.onCreated?.(tx, user);
    return user;
  });
}

/** Checks the credentials; an unknown e-mail and a wrong password fail alike and take alike long. */
export async function logIn(
  db: Database,
  input: { email: string; password: string },
  origin: RequestOrigin,
): Promise<SessionUser> {
  const user = await findUserByEmail(db, input.email);
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstNothing(input.password);
  if (!user || !valid) {
    await audit(db, {
      action: "login.failure",
      targetUserId: user?.id ?? null,
      details: user ? {} : { unknownEmail: true },
      ...origin,
    });
    throw refuse("account.invalid-credentials");
  }
  await audit(db, { action: "login.success", actorUserId: user.id, targetUserId: user.id, ...origin });
  return toSessionUser(user);
}

/**
 * Puts a new password in place: every reset link still out stops working and every session ends,
 * except `keepSession` (the one making the change). Answers how many sessions ended.
 */
async function replacePassword(
  tx: Executor,
  {
    userId,
    passwordHash,
    keepSession,
    now = new Date(),
  }: { userId: string; passwordHash: string; keepSession?: string; now?: Date },
): Promise<number> {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  return revokeUserSessions(tx, userId, { except: keepSession, now });
}

export async function changePassword(
  db: Database,
  viewer: Pick<Viewer, "id" | "sessionId">,
  input: { currentPassword: string; newPassword: string },
  origin: RequestOrigin,
): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.id, viewer.id)).limit(1);
  if (!user) throw refuse("account.missing");
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw refuse("account.current-password-wrong");
  }
  refuseEmailAsPassword(input.newPassword, user.email, "newPassword");
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    // The session making the change stays; every other one ends.
    const revoked = await replacePassword(tx, {
      userId: user.id,
      passwordHash,
      keepSession: viewer.sessionId,
    });
    await audit(tx, {
      action: "password.change",
      actorUserId: user.id,
      targetUserId: user.id,
      details: { otherSessionsRevoked: revoked },
      ...origin,
    });
  });
}

export async function adminFetchUser(
  db: Database,
  actor: Actor,
  email: string,
  origin: RequestOrigin,
): Promise<AdminUser> {
  const user = await findUserByEmail(db, email);
  if (!user) throw refuse("account.email-unknown");
  await audit(db, { action: "admin.user_fetch", actorUserId: actor.id, targetUserId: user.id, ...origin });
  return {
    id: user.id,
    email: user.email,
    roles: user.roles as Role[],
    createdAt: user.createdAt.toISOString(),
    ownedProfiles: await ownedProfileIds(db, user.id),
  };
}

export async function adminSetPassword(
  db: Database,
  actor: Actor,
  input: { userId: string; password: string },
  origin: RequestOrigin,
): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.id, input.userId)).limit(1);
  if (!user) throw refuse("account.missing", {}, { field: "userId" });
  refuseEmailAsPassword(input.password, user.email, "password", "user's");
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const revoked = await replacePassword(tx, { userId: user.id, passwordHash });
    await audit(tx, {
      action: "admin.set_password",
      actorUserId: actor.id,
      targetUserId: user.id,
      details: { sessionsRevoked: revoked },
      ...origin,
    });
  });
}

/**
 * Makes a reset token (single use, one hour) when the address has an account, for the caller to
 * send; null otherwise, and the caller says nothing either way.
 */
export async function createPasswordReset(
  db: Database,
  email: string,
  origin: RequestOrigin,
  now = new Date(),
): Promise<{ email: string; token: string } | null> {
  const user = await findUserByEmail(db, email);
  if (!user) return null;
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({
      tokenHash: tokenHash(token),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + resetTokenLifetimeMs),
    });
    await audit(tx, { action: "password.reset_request", targetUserId: user.id, ...origin });
  });
  return { email: user.email, token };
}

/** Sets a new password with a reset token (single use, one hour) and ends every session. */
export async function resetPassword(
  db: Database,
  input: { token: string; password: string },
  origin: RequestOrigin,
  now = new Date(),
): Promise<void> {
  const hashed = tokenHash(input.token);
  const [found] = await db
    .select({ userId: passwordResetTokens.userId, email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashed),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1);
  const invalid = refuse("account.reset-link-invalid");
  if (!found) throw invalid;
  refuseEmailAsPassword(input.password, found.email, "password");
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    // Marking the token used is the guard: of two resets racing with one token, one wins.
    const used = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.tokenHash, hashed), isNull(passwordResetTokens.usedAt)))
      .returning({ userId: passwordResetTokens.userId });
    if (used.length === 0) throw invalid;
    const revoked = await replacePassword(tx, { userId: found.userId, passwordHash });
    await audit(tx, {
      action: "password.reset",
      actorUserId: found.userId,
      targetUserId: found.userId,
      details: { sessionsRevoked: revoked },
      ...origin,
    });
  });
}

export type FirstAdmin = { created: false } | { created: true; email: string; generatedPassword?: string };

/**
 * Makes sure an admin can sign in: ADMIN_EMAIL/ADMIN_PASSWORD create that admin when no user has the
 * address; with no admin at all and no such setting, admin@localhost gets a random password, which
 * the caller shows once (it is kept nowhere).
 */
export async function ensureFirstAdmin(
  db: Database,
  settings: { email?: string; password?: string },
): Promise<FirstAdmin> {
  const system: RequestOrigin = { ip: null, userAgent: "startup" };
  if (settings.email && settings.password) {
    if (await findUserByEmail(db, settings.email)) return { created: false };
    await createAdmin(db, settings.email, settings.password, system);
    return { created: true, email: settings.email };
  }
  const [anyAdmin] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`'admin' = any(${users.roles})`)
    .limit(1);
  if (anyAdmin) return { created: false };
  const email = "admin@localhost";
  const password = generatedPassword();
  const existing = await findUserByEmail(db, email);
  if (existing) {
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ roles: sql`array_append(${users.roles}, 'admin')` })
        .where(eq(users.id, existing.id));
      await replacePassword(tx, { userId: existing.id, passwordHash });
      await audit(tx, { action: "admin.bootstrap", targetUserId: existing.id, ...system });
    });
  } else {
    await createAdmin(db, email, password, system);
  }
  return { created: true, email, generatedPassword: password };
}

async function createAdmin(
  db: Database,
  email: string,
  password: string,
  origin: RequestOrigin,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ email, passwordHash, roles: ["customer", "admin"] })
      .returning({ id: users.id });
    await audit(tx, { action: "admin.bootstrap", targetUserId: row?.id ?? null, ...origin });
  });
}

/** A password made for an operator to type once and change: 20 URL-safe random characters. */
function generatedPassword(): string {
  return newToken().slice(0, 20);
}

/** The addresses of the admin accounts, for an operator who no longer knows which one is theirs. */
export async function adminEmails(db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(sql`'admin' = any(${users.roles})`)
    .orderBy(asc(users.email));
  return rows.map((row) => row.email);
}

/**
 * The way back in when a password is lost and no reset e-mail can reach its owner (`npm run
 * admin:reset-password`, run by the operator on the server): a new random password, returned once;
 * the account's sessions and reset links end. Null when no account has the address.
 */
export async function setGeneratedPassword(
  db: Database,
  email: string,
  origin: RequestOrigin,
): Promise<{ email: string; roles: Role[]; password: string } | null> {
  const user = await findUserByEmail(db, email);
  if (!user) return null;
  const password = generatedPassword();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const revoked = await replacePassword(tx, { userId: user.id, passwordHash });
    await audit(tx, {
      action: "password.console_reset",
      targetUserId: user.id,
      details: { sessionsRevoked: revoked },
      ...origin,
    });
  });
  return { email: user.email, roles: user.roles as Role[], password };
}

/** Keeps the language the account last used the site in: its e-mails are written in it. */
export async function rememberLocale(db: Executor, userId: string, locale: Locale): Promise<void> {
  await db
    .update(users)
    .set({ locale })
    .where(and(eq(users.id, userId), or(isNull(users.locale), ne(users.locale, locale))));
}
