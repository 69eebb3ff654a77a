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

export type DatabaseHandle = {
  db: Database;
  kind: "embedded" | "server";
  /** Runs work on one dedicated connection (the only one, for PGlite). */
  withConnection<T>(work: (connection: RawConnection) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ("url" in target) return openServer(target.url);
  let dataDir: string | undefined;
  if ("dataDir" in target) {
    dataDir = path.resolve(target.dataDir, "pglite");
    // PGlite needs its folder to exist before it runs initdb there.
    await mkdir(dataDir, { recursive: true });
  }
  return openEmbedded(dataDir);
}

async function openEmbedded(dataDir: string | undefined): Promise<DatabaseHandle> {
  const client = await PGlite.create(dataDir ? { dataDir } : {});
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
    ping: async () => {
      await pool.query("select 1");
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** A transaction, as Drizzle hands it to `db.transaction(...)`. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Where a query can run: the database, or a transaction in progress. */
export type Executor = Database | Transaction;
