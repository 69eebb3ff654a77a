// LISTEN/NOTIFY on a PostgreSQL server: one session of its own per database handle, kept open and
// reconnected with backoff. The embedded engine listens on its own client (./client.ts).
import pg from "pg";

export type ListenOptions = {
  /**
   * Notifications may have been missed: the listening connection was lost (called then) and is
   * back (called again once it listens anew). Drop everything kept on the strength of this channel.
   * Never called on the embedded database, which lives in this process.
   */
  onReset?: () => void;
  /** The listening connection failed or a reconnection attempt did; it keeps retrying. */
  onError?: (error: Error) => void;
};

const channelPattern = /^[a-z_][a-z0-9_]{0,62}$/;

export function checkChannel(channel: string): void {
  // Channel names go into LISTEN as identifiers; only plain ones, so no quoting question arises.
  if (!channelPattern.test(channel)) throw new Error(`Not a channel name: ${JSON.stringify(channel)}`);
}

type Subscriber = ListenOptions & { onMessage: (payload: string) => void };

/** Reconnection delays: doubling from the first to the last, each with up to half of it off at random. */
export const listenerBackoffMs = { first: 100, last: 10_000 };

/**
 * LISTEN on a PostgreSQL server needs a session of its own, kept open (a pooled connection would
 * go back to the pool and stop listening): one client per database handle, for every channel. When
 * it drops, it reconnects with backoff, LISTENs again, and tells every subscriber to reset.
 */
export function createListener(url: string) {
  const channels = new Map<string, Set<Subscriber>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let attempt = 0;
  let closed = false;

  const everyone = () => [...channels.values()].flatMap((set) => [...set]);
  const tell = (pick: (subscriber: Subscriber) => void) => {
    for (const subscriber of everyone()) {
      try {
        pick(subscriber);
      } catch {
        // A failing subscriber must not keep the others from hearing it.
      }
    }
  };

  async function connect(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true });
    next.on("notification", (message) => {
      for (const subscriber of channels.get(message.channel) ?? []) {
        try {
          subscriber.onMessage(message.payload ?? "");
        } catch {
          // as above
        }
      }
    });
    next.on("error", (error) => lost(next, error));
    next.on("end", () => lost(next, new Error("The listening connection ended.")));
    try {
      await next.connect();
      for (const channel of channels.keys()) await next.query(`LISTEN ${channel}`);
    } catch (error) {
      next.removeAllListeners("end");
      next.on("error", () => {});
      await next.end().catch(() => {});
      throw error;
    }
    return next;
  }

  function lost(which: pg.Client, error: Error): void {
    if (which !== client || closed) return;
    client = null;
    which.on("error", () => {});
    void which.end().catch(() => {});
    tell((subscriber) => subscriber.onError?.(error));
    tell((subscriber) => subscriber.onReset?.());
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (closed || retryTimer) return;
    const full = Math.min(listenerBackoffMs.last, listenerBackoffMs.first * 2 ** attempt);
    attempt += 1;
    retryTimer = setTimeout(
      () => {
        connecting = connect();
        connecting.then(
          async (next) => {
            retryTimer = null;
            connecting = null;
            if (closed) {
              await next.end().catch(() => {});
              return;
            }
            client = next;
            attempt = 0;
            tell((subscriber) => subscriber.onReset?.());
          },
          (error: unknown) => {
            retryTimer = null;
            connecting = null;
            tell((subscriber) =>
              subscriber.onError?.(error instanceof Error ? error : new Error(String(error))),
            );
            scheduleReconnect();
          },
        );
      },
      full * (1 - Math.random() / 2),
    );
    retryTimer.unref();
  }

  /**
   * The live connection. The first call connects, and fails (as do calls waiting with it) when it
   * cannot; while reconnecting, null: the new connection LISTENs to every channel once it is back.
   */
  function ready(): Promise<pg.Client | null> {
    if (client) return Promise.resolve(client);
    if (retryTimer) return connecting ? connecting.catch(() => null) : Promise.resolve(null);
    if (!connecting) {
      const attemptNow = connect();
      connecting = attemptNow;
      attemptNow.then(
        (next) => {
          client = next;
          connecting = null;
        },
        () => {
          connecting = null;
        },
      );
    }
    return connecting;
  }

  return {
    async listen(channel: string, onMessage: (payload: string) => void, options: ListenOptions = {}) {
      checkChannel(channel);
      if (closed) throw new Error("The database is closed.");
      const subscriber: Subscriber = { ...options, onMessage };
      const set = channels.get(channel) ?? new Set<Subscriber>();
      const first = set.size === 0;
      set.add(subscriber);
      channels.set(channel, set);
      const drop = () => {
        set.delete(subscriber);
        if (set.size === 0 && channels.get(channel) === set) channels.delete(channel);
      };
      try {
        const live = await ready();
        // LISTEN twice is harmless; a connection made meanwhile may have missed this channel.
        if (live && (first || live !== client)) await live.query(`LISTEN ${channel}`);
      } catch (error) {
        drop();
        throw error;
      }
      return async () => {
        if (!set.has(subscriber)) return;
        drop();
        if (!channels.has(channel) && client && !closed) {
          await client.query(`UNLISTEN ${channel}`).catch(() => {});
        }
      };
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      const open = client ?? (await connecting?.catch(() => null)) ?? null;
      client = null;
      channels.clear();
      if (open) {
        open.removeAllListeners("end");
        open.on("error", () => {});
        await open.end().catch(() => {});
      }
    },
  };
}
