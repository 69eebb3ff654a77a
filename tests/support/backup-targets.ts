// What the backup tests share: scratch folders and databases to restore into (removed after the file),
// what a target holds (to show a refused restore left it as it was), archives rewritten the way a
// damaged or hand-made one would be, and `npm run backup` / `npm run restore` run as an operator does.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll } from "vitest";
import { manifestName, manifestSchema, type Manifest } from "../../server/backup/manifest";
import { createTarWriter, readTar } from "../../server/backup/tar";

/** Registers the clean-up of what the helpers below make; call once at a file's top level. */
export function useBackupScratch() {
  const dirs: string[] = [];
  const databases: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const drop of databases) await drop();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  /** A new folder, removed after the file. */
  async function temporaryDir(name: string): Promise<string> {
    const dir = await mkdtemp(path.join(os.tmpdir(), `kammare-${name}-`));
    dirs.push(dir);
    return dir;
  }

  /** A fresh, empty database on the test server, dropped after the file. */
  async function emptyServerDatabase(serverUrl: string): Promise<string> {
    const name = `kammare_restore_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    databases.push(async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    });
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }

  return { temporaryDir, emptyServerDatabase };
}

/**
 * Every file and folder under `dir` (relative names; files with their SHA-256), or null when there is
 * no such folder.
 */
export async function folderSnapshot(dir: string): Promise<Record<string, string> | null> {
  if (!(await stat(dir).catch(() => null))) return null;
  const found: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const name = path.relative(dir, file);
    found[name] = entry.isDirectory()
      ? "folder"
      : createHash("sha256")
          .update(await readFile(file))
          .digest("hex");
  }
  return found;
}

/** Every table outside PostgreSQL's own schemas with its rows, as `schema.table: rows`. */
export async function databaseSnapshot(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      "select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1",
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) {
      const result = await client.query<{ count: string }>(`select count(*)::text as count from ${name}`);
      counts[name] = Number(result.rows[0]?.count);
    }
    return counts;
  } finally {
    await client.end();
  }
}

/** An archive's entries, in memory (small archives only), and its manifest. */
export async function readArchive(
  file: string,
): Promise<{ entries: Map<string, Buffer>; manifest: Manifest }> {
  const entries = new Map<string, Buffer>();
  await readTar(file, async (name) => {
    const chunks: Buffer[] = [];
    return {
      write: async (chunk) => void chunks.push(Buffer.from(chunk)),
      close: async () => void entries.set(name, Buffer.concat(chunks)),
    };
  });
  const manifest = manifestSchema.parse(JSON.parse((entries.get(manifestName) as Buffer).toString("utf8")));
  entries.delete(manifestName);
  return { entries, manifest };
}

/**
 * Writes `entries` as an archive at `file` with `manifest`, its list of files (sizes and SHA-256s) made
 * to match the entries: an archive whose every checksum holds, as a hand-made one would.
 */
export async function writeArchive(
  file: string,
  entries: Map<string, Buffer>,
  manifest: Manifest,
): Promise<void> {
  const writer = await createTarWriter(file);
  const files: Manifest["files"] = [];
  for (const [name, data] of entries) files.push(await writer.add(name, data));
  await writer.add(manifestName, Buffer.from(JSON.stringify({ ...manifest, files })));
  await writer.finish();
}

/** Runs `npm run backup` or `npm run restore` as an operator would (tsx, the settings in the environment). */
export function runBackupScript(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["node_modules/tsx/dist/cli.mjs", "server/backup/cli.ts", ...args],
      {
        // PORT: where the command looks for a running site (none: this port is the backup tests' alone).
        env: {
          PATH: process.env.PATH ?? "",
          HOME: process.env.HOME ?? "",
          LOG_LEVEL: "silent",
          PORT: "3793",
          ...env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out, err }));
  });
}
