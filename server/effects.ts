// The app's one dispatcher of domain events (ADR 033): what each recorded event does in this process
// once its transaction has committed. Subscribed once per app, on its database, by createApp; the
// domain records events and never learns who acts on them.
import type { Database } from "./db/client";
import { onDomainEvents, type DomainEvent } from "./domain/core";
import type { PageCache } from "./http/page-cache";

export type EffectProviders = {
  /** This process's cached `/k/{id}` pages; other processes drop theirs on the database's NOTIFY. */
  pageCache?: PageCache;
};

function runEffect(event: DomainEvent, providers: EffectProviders): void {
  switch (event.type) {
    case "page.changed":
      // Dropped before the API's answer goes out, so the change's author never sees the old page.
      providers.pageCache?.invalidate(event.profileId);
      return;
  }
}

/** Subscribes the app's effects to `db`'s events. Answers the unsubscribe. */
export function dispatchDomainEvents(db: Database, providers: EffectProviders): () => void {
  return onDomainEvents(db, (event) => runEffect(event, providers));
}
