// Migration 0004 on every test database engine: the status reasons the system wrote as English text
// before they were codes become codes; an admin's own reasons stay their words.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundledMigrations, migrate } from "../../server/db/migrate";
import { testEngines } from "../support/databases";

const codesMigration = "0004_status_reason_codes";

describe.each(testEngines())("status reason codes migration on $name", (engine) => {
  let created: Awaited<ReturnType<typeof engine.create>>;

  beforeAll(async () => {
    created = await engine.create();
  });
  afterAll(async () => {
    await created?.drop();
  });

  it("rewrites the system's old reasons into codes and keeps admins' reasons as text", async () => {
    const all = bundledMigrations();
    const at = all.findIndex((migration) => migration.name === codesMigration);
    expect(at).toBeGreaterThan(0);
    await migrate(created.handle, all.slice(0, at));

    // History as the code before the migration wrote it.
    const old: [string, string | null, string, string | null][] = [
      ["AAAAAAA1", null, "unclaimed", "created"],
      ["AAAAAAA1", "unclaimed", "draft", "claimed"],
      ["AAAAAAA1", "draft", "trial", "free trial started on publishing"],
      ["AAAAAAA1", "trial", "suspended", "Reported by a visitor"],
      // An admin's words that happen to read like a system reason, on a change the system never makes.
      ["AAAAAAA1", "suspended", "active", "created"],
      ["AAAAAAA1", "active", "expired", null],
    ];
    await created.handle.withConnection(async (connection) => {
      await connection.query("insert into profiles (id, status) values ('AAAAAAA1', 'expired')");
      for (const [index, [id, from, to, reason]] of old.entries()) {
        await connection.query(
          `insert into profile_status_history (profile_id, from_status, to_status, reason, at)
           values ($1, $2, $3, $4, timestamptz '2026-01-01T00:00:00Z' + make_interval(mins => $5))`,
          [id, from, to, reason, index],
        );
      }
    });

    expect(await migrate(created.handle)).toContain(codesMigration);

    const rows = await created.handle.withConnection((connection) =>
      connection.query<{ from_status: string | null; reason_code: string | null; reason: string | null }>(
        "select from_status, reason_code, reason from profile_status_history order by at",
      ),
    );
    expect(rows.map((row) => [row.from_status, row.reason_code, row.reason])).toEqual([
      [null, "created", null],
      ["unclaimed", "claimed", null],
      ["draft", "trial_started_on_publish", null],
      ["trial", null, "Reported by a visitor"],
      ["suspended", null, "created"],
      ["active", null, null],
    ]);
  });
});
