// Scheduled work runs in one process at a time: the advisory lock, on every engine.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";
import { runExclusive } from "../../server/db/exclusive";
import { postgresqlOnly, testEngines } from "../support/databases";

describe.each(testEngines())("runExclusive on $name", (engine) => {
  let created: Awaited<ReturnType<typeof engine.create>>;
  let second: DatabaseHandle | undefined;

  beforeAll(async () => {
    created = await engine.create();
    // A second process's view of the same database (a server only: PGlite is one process's).
    if (created.url) second = await openDatabase({ url: created.url });
  });
  afterAll(async () => {
    await second?.close();
    await created.drop();
  });

  it("runs the work and frees the lock for the next round", async () => {
    let runs = 0;
    expect(await runExclusive(created.handle, 42, async () => void (runs += 1))).toBe(true);
    expect(await runExclusive(created.handle, 42, async () => void (runs += 1))).toBe(true);
    expect(runs).toBe(2);
  });

  it("frees the lock when the work fails", async () => {
    await expect(
      runExclusive(created.handle, 43, async () => {
        throw new Error("job failed");
      }),
    ).rejects.toThrow("job failed");
    expect(await runExclusive(created.handle, 43, async () => {})).toBe(true);
  });

  // Needs two connections to one database: only a server has them.
  postgresqlOnly(engine)("skips the round while another process holds the lock", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    const first = runExclusive(created.handle, 44, async () => {
      started();
      await held;
    });
    await running;
    let ranTwice = false;
    expect(await runExclusive(second as DatabaseHandle, 44, async () => void (ranTwice = true))).toBe(false);
    expect(ranTwice).toBe(false);
    release();
    expect(await first).toBe(true);
    expect(await runExclusive(second as DatabaseHandle, 44, async () => {})).toBe(true);
  });
});
