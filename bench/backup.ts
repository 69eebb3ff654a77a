// The time of a backup (and of its restore) of the 1,000,000-profile database of the list benchmark
// (lib/list.ts's seed), on the embedded database and, with TEST_DATABASE_URL, on PostgreSQL (ADR 030).
// `npx tsx bench/backup.ts` (BENCH_BACKUP_PROFILES for another size). From source, no build needed:
// the migrations are applied from their SQL files. On the embedded database it also measures how long
// the site's own statements wait while the backup holds the database (a `select 1` every 10 ms).
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createBackup } from "../server/backup/create";
import { restoreBackup } from "../server/backup/restore";
import { openDatabase } from "../server/db/client";
import { createDiskImageStore } from "../server/providers/images";
import { seedProfiles } from "./lib/list.ts";
import { migrateFromFiles } from "./lib/migrate-files.ts";

const log = (line: string) => process.stderr.write(`bench: ${line}\n`);
const profiles = Number(process.env.BENCH_BACKUP_PROFILES ?? 1_000_000);

async function scratchDatabase(serverUrl: string) {
  const name = `kammare_bench_backup_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function run(engine: "embedded" | "server"): Promise<void> {
  const work = await mkdtemp(path.join(os.tmpdir(), "kammare-bench-backup-"));
  const drops: (() => Promise<void>)[] = [() => rm(work, { recursive: true, force: true })];
  try {
    let url: string | undefined;
    let restoreUrl: string | undefined;
    if (engine === "server") {
      const serverUrl = process.env.TEST_DATABASE_URL as string;
      const scratch = await scratchDatabase(serverUrl);
      const target = await scratchDatabase(serverUrl);
      drops.push(scratch.drop, target.drop);
      url = scratch.url;
      restoreUrl = target.url;
    }
    const handle = await openDatabase(url ? { url } : { dataDir: path.join(work, "site") });
    try {
      await migrateFromFiles(handle);
      const seeded = await seedProfiles(handle, profiles, (line) => log(`${line} (${engine})`), {
        analyze: false,
      });
      log(`${engine}: seeded ${profiles.toLocaleString("en-US")} profiles in ${seeded.seconds.toFixed(0)} s`);
      if (engine === "embedded") await handle.withConnection((c) => c.exec("checkpoint"));
      const config = {
        DATA_DIR: path.join(work, "site"),
        BACKUP_DIR: path.join(work, "backups"),
        DATABASE_URL: url,
      };
      // The site's statements meanwhile: a `select 1` every 10 ms; the longest gap between two answers
      // (the dump also blocks the event loop, which a statement's own wait would not show).
      let pinging = true;
      let longestMs = 0;
      const pings = (async () => {
        let last = performance.now();
        while (pinging) {
          await handle.ping();
          const now = performance.now();
          longestMs = Math.max(longestMs, now - last);
          last = now;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })();
      const started = performance.now();
      const { file, manifest } = await createBackup({
        config,
        database: handle,
        images: createDiskImageStore(path.join(work, "site", "uploads")),
      });
      const seconds = (performance.now() - started) / 1000;
      pinging = false;
      await pings;
      const bytes = (await stat(file)).size;
      log(
        `${engine}: backup of ${(manifest.counts.profiles ?? 0).toLocaleString("en-US")} profiles in ${seconds.toFixed(1)} s, archive ${mb(bytes)}; the longest gap between the site's answers meanwhile ${longestMs.toFixed(0)} ms`,
      );
      await handle.close();
      const target = { DATA_DIR: path.join(work, "restored"), DATABASE_URL: restoreUrl };
      const restoreStarted = performance.now();
      await restoreBackup(
        { config: target, images: createDiskImageStore(path.join(work, "restored", "uploads")) },
        file,
      );
      log(
        `${engine}: restore (checked, counted) in ${((performance.now() - restoreStarted) / 1000).toFixed(1)} s`,
      );
    } finally {
      await handle.close();
    }
  } finally {
    for (const drop of drops.reverse()) await drop().catch(() => {});
  }
}

await run("embedded");
if (process.env.TEST_DATABASE_URL) await run("server");
