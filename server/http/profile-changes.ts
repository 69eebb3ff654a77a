// What a process keeps of a profile's page (its rendered HTML, server/http/page-cache.ts; its data,
// server/http/kept-pages.ts) is dropped when the profile changes: in this process at once, on the
// domain's committed `page.changed` event (server/effects.ts); from other processes, and from plain
// SQL, through the `profile_changed` notifications the profile triggers send (migration 0003 and on).
import type { DatabaseHandle } from "../db/client";
import type { Logger } from "../logger";

/** The database channel the profile triggers announce every change on (migration 0003). */
export const profileChangedChannel = "profile_changed";

/** Something kept per profile that a change drops. */
export type DroppedOnChange = {
  /** Drops what is kept of this profile. */
  invalidate(profileId: string): void;
  /** Drops everything. */
  clear(): void;
};

/**
 * Follows `profile_changed` on the database for `kept`; clears everything when the listener may have
 * missed some notifications. Answers the stop.
 */
export function followProfileChanges(
  database: Pick<DatabaseHandle, "listen">,
  kept: DroppedOnChange,
  { logger, what }: { logger?: Logger; what: string },
): Promise<() => Promise<void>> {
  return database.listen(profileChangedChannel, (profileId) => kept.invalidate(profileId), {
    onReset: () => {
      kept.clear();
      logger?.info(`${what} cleared: profile change notifications may have been missed`);
    },
    onError: (error) => logger?.warn({ err: error }, `${what}: the database listener failed; reconnecting`),
  });
}
