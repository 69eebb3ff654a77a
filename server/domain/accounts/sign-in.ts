// Signing in with a password, bounded so that guessing is slow while nobody can lock anyone else out.
// Wrong passwords count per account and client address: a stranger's guesses use up their own
// address's tries, never the owner's. An account guessed at from many addresses (more wrong passwords
// this minute than one address may send) gives each address three tries a minute at it instead of
// ten: enough for an owner's typos, a third of what a guesser had; a right password from an address
// that has not failed three times is always let in.
import type { Database } from "../../db/client";
import { DomainError, consume, countAttempt, rateLimited, refundAttempts, type RequestOrigin } from "../core";
import { logIn } from "./accounts";
import type { SessionUser } from "./sessions";

/** Sign-in attempts (right or wrong, any account) a minute from one address; also sign-ups'. */
export const signInLimitPerMinute = 10;

/** Wrong passwords a minute for one account, from all addresses together, before it counts as guessed at. */
export const accountFailuresPerMinute = 10;

/** Tries a minute at an account that is guessed at, from one address (its owner may mistype twice). */
export const failuresPerAddressWhileGuessedAt = 3;

/** The account an e-mail address names, whatever its case or the spaces around it. */
export function accountOf(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Checks the password within the limits and answers the user; rate_limited when this address has
 * tried too often, invalid_credentials for a wrong password or an unknown address.
 */
export async function signIn(
  db: Database,
  input: { email: string; password: string },
  origin: RequestOrigin,
  now = new Date(),
): Promise<SessionUser> {
  const account = accountOf(input.email);
  // Requests made in-process (tests, tools) have no address: they share one.
  const address = origin.ip ?? "unknown";
  if (origin.ip) {
    await consume(db, [{ key: `login:ip:${origin.ip}`, max: signInLimitPerMinute, windowSeconds: 60 }], now);
  }
  // Counted before the password is checked (and taken back if it is right), so that simultaneous
  // guesses each see the ones before them.
  const fromHere = await countAttempt(
    db,
    // An e-mail address has no spaces, so the pair is unambiguous.
    { key: `login:pair:${account} ${address}`, max: signInLimitPerMinute, windowSeconds: 60 },
    now,
  );
  const fromAnywhere = await countAttempt(
    db,
    { key: `login:account:${account}`, max: accountFailuresPerMinute, windowSeconds: 60 },
    now,
  );
  const allowed = fromAnywhere.over ? failuresPerAddressWhileGuessedAt : signInLimitPerMinute;
  if (fromHere.count > allowed) throw rateLimited(fromHere.retryAfter);
  try {
    const user = await logIn(db, input, origin);
    await refundAttempts(db, [fromHere, fromAnywhere]);
    return user;
  } catch (error) {
    // Only a wrong password counts; a failure of ours (the database away) does not.
    if (!(error instanceof DomainError && error.code === "invalid_credentials")) {
      // Best effort: the error to answer with is the one that stopped the sign-in.
      await refundAttempts(db, [fromHere, fromAnywhere]).catch(() => undefined);
    }
    throw error;
  }
}
