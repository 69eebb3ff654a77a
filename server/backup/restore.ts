// Brings a backup back (ADR 030): checks the whole archive first (every entry against the manifest's
// size and SHA-256, every header against its own checksum), then restores into an empty data folder
// (embedded) or an empty database (DATABASE_URL), puts the images back into the configured store, and
// counts the rows of every table against the manifest. A damaged archive or a target that is not empty
// is refused before anything is written.
import { mkdir, mkdtemp, open, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Config } from "../config";
import { openDatabase } from "../db/client";
import { contentTypeOfKey, type ImageStore } from "../providers/images";
import { BackupError, checkToolVersion, readFacts, runPgTool, toolMajor } from "./create";
import { imagePrefix, manifestName, manifestSchema, type Manifest } from "./manifest";
import { ArchiveError, readTar } from "./tar";

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

/** A name an archive may hold: relative, no `..`, nothing hidden. */
function safeName(name: string): boolean {
  return (
    name.length > 0 &&
    !name.startsWith("/") &&
    name.split("/").every((part) => part !== "" && part !== "." && part !== ".." && !part.startsWith("."))
  );
}

export type VerifiedArchive = {
  manifest: Manifest;
  /** Where each entry was written (staging only). */
  staged: Map<string, string>;
};

/**
 * Reads the whole archive, writing its entries under `stageDir` when given, and checks it against its
 * manifest. Throws a BackupError naming everything wrong.
 */
export async function verifyArchive(file: string, stageDir?: string): Promise<VerifiedArchive> {
  const staged = new Map<string, string>();
  let manifestText = "";
  const problems: string[] = [];
  let entries;
  try {
    entries = await readTar(file, async (name, bytes) => {
      if (name === manifestName) {
        if (bytes > 64 * 1024 * 1024) throw new ArchiveError(`${manifestName} is implausibly large`);
        const chunks: Buffer[] = [];
        return {
          write: async (chunk) => {
            chunks.push(Buffer.from(chunk));
          },
          close: async () => {
            manifestText = Buffer.concat(chunks).toString("utf8");
          },
        };
      }
      if (!safeName(name)) throw new ArchiveError(`it holds an unsafe name, ${JSON.stringify(name)}`);
      if (!stageDir) return undefined;
      const target = path.join(stageDir, name);
      await mkdir(path.dirname(target), { recursive: true });
      staged.set(name, target);
      const out = await open(target, "w");
      return {
        write: async (chunk) => {
          await out.write(chunk);
        },
        close: () => out.close(),
      };
    });
  } catch (error) {
    if (error instanceof ArchiveError) {
      throw new BackupError(`${file} was not restored: ${error.message}`);
    }
    throw error;
  }
  if (!entries.some((entry) => entry.name === manifestName)) {
    throw new BackupError(
      `${file} has no ${manifestName}: it is not a Kammare backup, or it was cut off. Nothing was restored.`,
    );
  }
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(manifestText));
  } catch (error) {
    throw new BackupError(
      `${file} is damaged and was not restored: its ${manifestName} is not a valid Kammare backup manifest (${(error as Error).message.slice(0, 300)}).`,
    );
  }
  const found = new Map(entries.map((entry) => [entry.name, entry]));
  for (const expected of manifest.files) {
    const entry = found.get(expected.name);
    if (!entry) problems.push(`${expected.name} is missing`);
    else if (entry.bytes !== expected.bytes) {
      problems.push(`${expected.name} has ${entry.bytes} bytes where the manifest says ${expected.bytes}`);
    } else if (entry.sha256 !== expected.sha256) {
      problems.push(
        `${expected.name} does not match its checksum (SHA-256 ${entry.sha256}, the manifest says ${expected.sha256})`,
      );
    }
  }
  const listed = new Set(manifest.files.map((entry) => entry.name));
  for (const entry of entries) {
    if (entry.name !== manifestName && !listed.has(entry.name)) {
      problems.push(`${entry.name} is in the archive but not in its manifest`);
    }
  }
  if (!listed.has(manifest.database.file))
    problems.push(`the database's copy ${manifest.database.file} is not listed`);
  if (problems.length) {
    throw new BackupError(
      `${file} is damaged and was not restored:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`,
    );
  }
  return { manifest, staged };
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

/** Restores the archive `file` into the configured data folder or database, which must be empty. */
export async function restoreBackup(deps: RestoreDeps, file: string): Promise<RestoreResult> {
  const { config, images } = deps;
  const stage = await mkdtemp(path.join(os.tmpdir(), "kammare-restore-"));
  try {
    const { manifest, staged } = await verifyArchive(file, stage);
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
    let target: string;
    if (config.DATABASE_URL) {
      target = redactUrl(config.DATABASE_URL);
      const version = await toolMajor("pg_restore");
      checkToolVersion("pg_restore", version, manifest.postgresVersion);
      const ran = await runPgTool(
        "pg_restore",
        ["--exit-on-error", "--single-transaction", "--no-owner", "--no-privileges", dump],
        config.DATABASE_URL,
      );
      if (ran.code !== 0) throw new BackupError(`pg_restore failed: ${ran.stderr.trim()}`);
    } else {
      const dataDir = path.resolve(config.DATA_DIR, "pglite");
      target = dataDir;
      await mkdir(dataDir, { recursive: true });
      const image = new Blob([new Uint8Array(await readFile(dump))], { type: "application/gzip" });
      const loaded = await PGlite.create({ dataDir, loadDataDir: image });
      await loaded.close();
    }
    for (const entry of manifest.files.filter((listed) => listed.name.startsWith(imagePrefix))) {
      const key = entry.name.slice(imagePrefix.length);
      const contentType = contentTypeOfKey(key);
      if (!contentType)
        throw new BackupError(`${entry.name} is not an image key; the archive was restored without it.`);
      await images.put(key, await readFile(staged.get(entry.name) as string), contentType);
    }
    // What came back, counted against what was copied.
    const restored = await openDatabase(
      config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
    );
    try {
      const facts = await restored.withConnection(readFacts);
      const differences = Object.entries(manifest.counts)
        .filter(([table, count]) => facts.counts[table] !== count)
        .map(
          ([table, count]) => `${table}: ${facts.counts[table] ?? "missing"} rows, the backup had ${count}`,
        );
      if (facts.schemaVersion !== manifest.schemaVersion) {
        differences.push(
          `schema ${facts.schemaVersion ?? "none"}, the backup had ${manifest.schemaVersion ?? "none"}`,
        );
      }
      if (differences.length) {
        throw new BackupError(
          `The restored database differs from the backup:\n  - ${differences.join("\n  - ")}`,
        );
      }
    } finally {
      await restored.close();
    }
    return { manifest, target };
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}
