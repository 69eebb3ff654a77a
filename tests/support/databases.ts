// The database engines the database tests run on: embedded PGlite always, and a PostgreSQL server
// when TEST_DATABASE_URL is set. Each run gets its own freshly created database, dropped afterwards.
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject, it, type TestFunction } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";

export type TestEngine = {
  name: "pglite" | "postgresql";
  /**
   * Opens a new, empty database; `drop` removes it again. `migrated`: it may already have every bundled
   * migration applied (PGlite starts from the global setup's migrated image; a server database is
   * created empty either way, the caller migrates).
   */
  create(options?: {
    migrated?: boolean;
  }): Promise<{ handle: DatabaseHandle; url?: string; drop: () => Promise<void> }>;
};

function serverUrlFor(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

export function testEngines(): TestEngine[] {
  const engines: TestEngine[] = [
    {
      name: "pglite",
      create: async ({ migrated = false } = {}) => {
        // From an initialised data folder the global setup made (tests/support/pglite-image.ts).
        const image = new Blob([await readFile(inject(migrated ? "pgliteMigratedImage" : "pgliteImage"))]);
        const handle = await openDatabase({ memory: true, image });
        return { handle, drop: () => handle.close() };
      },
    },
  ];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    engines.push({
      name: "postgresql",
      create: async () => {
        const name = `kammare_test_${randomBytes(6).toString("hex")}`;
        const admin = new pg.Client({ connectionString: serverUrl });
        await admin.connect();
        await admin.query(`create database ${name}`);
        await admin.end();
        const url = serverUrlFor(serverUrl, name);
        const handle = await openDatabase({ url });
        return {
          handle,
          url,
          drop: async () => {
            await handle.close();
            const cleanup = new pg.Client({ connectionString: serverUrl });
            await cleanup.connect();
            await cleanup.query(`drop database if exists ${name} with (force)`);
            await cleanup.end();
          },
        };
      },
    });
  }
  return engines;
}

/**
 * A test of what only a PostgreSQL server has (other processes, connections that can be lost): it runs
 * in the engine's "on postgresql" suite, which needs TEST_DATABASE_URL, and shows on PGlite as
 * skipped with the reason in its name.
 */
export function postgresqlOnly(engine: TestEngine) {
  return (name: string, fn: TestFunction, timeout?: number) =>
    engine.name === "postgresql"
      ? it(name, fn, timeout)
      : it.skip(
          `${name} [skipped: PostgreSQL only${process.env.TEST_DATABASE_URL ? "" : ", and TEST_DATABASE_URL is not set"}]`,
          fn,
        );
}
