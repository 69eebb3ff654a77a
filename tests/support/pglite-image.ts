// Vitest's global setup: freshly initialised PGlite data folders, as images every test database on
// PGlite starts from. Running initdb takes seconds in WebAssembly and is the same every time; loading
// its image takes a fraction of that. Two images: the empty database (for the tests of the migrations
// themselves), and the same with every bundled migration applied, which the fixture's databases start
// from (the fixture still runs migrate(), which then finds nothing to do).
import { rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import type { RawConnection } from "../../server/db/client";
import { migrate } from "../../server/db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    /** The file holding the initialised PGlite data folder (a dumpDataDir tarball). */
    pgliteImage: string;
    /** The same, with every bundled migration applied. */
    pgliteMigratedImage: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const base = path.join(os.tmpdir(), `kammare-pglite-${process.pid}-${Date.now()}`);
  const files = { empty: `${base}.tar`, migrated: `${base}-migrated.tar` };
  const client = await PGlite.create();
  const save = async (file: string) =>
    writeFile(file, new Uint8Array(await (await client.dumpDataDir("none")).arrayBuffer()));
  await save(files.empty);
  const connection: RawConnection = {
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    query: async <Row>(sqlText: string, params?: unknown[]) =>
      (await client.query<Row>(sqlText, params)).rows,
  };
  await migrate({ withConnection: (work) => work(connection) });
  await save(files.migrated);
  await client.close();
  project.provide("pgliteImage", files.empty);
  project.provide("pgliteMigratedImage", files.migrated);
  return async () => {
    await Promise.all(Object.values(files).map((file) => rm(file, { force: true })));
  };
}
