// `npm run backup` and `npm run restore -- FILE` (ADR 030), run with the site's own settings (DATA_DIR
// or DATABASE_URL, BACKUP_DIR, the image store). `backup` prints the archive's path as its last line.
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ConfigError, loadConfig, type Config } from "../config";
import { openDatabase } from "../db/client";
import { createImageStore } from "../providers/images";
import { BackupError } from "./backup-error";
import { controlSocketPath, requestBackup } from "./control";
import { backupDir, createBackup } from "./create";
import type { Manifest } from "./manifest";
import { restoreBackup } from "./restore";
import { siteAnswers } from "../site-answers";

export type CommandResult = { code: number; out: string[]; err: string[] };

function summary(takenAt: string, rows: number, images: number, schemaVersion: string | null): string {
  return `Backup taken at ${takenAt}: ${rows} rows, ${images} images, schema ${schemaVersion ?? "(none)"}.`;
}

const totalRows = (manifest: Manifest) =>
  Object.values(manifest.counts).reduce((sum, count) => sum + count, 0);

function configFrom(env: Record<string, string | undefined>): Config | CommandResult {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return { code: 1, out: [], err: [error.message] };
    throw error;
  }
}

/** `npm run backup`. */
export async function backupCommand(env: Record<string, string | undefined>): Promise<CommandResult> {
  const config = configFrom(env);
  if ("code" in config) return config;
  const images = await createImageStore(config);
  try {
    if (!config.DATABASE_URL) {
      if (!existsSync(path.resolve(config.DATA_DIR, "pglite", "PG_VERSION"))) {
        return {
          code: 1,
          out: [],
          err: [`No database in ${path.resolve(config.DATA_DIR)} yet: nothing to back up.`],
        };
      }
      // A running site holds the embedded database: it takes the backup itself.
      const socket = controlSocketPath(config);
      // Its own BACKUP_DIR, when set, wins over the site's (the site's otherwise, not DATA_DIR/backups).
      const answer = await requestBackup(socket, config.BACKUP_DIR ? { dir: backupDir(config) } : {});
      if (answer) {
        if (!answer.ok)
          return { code: 1, out: [], err: [`The running site could not take the backup: ${answer.message}`] };
        return {
          code: 0,
          out: [
            `${summary(answer.takenAt, answer.rows, answer.images, answer.schemaVersion)} (taken by the running site)`,
            answer.file,
          ],
          err: [],
        };
      }
      if (await siteAnswers(config)) {
        return {
          code: 1,
          out: [],
          err: [
            `The server on port ${config.PORT} holds the embedded database but does not answer on ${socket} (a version without backups?). Update it, or stop it and run this again.`,
          ],
        };
      }
    }
    const database = await openDatabase(
      config.DATABASE_URL
        ? { url: config.DATABASE_URL }
        : { dataDir: config.DATA_DIR, sharedBuffersMb: config.EMBEDDED_SHARED_BUFFERS_MB },
    );
    try {
      const { file, manifest } = await createBackup({ config, database, images });
      return {
        code: 0,
        out: [
          summary(manifest.takenAt, totalRows(manifest), manifest.images.count, manifest.schemaVersion),
          file,
        ],
        err: manifest.images.missing.length
          ? [`${manifest.images.missing.length} images the copy names were already deleted from the store.`]
          : [],
      };
    } finally {
      await database.close();
    }
  } catch (error) {
    return failed("The backup failed", error);
  }
}

/**
 * A failure as the command prints it: a BackupError's own message; anything else (a full disk, a
 * folder that cannot be written) in one line, never a stack.
 */
function failed(what: string, error: unknown): CommandResult {
  if (error instanceof BackupError) return { code: 1, out: [], err: [error.message] };
  const message = error instanceof Error ? error.message : String(error);
  return { code: 1, out: [], err: [`${what}: ${message.split("\n")[0]}`] };
}

/** `npm run restore -- FILE`. */
export async function restoreCommand(
  env: Record<string, string | undefined>,
  args: string[],
): Promise<CommandResult> {
  const file = args[0];
  if (!file || args.length > 1) {
    return { code: 2, out: [], err: ["Usage: npm run restore -- FILE (an archive npm run backup wrote)"] };
  }
  const config = configFrom(env);
  if ("code" in config) return config;
  try {
    const { manifest, target } = await restoreBackup(
      { config, images: await createImageStore(config) },
      path.resolve(file),
    );
    return {
      code: 0,
      out: [
        `Restored the backup taken at ${manifest.takenAt} into ${target}: ${totalRows(manifest)} rows in ${Object.keys(manifest.counts).length} tables, ${manifest.images.count} images, schema ${manifest.schemaVersion ?? "(none)"}; every file matched its checksum and every table its count.`,
      ],
      err: [],
    };
  } catch (error) {
    return failed("The restore failed, and left the data folder and the database as they were", error);
  }
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  const result =
    command === "backup"
      ? await backupCommand(process.env)
      : command === "restore"
        ? await restoreCommand(process.env, args)
        : { code: 2, out: [], err: ["Usage: cli.ts backup | restore FILE"] };
  for (const line of result.err) console.error(line);
  for (const line of result.out) console.log(line);
  return result.code;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
