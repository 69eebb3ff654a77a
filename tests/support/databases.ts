// The database engines the database tests run on: embedded PGlite always, and a PostgreSQL server
// when TEST_DATABASE_URL is set. Each run gets its own freshly created database, dropped afterwards.
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject, it, type TestFunction } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";
import { serverUrlFor } from "./pglite-image";

export type TestEngine = {
  name: "pglite" | "postgresql";
  /**
   * Opens a new, empty database; `drop` removes it again. `migrated`: it may already have every bundled
   * migration applied (PGlite starts from the global setup's migrated image, a server database is a copy
   * of its migrated template; the caller still runs migrate(), which then finds nothing to do).
   */
  create(options?: {
    migrated?: boolean;
  }): Promise<{ handle: DatabaseHandle; url?: string; drop: () => Promise<void> }>;
};

/** The images' bytes, read once a worker (each is 40 MB, and every block of tests loads one). */
const images = new Map<string, Promise<ArrayBuffer>>();

/**
 * An image as the Blob PGlite loads (it reads it with arrayBuffer() and nothing else): its bytes are
 * handed over in one copy, not through Node's Blob, which reads 40 MB back in small chunks (a sixth
 * of the time a database takes to open from the image).
 */
async function imageBlob(file: string): Promise<Blob> {
  let bytes = images.get(file);
  if (!bytes) {
    bytes = readFile(file).then((data) => new Uint8Array(data).buffer);
    images.set(file, bytes);
  }
  const image = await bytes;
  return new (class extends Blob {
    override arrayBuffer(): Promise<ArrayBuffer> {
      return Promise.resolve(image.slice(0));
    }
  })();
}

export function testEngines(): TestEngine[] {
  const engines: TestEngine[] = [
    {
      name: "pglite",
      create: async ({ migrated = false } = {}) => {
        // From an initialised data folder the global setup made (tests/support/pglite-image.ts).
        const image = await imageBlob(inject(migrated ? "pgliteMigratedImage" : "pgliteImage"));
        const handle = await openDatabase({ memory: true, image });
        return { handle, drop: () => handle.close() };
      },
    },
  ];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    engines.push({
      name: "postgresql",
      create: async ({ migrated = false } = {}) => {
        const name = `kammare_test_${randomBytes(6).toString("hex")}`;
        // From the global setup's migrated template (tests/support/pglite-image.ts), or empty.
        const template = migrated ? inject("postgresqlMigratedTemplate") : undefined;
        const admin = new pg.Client({ connectionString: serverUrl });
        await admin.connect();
        await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
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
