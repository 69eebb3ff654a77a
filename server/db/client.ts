// Opens the database: embedded PGlite in DATA_DIR by default, a PostgreSQL server when a URL is given.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { openEmbeddedThread, type EmbeddedClient, type EmbeddedTransaction } from "./embedded-thread";
import { checkChannel, createListener, type ListenOptions } from "./listener";

export type { ListenOptions };
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** One raw connection, for work that must stay on a single session (migrations and their lock). */
export type RawConnection = {
  exec(sqlText: string): Promise<void>;
  query<Row>(sqlText: string, params?: unknown[]): Promise<Row[]>;
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
  /**
   * Its connections now, for the metrics: PostgreSQL's pool (open, idle, callers waiting for one), or
   * the embedded database's one connection (idle when no statement runs; waiting: statements queued).
   */
  connections(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
  /**
   * The embedded database only: runs `work` while no other statement or transaction of this process
   * runs (it takes its turn like one statement), on the raw connection and with PGlite's own dump of its
   * data folder, so what it reads and dumps is one consistent moment (backups, server/backup).
   */
  alone?<T>(work: (session: EmbeddedSession) => Promise<T>): Promise<T>;
};

/**
 * The embedded database while nothing else runs: its connection, its data folder as a tarball, and
 * that folder's path on disk (none in memory), whose files then do not change.
 */
export type EmbeddedSession = RawConnection & { dumpDataDir(): Promise<Blob>; dataDir?: string };

/** What the database reports as it works: each statement's time on its connection, in seconds. */
export type DatabaseObserver = { onStatement?: (seconds: number) => void };

export type DatabaseTarget =
  | { url: string }
  /** `sharedBuffersMb`: the embedded database's page cache (default: `embeddedSharedBuffersMb`). */
  | { dataDir: string; sharedBuffersMb?: number }
  /** In memory; from `image` (a PGlite dumpDataDir tarball), if given, instead of running initdb. */
  | { memory: true; image?: Blob };

export async function openDatabase(
  target: DatabaseTarget,
  observer: DatabaseObserver = {},
): Promise<DatabaseHandle> {
  if ("url" in target) return openServer(target.url, observer);
  if ("dataDir" in target) {
    const dataDir = path.resolve(target.dataDir, "pglite");
    // PGlite needs its folder to exist before it runs initdb there.
    await mkdir(dataDir, { recursive: true });
    return openEmbedded(
      {
        dataDir,
        startParams: [
          ...PGlite.defaultStartParams,
          "-c",
          `shared_buffers=${target.sharedBuffersMb ?? embeddedSharedBuffersMb}MB`,
        ],
      },
      observer,
    );
  }
  return openEmbedded(target.image ? { image: target.image } : {}, observer);
}

/**
 * The embedded database's page cache, in MB. PostgreSQL's default, 128 MB, is set up when the database
 * opens and so is resident from the start: 300 MB of memory before the first query, against 190 MB
 * with 32 MB. Pages beyond it come from the operating system's file cache, a little slower (20,000
 * random reads of an 80 MB table: 10 to 25 % longer, ADR 019).
 */
export const embeddedSharedBuffersMb = 32;

/**
 * PGlite has one connection, and handed its lock from one waiting caller to the next as promises, so a
 * busy moment ran every queued request's statements back to back without the event loop turning: new
 * connections, cached pages and timers waited, and a page render, which needs several turns, waited
 * seconds (10 s time-outs at 200 connections, ADR 019). So the statements (and whole transactions,
 * which hold PGlite's lock) take turns, first come first served, and after `sliceMs` of them the event
 * loop gets a turn before the next one. Since PGlite runs in a worker thread (ADR 048) a statement no
 * longer holds this thread, but the turns still give one connection to one caller at a time, in order.
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
  async function inTurn<T>(work: () => Promise<T>): Promise<T> {
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
  }
  /** Whether a statement runs now, and how many wait for their turn. */
  const state = () => ({ busy, waiting: waiting.length });
  return Object.assign(inTurn, { state });
}

/** `run` with its time handed to `onStatement`, whether it succeeds or fails. */
function timed<Args extends unknown[], Result>(
  run: (...args: Args) => Promise<Result>,
  onStatement: (seconds: number) => void,
): (...args: Args) => Promise<Result> {
  return async (...args) => {
    const started = performance.now();
    try {
      return await run(...args);
    } finally {
      onStatement((performance.now() - started) / 1000);
    }
  };
}

/** The embedded database's client with every statement and transaction in its turn, and timed. */
function takingTurns(
  client: EmbeddedClient,
  inTurn: ReturnType<typeof createTurns>,
  observer: DatabaseObserver,
): EmbeddedClient {
  const { onStatement } = observer;
  const time = <Args extends unknown[], Result>(run: (...args: Args) => Promise<Result>) =>
    onStatement ? timed(run, onStatement) : run;
  const query = time(client.query);
  const exec = time(client.exec);
  // Statements inside a transaction are timed one by one too (the transaction holds the turn).
  const timedTransaction = (tx: EmbeddedTransaction): EmbeddedTransaction =>
    onStatement
      ? {
          query: timed(tx.query, onStatement),
          exec: timed(tx.exec, onStatement),
          rollback: tx.rollback,
          get closed() {
            return tx.closed;
          },
        }
      : tx;
  return {
    query: (sqlText: string, params?: unknown[], options?: QueryOptions) =>
      inTurn(() => query(sqlText, params, options)),
    exec: (sqlText: string, options?: QueryOptions) => inTurn(() => exec(sqlText, options)),
    transaction: <T>(callback: (tx: EmbeddedTransaction) => Promise<T>) =>
      inTurn(() => client.transaction((tx) => callback(timedTransaction(tx)))),
  };
}

/**
 * Times every statement a pooled PostgreSQL connection runs: its query method wrapped once, when the
 * pool opens it. Both of pg's forms are timed (a promise, or a callback as the last argument, which
 * the pool's own query uses); a Submittable (a cursor or stream) is not: none is used.
 */
function timeStatements(client: pg.PoolClient, onStatement: (seconds: number) => void): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const first = args[0] as { submit?: unknown } | undefined;
    if (typeof first?.submit === "function") return query(...args);
    const started = performance.now();
    const done = () => onStatement((performance.now() - started) / 1000);
    const last = args.at(-1);
    if (typeof last === "function") {
      args[args.length - 1] = (...results: unknown[]) => {
        done();
        return (last as (...results: unknown[]) => unknown)(...results);
      };
      return query(...args);
    }
    const result = query(...args) as Promise<unknown>;
    result.then(done, done);
    return result;
  }) as typeof client.query;
}

async function openEmbedded(
  options: { dataDir?: string; image?: Blob; startParams?: string[] },
  observer: DatabaseObserver,
): Promise<DatabaseHandle> {
  const turns = createTurns();
  // In a worker thread of its own (ADR 048): a statement runs there, not on this thread.
  const embedded = await openEmbeddedThread(options);
  // Its own methods, for `alone` (which already holds the turn the wrapped ones would wait for).
  const raw = embedded.client;
  const client = takingTurns(raw, turns, observer);
  const rows = <Row>(results: Results<unknown>) => results.rows as Row[];
  const connection: RawConnection = {
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    query: async <Row>(sqlText: string, params?: unknown[]) => rows<Row>(await client.query(sqlText, params)),
  };
  let closed = false;
  return {
    // drizzle's pglite driver calls query (with rowMode and parsers) and transaction, and query and
    // exec on its tx: what the client forwards to the worker, so it stands in for PGlite here.
    db: drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Database,
    kind: "embedded",
    withConnection: (work) => work(connection),
    listen: async (channel, onMessage) => {
      checkChannel(channel);
      if (closed) throw new Error("The database is closed.");
      const unlisten = await embedded.listen(channel, onMessage);
      return async () => {
        if (!closed) await unlisten();
      };
    },
    ping: async () => {
      await client.query("select 1");
    },
    connections: () => {
      const { busy, waiting } = turns.state();
      return { total: 1, idle: busy ? 0 : 1, waiting };
    },
    alone: (work) =>
      turns(() =>
        work({
          exec: async (sqlText) => {
            await raw.exec(sqlText);
          },
          query: async <Row>(sqlText: string, params?: unknown[]) =>
            rows<Row>(await raw.query(sqlText, params)),
          dumpDataDir: () => embedded.dumpDataDir(),
          dataDir: options.dataDir,
        }),
      ),
    close: async () => {
      if (closed) return;
      closed = true;
      await embedded.close();
    },
  };
}

async function openServer(url: string, observer: DatabaseObserver): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on("error", () => {});
  const { onStatement } = observer;
  if (onStatement) pool.on("connect", (client) => timeStatements(client, onStatement));
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
    connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      if (closed) return;
      closed = true;
      await listener.close();
      await pool.end();
    },
  };
}

/** A transaction, as Drizzle hands it to `db.transaction(...)`. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Where a query can run: the database, or a transaction in progress. */
export type Executor = Database | Transaction;
