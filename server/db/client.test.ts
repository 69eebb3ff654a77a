// The embedded database's page cache is the setting's size: PostgreSQL's 128 MB default would be
// resident from the moment it opens (ADR 019).
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createTurns, embeddedSharedBuffersMb, openDatabase } from "./client";

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function sharedBuffers(target: Parameters<typeof openDatabase>[0]): Promise<string | undefined> {
  const database = await openDatabase(target);
  try {
    return await database.withConnection(
      async (connection) =>
        (await connection.query<{ shared_buffers: string }>("show shared_buffers"))[0]?.shared_buffers,
    );
  } finally {
    await database.close();
  }
}

it("opens a data folder with the default page cache, or the size it is given", async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "kammare-buffers-"));
  dirs.push(dataDir);
  // A data folder whose database exists (the test setup's initialised image): initdb is not what this
  // is about, and takes seconds in WebAssembly.
  const image = new Blob([new Uint8Array(await readFile(inject("pgliteImage")))]);
  await (await PGlite.create({ dataDir: path.join(dataDir, "pglite"), loadDataDir: image })).close();
  expect(embeddedSharedBuffersMb).toBeLessThan(128);
  expect(await sharedBuffers({ dataDir })).toBe(`${embeddedSharedBuffersMb}MB`);
  expect(await sharedBuffers({ dataDir, sharedBuffersMb: 16 })).toBe("16MB");
}, 60_000);

describe("turns at the embedded database", () => {
  /** Work that keeps the thread busy, as a PGlite statement does. */
  const busyFor = (ms: number) => async () => {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      // spin
    }
  };

  it("runs the work first come, first served", async () => {
    const inTurn = createTurns(5);
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        inTurn(async () => {
          await busyFor(1)();
          order.push(index);
        }),
      ),
    );
    expect(order).toEqual(Array.from({ length: 20 }, (_, index) => index));
  });

  it("lets the event loop turn between slices, so a timer is not kept waiting behind the queue", async () => {
    const inTurn = createTurns(5);
    let done = 0;
    let doneWhenTimerFired = -1;
    const timer = new Promise<void>((resolve) =>
      setTimeout(() => {
        doneWhenTimerFired = done;
        resolve();
      }, 1),
    );
    // 100 statements of 2 ms queued at once: 200 ms of work, in slices of about 5 ms.
    await Promise.all(
      Array.from({ length: 100 }, () =>
        inTurn(async () => {
          await busyFor(2)();
          done += 1;
        }),
      ),
    );
    await timer;
    expect(doneWhenTimerFired).toBeGreaterThanOrEqual(0);
    expect(doneWhenTimerFired).toBeLessThan(20);
  });

  it("a failing piece of work passes its error on and does not stop the queue", async () => {
    const inTurn = createTurns(5);
    const failing = inTurn(() => Promise.reject(new Error("bad statement")));
    const after = inTurn(() => Promise.resolve("next"));
    await expect(failing).rejects.toThrow("bad statement");
    expect(await after).toBe("next");
  });
});
