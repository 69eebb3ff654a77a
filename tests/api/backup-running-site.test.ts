// Backups the running site takes (ADR 030): into BACKUP_DIR, the command's own when `npm run backup`
// sets one and the site's otherwise, and on a schedule; archives only their owner can read, in a folder
// only they can open. On the embedded database the site keeps answering what does not need the
// database while it copies its data folder, and the copy, taken while a writer writes, comes back
// whole: every row acknowledged before the backup, none half-way.
import { readFile, stat } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { serve } from "@hono/node-server";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { restoreCommand } from "../../server/backup/cli";
import { createBackup, listBackups } from "../../server/backup/create";
import { startBackups, type BackupSiteDeps } from "../../server/backup/schedule";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";
import { createLogger } from "../../server/logger";
import { createDiskImageStore } from "../../server/providers/images";
import { describeOnEngines } from "../support/api-fixture";
import { runBackupScript, useBackupScratch } from "../support/backup-targets";
import { createTestApp } from "../support/test-app";

const { temporaryDir } = useBackupScratch();
const silent = createLogger("silent");
const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

describe("the running site on the embedded database", () => {
  let dataDir: string;
  let handle: DatabaseHandle;
  const site = (backupDir?: string): BackupSiteDeps => ({
    config: { DATA_DIR: dataDir, BACKUP_DIR: backupDir, DATABASE_URL: undefined, BACKUP_KEEP: 7 },
    logger: silent,
    database: handle,
    images: createDiskImageStore(path.join(dataDir, "uploads")),
  });

  beforeAll(async () => {
    // A site's data folder on disk, from the migrated database the test setup made.
    dataDir = await temporaryDir("site");
    const image = new Blob([new Uint8Array(await readFile(inject("pgliteMigratedImage")))]);
    await (await PGlite.create({ dataDir: path.join(dataDir, "pglite"), loadDataDir: image })).close();
    handle = await openDatabase({ dataDir });
    await handle.withConnection(async (connection) => {
      await connection.exec("create table backup_probe (n integer primary key, padding text not null)");
      await connection.exec(
        "insert into backup_probe select -n, repeat('x', 500) from generate_series(1, 20000) n",
      );
    });
  }, 60_000);
  afterAll(() => handle?.close());

  it("npm run backup with a BACKUP_DIR of its own: the site writes the archive there, 0600 in a folder made 0700", async () => {
    const own = path.join(await temporaryDir("own"), "backups");
    let running = await startBackups(site());
    try {
      const result = await runBackupScript(["backup"], { DATA_DIR: dataDir, BACKUP_DIR: own });
      expect(result.err).toBe("");
      expect(result.out).toMatch(/\(taken by the running site\)/);
      const file = result.out.trim().split("\n").at(-1) as string;
      expect(path.dirname(file)).toBe(own);
      expect(await listBackups(own)).toEqual([file]);
      expect(await modeOf(file)).toBe(0o600);
      expect(await modeOf(own)).toBe(0o700);
      expect(await listBackups(path.join(dataDir, "backups"))).toEqual([]);
    } finally {
      await running.stop();
    }
    // Without one, the site's own BACKUP_DIR.
    const sites = await temporaryDir("sites");
    running = await startBackups(site(sites));
    try {
      const result = await runBackupScript(["backup"], { DATA_DIR: dataDir });
      expect(result.code).toBe(0);
      expect(path.dirname(result.out.trim().split("\n").at(-1) as string)).toBe(sites);
    } finally {
      await running.stop();
    }
  }, 60_000);

  it("keeps answering what needs no database while it copies, and the copy comes back whole", async () => {
    // The site: the app over HTTP, its database observed while the backup holds it.
    const turn = { start: Infinity, end: -Infinity };
    const observed: DatabaseHandle = {
      ...handle,
      alone: (work) =>
        (handle.alone as NonNullable<DatabaseHandle["alone"]>)(async (session) => {
          turn.start = performance.now();
          try {
            return await work(session);
          } finally {
            turn.end = performance.now();
          }
        }),
    };
    const server = serve({ fetch: createTestApp(handle).app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    // A writer writes, one row after the other, and a visitor asks for /api/health every 5 ms.
    let busy = true;
    const acknowledged: number[] = [];
    let attempted = 0;
    const writer = (async () => {
      while (busy) {
        const n = (attempted += 1);
        await handle.withConnection((c) => c.query("insert into backup_probe values ($1, '')", [n]));
        acknowledged.push(n);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    })();
    const answers: number[] = [];
    const visitor = (async () => {
      while (busy) {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        expect(response.status).toBe(200);
        answers.push(performance.now());
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    try {
      while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 5));
      const before = acknowledged.length;
      const { file } = await createBackup({ ...site(await temporaryDir("copied")), database: observed });
      busy = false;
      await Promise.all([writer, visitor]);

      // PGlite's own dump held the whole process in one call: no answer came while it ran.
      const during = answers.filter((at) => at > turn.start && at < turn.end);
      expect(during.length).toBeGreaterThanOrEqual(3);

      const target = await temporaryDir("restored");
      const restored = await restoreCommand({ DATA_DIR: target }, [file]);
      expect(restored.err).toEqual([]);
      const copy = await openDatabase({ dataDir: target });
      try {
        const rows = await copy.withConnection((c) =>
          c.query<{ n: number }>("select n from backup_probe where n > 0 order by n"),
        );
        const written = rows.map((row) => row.n);
        // 1..k: at least every row acknowledged before the backup began, no gap, none half-way.
        expect(written.length).toBeGreaterThanOrEqual(before);
        expect(written.length).toBeLessThanOrEqual(attempted);
        expect(written).toEqual(Array.from({ length: written.length }, (_, index) => index + 1));
      } finally {
        await copy.close();
      }
    } finally {
      busy = false;
      await Promise.allSettled([writer, visitor]);
      await new Promise((resolve) => server.close(resolve));
    }
  }, 90_000);
});

describeOnEngines("scheduled backups", (fixture) => {
  it("land in BACKUP_DIR, 0600", async () => {
    const dataDir = await temporaryDir("scheduled-site");
    const dir = path.join(await temporaryDir("scheduled"), "archives");
    const running = await startBackups(
      {
        config: {
          DATA_DIR: dataDir,
          BACKUP_DIR: dir,
          DATABASE_URL: fixture.engine.name === "postgresql" ? fixture.url() : undefined,
          BACKUP_EVERY_HOURS: 1,
          BACKUP_KEEP: 7,
        },
        logger: silent,
        database: fixture.handle,
        images: fixture.images,
      },
      { firstAfterMs: 0 },
    );
    try {
      while ((await listBackups(dir)).length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await running.stop();
    }
    const [file] = await listBackups(dir);
    expect(await modeOf(file as string)).toBe(0o600);
    expect(await modeOf(dir)).toBe(0o700);
    expect(await listBackups(path.join(dataDir, "backups"))).toEqual([]);
  }, 60_000);
});
