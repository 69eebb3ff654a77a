// Vitest's global setup: freshly initialised PGlite data folders, as images every test database on
// PGlite starts from. Running initdb takes seconds in WebAssembly and is the same every time; loading
// its image takes a fraction of that. Two images: the empty database (for the tests of the migrations
// themselves), and the same with every bundled migration applied, which the fixture's databases start
// from (the fixture still runs migrate(), which then finds nothing to do).
//
// With TEST_DATABASE_URL, the same for the server: one database migrated here, the template every
// migrated test database on the server is created from (CREATE DATABASE … TEMPLATE copies its files in
// a fraction of the time the migrations' 700 statements take, run again for each block of tests).
import { randomBytes } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase, type RawConnection } from "../../server/db/client";
import { migrate } from "../../server/db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    /** The file holding the initialised PGlite data folder (a dumpDataDir tarball). */
    pgliteImage: string;
    /** The same, with every bundled migration applied. */
    pgliteMigratedImage: string;
    /** With TEST_DATABASE_URL: the name of the server database with every bundled migration applied. */
    postgresqlMigratedTemplate: string | undefined;
  }
}

/** Runs one statement on the test server's maintenance database. */
export async function onTestServer(serverUrl: string, sqlText: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

/** The address of `database` on the server of `serverUrl`. */
export function serverUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A database on the test server with every bundled migration, to copy; no connection is left open on it. */
async function migratedTemplate(serverUrl: string): Promise<string> {
  const name = `kammare_template_${randomBytes(6).toString("hex")}`;
  await onTestServer(serverUrl, `create database ${name}`);
  const handle = await openDatabase({ url: serverUrlFor(serverUrl, name) });
  try {
    await migrate(handle);
  } finally {
    await handle.close();
  }
  return name;
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
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = serverUrl ? await migratedTemplate(serverUrl) : undefined;
  project.provide("postgresqlMigratedTemplate", template);
  return async () => {
    await Promise.all(Object.values(files).map((file) => rm(file, { force: true })));
    if (serverUrl && template)
      await onTestServer(serverUrl, `drop database if exists ${template} with (force)`);
  };
}
