// Brings a backup back (ADR 030): checks the whole archive first (verify.ts), then restores into an
// empty data folder (embedded) or an empty database (DATABASE_URL), puts the images back into the
// configured store, and counts the rows of every table against the manifest. A damaged archive or a
// target that is not empty is refused before anything is written, and any later failure leaves the
// target as it was (restoreBackup).
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config";
import { openDatabase } from "../db/client";
import { contentTypeOfKey, createDiskImageStore, uploadsDir, type ImageStore } from "../providers/images";
import { BackupError } from "./backup-error";
import { factCheckSql } from "./facts";
import { imagePrefix, type Manifest } from "./manifest";
import { checkToolVersion, restoreInOneTransaction, toolMajor } from "./pg-tools";
import { checkEmbeddedCopy, unpackEmbeddedCopy } from "./restore-embedded";
import { verifyArchive } from "./verify";

export type RestoreDeps = {
  config: Pick<Config, "DATA_DIR" | "DATABASE_URL">;
  images: ImageStore;
};

/** The database's address without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const address = new URL(url);
    if (address.password) address.password = "***";
    return address.toString();
  } catch {
    return "(the configured database)";
  }
}

async function folderHolds(dir: string): Promise<string[]> {
  return readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT" || error.code === "ENOTDIR") return [] as string[];
    throw error;
  });
}

/** Refuses a target that already has a database or images. */
async function assertEmptyTarget({ config, images }: RestoreDeps, manifest: Manifest): Promise<void> {
  if (config.DATABASE_URL) {
    const database = await openDatabase({ url: config.DATABASE_URL });
    try {
      const tables = await database.withConnection((connection) =>
        connection.query<{ name: string }>(
          "select schemaname || '.' || tablename as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1 limit 5",
        ),
      );
      if (tables.length) {
        throw new BackupError(
          `The database ${redactUrl(config.DATABASE_URL)} is not empty (it has ${tables.map((t) => t.name).join(", ")}${tables.length === 5 ? ", …" : ""}): a backup is restored only into an empty database. Create a new one (createdb) and point DATABASE_URL at it. Nothing was restored.`,
        );
      }
    } finally {
      await database.close();
    }
  } else {
    const folder = path.resolve(config.DATA_DIR, "pglite");
    if ((await folderHolds(folder)).length) {
      throw new BackupError(
        `The data folder ${path.resolve(config.DATA_DIR)} already has a database (${folder}): a backup is restored only into an empty data folder. Move it away or set DATA_DIR to a new folder. Nothing was restored.`,
      );
    }
  }
  if (images.kind === "disk") {
    const uploads = path.resolve(config.DATA_DIR, "uploads");
    if ((await folderHolds(uploads)).length) {
      throw new BackupError(
        `The image folder ${uploads} is not empty: a backup is restored only into an empty data folder. Nothing was restored.`,
      );
    }
  } else {
    // A store without a listing: none of the archive's images may be there already.
    for (const file of manifest.files.filter((entry) => entry.name.startsWith(imagePrefix)).slice(0, 20)) {
      const key = file.name.slice(imagePrefix.length);
      if (await images.get(key)) {
        throw new BackupError(
          `The image store (${images.kind}) already holds ${key}: a backup is restored only into an empty store. Nothing was restored.`,
        );
      }
    }
  }
}

export type RestoreResult = { manifest: Manifest; target: string };

/** Whether `dir` exists; a restore that fails removes a DATA_DIR it made itself. */
async function exists(dir: string): Promise<boolean> {
  return stat(dir).then(
    () => true,
    () => false,
  );
}

/**
 * Puts the staged images into a store that is not a folder (a bucket), each checked absent first, and
 * answers how to take them out again should the restore fail after.
 */
async function putImages(
  images: ImageStore,
  entries: { key: string; file: string }[],
): Promise<() => Promise<void>> {
  const put: string[] = [];
  const takeOut = async () => {
    for (const key of put) await images.delete(key).catch(() => {});
  };
  try {
    for (const { key, file } of entries) {
      if (await images.get(key)) {
        throw new BackupError(
          `The image store (${images.kind}) already holds ${key}: a backup is restored only into an empty store. Nothing was restored.`,
        );
      }
      await images.put(key, await readFile(file), contentTypeOfKey(key) as string);
      put.push(key);
    }
  } catch (error) {
    await takeOut();
    throw error;
  }
  return takeOut;
}

/**
 * Restores the archive `file` into the configured data folder or database, which must be empty. All of
 * it is made in a folder of its own beside the target (DATA_DIR/.kammare-restore-…): the embedded
 * database's folder, opened and counted there, and the images of a disk store; a PostgreSQL database
 * is restored in one transaction that counts its tables before it commits. Only then are the folders
 * moved into place, so a restore refused or failed at any step leaves the target as it was.
 */
export async function restoreBackup(deps: RestoreDeps, file: string): Promise<RestoreResult> {
  const { config, images } = deps;
  const dataDir = path.resolve(config.DATA_DIR);
  const madeDataDir = !(await exists(dataDir));
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const stage = await mkdtemp(path.join(dataDir, ".kammare-restore-"));
  let takeOutImages: (() => Promise<void>) | undefined;
  try {
    const { manifest, staged } = await verifyArchive(file, path.join(stage, "archive"));
    const wanted = config.DATABASE_URL ? "server" : "embedded";
    if (manifest.engine !== wanted) {
      throw new BackupError(
        manifest.engine === "embedded"
          ? "This archive is of the embedded database: restore it without DATABASE_URL, into an empty DATA_DIR. Nothing was restored."
          : "This archive is of a PostgreSQL server: restore it with DATABASE_URL set to an empty database. Nothing was restored.",
      );
    }
    await assertEmptyTarget(deps, manifest);
    const dump = staged.get(manifest.database.file) as string;
    const pglite = path.join(dataDir, "pglite");
    if (!config.DATABASE_URL) {
      await unpackEmbeddedCopy(dump, path.join(stage, "pglite"), stage);
      await checkEmbeddedCopy(stage, manifest);
    }
    const imageEntries = manifest.files
      .filter((entry) => entry.name.startsWith(imagePrefix))
      .map((entry) => ({
        key: entry.name.slice(imagePrefix.length),
        file: staged.get(entry.name) as string,
      }));
    const uploads = uploadsDir(config);
    if (images.kind === "disk") {
      const stagedStore = createDiskImageStore(path.join(stage, "uploads"));
      for (const { key, file: image } of imageEntries) {
        await stagedStore.put(key, await readFile(image), contentTypeOfKey(key) as string);
      }
    } else {
      takeOutImages = await putImages(images, imageEntries);
    }
    if (config.DATABASE_URL) {
      checkToolVersion("pg_restore", await toolMajor("pg_restore"), manifest.postgresVersion);
      await restoreInOneTransaction(dump, config.DATABASE_URL, factCheckSql(manifest)).catch(
        (error: unknown) => {
          throw error instanceof BackupError
            ? new BackupError(
                `${error.message.replace(/\.?$/, ".")} Nothing was restored: the database is as it was (the restore's transaction was rolled back).`,
              )
            : error;
        },
      );
    }
    // Into place: the images first, the database last (a folder with a database is a restored one).
    const movesImages = imageEntries.length > 0 && images.kind === "disk";
    if (movesImages) await rename(path.join(stage, "uploads"), uploads);
    if (!config.DATABASE_URL) {
      await rename(path.join(stage, "pglite"), pglite).catch(async (error: unknown) => {
        if (movesImages) await rename(uploads, path.join(stage, "uploads"));
        throw error;
      });
    }
    return { manifest, target: config.DATABASE_URL ? redactUrl(config.DATABASE_URL) : pglite };
  } catch (error) {
    await takeOutImages?.();
    throw error;
  } finally {
    await rm(stage, { recursive: true, force: true });
    // A DATA_DIR this restore made goes again when nothing came into it (a failure, or all in a bucket
    // and a database server).
    if (madeDataDir && !(await folderHolds(dataDir)).length) await rm(dataDir, { recursive: true });
  }
}
