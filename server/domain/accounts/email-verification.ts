// Verifying a user's e-mail address: a single-use link (24 hours, only its hash kept) sent to the
// signed-in user's address, and opening it marks the address verified. Asking is limited per user, so
// nobody can use the product to fill an inbox. Modelled on ./password-reset and ./accounts' reset
// tokens; unlike a reset, the asker is signed in, so the answer may say what happened.
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Locale } from "../../../contract/locale";
import { verificationLinkHours, verificationRequestsPerHour } from "../../../contract/trials";
import type { Database } from "../../db/client";
import { emailVerificationTokens, users } from "../../db/schema";
import { sendVerificationEmail } from "./emails";
import type { EmailSender } from "../../providers/email/types";
import { DomainError, consume, newToken, refuse, tokenHash, type Actor } from "../core";

export const verificationLifetimeMs = verificationLinkHours * 60 * 60 * 1000;

export type EmailVerificationDeps = { db: Database; email: EmailSender; publicUrl: string };

/**
 * Mails a verification link to the actor's address. Refuses an address already verified (409) and a
 * fourth request within the hour (429, with the wait).
 */
export async function requestEmailVerification(
  { db, email, publicUrl }: EmailVerificationDeps,
  actor: Pick<Actor, "id">,
  locale: Locale,
  now = new Date(),
): Promise<{ email: string }> {
  const [user] = await db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, actor.id))
    .limit(1);
  if (!user) throw refuse("account.missing");
  if (user.verifiedAt) throw refuse("account.verified-already");
  try {
    await consume(
      db,
      [{ key: `verify-email:user:${actor.id}`, max: verificationRequestsPerHour, windowSeconds: 3600 }],
      now,
    );
  } catch (error) {
    if (error instanceof DomainError && error.code === "rate_limited") {
      throw refuse(
        "account.verification-rate-limited",
        { max: verificationRequestsPerHour },
        { retryAfterSeconds: error.retryAfterSeconds },
      );
    }
    throw error;
  }
  const token = newToken();
  await db.insert(emailVerificationTokens).values({
    tokenHash: tokenHash(token),
    userId: actor.id,
    email: user.email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + verificationLifetimeMs),
  });
  await sendVerificationEmail(email, { to: user.email, token, publicUrl, locale });
  return { email: user.email };
}

/**
 * Marks the address the link was sent to verified. The link works once, for 24 hours, and only while
 * the account still has that address; otherwise invalid_token (400).
 */
export async function verifyEmail(
  db: Database,
  input: { token: string },
  now = new Date(),
): Promise<{ email: string }> {
  const hashed = tokenHash(input.token);
  const invalid = refuse("account.verification-link-invalid");
  return db.transaction(async (tx) => {
    // Marking the token used is the guard: of two clicks racing with one link, one wins.
    const [used] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerificationTokens.tokenHash, hashed),
          isNull(emailVerificationTokens.usedAt),
          gt(emailVerificationTokens.expiresAt, now),
        ),
      )
      .returning({ userId: emailVerificationTokens.userId, email: emailVerificationTokens.email });
    if (!used) throw invalid;
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: now })
      .where(and(eq(users.id, used.userId), eq(users.email, used.email)))
      .returning({ email: users.email });
    if (!user) throw invalid;
    return { email: user.email };
  });
}
