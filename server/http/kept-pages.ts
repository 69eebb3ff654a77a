// A profile page's data as every viewer sees it (the profile, its videos, photos, first memories and
// candles), read once and kept in memory until the profile changes (ADR 047). The page cache keeps
// anonymous viewers' HTML; this keeps what an owner's, an editor's and every first render after a
// change read from the database: a dozen statements, half of such a render's time (the bench's split).
// The viewer's own parts (owner bar, editor rights) are never kept here: they are read per request.
//
// Dropped as the page cache is (server/http/profile-changes.ts): on the domain's committed
// `page.changed` event in this process, on `profile_changed` notifications from others; everything
// when notifications may have been missed; after a few minutes in any case (statuses change with
// time too). Nothing is kept until the notifications are followed: a change in another process could
// otherwise go unseen. Bounded in pages, least recently used first out.
import type { DatabaseHandle } from "../db/client";
import type { Logger } from "../logger";
import { followProfileChanges, type DroppedOnChange } from "./profile-changes";

export type KeptPagesOptions = {
  /** Most pages kept (default 2,000). */
  maxPages?: number;
  /** A page's data's life (default 5 min). */
  ttlMs?: number;
  /** The clock, for tests. */
  now?: () => number;
};

export type KeptPagesStats = { pages: number; hits: number; misses: number };

export type KeptPages = DroppedOnChange & {
  /**
   * What `read` answers for this profile's `part`: kept from an earlier call while the profile has
   * not changed since, else read (once for however many ask at the same time). The answer is frozen:
   * it is shared by every request that asks. A failed read is not kept, nor is an answer of null (no
   * such page: addresses anyone can make up must not fill the memory or push real pages out).
   */
  read<T>(profileId: string, part: string, read: () => Promise<T>): Promise<T>;
  /** Follows other processes' changes (and plain SQL's); answers the stop. */
  follow(database: Pick<DatabaseHandle, "listen">, logger?: Logger): Promise<() => Promise<void>>;
  stats(): KeptPagesStats;
};

type Page = {
  /** The page's parts, each a read in flight or done. */
  parts: Map<string, Promise<unknown>>;
  expiresAt: number;
};

/** Freezes a kept answer through and through, so no request can change what the next one is given. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export function createKeptPages(options: KeptPagesOptions = {}): KeptPages {
  const maxPages = options.maxPages ?? 2000;
  const ttlMs = options.ttlMs ?? 5 * 60 * 1000;
  const now = options.now ?? Date.now;
  // A Map keeps insertion order: the first key is the least recently used.
  const pages = new Map<string, Page>();
  let following = false;
  let hits = 0;
  let misses = 0;

  function pageOf(profileId: string): Page {
    const found = pages.get(profileId);
    if (found && found.expiresAt > now()) {
      // Most recently used goes last.
      pages.delete(profileId);
      pages.set(profileId, found);
      return found;
    }
    const page: Page = { parts: new Map(), expiresAt: now() + ttlMs };
    pages.delete(profileId);
    pages.set(profileId, page);
    for (const oldest of pages.keys()) {
      if (pages.size <= maxPages) break;
      pages.delete(oldest);
    }
    return page;
  }

  const kept: KeptPages = {
    read<T>(profileId: string, part: string, read: () => Promise<T>): Promise<T> {
      if (!following) return read();
      const page = pageOf(profileId);
      const found = page.parts.get(part);
      if (found) {
        hits += 1;
        return found as Promise<T>;
      }
      misses += 1;
      // Kept from the start, so those who ask meanwhile wait for this one read. A change while it
      // runs replaces the page (invalidate), so this answer, which may predate the change, is only
      // given to those who asked before it.
      const reading = read().then(deepFreeze);
      page.parts.set(part, reading);
      const forget = () => {
        if (page.parts.get(part) !== reading) return;
        page.parts.delete(part);
        if (page.parts.size === 0 && pages.get(profileId) === page) pages.delete(profileId);
      };
      reading.then((value) => {
        if (value === null || value === undefined) forget();
      }, forget);
      return reading;
    },
    invalidate(profileId) {
      pages.delete(profileId);
    },
    clear() {
      pages.clear();
    },
    async follow(database, logger) {
      const stop = await followProfileChanges(database, kept, { logger, what: "kept page data" });
      following = true;
      return async () => {
        following = false;
        pages.clear();
        await stop();
      };
    },
    stats: () => ({ pages: pages.size, hits, misses }),
  };
  return kept;
}
