// How long the running site stops answering while it takes a backup of its embedded database (ADR 030):
// the production build (`node server.js`, `npm run build` first) on a data folder seeded with
// BENCH_BACKUP_PROFILES profiles (default 300,000; lib/list.ts's seed), GET /api/health (answered
// without the database: the event loop) and GET /api/ready (a database ping) each polled every 50 ms
// from this process while `npm run backup` asks the site for one over its socket. Prints the longest
// gap between two answers of each, the site's own longest event-loop delay meanwhile (its /metrics), the
// backup's time and the archive's size.
// `npx tsx bench/backup-pause.ts`
import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../server/db/client";
import { seedProfiles } from "./lib/list.ts";
import { migrateFromFiles } from "./lib/migrate-files.ts";
import { stopChild } from "./lib/processes.ts";

const root = path.resolve(import.meta.dirname, "..");
const log = (line: string) => process.stderr.write(`bench: ${line}\n`);
const profiles = Number(process.env.BENCH_BACKUP_PROFILES ?? 300_000);
const port = Number(process.env.BENCH_PORT ?? 3871);
const pollMs = 50;
const metricsToken = "bench-backup-pause-".padEnd(40, "x");

/**
 * The site's own longest event-loop delay since the last read (prom-client's histogram, reset by every
 * read of /metrics), in ms: what the site itself was held up, without this process's or the machine's
 * scheduling in it.
 */
async function siteLoopDelayMs(): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { Authorization: `Bearer ${metricsToken}` },
  });
  const line = (await response.text())
    .split("\n")
    .find((l) => l.startsWith("nodejs_eventloop_lag_max_seconds"));
  return Number(line?.split(" ")[1] ?? NaN) * 1000;
}

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out }));
  });
}

/** Polls `route` every 50 ms until stopped; answers the longest gap between two answers. */
function poll(route: string) {
  let polling = true;
  let longestMs = 0;
  let failures = 0;
  const done = (async () => {
    let last = performance.now();
    while (polling) {
      const response = await fetch(`http://127.0.0.1:${port}${route}`).catch(() => null);
      if (!response?.ok) failures += 1;
      await response?.arrayBuffer();
      const now = performance.now();
      longestMs = Math.max(longestMs, now - last);
      last = now;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  })();
  return {
    stop: async () => {
      polling = false;
      await done;
      return { longestMs, failures };
    },
  };
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/** The process's CPU time so far, in clock ticks (/proc/{pid}/stat's utime and stime). */
async function cpuTicks(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1]?.split(" ") ?? [];
  return Number(fields[11]) + Number(fields[12]);
}

/** Waits until the process uses less than a tenth of a core over two seconds (at most a minute). */
async function settled(pid: number): Promise<void> {
  for (let waited = 0; waited < 60; waited += 2) {
    const before = await cpuTicks(pid);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    // 100 ticks a second: a tenth of a core over two seconds is 20.
    if ((await cpuTicks(pid)) - before < 20) return;
  }
  log("the site did not settle within a minute; measuring anyway");
}

const work = await mkdtemp(path.join(os.tmpdir(), "kammare-bench-pause-"));
try {
  const env = {
    DATA_DIR: path.join(work, "site"),
    BACKUP_DIR: path.join(work, "backups"),
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    METRICS_TOKEN: metricsToken,
  };
  const handle = await openDatabase({ dataDir: env.DATA_DIR });
  await migrateFromFiles(handle);
  await seedProfiles(handle, profiles, log, { analyze: false });
  // The seed's past-due pages would have the site's lifecycle sweep look at each of them at its start
  // (minutes of statements at this size), which is not what is measured here: they become expired.
  await handle.withConnection((c) =>
    c.exec("update profiles set status = 'expired' where status = 'past_due'"),
  );
  await handle.close();
  const size = await folderBytes(path.join(env.DATA_DIR, "pglite"));
  log(
    `seeded ${profiles.toLocaleString("en-US")} profiles: data folder ${(size / 1024 / 1024).toFixed(0)} MB`,
  );

  const siteStarted = Date.now();
  const site = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: "ignore",
  });
  try {
    for (let tries = 0; ; tries += 1) {
      const up = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (tries > 600) throw new Error("the site did not start");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Settled: the start's own work (planner statistics, the first lifecycle sweep 5 s after the start
    // and the first retention sweep 30 s after it) is done before the measurement.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, siteStarted + 35_000 - Date.now())));
    await settled(site.pid as number);
    await siteLoopDelayMs();
    const health = poll("/api/health");
    const ready = poll("/api/ready");
    await new Promise((resolve) => setTimeout(resolve, 500));
    const started = performance.now();
    const backup = await run(["node_modules/tsx/dist/cli.mjs", "server/backup/cli.ts", "backup"], env);
    const seconds = (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [h, r] = [await health.stop(), await ready.stop()];
    const siteDelayMs = await siteLoopDelayMs();
    if (backup.code !== 0) throw new Error(`npm run backup failed: ${backup.out}`);
    const file = backup.out.trim().split("\n").at(-1) as string;
    log(
      `backup in ${seconds.toFixed(1)} s (archive ${((await stat(file)).size / 1024 / 1024).toFixed(0)} MB in ${path.dirname(file) === env.BACKUP_DIR ? "BACKUP_DIR" : path.dirname(file)}); ` +
        `longest gap between answers: /api/health ${h.longestMs.toFixed(0)} ms, /api/ready ${r.longestMs.toFixed(0)} ms; ` +
        `the site's own longest event-loop delay ${siteDelayMs.toFixed(0)} ms` +
        (h.failures + r.failures ? ` (${h.failures + r.failures} failed polls)` : ""),
    );
  } finally {
    await stopChild(site);
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
