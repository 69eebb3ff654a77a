// Planner statistics for the embedded database. PGlite runs PostgreSQL in single-user mode, where
// autovacuum never runs, so nothing ever ANALYZEs: the planner then guesses the data's distribution
// and, at 1,000,000 profiles, picks plans that read the whole table (the admin list's owner search:
// 1.6 to 3 s instead of 3 ms; bench/README.md). A PostgreSQL server has autovacuum; there this is a no-op.
import type { DatabaseHandle } from "./client";

/** Every how often a running process refreshes them (ANALYZE of 1,000,000 profiles: about 1 s). */
export const statisticsEveryMs = 60 * 60 * 1000;

/** Runs ANALYZE on the embedded database; answers whether it did. */
export async function refreshPlannerStatistics(
  database: Pick<DatabaseHandle, "kind" | "withConnection">,
): Promise<boolean> {
  if (database.kind !== "embedded") return false;
  await database.withConnection((connection) => connection.exec("analyze"));
  return true;
}

/**
 * VACUUM ANALYZE on the embedded database: without autovacuum, space of deleted and updated rows (the
 * retention sweep's, every edit's) is never reused and the files only grow. Answers whether it ran.
 */
export async function vacuumEmbedded(
  database: Pick<DatabaseHandle, "kind" | "withConnection">,
): Promise<boolean> {
  if (database.kind !== "embedded") return false;
  await database.withConnection((connection) => connection.exec("vacuum analyze"));
  return true;
}
