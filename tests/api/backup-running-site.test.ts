// Backups the running site takes (issue 33): into BACKUP_DIR, the command's own when `npm run backup`
// sets one and the site's otherwise, and on a schedule; archives only their owner can read, in a folder
// only they can open.
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { listBackups } from "../../server/backup/create";
import { startBackups, type BackupSiteDeps } from "../../server/backup/schedule";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";
import { createLogger } from "../../server/logger";
import { createDiskImageStore } from "../../server/providers/images";
import { describeOnEngines } from "../support/api-fixture";
import { runBackupScript, useBackupScratch } from "../support/backup-targets";

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
