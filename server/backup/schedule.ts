// Backups inside the running site (ADR 030): every BACKUP_EVERY_HOURS one process of the site (whoever
// takes the advisory lock, like the sweeps) writes an archive into BACKUP_DIR and keeps the newest
// BACKUP_KEEP; on the embedded database the site also answers `npm run backup` (control.ts).
import type { Config } from "../config";
import type { DatabaseHandle } from "../db/client";
import { jobLocks, runExclusive } from "../db/exclusive";
import type { Logger } from "../logger";
import type { ImageStore } from "../providers/images";
import { controlSocketPath, serveBackupRequests } from "./control";
import { backupDir, createBackup, listBackups, pruneBackups } from "./create";

export type BackupSiteDeps = {
  config: Pick<Config, "DATA_DIR" | "BACKUP_DIR" | "DATABASE_URL" | "BACKUP_EVERY_HOURS" | "BACKUP_KEEP">;
  logger: Logger;
  database: DatabaseHandle;
  images: ImageStore;
};

/** The newest archive's age in ms (Infinity when there is none). */
async function newestAgeMs(dir: string): Promise<number> {
  const [newest] = await listBackups(dir);
  const stamp = newest && /kammare-backup-(\d{8}T\d{9}Z)/.exec(newest)?.[1];
  if (!stamp) return Infinity;
  const iso = stamp.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)(\d{3})Z$/, "$1-$2-$3T$4:$5:$6.$7Z");
  return Date.now() - Date.parse(iso);
}

/**
 * One scheduled round: if no archive in the folder is younger than most of an interval (another process
 * of the site may have just taken one, when they share BACKUP_DIR), takes one and prunes to BACKUP_KEEP.
 * Answers the archive written, or null.
 */
export async function scheduledBackup(deps: BackupSiteDeps, everyMs: number): Promise<string | null> {
  const dir = backupDir(deps.config);
  if ((await newestAgeMs(dir)) < everyMs * 0.9) return null;
  const { file, manifest } = await createBackup(deps);
  const removed = await pruneBackups(dir, deps.config.BACKUP_KEEP);
  deps.logger.info({ file, takenAt: manifest.takenAt, removed }, "scheduled backup written");
  return file;
}

/**
 * Starts what the site does for backups; answers the stop, which waits for a backup in progress (the
 * database must not close under it).
 */
export async function startBackups(
  deps: BackupSiteDeps,
  options: { everyMs?: number; firstAfterMs?: number } = {},
): Promise<{ stop: () => Promise<void> }> {
  const { config, logger, database } = deps;
  const control =
    database.kind === "embedded"
      ? await serveBackupRequests(deps, controlSocketPath(config)).catch((error: unknown) => {
          logger.warn(
            { err: error },
            "the backup socket could not be opened: `npm run backup` cannot reach this site",
          );
          return { close: async () => {} };
        })
      : { close: async () => {} };
  const everyMs = options.everyMs ?? (config.BACKUP_EVERY_HOURS ?? 0) * 60 * 60 * 1000;
  if (!everyMs) return { stop: () => control.close() };
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = running
      .then(() =>
        runExclusive(database, jobLocks.backup, async () => void (await scheduledBackup(deps, everyMs))),
      )
      .catch((error: unknown) => logger.error({ err: error }, "scheduled backup failed"));
  };
  // Soon after a start (a restart must not skip a backup that is due), then every interval.
  const first = setTimeout(run, options.firstAfterMs ?? 60_000);
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return {
    stop: async () => {
      clearTimeout(first);
      clearInterval(timer);
      await control.close();
      await running;
    },
  };
}
