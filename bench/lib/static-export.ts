// The static copy's budget (ADR 046): 10,000 public pages (a name, a story and a shown memory each)
// on a fresh embedded database, exported by the build's own exporter to a folder (target: under
// 10 minutes), then again with one page changed (target: under 30 s), as `npm run export:static`
// does: the build's pages rendered in a process of its own, in React's production mode like the command
// (the bench's own process has React loaded already, in whichever mode it started).
import { spawn } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import type * as ServerEntry from "../../server/index";
import type { Database } from "../../server/db/client";
import { createDiskImageStore } from "../../server/providers/images";
import { root } from "./processes.ts";

export const staticPages = 10_000;
export const staticFullTargetSeconds = 600;
export const staticRerunTargetSeconds = 30;

type Build = Pick<typeof ServerEntry, "openDatabase" | "migrate" | "folderCopier">;

export type StaticExportBench = {
  pages: number;
  seedSeconds: number;
  fullSeconds: number;
  files: number;
  megabytes: number;
  rerunSeconds: number;
  rerunRendered: number;
  passed: boolean;
};

/** Runs the part in a child process (NODE_ENV=production, as scripts/export-static.mjs sets it). */
export function runStaticExportBench(log: (line: string) => void): Promise<StaticExportBench> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(root, "node_modules/.bin/tsx"),
      [path.join(root, "bench/lib/static-export.ts")],
      {
        cwd: root,
        env: { ...process.env, NODE_ENV: "production" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n").filter(Boolean)) log(line);
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      const last = out.trim().split("\n").pop() ?? "";
      if (code === 0 && last.startsWith("{")) resolve(JSON.parse(last) as StaticExportBench);
      else reject(new Error(`the static copy's bench process ended with ${code}: ${out.slice(-2000)}`));
    });
  });
}

async function measure(log: (line: string) => void, count = staticPages): Promise<StaticExportBench> {
  const build = (await import(pathToFileURL(path.join(root, "build/server/index.js")).href)) as Build;
  const work = await mkdtemp(path.join(tmpdir(), "kammare-bench-static-"));
  const handle = await build.openDatabase({ dataDir: path.join(work, "db") });
  try {
    await build.migrate(handle);
    const db = handle.db as unknown as Database;
    const seeded = performance.now();
    await db.execute(sql`
      INSERT INTO profiles (id, status, content, metadata)
      SELECT 'B' || lpad(n::text, 7, '0'), 'active',
        jsonb_build_object(
          'displayName', 'Minne ' || n,
          'birthDate', '1931-04-02', 'deathDate', '2024-10-11',
          'story', repeat('Hon växte upp vid havet och sjöng i kören i femtio år. ', 12)),
        '{"visibility":"public","language":"sv-SE","tags":[]}'::jsonb
      FROM generate_series(1, ${count}) n`);
    await db.execute(sql`
      INSERT INTO memories (profile_id, writer_name, body, state)
      SELECT id, 'Erik', 'Tack för sångerna.', 'shown' FROM profiles`);
    const seedSeconds = (performance.now() - seeded) / 1000;
    log(`static copy: ${count} pages seeded in ${seedSeconds.toFixed(1)} s, exporting…`);

    const copier = await build.folderCopier({
      database: handle,
      images: createDiskImageStore(path.join(work, "uploads")),
      publicUrl: "https://kammare.se",
      outboxDir: path.join(work, "outbox"),
      clientDir: path.join(root, "build/client"),
    });
    const dir = path.join(work, "copy");
    const run = () => copier.copy(dir, (line) => log(`static copy: ${line}`));
    const full = await run();
    if (full.rendered !== count) throw new Error(`the copy rendered ${full.rendered} pages, not ${count}`);
    const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((item) =>
      item.isFile(),
    );
    await db.execute(sql`
      UPDATE profiles SET content = content || '{"subtitle":"Sjuksköterska och sångerska"}'::jsonb
      WHERE id = 'B0000001'`);
    const rerun = await run();
    return {
      pages: full.pages,
      seedSeconds,
      fullSeconds: full.seconds,
      files: files.length,
      megabytes: full.bytes / 1024 / 1024,
      rerunSeconds: rerun.seconds,
      rerunRendered: rerun.rendered,
      passed:
        full.seconds < staticFullTargetSeconds &&
        rerun.seconds < staticRerunTargetSeconds &&
        rerun.rendered === 1,
    };
  } finally {
    await handle.close();
    await rm(work, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  measure((line) => process.stderr.write(`${line}\n`)).then(
    (result) => {
      process.stdout.write(`${JSON.stringify(result)}\n`);
      process.exit(0);
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
