// Vitest's global setup: one freshly initialised PGlite data folder, as an image every test database
// on PGlite starts from. Running initdb takes seconds in WebAssembly and is the same every time;
// loading its image takes a fraction of that. The migrations still run on each test database.
import { rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The file holding the initialised PGlite data folder (a dumpDataDir tarball). */
    pgliteImage: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const file = path.join(os.tmpdir(), `kammare-pglite-${process.pid}-${Date.now()}.tar`);
  const client = await PGlite.create();
  const image = await client.dumpDataDir("none");
  await client.close();
  await writeFile(file, new Uint8Array(await image.arrayBuffer()));
  project.provide("pgliteImage", file);
  return () => rm(file, { force: true });
}
