// Rate limits with fixed windows, counted in the database so every process shares them. A counter's
// key keeps the limit's name readable for operators, but whom it counts (a client's address, an
// e-mail, an id) only as a keyed hash: the table, and the backups that copy it, name nobody outright.
// (The key is the site's, in site_keys: someone holding a whole backup could still test a guessed
// address against it; the retention sweep drops counters after a day by default.)
import { createHmac } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rateLimitCounters } from "../../db/schema";
import type { DomainError } from "./errors";
import { refuse } from "./refuse";
import { siteKey } from "./site-keys";

/**
 * `key` is `name:subject` or `name:kind:subject`, where kind is one of `subjectKinds` (`login:ip:…`,
 * `reset:account:…`, `image-upload:…`); name and kind are stored as they are, the subject hashed.
 */
export type Limit = { key: string; max: number; windowSeconds: number };

/** One attempt counted: the counter's row, its count with this attempt, the seconds left in its window. */
export type Counted = {
  storedKey: string;
  windowStart: Date;
  count: number;
  over: boolean;
  retryAfter: number;
};

const subjectKinds = ["ip", "account", "user", "page", "pair"] as const;
// The kind is matched by name, not by shape: an IPv6 address is full of colons.
const keyParts = new RegExp(`^([^:]+:(?:(?:${subjectKinds.join("|")}):)?)([\\s\\S]+)$`);

/**
 * Whom a per-address limit counts: an IPv4 address as it is, an IPv6 address by its /64 network. A
 * home, an office or a phone is given a whole /64 and may take any address in it at will, so counting
 * single IPv6 addresses would let one client through every limit by changing its address.
 */
export function addressCounted(address: string): string {
  if (!address.includes(":") || address.includes(".")) return address;
  const [head = "", tail] = address.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === undefined || tail === "" ? [] : tail.split(":");
  const hextets =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  if (hextets.length !== 8 || !hextets.every((part) => /^[0-9a-f]{1,4}$/i.test(part))) return address;
  return `${hextets
    .slice(0, 4)
    .map((part) => Number.parseInt(part, 16).toString(16))
    .join(":")}::/64`;
}

/** The key as the database keeps it: the readable name (and kind), then the subject's keyed hash. */
export async function storedKey(db: Database, key: string): Promise<string> {
  const parts = keyParts.exec(key);
  if (!parts) return key; // A bare name counts nobody in particular.
  const [, readable = "", subject = ""] = parts;
  const hash = createHmac("sha256", await siteKey(db, "rate-limits"))
    .update(readable.endsWith(":ip:") ? addressCounted(subject) : subject)
    .digest("base64url");
  return `${readable}${hash}`;
}

export function rateLimited(retryAfterSeconds: number): DomainError {
  return refuse("request.too-many", {}, { retryAfterSeconds });
}

/** Counts one attempt against a limit (one upsert, so concurrent attempts are all counted). */
export async function countAttempt(db: Database, limit: Limit, now = new Date()): Promise<Counted> {
  const windowMs = limit.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const key = await storedKey(db, limit.key);
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  const count = row?.count ?? 0;
  const retryAfter = Math.max(Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000), 1);
  return { storedKey: key, windowStart, count, over: count > limit.max, retryAfter };
}

/** Takes back attempts that turned out not to count (a right password): in the windows they fell in. */
export async function refundAttempts(db: Database, counted: Counted[]): Promise<void> {
  for (const attempt of counted) {
    await db
      .update(rateLimitCounters)
      .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
      .where(
        and(
          eq(rateLimitCounters.key, attempt.storedKey),
          eq(rateLimitCounters.windowStart, attempt.windowStart),
        ),
      );
  }
}

/**
 * Counts one attempt against every limit; throws rate_limited (with the seconds to wait) when any
 * is over its maximum. Refused attempts count too.
 */
export async function consume(db: Database, limits: Limit[], now = new Date()): Promise<void> {
  let retryAfter = 0;
  for (const limit of limits) {
    const counted = await countAttempt(db, limit, now);
    if (counted.over) retryAfter = Math.max(retryAfter, counted.retryAfter);
  }
  if (retryAfter > 0) throw rateLimited(retryAfter);
}

/** Drops counters of windows that started before `olderThan`; answers how many (the retention sweep). */
export async function pruneRateLimits(db: Database, olderThan: Date): Promise<number> {
  const removed = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.windowStart, olderThan))
    .returning({ key: rateLimitCounters.key });
  return removed.length;
}
