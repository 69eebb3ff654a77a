// Scheduled work runs in one process at a time: the advisory lock, on every engine.
import { expect, it } from "vitest";
import { runExclusive } from "../../server/db/exclusive";
import { describeOnDatabases } from "../support/api-fixture";
import { postgresqlOnly } from "../support/databases";

// No tables needed: the lock is PostgreSQL's own. `other` is a second process's view of the database.
describeOnDatabases("runExclusive", { migrate: false, other: true }, ({ engine, handle, other: second }) => {
  it("runs the work and frees the lock for the next round", async () => {
    let runs = 0;
    expect(await runExclusive(handle, 42, async () => void (runs += 1))).toBe(true);
    expect(await runExclusive(handle, 42, async () => void (runs += 1))).toBe(true);
    expect(runs).toBe(2);
  });

  it("frees the lock when the work fails", async () => {
    await expect(
      runExclusive(handle, 43, async () => {
        throw new Error("job failed");
      }),
    ).rejects.toThrow("job failed");
    expect(await runExclusive(handle, 43, async () => {})).toBe(true);
  });

  // Needs two connections to one database: only a server has them.
  postgresqlOnly(engine)("skips the round while another process holds the lock", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    const first = runExclusive(handle, 44, async () => {
      started();
      await held;
    });
    await running;
    let ranTwice = false;
    expect(await runExclusive(second, 44, async () => void (ranTwice = true))).toBe(false);
    expect(ranTwice).toBe(false);
    release();
    expect(await first).toBe(true);
    expect(await runExclusive(second, 44, async () => {})).toBe(true);
  });
});
