// Rate limits with fixed one-minute windows, counted in the database so every process shares them.
import { lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rateLimitCounters } from "../../db/schema";
import { DomainError } from "./errors";

export type Limit = { key: string; max: number; windowSeconds: number };

/**
 * Counts one attempt against every limit; throws rate_limited (with the seconds to wait) when any
 * is over its maximum. Each counter is one upsert, so concurrent attempts are all counted.
 */
export async function consume(db: Database, limits: Limit[], now = new Date()): Promise<void> {
  let retryAfter = 0;
  for (const limit of limits) {
    const windowMs = limit.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
    const [row] = await db
      .insert(rateLimitCounters)
      .values({ key: limit.key, windowStart, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimitCounters.key, rateLimitCounters.windowStart],
        set: { count: sql`${rateLimitCounters.count} + 1` },
      })
      .returning({ count: rateLimitCounters.count });
    if ((row?.count ?? 0) > limit.max) {
      const wait = Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000);
      retryAfter = Math.max(retryAfter, wait, 1);
    }
  }
  if (retryAfter > 0) {
    throw new DomainError("rate_limited", "Too many attempts. Try again in a minute.", undefined, retryAfter);
  }
}

/** Drops counters of windows that started before `olderThan`; answers how many (the retention sweep). */
export async function pruneRateLimits(db: Database, olderThan: Date): Promise<number> {
  const removed = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.windowStart, olderThan))
    .returning({ key: rateLimitCounters.key });
  return removed.length;
}
