// A lit candle changes the count a cached page shows. Announcing every candle would empty the cache
// at every one during a rush; instead the first candle of a page starts a short wait, and at its end
// one `profile_changed` notice reaches every process (candle counts lag by seconds, never minutes).
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";

/** How long a page's candles gather before its cached copies are dropped. */
export const candleAnnouncementDelayMs = 2000;

export function candleAnnouncer(db: Database, delayMs = candleAnnouncementDelayMs) {
  const waiting = new Map<string, ReturnType<typeof setTimeout>>();
  return {
    /** Schedules the page's one notice, unless one is waiting already. */
    lit(profileId: string): void {
      if (waiting.has(profileId)) return;
      const timer = setTimeout(() => {
        waiting.delete(profileId);
        // A failed notice (the database away) leaves the copy to expire on its own (5 minutes at most).
        db.execute(sql`select pg_notify('profile_changed', ${profileId})`).catch(() => undefined);
      }, delayMs);
      timer.unref();
      waiting.set(profileId, timer);
    },
    /** Sends what is waiting now (a process shutting down, a test). */
    async flush(): Promise<void> {
      const ids = [...waiting.keys()];
      for (const timer of waiting.values()) clearTimeout(timer);
      waiting.clear();
      for (const id of ids) await db.execute(sql`select pg_notify('profile_changed', ${id})`);
    },
  };
}

export type CandleAnnouncer = ReturnType<typeof candleAnnouncer>;
