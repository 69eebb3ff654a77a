// Migration 0016 on a database that has lived under 0015, on every engine: the names of
// candles lit before it stay shown (new ones wait), and a memory's open reports from many addresses
// become its one open report, counting them; decided reports stay as they were.
import { expect, it } from "vitest";
import { bundledMigrations, migrate } from "../../server/db/migrate";
import { describeOnDatabases } from "../support/api-fixture";

describeOnDatabases("migration 0016", { migrate: false }, ({ handle }) => {
  it("keeps earlier candle names shown and merges a memory's open reports into one", async () => {
    const all = bundledMigrations();
    const at = all.findIndex((migration) => migration.name.startsWith("0016_"));
    expect(at).toBeGreaterThan(0);
    await migrate(handle, all.slice(0, at));

    await handle.withConnection(async (connection) => {
      await connection.exec(`
        insert into profiles (id, status, content, metadata) values ('MIGR0016', 'active', '{}', '{}');
        insert into candles (profile_id, name) values ('MIGR0016', 'Erik'), ('MIGR0016', null);
        insert into memories (id, profile_id, writer_name, body, state) values
          ('00000000-0000-4000-8000-000000000001', 'MIGR0016', 'Karin', 'One.', 'shown'),
          ('00000000-0000-4000-8000-000000000002', 'MIGR0016', 'Karin', 'Two.', 'shown');
        insert into memory_reports (memory_id, reason, reporter_hash, state, created_at)
          select '00000000-0000-4000-8000-000000000001', 'Reason ' || n, 'hash-' || n, 'open',
            now() - (70 - n) * interval '1 minute'
          from generate_series(1, 60) n;
        insert into memory_reports (memory_id, reason, reporter_hash, state) values
          ('00000000-0000-4000-8000-000000000001', 'Earlier.', 'hash-kept', 'kept'),
          ('00000000-0000-4000-8000-000000000002', 'Alone.', 'hash-alone', 'open');
      `);
    });
    await migrate(handle, all.slice(0, at + 1));

    await handle.withConnection(async (connection) => {
      const names = await connection.query<{ name: string | null; name_state: string }>(
        "select name, name_state from candles order by name nulls last",
      );
      expect(names).toEqual([
        { name: "Erik", name_state: "shown" },
        { name: null, name_state: "shown" },
      ]);
      await connection.exec("insert into candles (profile_id, name) values ('MIGR0016', 'Lisa')");
      const [lisa] = await connection.query<{ name_state: string }>(
        "select name_state from candles where name = 'Lisa'",
      );
      expect(lisa?.name_state).toBe("pending");

      const reports = await connection.query<{
        memory_id: string;
        state: string;
        reason: string;
        hashes: number;
        later_reasons: string[];
      }>(
        `select memory_id, state, reason, cardinality(reporter_hashes) as hashes, later_reasons
         from memory_reports order by memory_id, state`,
      );
      expect(reports).toEqual([
        {
          memory_id: "00000000-0000-4000-8000-000000000001",
          state: "kept",
          reason: "Earlier.",
          hashes: 1,
          later_reasons: [],
        },
        {
          memory_id: "00000000-0000-4000-8000-000000000001",
          state: "open",
          reason: "Reason 1",
          hashes: 50,
          later_reasons: ["Reason 2", "Reason 3", "Reason 4", "Reason 5", "Reason 6"],
        },
        {
          memory_id: "00000000-0000-4000-8000-000000000002",
          state: "open",
          reason: "Alone.",
          hashes: 1,
          later_reasons: [],
        },
      ]);
    });
  });
});
