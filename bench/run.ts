// `npm run bench`: starts the production build and measures, in one run, a bare node:http server
// sending the same bytes as our server-rendered home page, and the page itself; prints requests
// per second for each and the ratio, and the JavaScript a browser loads on a first visit.
//
// Settings (environment): BENCH_SECONDS measured seconds per target (default 8),
// BENCH_WARMUP_SECONDS (default 2), BENCH_CONNECTIONS (default 50), BENCH_ROUNDS (default 2),
// BENCH_LOG_LEVEL the app's LOG_LEVEL (default warn).
import path from "node:path";
import { analyzeFirstLoad, type Asset, type FirstLoad, type Totals } from "./lib/first-load.ts";
import { compare, type LoadSettings, type TargetResult } from "./lib/load.ts";
import {
  clientDir,
  ensureBuild,
  cleanUpNow,
  root,
  startApp,
  startBareServer,
  type Running,
} from "./lib/processes.ts";
import { decimal, environment, integer, kB, table, writeJson } from "./lib/report.ts";

function setting(name: string, fallback: number, { integerOnly = false } = {}): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (integerOnly && !Number.isInteger(value))) {
    throw new Error(`${name} must be a positive ${integerOnly ? "integer" : "number"}, got "${raw}"`);
  }
  return value;
}

const log = (line: string) => process.stderr.write(`bench: ${line}\n`);

function readSettings(): LoadSettings {
  try {
    return {
      seconds: setting("BENCH_SECONDS", 8),
      warmupSeconds: process.env.BENCH_WARMUP_SECONDS === "0" ? 0 : setting("BENCH_WARMUP_SECONDS", 2),
      connections: setting("BENCH_CONNECTIONS", 50, { integerOnly: true }),
      rounds: setting("BENCH_ROUNDS", 2, { integerOnly: true }),
    };
  } catch (error) {
    log(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
}

const settings = readSettings();
const pagePath = "/";
const resultsFile = path.join(root, "bench/results/latest.json");

// Everything stops by itself: a watchdog ends a run that hangs, and children die with us.
const budgetMs = (120 + 2 * (settings.warmupSeconds + settings.seconds) * 1.5) * 1000;
setTimeout(() => {
  log(`gave up after ${Math.round(budgetMs / 1000)} s`);
  process.exit(1);
}, budgetMs).unref();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    cleanUpNow();
    process.exit(130);
  });
}

async function fetchPage(url: string) {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return { body, contentType: response.headers.get("content-type") ?? "application/octet-stream" };
}

function printLoad(results: TargetResult[], ratio: number, pageBytes: number): void {
  const seconds = settings.seconds / settings.rounds;
  console.log(
    `\nThroughput: GET ${pagePath} (${integer(pageBytes)} bytes of HTML), ${settings.connections} connections, ` +
      `${settings.warmupSeconds} s warm-up + ${settings.rounds} × ${decimal(seconds)} s per target, alternating\n`,
  );
  console.log(
    table(
      ["target", "req/s", "p50 ms", "p99 ms", "requests", "errors", "non-2xx", "req/s by round"],
      results.map((result) => [
        result.name,
        integer(result.requestsPerSecond),
        decimal(result.latencyP50Ms, 2),
        decimal(result.latencyP99Ms, 2),
        integer(result.requests),
        integer(result.errors + result.timeouts),
        integer(result.non2xx),
        result.rounds.map((round) => integer(round.requestsPerSecond)).join(" / "),
      ]),
    ),
  );
  console.log(`\nSSR page / bare node:http: ${decimal(ratio * 100)} %`);
  console.log("(p50: mean of the rounds' medians; p99: worst round)");
}

function assetRows(assets: Asset[], markImported: boolean): string[][] {
  return assets.map((asset) => [
    `${asset.path}${asset.label ? ` (${asset.label})` : ""}${markImported && asset.via === "import" ? " *" : ""}`,
    kB(asset.bytes),
    kB(asset.gzipBytes),
    kB(asset.brotliBytes),
  ]);
}

const files = (count: number) => `${count} ${count === 1 ? "file" : "files"}`;

function totalRow(label: string, total: Totals): string[] {
  return [`${label} (${files(total.files)})`, kB(total.bytes), kB(total.gzipBytes), kB(total.brotliBytes)];
}

function printFirstLoad(firstLoad: FirstLoad): void {
  const header = ["file", "raw kB", "gzip kB", "br kB"];
  console.log(`\nFirst visit to ${pagePath}: JavaScript (gzip level 9, brotli 11)\n`);
  console.log(
    table(header, [...assetRows(firstLoad.js, true), totalRow("total JavaScript", firstLoad.jsTotal)]),
  );
  if (firstLoad.js.some((asset) => asset.via === "import")) {
    console.log("* imported by another module but not preloaded by the HTML");
  }
  console.log(
    `\nJavaScript on first visit: ${kB(firstLoad.jsTotal.gzipBytes)} kB gzip ` +
      `(${kB(firstLoad.jsTotal.brotliBytes)} kB brotli, ${kB(firstLoad.jsTotal.bytes)} kB raw) in ${files(firstLoad.jsTotal.files)}`,
  );
  console.log(
    `Also: HTML ${kB(firstLoad.document.gzipBytes)} kB gzip (${kB(firstLoad.document.bytes)} kB raw), ` +
      `CSS ${kB(firstLoad.cssTotal.gzipBytes)} kB gzip in ${files(firstLoad.cssTotal.files)}`,
  );
  if (firstLoad.lazy.length > 0) {
    console.log("\nLoaded later with import(), not part of the first load:\n");
    console.log(
      table(header, [...assetRows(firstLoad.lazy, false), totalRow("total later", firstLoad.lazyTotal)]),
    );
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const env = environment(root);
  const built = await ensureBuild();
  log("starting the app (production build, fresh embedded database)…");
  const running: Running[] = [];
  try {
    const app = await startApp();
    running.push(app);
    const page = await fetchPage(`${app.url}${pagePath}`);
    const bare = await startBareServer(page.body, page.contentType);
    running.push(bare);
    const check = await fetchPage(`${bare.url}${pagePath}`);
    if (!check.body.equals(page.body)) throw new Error("the bare server does not send the page's bytes");

    const firstLoad = await analyzeFirstLoad(page.body.toString("utf8"), clientDir);
    const [baseline, ssr] = await compare(
      [
        { name: "bare node:http (same bytes)", url: `${bare.url}${pagePath}` },
        { name: `SSR page ${pagePath}`, url: `${app.url}${pagePath}` },
      ],
      settings,
      log,
    );
    if (baseline === undefined || ssr === undefined) throw new Error("missing results");
    const ratio = baseline.requestsPerSecond > 0 ? ssr.requestsPerSecond / baseline.requestsPerSecond : 0;

    console.log(
      `Kammare benchmark, ${env.date}, Node ${env.node}, ${env.cpus} CPUs (${env.cpuModel}), ` +
        `commit ${env.commit ?? "unknown"}${env.dirty ? " with uncommitted changes" : ""}` +
        `${built ? ", built for this run" : ""}`,
    );
    console.log(`Load average at start: ${decimal(env.loadAverage, 2)} on ${env.cpus} CPUs`);
    if (env.loadAverage > env.cpus / 2) {
      console.log("WARNING: the machine was busy with other work; the throughput figures are skewed.");
    }
    printLoad([baseline, ssr], ratio, page.body.length);
    printFirstLoad(firstLoad);
    for (const result of [baseline, ssr]) {
      if (result.errors + result.timeouts + result.non2xx > 0) {
        console.log(`\nWARNING: ${result.name} had errors or non-2xx answers; its figure is not comparable.`);
      }
    }

    const file = await writeJson(resultsFile, {
      benchmark: "ssr-vs-bare-node-http",
      environment: env,
      settings: { ...settings, path: pagePath, loadGenerator: "autocannon", host: "127.0.0.1" },
      page: { bytes: page.body.length, contentType: page.contentType },
      load: { baseline, page: ssr, ratio },
      firstLoad,
      wallSeconds: (Date.now() - started) / 1000,
    });
    console.log(
      `\nResults: ${path.relative(process.cwd(), file)} (${decimal((Date.now() - started) / 1000)} s)`,
    );
  } finally {
    await Promise.allSettled(running.reverse().map((child) => child.stop()));
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    cleanUpNow();
    process.exit(1);
  },
);
