// Asking for a password reset: quietly bounded, a single-use token made only when the address has an
// account, and the link e-mailed in the asker's language. The caller answers before calling this, so
// neither the answer nor its timing tells whether an address has an account; this says nothing either.
import type { Locale } from "../../../contract/locale";
import type { Database } from "../../db/client";
import { sendPasswordResetEmail } from "./emails";
import type { EmailSender } from "../../providers/email/types";
import { createPasswordReset } from "./accounts";
import { accountOf } from "./sign-in";
import { type RequestOrigin, DomainError, consume, type Limit } from "../core";

/** Links a minute are not the point: these bound what one address's inbox, or one client, can get. */
export const resetRequestLimits = { perAccountPerHour: 5, perClientPerHour: 20 } as const;

export type PasswordResetDeps = {
  db: Database;
  /** The e-mail provider (server/providers/email). */
  email: EmailSender;
  /** The site's address, for the link in the e-mail. */
  publicUrl: string;
};

function resetLimits(email: string, ip: string | null): Limit[] {
  const limits: Limit[] = [
    {
      key: `reset:account:${accountOf(email)}`,
      max: resetRequestLimits.perAccountPerHour,
      windowSeconds: 3600,
    },
  ];
  if (ip)
    limits.push({ key: `reset:ip:${ip}`, max: resetRequestLimits.perClientPerHour, windowSeconds: 3600 });
  return limits;
}

/**
 * Mails a reset link to the address if it has an account and neither it nor the client has asked too
 * often this hour. Resolves alike in every case (sent, unknown address, over the limit).
 */
export async function requestPasswordReset(
  { db, email, publicUrl }: PasswordResetDeps,
  input: { email: string; origin: RequestOrigin; locale: Locale; now?: Date },
): Promise<void> {
  const { origin, locale, now = new Date() } = input;
  try {
    await consume(db, resetLimits(input.email, origin.ip), now);
  } catch (error) {
    // Over the limit: nothing is sent, and nobody is told.
    if (error instanceof DomainError && error.code === "rate_limited") return;
    throw error;
  }
  const reset = await createPasswordReset(db, input.email, origin, now);
  if (!reset) return;
  await sendPasswordResetEmail(email, { to: reset.email, token: reset.token, publicUrl, locale });
}
