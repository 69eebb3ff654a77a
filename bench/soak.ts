// `npm run soak`: the long forms of the load and crash tests (ADR 018), against the production build, on the embedded database
// and, when TEST_DATABASE_URL is set, on a scratch database of that PostgreSQL server.
// - load: a mixed workload (the public page /k/{id}, sign-in, the owner's edits, starting a card
//   checkout, the admin's profile list) from SOAK_CONNECTIONS (200) connections for SOAK_SECONDS (60):
//   every answer must be the one its request expects (sign-in: 200, or 429 once its limit is reached),
//   with throughput, p50/p99 latency and the app process's resident memory, sampled every second.
//   Targets: p99 < 100 ms; memory < 450 MB on the embedded database, < 200 MB on PostgreSQL; the
//   cached public page (X-Cache: HIT) p99 < 150 ms, apart from its renders after an edit (ADR 049).
// - crash: a writer storm (sign-ups, edits, card payments) while the app is killed with SIGKILL at
//   random moments SOAK_CRASHES (6) times and restarted on the same data; afterwards every write the
//   app acknowledged is there, and nothing is half-written (a paid order without its payment event or
//   subscription, a subscription without a paid order, a page active without a paid order).
// SOAK_PARTS=load,crash picks parts; SOAK_ENGINES=pglite,postgresql picks engines; SOAK_KINDS picks
// kinds of the load's mix ("public page,edit"); SOAK_PROFILE=DIR
// has the app write a CPU profile of the load there. Results go to bench/results/soak.json.
import { loadServerBuild } from "./lib/list.ts";
import { cleanUpNow, ensureBuild } from "./lib/processes.ts";
import { decimal, table, writeJson } from "./lib/report.ts";
import { runCrashPart, type CrashResult } from "./lib/soak-crash.ts";
import { cachedPublicPage, runLoadPart, type LoadResult } from "./lib/soak-load.ts";
import { settings } from "./lib/soak-settings.ts";

process.on("SIGINT", () => {
  cleanUpNow();
  process.exit(130);
});

await ensureBuild();
const build = await loadServerBuild();
const loads: LoadResult[] = [];
const crashes: CrashResult[] = [];
let failed = false;
for (const engine of settings.engines) {
  if (settings.parts.includes("load")) loads.push(await runLoadPart(build, engine));
  if (settings.parts.includes("crash")) crashes.push(await runCrashPart(build, engine));
}

if (loads.length > 0) {
  console.log(`\nLoad: ${settings.connections} connections, ${settings.seconds} s, mixed workload\n`);
  console.log(
    table(
      ["engine", "requests", "req/s", "p50 ms", "p99 ms", "unexpected", "errors", "RSS MB warm/peak/end"],
      loads.map((load) => [
        load.engine,
        String(load.requests),
        decimal(load.requestsPerSecond, 0),
        decimal(load.latencyP50Ms, 0),
        decimal(load.latencyP99Ms, 0),
        JSON.stringify(load.unexpected),
        String(load.errors + load.timeouts),
        `${load.memoryMb.afterWarmUp}/${load.memoryMb.peak}/${load.memoryMb.end}`,
      ]),
    ),
  );
  for (const load of loads) {
    const memoryTarget = load.engine === "pglite" ? 450 : 200;
    const cachedP99 = load.latencyByKind[cachedPublicPage]?.p99;
    const correct = Object.keys(load.unexpected).length === 0 && load.errors + load.timeouts === 0;
    if (!correct) failed = true;
    console.log(
      `${load.engine}: answers ${correct ? "PASS" : "FAIL"}; p99 < 100 ms ${load.latencyP99Ms < 100 ? "PASS" : "MISSED"}; ` +
        `the cached public page's p99 < 150 ms ${cachedP99 !== undefined && cachedP99 < 150 ? "PASS" : "FAIL"} (${cachedP99 ?? "none"}); ` +
        `memory < ${memoryTarget} MB ${load.memoryMb.peak < memoryTarget ? "PASS" : "MISSED"}; ` +
        `errors ${JSON.stringify(load.errorsByKind)}; ` +
        `by kind ${JSON.stringify(load.byKind)}; latency by kind (p50/p99/max ms) ` +
        Object.entries(load.latencyByKind)
          .map(([kind, { p50, p99, max }]) => `${kind} ${p50}/${p99}/${max}`)
          .join(", "),
    );
  }
}
if (crashes.length > 0) {
  console.log(`\nCrash safety: ${settings.writers} writers, ${settings.crashes} kills with SIGKILL\n`);
  for (const crash of crashes) {
    const ok = crash.missing.length === 0 && crash.halfWritten.length === 0;
    if (!ok) failed = true;
    console.log(
      `${crash.engine}: acknowledged ${crash.acknowledged.signups} sign-ups, ${crash.acknowledged.edits} edited pages, ` +
        `${crash.acknowledged.payments} payments; missing ${crash.missing.length}, half-written ` +
        `${crash.halfWritten.length}: ${ok ? "PASS" : "FAIL"}`,
    );
    for (const line of [...crash.missing, ...crash.halfWritten].slice(0, 20)) console.log(`  ${line}`);
  }
}
await writeJson("bench/results/soak.json", { settings, loads, crashes });
process.exit(failed ? 1 : 0);
