// Takes a backup: one archive (server/backup/tar.ts) with a consistent copy of the database, the images
// its rows name, and a manifest (server/backup/manifest.ts), written into BACKUP_DIR under a temporary
// name and renamed once whole. ADR 030.
//
// One moment for everything: on the embedded database the copy of its data folder, the row counts and
// the list of images are taken in one turn of the database (`alone`, embedded-copy.ts), between two
// statements of the site, so no transaction is half in it; on PostgreSQL one repeatable-read
// transaction exports its snapshot to pg_dump and reads the counts and the images in that same
// snapshot, while the site keeps writing. Images are written before their row
// (server/domain/profiles/images.ts), so every row of the copy has its files; they are read from the
// store after the snapshot, by key, so any ImageStore will do.
//
// The archive holds secrets (README, Backups): it is written 0600, the folder is made 0700, and the
// work in progress (the database's copy, pg_dump's file) stays in a private folder inside it.
import { mkdir, mkdtemp, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config";
import type { DatabaseHandle } from "../db/client";
import type { ImageStore } from "../providers/images";
import { BackupError } from "./backup-error";
import { embeddedCopy } from "./embedded-copy";
import { readFacts, type Facts } from "./facts";
import { embeddedDumpName, imagePrefix, manifestName, serverDumpName, type Manifest } from "./manifest";
import { checkToolVersion, runPgTool, toolMajor } from "./pg-tools";
import { createTarWriter, type WrittenEntry } from "./tar";

export type BackupConfig = Pick<Config, "DATA_DIR" | "BACKUP_DIR" | "DATABASE_URL">;

export type BackupDeps = {
  config: BackupConfig;
  database: DatabaseHandle;
  images: ImageStore;
};

/** Where the archives go: BACKUP_DIR, or DATA_DIR/backups. */
export function backupDir(config: Pick<Config, "DATA_DIR" | "BACKUP_DIR">): string {
  return path.resolve(config.BACKUP_DIR ?? path.join(config.DATA_DIR, "backups"));
}

/** An archive's name: its time, so names sort by age (`-2` when two fall in one millisecond). */
export const archivePattern = /^kammare-backup-\d{8}T\d{9}Z(?:-\d+)?\.tar$/;

function archiveStamp(at: Date): string {
  return at.toISOString().replace(/[-:.]/g, "");
}

/** PostgreSQL: pg_dump in custom format on a snapshot this connection exports and reads in too. */
async function serverSnapshot(database: DatabaseHandle, url: string, dumpFile: string): Promise<Facts> {
  const pgDump = await toolMajor("pg_dump");
  return database.withConnection(async (connection) => {
    await connection.exec("begin isolation level repeatable read, read only");
    try {
      const [exported] = await connection.query<{ snapshot: string }>(
        "select pg_export_snapshot() as snapshot",
      );
      const version = (
        await connection.query<{ v: string }>("select current_setting('server_version') as v")
      )[0]?.v;
      checkToolVersion("pg_dump", pgDump, version ?? "0");
      // pg_dump joins this transaction's snapshot, which lives until the commit below.
      const dumping = runPgTool(
        "pg_dump",
        ["--format=custom", `--snapshot=${exported?.snapshot ?? ""}`, `--file=${dumpFile}`, "--no-sync"],
        url,
      ).then((ran) => {
        if (ran.code !== 0) throw new BackupError(`pg_dump failed: ${ran.stderr.trim()}`);
      });
      const [facts] = await Promise.all([readFacts(connection), dumping]);
      return facts;
    } finally {
      await connection.exec("commit");
    }
  });
}

export type BackupResult = { file: string; manifest: Manifest };

/** Writes one archive of the database and the images into the backup folder; answers its path. */
export async function createBackup({ config, database, images }: BackupDeps): Promise<BackupResult> {
  const dir = backupDir(config);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const started = new Date();
  // Made 0700 by mkdtemp: what is in it is not for other users even when the folder is theirs to read.
  const work = await mkdtemp(path.join(dir, `.kammare-backup-${archiveStamp(started)}-`));
  const partial = `${work}.partial`;
  let writer: Awaited<ReturnType<typeof createTarWriter>> | undefined;
  try {
    let facts: Facts;
    let databaseEntry: WrittenEntry;
    let format: Manifest["database"]["format"];
    if (database.kind === "embedded") {
      const copy = await embeddedCopy(database, work);
      facts = copy;
      writer = await createTarWriter(partial);
      databaseEntry = await writer.addFile(embeddedDumpName, copy.dumpFile, facts.takenAt);
      format = "pglite-datadir-tar-gzip";
    } else {
      if (!config.DATABASE_URL)
        throw new BackupError("DATABASE_URL is needed to back up a PostgreSQL database.");
      const dumpFile = path.join(work, "postgresql.dump");
      facts = await serverSnapshot(database, config.DATABASE_URL, dumpFile);
      writer = await createTarWriter(partial);
      databaseEntry = await writer.addFile(serverDumpName, dumpFile, facts.takenAt);
      format = "pg_dump-custom";
    }
    await rm(work, { recursive: true, force: true });
    const files: WrittenEntry[] = [databaseEntry];
    const missing: string[] = [];
    for (const key of facts.imageKeys) {
      const image = await images.get(key);
      if (!image) missing.push(key);
      else files.push(await writer.add(`${imagePrefix}${key}`, image.data, facts.takenAt));
    }
    const manifest: Manifest = {
      format: "kammare-backup",
      version: 1,
      takenAt: facts.takenAt.toISOString(),
      engine: database.kind,
      schemaVersion: facts.schemaVersion,
      postgresVersion: facts.postgresVersion,
      database: { file: databaseEntry.name, format },
      counts: facts.counts,
      images: { store: images.kind, count: files.length - 1, missing },
      files: files.map(({ name, bytes, sha256 }) => ({ name, bytes, sha256 })),
    };
    await writer.add(manifestName, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), facts.takenAt);
    await writer.finish();
    writer = undefined;
    // The final name only once the archive is whole; a second one in the same millisecond gets -2.
    const base = `kammare-backup-${archiveStamp(facts.takenAt)}`;
    let file = path.join(dir, `${base}.tar`);
    for (let n = 2; await exists(file); n += 1) file = path.join(dir, `${base}-${n}.tar`);
    await rename(partial, file);
    return { file, manifest };
  } catch (error) {
    await writer?.abandon();
    throw error;
  } finally {
    await rm(partial, { force: true });
    await rm(work, { recursive: true, force: true });
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** The archives in the folder, newest first. */
export async function listBackups(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [] as string[];
    throw error;
  });
  return names
    .filter((name) => archivePattern.test(name))
    .sort()
    .reverse()
    .map((name) => path.join(dir, name));
}

/**
 * Removes all but the newest `keep` archives (and the partial ones and working folders a crash left more
 * than a day ago).
 */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const removed = (await listBackups(dir)).slice(keep);
  for (const file of removed) await rm(file, { force: true });
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((name) => name.startsWith(".kammare-backup-"))) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && Date.now() - info.mtimeMs > 24 * 60 * 60 * 1000)
      await rm(file, { recursive: true, force: true });
  }
  return removed;
}
