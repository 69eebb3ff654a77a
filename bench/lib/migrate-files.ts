// The bundled migrations applied from their SQL files, for benchmarks run from source with tsx (the
// server's migrate() needs Vite's import.meta.glob, which only a build or Vitest provides).
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { DatabaseHandle } from "../../server/db/client";

const root = path.resolve(import.meta.dirname, "../..");

export async function migrateFromFiles(handle: DatabaseHandle): Promise<void> {
  const dir = path.join(root, "server/db/migrations");
  const journal = JSON.parse(await readFile(path.join(dir, "meta/_journal.json"), "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  await handle.withConnection(async (connection) => {
    await connection.exec(
      "create table schema_migrations (name text primary key, applied_at timestamptz not null default now())",
    );
    for (const { tag } of journal.entries.sort((a, b) => a.idx - b.idx)) {
      const text = await readFile(path.join(dir, `${tag}.sql`), "utf8");
      for (const statement of text
        .split("--> statement-breakpoint")
        .map((s) => s.trim())
        .filter(Boolean)) {
        await connection.exec(statement);
      }
      await connection.query("insert into schema_migrations (name) values ($1)", [tag]);
    }
  });
}
