// The embedded database in its worker thread (ADR 048) behaves as PGlite on the app's own thread did:
// the same values and errors, through drizzle and the raw connection; transactions with savepoints
// and rollback; notifications across the thread; the data folder's dump. And what it is for: a long
// statement leaves this thread free.
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { messages, PGlite } from "@electric-sql/pglite";
import { DrizzleQueryError, eq, sql, TransactionRollbackError } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import {
  bigint,
  customType,
  date,
  integer,
  interval,
  json,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type Database, type DatabaseHandle } from "./client";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

const samples = pgTable("samples", {
  id: integer("id").primaryKey(),
  at: timestamp("at", { withTimezone: true }),
  atString: timestamp("at_string", { mode: "string" }),
  day: date("day"),
  dayDate: date("day_date", { mode: "date" }),
  span: interval("span"),
  amount: numeric("amount"),
  big: bigint("big", { mode: "bigint" }),
  doc: json("doc"),
  docb: jsonb("docb"),
  bytes: bytea("bytes"),
  tags: text("tags").array(),
  note: text("note"),
});

const createSamples = `create table samples (
  id integer primary key, at timestamptz, at_string timestamp, day date, day_date date, span interval,
  amount numeric, big bigint, doc json, docb jsonb, bytes bytea, tags text[], note text unique
)`;

const rows = [
  {
    id: 1,
    at: new Date("2026-03-01T12:34:56.789Z"),
    atString: "2026-03-01 12:34:56.789",
    day: "2026-02-28",
    dayDate: new Date("2026-02-28T00:00:00.000Z"),
    span: "1 year 2 mons 3 days 04:05:06",
    amount: "12345678901234567890.123456789",
    big: 9_007_199_254_740_993n,
    doc: { a: [1, "two", null], b: { c: true } },
    docb: { z: 1, y: [2.5] },
    bytes: new Uint8Array([0, 1, 2, 254, 255]),
    tags: ["a", "b,c", 'd"e'],
    note: "first",
  },
  {
    id: 2,
    at: null,
    atString: null,
    day: null,
    dayDate: null,
    span: null,
    amount: null,
    big: null,
    doc: null,
    docb: null,
    bytes: null,
    tags: null,
    note: null,
  },
];

async function image(name: "pgliteImage" | "pgliteMigratedImage" = "pgliteImage"): Promise<Blob> {
  return new Blob([new Uint8Array(await readFile(inject(name)))]);
}

/** What a promise rejects with. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("it did not reject");
}

describe("the embedded database in its worker thread", () => {
  let handle: DatabaseHandle;
  // PGlite on this thread, as the embedded database ran before: the reference for every value.
  let inThread: PGlite;
  let reference: Database;

  beforeAll(async () => {
    [handle, inThread] = await Promise.all([
      openDatabase({ memory: true, image: await image() }),
      PGlite.create({ loadDataDir: await image() }),
    ]);
    reference = drizzle({ client: inThread }) as unknown as Database;
    for (const db of [handle.db, reference]) {
      await db.execute(sql.raw(createSamples));
      await db.insert(samples).values(rows);
    }
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    await inThread?.close();
  });

  it("gives drizzle every kind of value as PGlite on this thread does", async () => {
    const read = (db: Database) => db.select().from(samples).orderBy(samples.id);
    const got = await read(handle.db);
    expect(got).toEqual(await read(reference));
    expect(got).toEqual(rows);
    const [first] = got;
    expect(first?.at).toBeInstanceOf(Date);
    expect(first?.dayDate).toBeInstanceOf(Date);
    expect(typeof first?.big).toBe("bigint");
    expect(first?.bytes).toBeInstanceOf(Uint8Array);
    // drizzle keeps timestamps, dates and intervals as PostgreSQL's text before its own mapping.
    const raw = async (db: Database) => {
      const result = await db.execute(sql`select at, at_string, day, span, amount from samples where id = 1`);
      return (result as unknown as { rows: Record<string, unknown>[] }).rows;
    };
    expect(await raw(handle.db)).toEqual(await raw(reference));
    expect((await raw(handle.db))[0]).toMatchObject({
      at: "2026-03-01 12:34:56.789+00",
      span: "1 year 2 mons 3 days 04:05:06",
      amount: "12345678901234567890.123456789",
    });
  });

  it("gives the raw connection PGlite's own parsed values", async () => {
    const statement = "select * from samples order by id";
    const got = await handle.withConnection((connection) => connection.query(statement));
    expect(got).toEqual((await inThread.query(statement)).rows);
    const [first] = got as Record<string, unknown>[];
    expect(first?.at).toBeInstanceOf(Date);
    expect(first?.bytes).toBeInstanceOf(Uint8Array);
    expect(first?.doc).toEqual(rows[0]?.doc);
  });

  it("passes parameters of every kind", async () => {
    const statement =
      "select $1::timestamptz as at, $2::bytea as bytes, $3::jsonb as doc, $4::int8 as big, $5::text[] as tags, $6::text as none";
    const params = [rows[0]?.at, rows[0]?.bytes, JSON.stringify(rows[0]?.doc), 42n, ["x", "y"], null];
    const got = await handle.withConnection((connection) => connection.query(statement, params));
    expect(got).toEqual((await inThread.query(statement, params)).rows);
  });

  it("throws PostgreSQL's errors with their fields, behind DrizzleQueryError as before", async () => {
    const duplicate = (db: Database) => db.insert(samples).values({ id: 3, note: "first" });
    const error = await rejection(duplicate(handle.db));
    const expected = await rejection(duplicate(reference));
    expect(error).toBeInstanceOf(DrizzleQueryError);
    const cause = (error as DrizzleQueryError).cause;
    expect(cause).toBeInstanceOf(messages.DatabaseError);
    const fields = (from: unknown) => {
      const { code, detail, constraint, table, column, severity, message, schema, name, routine } =
        from as messages.DatabaseError;
      return { code, detail, constraint, table, column, severity, message, schema, name, routine };
    };
    expect(fields(cause)).toEqual(fields((expected as DrizzleQueryError).cause));
    expect(fields(cause)).toMatchObject({
      code: "23505",
      constraint: "samples_note_key",
      table: "samples",
      severity: "ERROR",
      detail: "Key (note)=(first) already exists.",
    });
    // PGlite's additions: the statement and its parameters.
    expect(cause).toMatchObject({ query: expect.stringContaining("insert into") as unknown });

    const syntax = await rejection(handle.withConnection((connection) => connection.query("selec 1")));
    expect(syntax).toBeInstanceOf(messages.DatabaseError);
    expect(syntax).toMatchObject({
      code: "42601",
      position: "1",
      message: 'syntax error at or near "selec"',
    });
    const notNull = await rejection(
      handle.withConnection((connection) => connection.exec("insert into samples (id) values (null)")),
    );
    expect(notNull).toMatchObject({ code: "23502", column: "id", table: "samples" });
  });

  it("commits a transaction, and rolls one back when its callback throws", async () => {
    await handle.db.transaction(async (tx) => {
      await tx.insert(samples).values({ id: 10, note: "committed" });
    });
    const thrown = new Error("changed my mind");
    const error = await rejection(
      handle.db.transaction(async (tx) => {
        await tx.insert(samples).values({ id: 11, note: "rolled back" });
        expect(await tx.select({ id: samples.id }).from(samples).where(eq(samples.id, 11))).toHaveLength(1);
        throw thrown;
      }),
    );
    expect(error).toBe(thrown);
    // drizzle's tx.rollback() too.
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(samples).values({ id: 12 });
        tx.rollback();
      }),
    ).rejects.toBeInstanceOf(TransactionRollbackError);
    // A failing statement aborts the transaction; its error comes out and nothing is kept.
    const failed = await rejection(
      handle.db.transaction(async (tx) => {
        await tx.insert(samples).values({ id: 13 });
        await tx.insert(samples).values({ id: 13 });
      }),
    );
    expect((failed as DrizzleQueryError).cause).toMatchObject({ code: "23505" });
    const ids = await handle.db
      .select({ id: samples.id })
      .from(samples)
      .where(sql`${samples.id} >= 10`);
    expect(ids.map((row) => row.id)).toEqual([10]);
  });

  it("nests transactions as savepoints: an inner one rolls back alone", async () => {
    const result = await handle.db.transaction(async (tx) => {
      await tx.insert(samples).values({ id: 20 });
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(samples).values({ id: 21 });
          await inner.transaction(async (innermost) => {
            await innermost.insert(samples).values({ id: 22 });
          });
          throw new Error("inner only");
        }),
      ).rejects.toThrow("inner only");
      await tx.transaction(async (inner) => {
        await inner.insert(samples).values({ id: 23 });
      });
      return "done";
    });
    expect(result).toBe("done");
    const ids = await handle.db
      .select({ id: samples.id })
      .from(samples)
      .where(sql`${samples.id} between 20 and 29`)
      .orderBy(samples.id);
    expect(ids.map((row) => row.id)).toEqual([20, 23]);
  });

  it("takes turns: a statement outside a transaction waits for it to end", async () => {
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = handle.db.transaction(async (tx) => {
      await tx.insert(samples).values({ id: 30 });
      order.push("in transaction");
      await held;
      order.push("transaction ends");
    });
    while (!order.length) await new Promise((resolve) => setTimeout(resolve, 5));
    const outside = handle.db
      .select({ id: samples.id })
      .from(samples)
      .where(eq(samples.id, 30))
      .then((found) => order.push(`outside saw ${found.length}`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(handle.connections()).toEqual({ total: 1, idle: 0, waiting: 1 });
    release();
    await Promise.all([transaction, outside]);
    expect(order).toEqual(["in transaction", "transaction ends", "outside saw 1"]);
  });

  it("delivers notifications across the thread, to each subscriber until it unlistens", async () => {
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = await handle.listen("thread_channel", (payload) => first.push(payload));
    const stopSecond = await handle.listen("thread_channel", (payload) => second.push(payload));
    // A subscriber that throws keeps no one else from hearing.
    const stopThrowing = await handle.listen("thread_channel", () => {
      throw new Error("a bad subscriber");
    });
    await handle.db.execute(sql`select pg_notify('thread_channel', 'one')`);
    // Committed with the transaction, not before.
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('thread_channel', 'two')`);
      expect(first).toEqual(["one"]);
    });
    await stopFirst();
    await handle.db.execute(sql`select pg_notify('thread_channel', 'three')`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(first).toEqual(["one", "two"]);
    expect(second).toEqual(["one", "two", "three"]);
    await stopSecond();
    await stopThrowing();
  });

  it("leaves this thread free while a long statement runs", async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 10);
    try {
      const started = performance.now();
      await handle.withConnection((connection) =>
        connection.query("select count(*) from generate_series(1, 3000000)"),
      );
      const tookMs = performance.now() - started;
      // On this thread the statement held it: the timer could not fire until it ended.
      expect(tookMs).toBeGreaterThan(150);
      expect(ticks).toBeGreaterThan(tookMs / 10 / 3);
    } finally {
      clearInterval(timer);
    }
  });

  it("refuses a parser that does not keep the text: it cannot cross to the worker", async () => {
    // The client drizzle was given: it stands in for PGlite.
    const pglite = (handle.db as unknown as { $client: PGlite }).$client;
    await expect(
      pglite.query("select 1", [], { parsers: { 23: (value) => Number(value) * 2 } }),
    ).rejects.toThrow(/parser for type 23 cannot run/);
  });

  it("dumps its data folder, which opens again as a database", async () => {
    const alone = handle.alone as NonNullable<DatabaseHandle["alone"]>;
    const dump = await alone((session) => session.dumpDataDir());
    expect(dump.size).toBeGreaterThan(1_000_000);
    const copy = await openDatabase({ memory: true, image: dump });
    try {
      const found = await copy.db.select({ id: samples.id }).from(samples).where(eq(samples.id, 1));
      expect(found).toEqual([{ id: 1 }]);
    } finally {
      await copy.close();
    }
  });
});

describe("the worker thread's life", () => {
  it("a closed database refuses statements, also once its worker serves another database", async () => {
    const first = await openDatabase({ memory: true, image: await image() });
    await first.withConnection((connection) => connection.exec("create table only_in_first (n int)"));
    await first.close();
    const second = await openDatabase({ memory: true, image: await image() });
    try {
      await expect(first.ping()).rejects.toThrow(/closed/);
      await expect(first.withConnection((c) => c.query("select 1"))).rejects.toThrow(/closed/);
      await expect(first.listen("anything", () => {})).rejects.toThrow(/closed/);
      const [row] = await second.withConnection((connection) =>
        connection.query<{ found: string | null }>("select to_regclass('only_in_first')::text as found"),
      );
      expect(row?.found).toBeNull();
    } finally {
      await second.close();
    }
  });

  it("keeps the process alive only while a statement is in flight: a script that never closes its database ends", async () => {
    // From source, as a script run with tsx would (the worker compiled from its TypeScript). PGlite on
    // the app's thread kept such a script running for ever; a worker that did would too.
    const script = `
      import { readFile } from "node:fs/promises";
      import { openDatabase } from "./server/db/client.ts";
      const image = new Blob([new Uint8Array(await readFile(process.argv[1]))]);
      const database = await openDatabase({ memory: true, image });
      const rows = await database.withConnection((c) => c.query("select 41 + 1 as n"));
      console.log(JSON.stringify(rows));
    `;
    const root = path.resolve(import.meta.dirname, "../..");
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script, inject("pgliteImage")],
      {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(err).toBe("");
    expect(out.trim()).toBe('[{"n":42}]');
    expect(code).toBe(0);
  }, 60_000);
});
