// Planner statistics: the embedded database (no autovacuum) gets them from refreshPlannerStatistics;
// on a PostgreSQL server, autovacuum's job, it does nothing.
import { expect, it } from "vitest";
import { profiles } from "../../server/db/schema";
import { refreshPlannerStatistics, vacuumEmbedded } from "../../server/db/statistics";
import { describeOnDatabases } from "../support/api-fixture";

describeOnDatabases("planner statistics", ({ engine, handle }) => {
  it(`${engine.name === "pglite" ? "analyzes" : "leaves alone"} the tables`, async () => {
    await handle.db
      .insert(profiles)
      .values(Array.from({ length: 300 }, (_, i) => ({ id: `ST${String(i).padStart(6, "0")}` })));
    const reltuples = async () => {
      const [row] = await handle.withConnection((connection) =>
        connection.query<{ reltuples: number }>("select reltuples from pg_class where relname = 'profiles'"),
      );
      return Number(row?.reltuples);
    };
    if (engine.name === "postgresql") {
      // Autovacuum may analyze at any moment there; the call itself must do nothing.
      expect(await refreshPlannerStatistics(handle)).toBe(false);
      return;
    }
    expect(await reltuples()).toBe(-1);
    expect(await refreshPlannerStatistics(handle)).toBe(true);
    expect(await reltuples()).toBe(300);
  });

  it(`${engine.name === "pglite" ? "vacuums" : "leaves vacuuming to autovacuum on"} the database`, async () => {
    if (engine.name === "postgresql") {
      expect(await vacuumEmbedded(handle)).toBe(false);
      return;
    }
    // Deleted rows keep their space until a vacuum; with every row gone it gives the empty pages back.
    const tableBytes = async () => {
      const [row] = await handle.withConnection((connection) =>
        connection.query<{ bytes: number }>("select pg_relation_size('profiles') as bytes"),
      );
      return Number(row?.bytes);
    };
    await handle.db.delete(profiles);
    expect(await tableBytes()).toBeGreaterThan(0);
    expect(await vacuumEmbedded(handle)).toBe(true);
    expect(await tableBytes()).toBe(0);
  });
});
