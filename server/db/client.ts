// Opens the database: embedded PGlite in DATA_DIR by default, a PostgreSQL server when a URL is given.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** One raw connection, for work that must stay on a single session (migrations and their lock). */
export type RawConnection = {
  exec(sqlText: string): Promise<void>;
  query<Row>(sqlText: string, params?: unknown[]): Promise<Row[]>;
};

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

/** Stops one subscription; the connection stays open for the others until `close()`. */
export type Unlisten = () => Promise<void>;

export type DatabaseHandle = {
  db: Database;
  kind: "embedded" | "server";
  /** Runs work on one dedicated connection (the only one, for PGlite). */
  withConnection<T>(work: (connection: RawConnection) => Promise<T>): Promise<T>;
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel` committed by any connection or
   * process, from the moment the returned promise resolves. Channel names: lower-case identifiers.
   */
  listen(channel: string, onMessage: (payload: string) => void, options?: ListenOptions): Promise<Unlisten>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

const channelPattern = /^[a-z_][a-z0-9_]{0,62}$/;

function checkChannel(channel: string): void {
  // Channel names go into LISTEN as identifiers; only plain ones, so no quoting question arises.
  if (!channelPattern.test(channel)) throw new Error(`Not a channel name: ${JSON.stringify(channel)}`);
}

export type DatabaseTarget =
  | { url: string }
  /** `sharedBuffersMb`: the embedded database's page cache (default: `embeddedSharedBuffersMb`). */
  | { dataDir: string; sharedBuffersMb?: number }
  /** In memory; from `image` (a PGlite dumpDataDir tarball), if given, instead of running initdb. */
  | { memory: true; image?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ("url" in target) return openServer(target.url);
  if ("dataDir" in target) {
    const dataDir = path.resolve(target.dataDir, "pglite");
    // PGlite needs its folder to exist before it runs initdb there.
    await mkdir(dataDir, { recursive: true });
    return openEmbedded({
      dataDir,
      startParams: [
        ...PGlite.defaultStartParams,
        "-c",
        `shared_buffers=${target.sharedBuffersMb ?? embeddedSharedBuffersMb}MB`,
      ],
    });
  }
  return openEmbedded(target.image ? { loadDataDir: target.image } : {});
}

/**
 * The embedded database's page cache, in MB. PostgreSQL's default, 128 MB, is set up when the database
 * opens and so is resident from the start: 300 MB of memory before the first query, against 190 MB
 * with 32 MB. Pages beyond it come from the operating system's file cache, a little slower (20,000
 * random reads of an 80 MB table: 10 to 25 % longer, measured in the closing note of issue 15).
 */
export const embeddedSharedBuffersMb = 32;

/**
 * PGlite runs each statement synchronously on this thread, and hands its lock from one waiting caller
 * to the next as promises, so a busy moment ran every queued request's statements back to back
 * without the event loop turning: new connections, cached pages and timers waited, and a page render,
 * which needs several turns, waited seconds (10 s time-outs at 200 connections, issue 15). So the
 * statements (and whole transactions, which hold PGlite's lock) take turns, first come first served,
 * and after `sliceMs` of them the event loop gets a turn before the next one.
 */
export function createTurns(sliceMs = 10) {
  const waiting: (() => void)[] = [];
  let busy = false;
  let sliceStarted = 0;
  const startSlice = () =>
    setImmediate(() => {
      sliceStarted = performance.now();
      grantNext();
    });
  function grantNext(): void {
    const next = waiting.shift();
    if (next) next();
    else busy = false;
  }
  return async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (!busy) {
        busy = true;
        startSlice();
      }
    });
    try {
      return await work();
    } finally {
      if (performance.now() - sliceStarted < sliceMs) grantNext();
      else startSlice();
    }
  };
}

function takingTurns(client: PGlite): PGlite {
  const inTurn = createTurns();
  const { query, exec, transaction } = client;
  return Object.assign(client, {
    query: (...args: Parameters<typeof query>) => inTurn(() => query.apply(client, args)),
    exec: (...args: Parameters<typeof exec>) => inTurn(() => exec.apply(client, args)),
    transaction: (...args: Parameters<typeof transaction>) => inTurn(() => transaction.apply(client, args)),
  }) as PGlite;
}

async function openEmbedded(options: {
  dataDir?: string;
  loadDataDir?: Blob;
  startParams?: string[];
}): Promise<DatabaseHandle> {
  const client = takingTurns(await PGlite.create(options));
  const connection: RawConnection = {
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    query: async <Row>(sqlText: string, params?: unknown[]) =>
      (await client.query<Row>(sqlText, params)).rows,
  };
  let closed = false;
  return {
    db: drizzlePglite({ client, schema }) as unknown as Database,
    kind: "embedded",
    withConnection: (work) => work(connection),
    listen: async (channel, onMessage) => {
      checkChannel(channel);
      if (closed) throw new Error("The database is closed.");
      const unlisten = await client.listen(channel, onMessage);
      return async () => {
        if (!closed) await unlisten();
      };
    },
    ping: async () => {
      await client.query("select 1");
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

async function openServer(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on("error", () => {});
  const listener = createListener(url);
  let closed = false;
  return {
    db: drizzlePostgres({ client: pool, schema }) as unknown as Database,
    kind: "server",
    withConnection: async (work) => {
      const client = await pool.connect();
      try {
        return await work({
          exec: async (sqlText) => {
            await client.query(sqlText);
          },
          query: async <Row>(sqlText: string, params?: unknown[]) =>
            (await client.query(sqlText, params)).rows as Row[],
        });
      } finally {
        client.release();
      }
    },
    listen: (channel, onMessage, options) => listener.listen(channel, onMessage, options),
    ping: async () => {
      await pool.query("select 1");
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await listener.close();
      await pool.end();
    },
  };
}

type Subscriber = ListenOptions & { onMessage: (payload: string) => void };

/** Reconnection delays: doubling from the first to the last, each with up to half of it off at random. */
export const listenerBackoffMs = { first: 100, last: 10_000 };

/**
 * LISTEN on a PostgreSQL server needs a session of its own, kept open (a pooled connection would
 * go back to the pool and stop listening): one client per database handle, for every channel. When
 * it drops, it reconnects with backoff, LISTENs again, and tells every subscriber to reset.
 */
function createListener(url: string) {
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

/** A transaction, as Drizzle hands it to `db.transaction(...)`. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Where a query can run: the database, or a transaction in progress. */
export type Executor = Database | Transaction;
