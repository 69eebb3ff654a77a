// `npm run bench`: starts the production build and measures, in one run:
// - a bare node:http server sending the same bytes as our server-rendered home page, and the page
//   itself: requests per second for each and the ratio (target for the page, which is never cached:
//   ≥ 5 %);
// - the public profile page /k/{id} served from the page cache and rendered every time (a second app
//   process with PAGE_CACHE=off, its data kept: ADR 047), against a bare server sending its bytes (targets: cached ≥ 25 %,
//   uncached ≥ 3 %), and its owner's page, signed in through the API (rendered every time, ≥ 3 %
//   of a bare server sending its bytes);
// - where the uncached /k/{id}'s CPU time goes, for a visitor and its owner: the database, React's
//   render, React Router (with the data's serialisation), the app's code, the runtime (--cpu-prof);
// - the cached /k/{id} with metrics kept (a third app process with METRICS_TOKEN) against without,
//   in alternating rounds (target: at least 95 % of the throughput without);
// - what a browser downloads on a first visit (JavaScript, CSS, HTML, preloaded fonts) to the
//   sign-in page and to /k/{id} as an anonymous visitor and as its owner (target: the anonymous
//   /k/{id} at most 20,000 bytes of JavaScript gzip);
// - the bench page's 100 photos in 3 albums (lib/photos.ts): a 390 px phone's first screen of images
//   (target at most 250 KB) and the cached page with them (target at least 50 % of bare);
// - the admin profile list (listProfiles) at 1,000,000 profiles: median and p95 per query (target:
//   p95 < 50 ms), on the embedded database, and on PostgreSQL when TEST_DATABASE_URL is set; and the
//   admin dashboard on the same database against a primary-key lookup (target: p95 < 50 ms);
// - the admin's print tools: 10,000 address labels as one PDF (target: under 10 s) against pdf-lib
//   drawing the same lines plainly, and a 1,000-code QR print sheet against the qrcode library
//   encoding the same addresses;
// - a partner's batch of 500 pages with their QR sheet PDF, as its screen makes and prints them (target:
//   under 10 s);
// - a customer's data export of 300 images of 1 MB: the memory the streamed ZIP holds
//   against the same files zipped in memory (target: under a tenth);
// - a family's 50 photos of 4000 x 3000 JPEG posted to the server as the album editor sends them
//   (target: under 60 s, and the server's peak resident memory below 700 MB);
// - the keepsake of a page with 200 photos and 500 memories: its ZIP and its A5 book downloaded from
//   the server (target: under 30 s for both, the server's peak resident memory below 600 MB).
// - the static copy (`npm run export:static`, ADR 046) of 10,000 public pages to a folder (target: under
//   10 minutes), and a rerun with one page changed (target: under 30 s).
//
// Settings (environment): BENCH_SECONDS measured seconds per target (default 8),
// BENCH_WARMUP_SECONDS (default 2), BENCH_CONNECTIONS (default 50), BENCH_ROUNDS (default 2),
// BENCH_LOG_LEVEL the app's LOG_LEVEL (default warn), BENCH_HTTP=off, BENCH_LIST=off,
// BENCH_PRINT=off, BENCH_PRIVACY=off, BENCH_VIDEO=off, BENCH_PHOTOS=off, BENCH_KEEPSAKE=off, BENCH_STATIC=off and BENCH_SPLIT=off skip a part (BENCH_SPLIT_REQUESTS, default 200,
// sets the profiled requests per viewer),
// BENCH_LIST_PROFILES (default 1000000), BENCH_LIST_RUNS timed runs per query (default 50).
import path from "node:path";
import { log, settings } from "./lib/bench-settings.ts";
import {
  exportBenchImages,
  exportMemoryTarget,
  runExportBench,
  type ExportBench,
} from "./lib/data-export.ts";
import { homePath, httpBench } from "./lib/http-bench.ts";
import {
  photoUploadTargetMegabytes,
  photoUploadTargetSeconds,
  runPhotoUploadBench,
  type PhotoUploadBench,
} from "./lib/photo-uploads.ts";
import { runLabelsBench, labelsTargetSeconds, type LabelsBench } from "./lib/labels.ts";
import { loadServerBuild, runListBench, type ListBench, type ServerBuild } from "./lib/list.ts";
import { cleanUpNow, ensureBuild, newerSource, root } from "./lib/processes.ts";
import { benchProfileId } from "./lib/profile-page.ts";
import { runQrSheetBench, type QrSheetBench } from "./lib/qr-sheet.ts";
import { runVideoBench, videoTargetSeconds, type VideoBench } from "./lib/video.ts";
import { runRenderSplit, splitParts, type RenderSplit } from "./lib/render-split.ts";
import {
  partnerPagesTargetSeconds,
  runPartnerPagesBench,
  type PartnerPagesBench,
} from "./lib/partner-pages.ts";
import { decimal, environment, integer, table, verdict, writeJson } from "./lib/report.ts";
import { keepsakeBench, keepsakeBudgetS, staticCopyBench, staticBudgetS } from "./lib/lasting-pages.ts";

const resultsFile = path.join(root, "bench/results/latest.json");
/** Every admin list query's 95th percentile must stay under this. */
const listP95TargetMs = 50;

// Everything stops by itself: a watchdog ends a run that hangs, and children die with us.
// Seven targets, then the two of the metrics' cost (each twice the measured time).
const httpBudgetS =
  120 + (7 + 2 * 2) * (settings.warmupSeconds + settings.seconds) * 1.5 + (settings.split ? 90 : 0);
const listBudgetS = 120 + (settings.listProfiles / 1_000_000) * 300 * (process.env.TEST_DATABASE_URL ? 2 : 1);
const printBudgetS = 180;
const privacyBudgetS = 120;
const photosBudgetS = 300;
const budgetMs =
  ((settings.http ? httpBudgetS : 0) +
    (settings.list ? listBudgetS : 0) +
    (settings.print ? printBudgetS : 0) +
    (settings.privacy ? privacyBudgetS : 0) +
    (settings.photos ? photosBudgetS : 0) +
    (settings.keepsake ? keepsakeBudgetS : 0) +
    (settings.staticCopy ? staticBudgetS : 0) +
    60) *
  1000;
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

/**
 * Where an uncached render's CPU time goes, beside the ratios above: measured first, so that a change
 * made to speed it up is judged by where the time went.
 */
async function renderSplitBench(build: ServerBuild): Promise<RenderSplit[]> {
  log("profiling the uncached /k/{id}, a visitor's and its owner's (--cpu-prof)…");
  const runs = await runRenderSplit(build, settings.splitRequests);
  console.log(
    `\nWhere an uncached /k/{id} render's CPU time goes (${runs[0]?.requests ?? 0} requests one at a ` +
      "time under --cpu-prof, PAGE_CACHE=off; idle left out)\n",
  );
  console.log(
    table(
      ["page", "CPU ms / request", ...splitParts.map((part) => `${part} %`)],
      runs.map((run) => [
        run.name,
        decimal(run.cpuMsPerRequest, 1),
        ...splitParts.map((part) => decimal(run.shares[part] * 100, 0)),
      ]),
    ),
  );
  console.log(
    "(database: PGlite, drizzle, pg; render: react-dom; router: React Router, the loader data's " +
      "serialisation included; app: the app's own code, loaders and rules; runtime: node, HTTP, GC)",
  );
  return runs;
}

function printList(run: ListBench): void {
  console.log(
    `\nAdmin list (listProfiles, 50 rows a page) at ${integer(run.profiles)} profiles, ${run.engine}: ` +
      `seeded in ${decimal(run.seedSeconds)} s (+ ANALYZE ${decimal(run.analyzeSeconds)} s), ` +
      `${run.cases[0]?.runs ?? 0} timed runs per query after 3 untimed\n`,
  );
  console.log(
    table(
      ["query", "median ms", "p95 ms", "max ms", "rows", "total", `p95 < ${listP95TargetMs} ms`],
      run.cases.map((result) => [
        result.name,
        decimal(result.medianMs, 2),
        decimal(result.p95Ms, 2),
        decimal(result.maxMs, 2),
        integer(result.rows),
        integer(result.total),
        verdict(result.passed),
      ]),
    ),
  );
  const failed = run.cases.filter((result) => !result.passed).length;
  console.log(
    `Target: every list query p95 under ${listP95TargetMs} ms (${run.engine}): ` +
      `${verdict(failed === 0)} (${run.cases.length - failed}/${run.cases.length})`,
  );
  const dashboard = run.dashboard;
  console.log(
    `\nAdmin dashboard (adminDashboard) on the same ${integer(run.profiles)} profiles, ${run.engine}, ` +
      `${dashboard.runs} runs alternating with a primary-key lookup: median ${decimal(dashboard.medianMs, 2)} ms, ` +
      `p95 ${decimal(dashboard.p95Ms, 2)} ms (lookup median ${decimal(dashboard.baselineMedianMs, 2)} ms, ` +
      `ratio ${decimal(dashboard.ratio, 1)}); cold, every day counted again: median ` +
      `${decimal(dashboard.coldMedianMs, 2)} ms, p95 ${decimal(dashboard.coldP95Ms, 2)} ms; this month ` +
      `${integer(dashboard.claimsThisMonth)} claims, ${integer(dashboard.paidThisMonth)} paid orders. ` +
      `Target p95 < ${listP95TargetMs} ms: ${verdict(dashboard.passed)}`,
  );
}

type PrintRun = { labels: LabelsBench; qrSheet: QrSheetBench; partnerPages: PartnerPagesBench };

async function printToolsBench(build: ServerBuild): Promise<PrintRun> {
  log("timing 10,000 address labels…");
  const labels = await runLabelsBench();
  log("timing a 1,000-code QR sheet…");
  const qrSheet = await runQrSheetBench();
  log("timing a partner's batch of 500 pages with their QR sheet…");
  const partnerPages = await runPartnerPagesBench(build);
  console.log("\nPrint tools (the admin's PDFs), each against a plain baseline timed in the same run\n");
  console.log(
    table(
      ["what", "seconds", "baseline s", "ratio", "pages", "MB", "target"],
      [
        [
          `${integer(labels.addresses)} address labels (3 x 8)`,
          decimal(labels.seconds, 2),
          decimal(labels.baselineSeconds, 2),
          decimal(labels.ratio, 2),
          integer(labels.pages),
          decimal(labels.megabytes, 1),
          `< ${labelsTargetSeconds} s: ${verdict(labels.withinTarget)}`,
        ],
        [
          `${integer(qrSheet.codes)}-code QR sheet (4 x 5)`,
          decimal(qrSheet.seconds, 2),
          decimal(qrSheet.baselineSeconds, 2),
          decimal(qrSheet.ratio, 2),
          integer(qrSheet.pages),
          decimal(qrSheet.megabytes, 1),
          "-",
        ],
      ],
    ),
  );
  console.log(
    "(labels baseline: pdf-lib drawing the same lines with plain drawText, no wrapping or fitting;\n" +
      " QR sheet baseline: the qrcode library encoding the same 1,000 addresses, no drawing)",
  );
  console.log(
    `\nA partner's ${integer(partnerPages.pages)} pages with their QR sheet (embedded database): ` +
      `${decimal(partnerPages.seconds, 2)} s (making ${decimal(partnerPages.makeSeconds, 2)} s, ` +
      `the sheet ${decimal(partnerPages.sheetSeconds, 2)} s, ${decimal(partnerPages.megabytes, 1)} MB). ` +
      `Target < ${partnerPagesTargetSeconds} s: ${verdict(partnerPages.withinTarget)}`,
  );
  return { labels, qrSheet, partnerPages };
}

async function privacyBench(build: ServerBuild): Promise<ExportBench> {
  log(`timing a data export of ${exportBenchImages} images of 1 MB…`);
  const run = await runExportBench(build);
  console.log(
    `\nData export, ${integer(run.images)} images of ${decimal(run.imageMegabytes, 0)} MB, ` +
      `a ${decimal(run.zipMegabytes, 0)} MB ZIP: streamed ${decimal(run.streamedSeconds, 2)} s, heap and buffers ` +
      `+${decimal(run.streamedGrowthMegabytes, 1)} MB at their peak; the baseline (the same files in memory, ` +
      `zipped at once) ${decimal(run.baselineSeconds, 2)} s, +${decimal(run.baselineGrowthMegabytes, 1)} MB. ` +
      `Ratio ${decimal(run.ratio, 3)}, target < ${exportMemoryTarget}: ${verdict(run.passed)}`,
  );
  return run;
}

async function videoBench(): Promise<VideoBench> {
  log("timing the conversion of a 2-minute 1080p clip with ffmpeg…");
  const run = await runVideoBench();
  if (!run) {
    console.log("\nVideo: ffmpeg is not installed; uploads are refused, nothing to measure.");
    return null;
  }
  console.log(
    `\nVideo: a ${decimal(run.clipSeconds, 0)} s 1080p30 clip (${decimal(run.sourceMegabytes, 0)} MB, H.264/AAC) ` +
      `converted to ${run.width}x${run.height} H.264/AAC MP4 with its poster in ${decimal(run.seconds, 1)} s ` +
      `(speed ${decimal(run.speed, 2)}x, ${decimal(run.outputMegabytes, 1)} MB; ${run.version}); ffmpeg's CPU ` +
      `time ${decimal(run.cpuSeconds, 0)} s, ${decimal(run.idleSeconds, 0)} s on these cores alone. ` +
      `Target < ${videoTargetSeconds} s: ${verdict(run.passed)}`,
  );
  return run;
}

async function photosBench(build: ServerBuild): Promise<PhotoUploadBench> {
  log("uploading a family's 50 photos of 4000 x 3000…");
  const run = await runPhotoUploadBench(build);
  console.log(
    `\nA family's ${run.photos} photos of 4000 x 3000 JPEG (${decimal(run.photoMegabytes, 1)} MB each), ` +
      `${run.atOnce} sent at a time, each made into AVIF and WebP in four widths: ${decimal(run.seconds, 1)} s ` +
      `(${run.resent} answered 503 and sent again); the server's resident memory ` +
      `${decimal(run.startRssMegabytes, 0)} MB before, at its peak ${decimal(run.peakRssMegabytes, 0)} MB ` +
      `(MALLOC_ARENA_MAX=${run.mallocArenaMax ?? "unset"}). Target < ${photoUploadTargetSeconds} s and ` +
      `< ${photoUploadTargetMegabytes} MB: ${verdict(run.passed)}`,
  );
  return run;
}

async function main(): Promise<void> {
  const started = Date.now();
  const env = environment(root);
  const built = await ensureBuild();
  const stale = await newerSource();
  const build = await loadServerBuild();

  console.log(
    `Kammare benchmark, ${env.date}, Node ${env.node}, ${env.cpus} CPUs (${env.cpuModel}), ` +
      `commit ${env.commit ?? "unknown"}${env.dirty ? " with uncommitted changes" : ""}` +
      `${built ? ", built for this run" : ""}`,
  );
  console.log(`Load average at start: ${decimal(env.loadAverage, 2)} on ${env.cpus} CPUs`);
  if (env.loadAverage > env.cpus / 2) {
    console.log("WARNING: the machine was busy with other work; the throughput figures are skewed.");
  }
  if (stale)
    console.log(`WARNING: ${stale} is newer than build/; run \`npm run build\` for current figures.`);

  const http = settings.http ? await httpBench(build) : null;
  const split = settings.http && settings.split ? await renderSplitBench(build) : null;
  const lists: ListBench[] = [];
  if (settings.list) {
    const options = {
      profiles: settings.listProfiles,
      runs: settings.listRuns,
      targetP95Ms: listP95TargetMs,
    };
    lists.push(await runListBench(build, { ...options, engine: "embedded" }, log));
    printList(lists[0] as ListBench);
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      lists.push(await runListBench(build, { ...options, engine: "server", serverUrl }, log));
      printList(lists[1] as ListBench);
    } else {
      console.log("(PostgreSQL server: not measured; set TEST_DATABASE_URL to add it)");
    }
  }

  const print = settings.print ? await printToolsBench(build) : null;
  const privacy = settings.privacy ? await privacyBench(build) : null;
  const video = settings.video ? await videoBench() : null;
  const photos = settings.photos ? await photosBench(build) : null;
  const keepsake = settings.keepsake ? await keepsakeBench(build) : null;
  const staticCopy = settings.staticCopy ? await staticCopyBench() : null;

  const file = await writeJson(resultsFile, {
    benchmark: "kammare",
    environment: env,
    staleBuild: stale,
    settings: {
      ...settings,
      path: http?.pagePath ?? homePath,
      loadGenerator: "autocannon",
      host: "127.0.0.1",
    },
    ...(http
      ? {
          page: http.page,
          load: http.load,
          profilePage: http.profilePage,
          firstLoad: http.firstLoad,
          candles: http.candles,
          metrics: http.metrics,
          photos: http.photos,
        }
      : {}),
    renderSplit: split,
    profileId: benchProfileId,
    list: lists,
    print,
    privacy,
    video,
    photos,
    keepsake,
    staticCopy,
    targets: {
      cachedProfilePage: http?.profilePage.passed ?? null,
      signInPage: http?.load.passed ?? null,
      uncachedProfilePage: http?.profilePage.uncachedPassed ?? null,
      ownerProfilePage: http?.profilePage.owner?.passed ?? null,
      profileFirstLoadJs: http?.firstLoad.profileBudget.passed ?? null,
      firstLoadBudgets: http ? http.firstLoad.budgets.every((budget) => budget.passed) : null,
      candlesKept: http?.candles?.passed ?? null,
      metricsCost: http?.metrics?.passed ?? null,
      photosFirstScreen: http?.photos?.firstScreen.passed ?? null,
      photosCachedPage: http?.photos?.cachedPassed ?? null,
      listP95: lists.length ? lists.every((run) => run.cases.every((result) => result.passed)) : null,
      dashboardP95: lists.length ? lists.every((run) => run.dashboard.passed) : null,
      labels: print?.labels.withinTarget ?? null,
      partnerPages: print?.partnerPages.withinTarget ?? null,
      exportMemory: privacy?.passed ?? null,
      videoConversion: video?.passed ?? null,
      photoUploads: photos?.passed ?? null,
      keepsake: keepsake?.passed ?? null,
      staticCopy: staticCopy?.passed ?? null,
    },
    wallSeconds: (Date.now() - started) / 1000,
  });
  console.log(
    `\nResults: ${path.relative(process.cwd(), file)} (${decimal((Date.now() - started) / 1000)} s)`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    cleanUpNow();
    process.exit(1);
  },
);
