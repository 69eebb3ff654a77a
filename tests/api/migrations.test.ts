// The bundled migrations, on every test database engine: applied once, all or nothing, and safe when
// several processes start at once against one PostgreSQL server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";
import { bundledMigrations, migrate, type Migration } from "../../server/db/migrate";
import { postgresqlOnly, testEngines } from "../support/databases";

async function publicTables(handle: DatabaseHandle): Promise<string[]> {
  const rows = await handle.withConnection((connection) =>
    connection.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
    ),
  );
  return rows.map((row) => row.table_name);
}

async function recordedMigrations(handle: DatabaseHandle): Promise<string[]> {
  const rows = await handle.withConnection((connection) =>
    connection.query<{ name: string }>("select name from schema_migrations order by name"),
  );
  return rows.map((row) => row.name);
}

describe.each(testEngines())("migrations on $name", (engine) => {
  let created: Awaited<ReturnType<typeof engine.create>>;

  // One database for the file, migrated by the first test that needs it; the tests of failures use
  // their own migration names and tables. The multi-process cases make their own fresh databases.
  beforeAll(async () => {
    created = await engine.create();
  });
  afterAll(async () => {
    await created.drop();
  });

  it("the build bundles the migrations in journal order, starting with 0000_init", () => {
    const names = bundledMigrations().map((migration) => migration.name);
    expect(names[0]).toBe("0000_init");
    expect([...names].sort()).toEqual(names);
    for (const migration of bundledMigrations()) expect(migration.statements.length).toBeGreaterThan(0);
  });

  it("a fresh database gets every bundled migration, and a second run applies nothing", async () => {
    expect(await publicTables(created.handle)).toEqual([]);
    const bundled = bundledMigrations().map((migration) => migration.name);
    const applied = await migrate(created.handle);
    expect(applied).toEqual(bundled);
    expect(applied).toContain("0000_init");
    expect(await publicTables(created.handle)).toEqual(
      expect.arrayContaining(["schema_migrations", "sessions", "users"]),
    );
    expect(await recordedMigrations(created.handle)).toEqual([...bundled].sort());

    expect(await migrate(created.handle)).toEqual([]);
    expect(await recordedMigrations(created.handle)).toEqual([...bundled].sort());
  });

  it("the migrated schema enforces its rules (case-insensitive unique e-mail)", async () => {
    await migrate(created.handle);
    await created.handle.withConnection(async (connection) => {
      await connection.query("insert into users (email, password_hash) values ($1, 'x')", ["Ann@Example.se"]);
      await expect(
        connection.query("insert into users (email, password_hash) values ($1, 'x')", ["ann@example.se"]),
      ).rejects.toThrow(/users_email_lower_key/);
    });
  });

  it("a failing migration is rolled back entirely and named in the error", async () => {
    const good: Migration = { name: "9001_good", statements: ["create table probe_good (id int)"] };
    const broken: Migration = {
      name: "9002_broken",
      statements: ["create table probe_half (id int)", "alter table no_such_table add column x int"],
    };
    await expect(migrate(created.handle, [good, broken])).rejects.toThrow(/9002_broken/);

    const tables = await publicTables(created.handle);
    // Each migration is its own transaction: the earlier one stays, the broken one leaves nothing.
    expect(tables).toContain("probe_good");
    expect(tables).not.toContain("probe_half");
    expect(await recordedMigrations(created.handle)).not.toContain("9002_broken");
    expect(await recordedMigrations(created.handle)).toContain("9001_good");

    // Once fixed, the next start applies just the missing migration.
    const fixed: Migration = { name: "9002_broken", statements: ["create table probe_half (id int)"] };
    expect(await migrate(created.handle, [good, fixed])).toEqual(["9002_broken"]);
    expect(await publicTables(created.handle)).toContain("probe_half");
  });

  it("the connection stays usable after a failed migration (lock released, no open transaction)", async () => {
    const broken: Migration = { name: "9003_broken", statements: ["select * from no_such_table"] };
    await expect(migrate(created.handle, [broken])).rejects.toThrow(/Migration 9003_broken failed/);
    const advisoryLocks = await created.handle.withConnection((connection) =>
      // pg_locks lists the whole server's locks: those of this test's database only (other test files, run
      // in parallel on the same server, take advisory locks in their own databases).
      connection.query<{ n: number }>(
        `select count(*)::int as n from pg_locks
          where locktype = 'advisory'
            and database = (select oid from pg_database where datname = current_database())`,
      ),
    );
    expect(advisoryLocks).toEqual([{ n: 0 }]);
    // An aborted transaction left open would make every later statement fail.
    const next: Migration = { name: "9004_next", statements: ["create table probe_next (id int)"] };
    expect(await migrate(created.handle, [next])).toEqual(["9004_next"]);
    expect(await publicTables(created.handle)).toContain("probe_next");
  });

  it("0009 groups the pages made unclaimed before it into one batch per creating call and admin", async () => {
    const fresh = await engine.create();
    try {
      const all = bundledMigrations();
      const before = all.filter((migration) => migration.name < "0009");
      await migrate(fresh.handle, before);
      await fresh.handle.withConnection(async (connection) => {
        const [adminA, adminB, owner] = await Promise.all(
          ["a@example.se", "b@example.se", "owner@example.se"].map(async (email) => {
            const [row] = await connection.query<{ id: string }>(
              "insert into users (email, password_hash) values ($1, 'x') returning id",
              [email],
            );
            return row?.id;
          }),
        );
        // Two calls of admin A (three pages, then one), one of admin B at A's first moment, and a
        // page made for its owner, which is in no batch.
        const made: [string, string, string | undefined, string][] = [
          ["AAAAAAA1", "2026-01-05T10:00:00Z", adminA, "unclaimed"],
          ["AAAAAAA2", "2026-01-05T10:00:00Z", adminA, "unclaimed"],
          ["AAAAAAA3", "2026-01-05T10:00:00Z", adminA, "unclaimed"],
          ["AAAAAAA4", "2026-02-01T08:00:00Z", adminA, "unclaimed"],
          ["BBBBBBB1", "2026-01-05T10:00:00Z", adminB, "unclaimed"],
          ["CCCCCCC1", "2026-01-07T09:00:00Z", owner, "draft"],
        ];
        for (const [id, at, actor, status] of made) {
          await connection.query(
            "insert into profiles (id, status, owner_user_id, created_at) values ($1, $2, $3, $4)",
            [id, status, status === "draft" ? owner : null, at],
          );
          await connection.query(
            "insert into profile_status_history (profile_id, from_status, to_status, actor_user_id, reason_code) values ($1, null, $2, $3, 'created')",
            [id, status, actor],
          );
        }
        // A page claimed since keeps the batch it was printed in.
        await connection.query(
          "update profiles set status = 'draft', owner_user_id = $1 where id = 'AAAAAAA2'",
          [owner],
        );
      });
      await migrate(fresh.handle, all);
      const rows = await fresh.handle.withConnection((connection) =>
        connection.query<{ id: string; batch: string | null; count: number | null }>(
          `select p.id, p.batch_id as batch, b.count from profiles p
           left join profile_batches b on b.id = p.batch_id order by p.id`,
        ),
      );
      const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
      expect(byId.AAAAAAA1?.batch).toBeTruthy();
      expect(byId.AAAAAAA2?.batch).toBe(byId.AAAAAAA1?.batch);
      expect(byId.AAAAAAA3?.batch).toBe(byId.AAAAAAA1?.batch);
      expect(byId.AAAAAAA1?.count).toBe(3);
      expect(byId.AAAAAAA4?.count).toBe(1);
      expect(byId.AAAAAAA4?.batch).not.toBe(byId.AAAAAAA1?.batch);
      expect(byId.BBBBBBB1?.count).toBe(1);
      expect(byId.BBBBBBB1?.batch).not.toBe(byId.AAAAAAA1?.batch);
      expect(byId.CCCCCCC1?.batch).toBeNull();
      const batches = await fresh.handle.withConnection((connection) =>
        connection.query<{ n: number }>("select count(*)::int as n from profile_batches"),
      );
      expect(batches).toEqual([{ n: 3 }]);
    } finally {
      await fresh.drop();
    }
  });

  // Several processes against one server is the case the advisory lock exists for; PGlite has a
  // single connection per process, so this only applies to the PostgreSQL engine.
  postgresqlOnly(engine)(
    "two processes migrating one server at once apply each migration exactly once",
    async () => {
      const fresh = await engine.create();
      if (!fresh.url) throw new Error("the postgresql engine gives a URL");
      const second = await openDatabase({ url: fresh.url });
      try {
        const [first, other] = await Promise.all([migrate(fresh.handle), migrate(second)]);
        const bundled = bundledMigrations().map((migration) => migration.name);
        const all = [...first, ...other];
        expect(all.sort()).toEqual([...bundled].sort());
        expect(new Set(all).size).toBe(all.length);
        expect(await recordedMigrations(second)).toEqual([...bundled].sort());
        expect(await publicTables(second)).toEqual(expect.arrayContaining(["sessions", "users"]));
      } finally {
        await second.close();
        await fresh.drop();
      }
    },
  );

  postgresqlOnly(engine)("several processes at once run a non-repeatable migration once", async () => {
    if (!created.url) throw new Error("the postgresql engine gives a URL");
    const url = created.url;
    const migrations: Migration[] = [
      { name: "9101_counter", statements: ["create table probe_counter (n int)"] },
      { name: "9102_count", statements: ["insert into probe_counter values (1)"] },
      { name: "9103_slow", statements: ["select pg_sleep(0.2)", "insert into probe_counter values (2)"] },
    ];
    const others = await Promise.all([1, 2, 3].map(() => openDatabase({ url })));
    try {
      const results = await Promise.all(
        [created.handle, ...others].map((handle) => migrate(handle, migrations)),
      );
      expect(results.flat().sort()).toEqual(["9101_counter", "9102_count", "9103_slow"]);
      const rows = await created.handle.withConnection((connection) =>
        connection.query<{ n: number }>("select n from probe_counter order by n"),
      );
      expect(rows).toEqual([{ n: 1 }, { n: 2 }]);
    } finally {
      await Promise.all(others.map((handle) => handle.close()));
    }
  });
});
