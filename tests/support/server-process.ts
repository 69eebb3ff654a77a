// The production server (`node server.js`) as child processes, for the tests that start it: the
// server-lifecycle tests and the several-processes tests. useServerProcesses() registers the hooks
// (build when missing; kill what a failed test left running; remove data folders) and gives helpers.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import {
  describeOutput,
  entry,
  freshDataDir,
  listeningPort,
  root,
  startMs,
  running,
  startServer,
  stopServer,
  tempDirs,
  waitForLog,
} from "./server-spawn";
import { within } from "../../server/time-limit";

export type { Exit, LogLine, ServerProcess } from "./server-spawn";
export { startMs };

/**
 * A data folder whose embedded database already exists, with every bundled migration (the global
 * setup's image, tests/support/pglite-image.ts), for a server whose test is not about a first start:
 * it opens the database instead of running initdb in WebAssembly (5 s of a core, 20 s on a busy one).
 * There is no account in it yet: the server makes its admin as on a first start.
 */
export async function migratedDataDir(): Promise<string> {
  const dir = await freshDataDir();
  const image = new Blob([new Uint8Array(await readFile(inject("pgliteMigratedImage")))]);
  await (await PGlite.create({ dataDir: path.join(dir, "pglite"), loadDataDir: image })).close();
  return dir;
}

/** Registers the hooks of a file that starts servers, and returns the helpers. */
export function useServerProcesses() {
  beforeAll(() => {
    if (existsSync(entry)) return;
    const build = spawnSync("npm", ["run", "-s", "build"], { cwd: root, encoding: "utf8", timeout: 120_000 });
    if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
  }, 150_000);

  afterEach(async () => {
    // A test that failed half-way must not leave a server behind.
    for (const server of [...running]) {
      server.child.kill("SIGKILL");
      await server.exited;
    }
  });

  afterAll(async () => {
    await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });
  return {
    freshDataDir,
    migratedDataDir,
    startServer,
    waitForLog,
    listeningPort,
    within,
    stopServer,
    describeOutput,
  };
}

/** A database for the built server to run on: its settings, and how to remove it afterwards. */
export type ServerEngine = {
  name: "embedded" | "postgresql";
  settings: () => Promise<{ env: Record<string, string>; drop(): Promise<void> }>;
};

/**
 * The engines a test of the built server runs on: the embedded one in a folder whose database exists
 * (such a test is not about a first start: server-lifecycle.test.ts is), and, when TEST_DATABASE_URL
 * is set, a copy of the global setup's migrated PostgreSQL database with a data folder of its own.
 */
export function serverEngines(): ServerEngine[] {
  const engines: ServerEngine[] = [
    {
      name: "embedded",
      settings: async () => ({ env: { DATA_DIR: await migratedDataDir() }, drop: async () => {} }),
    },
  ];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return engines;
  engines.push({
    name: "postgresql",
    settings: async () => {
      const name = `kammare_test_${randomBytes(6).toString("hex")}`;
      const run = async (sql: string) => {
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        await client.query(sql);
        await client.end();
      };
      // A copy of the global setup's migrated database (tests/support/pglite-image.ts).
      await run(`create database ${name} template ${inject("postgresqlMigratedTemplate")}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return {
        env: { DATA_DIR: await freshDataDir(), DATABASE_URL: url.toString() },
        drop: () => run(`drop database if exists ${name} with (force)`),
      };
    },
  });
  return engines;
}
