// Scheduled work that exactly one process runs at a time: whoever takes the advisory lock works,
// the others skip this round (DESIGN.md, "Scale").
import type { DatabaseHandle } from "./client";

/** Every advisory lock key of the app, in one place so none is used twice; the same in every process. */
export const jobLocks = {
  migrations: 7_041_998_211,
  // The retention sweep (it took over the rate-limit pruning, and its key).
  retention: 7_041_998_212,
  lifecycle: 7_041_998_213,
  // Saving the creditor: two admins saving the first one at once must not make two active creditors.
  creditorSave: 7_041_998_214,
  // Scheduled backups (server/backup): one process at a time takes them.
  backup: 7_041_998_215,
} as const;

/** Runs `work` if no other process holds the job's lock; answers whether it ran. */
export async function runExclusive(
  database: DatabaseHandle,
  lockKey: number,
  work: () => Promise<void>,
): Promise<boolean> {
  return database.withConnection(async (connection) => {
    const [row] = await connection.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [
      lockKey,
    ]);
    if (!row?.locked) return false;
    try {
      await work();
      return true;
    } finally {
      await connection.query("select pg_advisory_unlock($1)", [lockKey]);
    }
  });
}
