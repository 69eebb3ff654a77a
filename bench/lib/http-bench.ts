// The throughput part of `npm run bench` (see bench/run.ts): the sign-in page and /k/{id} (cached, rendered
// every time, and its owner's) against bare node:http servers sending their bytes, then their first
// loads.
import { cp } from "node:fs/promises";
import { log, settings } from "./bench-settings.ts";
import { candleRush, type CandleRush } from "./candle-rush.ts";
import { firstLoads, printFirstLoad, type FirstLoadRun, type MeasuredPage } from "./first-load-report.ts";
import type { ServerBuild } from "./list.ts";
import { compare, type Target, type TargetResult } from "./load.ts";
import { benchMetricsToken, metricsCost, type MetricsCost } from "./metrics-cost.ts";
import { makeDataDir, startApp, startBareServer, type Running } from "./processes.ts";
import {
  benchClaimPath,
  benchProfileId,
  benchProfilePath,
  benchWalkthroughPath,
  missingProfilePage,
  ownerSessionCookie,
  prepareProfileData,
} from "./profile-page.ts";
import { decimal, integer, table, verdict } from "./report.ts";
import {
  benchPhotoCount,
  cachedPhotoPageTarget,
  firstScreenImages,
  printPhotos,
  type PhotosRun,
} from "./photos.ts";

/** The home page; where it sends an anonymous visitor (e.g. the sign-in page) is what is measured. */
export const homePath = "/";

async function fetchPage(url: string, { follow = false } = {}) {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(10_000),
    redirect: follow ? "follow" : "manual",
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return {
    url: response.url,
    body,
    contentType: response.headers.get("content-type") ?? "application/octet-stream",
    cache: response.headers.get("x-cache"),
    csp: response.headers.get("content-security-policy") ?? "",
  };
}

const ratioOf = (part: TargetResult, whole: TargetResult) =>
  whole.requestsPerSecond > 0 ? part.requestsPerSecond / whole.requestsPerSecond : 0;
/**
 * A page without its nonces, its address (each app has its port) and its forms' signed render time,
 * to compare two renders of it.
 */
const comparable = (html: string) =>
  html
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/http:\/\/localhost:\d+/g, "http://localhost")
    .replace(/name="formToken" value="[^"]*"/g, 'name="formToken" value=""');

export type ProfileRun = {
  skipped: string | null;
  bytes?: number;
  baseline?: TargetResult;
  cached?: TargetResult;
  uncached?: TargetResult;
  cachedRatio?: number;
  uncachedRatio?: number;
  /** Cached at least 25 % of bare. */
  passed?: boolean;
  /** Uncached at least 3 % of bare. */
  uncachedPassed?: boolean;
  /** The owner's own page, signed in (rendered every time), against a bare server sending its bytes. */
  owner?: { bytes: number; baseline: TargetResult; page: TargetResult; ratio: number; passed: boolean };
};

export type HttpRun = {
  /** Where `/` took an anonymous visitor: the page measured. */
  pagePath: string;
  page: { bytes: number; contentType: string };
  /** The sign-in page is never cached: rendered on every request, target 5 % of bare. */
  load: { baseline: TargetResult; page: TargetResult; ratio: number; passed: boolean };
  profilePage: ProfileRun;
  firstLoad: FirstLoadRun;
  /** Candles lit in a rush on the bench's page; null when the page is not measured. */
  candles: CandleRush | null;
  /** The cached /k/{id} with and without metrics (lib/metrics-cost.ts); null when the page is not measured. */
  metrics: MetricsCost | null;
  /** The page's 100 photos: the light script, a phone's first screen of images, the cached ratio. */
  photos: PhotosRun | null;
};

/** Cached /k/{id} must reach this share of the bare server's requests per second. */
const cachedPageTarget = 0.25;
/**
 * Pages rendered on every request (the sign-in page, /k/{id} with PAGE_CACHE=off, an owner's own
 * /k/{id}) must reach this share of a bare server sending their bytes.
 */
const renderedPageTarget = 0.03;
/** The sign-in page has no page data to read: a render alone, held to more. */
const signInPageTarget = 0.05;

function printLoad(results: TargetResult[]): void {
  const seconds = settings.seconds / settings.rounds;
  console.log(
    `\nThroughput: ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ` +
      `${settings.rounds} × ${decimal(seconds)} s per target, alternating\n`,
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
  console.log("(p50: mean of the rounds' medians; p99: worst round)");
}

export async function httpBench(build: ServerBuild): Promise<HttpRun> {
  let pagePath = homePath;
  const running: Running[] = [];
  try {
    let skipped = missingProfilePage();
    let cachedDir: string | undefined;
    let uncachedDir: string | undefined;
    let metricsDir: string | undefined;
    let controlDir: string | undefined;
    if (!skipped) {
      log(`preparing ${benchProfilePath} (one live profile) in the app's database…`);
      cachedDir = await makeDataDir();
      await prepareProfileData(build, { dataDir: cachedDir });
      uncachedDir = await makeDataDir();
      await cp(cachedDir, uncachedDir, { recursive: true });
      metricsDir = await makeDataDir();
      await cp(cachedDir, metricsDir, { recursive: true });
      controlDir = await makeDataDir();
      await cp(cachedDir, controlDir, { recursive: true });
    }
    log("starting the app (production build, embedded database)…");
    // Behind a proxy as far as addresses go: the candle rush comes from many visitors' addresses.
    const app = await startApp({ dataDir: cachedDir, env: { TRUST_PROXY: "on" } });
    running.push(app);
    const uncachedApp = skipped ? null : await startApp({ dataDir: uncachedDir, env: { PAGE_CACHE: "off" } });
    if (uncachedApp) running.push(uncachedApp);
    // The same cached page with metrics kept (METRICS_TOKEN set) and without, for their cost: two fresh
    // processes alike but for the token (`app` above is loaded longer, and behind a proxy).
    const metricsApp = metricsDir
      ? await startApp({ dataDir: metricsDir, env: { METRICS_TOKEN: benchMetricsToken } })
      : null;
    if (metricsApp) running.push(metricsApp);
    const controlApp = controlDir ? await startApp({ dataDir: controlDir }) : null;
    if (controlApp) running.push(controlApp);

    const landed = await fetchPage(`${app.url}${homePath}`, { follow: true });
    const url = new URL(landed.url);
    pagePath = url.pathname + url.search;
    if (pagePath !== homePath) log(`${homePath} redirects to ${pagePath}: measuring ${pagePath}`);
    const page = await fetchPage(`${app.url}${pagePath}`);
    const bare = await startBareServer(page.body, page.contentType);
    running.push(bare);
    const check = await fetchPage(`${bare.url}${pagePath}`);
    if (!check.body.equals(page.body)) throw new Error("the bare server does not send the page's bytes");

    let profileBare: Running | null = null;
    let profileBytes = 0;
    let owner: { bare: Running; cookie: string; bytes: number } | null = null;
    let profileHtml: string | null = null;
    let ownerHtml: string | null = null;
    // The other screens of a customer's first steps, for the first-load budgets: sign-up, a page's
    // claim (signed in, not its owner) and the walkthrough of a page just claimed.
    const moreFirstLoads: MeasuredPage[] = [];
    const signUp = await fetchPage(`${app.url}/new`);
    moreFirstLoads.push({
      name: "/new (anonymous)",
      path: "/new",
      viewer: "anonymous",
      html: signUp.body.toString("utf8"),
    });
    if (!skipped && uncachedApp) {
      const response = await fetch(`${app.url}${benchProfilePath}`, { signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      if (response.status !== 200) {
        skipped = `the build answers ${response.status} for ${benchProfilePath} (is build/ older than the page? npm run build)`;
      } else {
        const miss = response.headers.get("x-cache");
        const hit = await fetchPage(`${app.url}${benchProfilePath}`);
        const plain = await fetchPage(`${uncachedApp.url}${benchProfilePath}`);
        if (miss !== "MISS" || hit.cache !== "HIT") {
          throw new Error(`the page cache answered ${miss} then ${hit.cache} for ${benchProfilePath}`);
        }
        if (plain.cache !== null) throw new Error("PAGE_CACHE=off still answers with X-Cache");
        const html = hit.body.toString("utf8");
        if (!html.includes("Greta Lindqvist"))
          throw new Error(`${benchProfilePath} does not show the profile`);
        if ((html.match(/Greta taught me to swim/g) ?? []).length !== 10)
          throw new Error(`${benchProfilePath} does not show its newest ten memories`);
        if (comparable(html) !== comparable(plain.body.toString("utf8"))) {
          throw new Error("the cached page differs from a fresh render of it");
        }
        const nonce = /'nonce-([^']+)'/.exec(hit.csp)?.[1];
        if (!nonce || !html.includes(`nonce="${nonce}"`)) throw new Error("cached page: CSP nonce mismatch");
        profileBytes = hit.body.length;
        profileHtml = html;
        profileBare = await startBareServer(hit.body, hit.contentType);
        running.push(profileBare);
        // The owner, signed in, sees their own page with its controls; never from the cache.
        const cookie = await ownerSessionCookie(uncachedApp.url);
        const own = await fetch(`${uncachedApp.url}${benchProfilePath}`, {
          headers: { cookie },
          signal: AbortSignal.timeout(10_000),
        });
        const ownBody = Buffer.from(await own.arrayBuffer());
        const ownHtml = ownBody.toString("utf8");
        if (own.status !== 200 || !ownHtml.includes("Greta Lindqvist")) {
          throw new Error(`the owner's ${benchProfilePath} answered ${own.status} without the profile`);
        }
        if (!/Your page|Din sida/.test(ownHtml) || /Your page|Din sida/.test(html)) {
          throw new Error(
            `the owner's ${benchProfilePath} does not show the owner's bar (or everyone's does)`,
          );
        }
        const ownBare = await startBareServer(ownBody, own.headers.get("content-type") ?? "text/html");
        running.push(ownBare);
        owner = { bare: ownBare, cookie, bytes: ownBody.length };
        ownerHtml = ownHtml;
        for (const [name, path, mark] of [
          ["claim screen (signed in)", benchClaimPath, 'id="claim-heading"'],
          ["walkthrough (owner)", benchWalkthroughPath, 'aria-labelledby="walkthrough-step"'],
        ] as const) {
          const answer = await fetch(`${uncachedApp.url}${path}`, {
            headers: { cookie },
            signal: AbortSignal.timeout(10_000),
          });
          const html = await answer.text();
          if (answer.status !== 200 || !html.includes(mark))
            throw new Error(`${path} answered ${answer.status} without its ${name}`);
          moreFirstLoads.push({ name, path, viewer: "owner", html });
        }
      }
    }
    if (skipped) log(`skipping ${benchProfilePath}: ${skipped}`);

    const firstLoad = await firstLoads(
      pagePath,
      page.body.toString("utf8"),
      profileHtml,
      ownerHtml,
      moreFirstLoads,
    );
    const targets: Target[] = [
      { name: `bare node:http (bytes of ${pagePath})`, url: `${bare.url}${pagePath}` },
      { name: `SSR page ${pagePath} (never cached)`, url: `${app.url}${pagePath}` },
    ];
    if (profileBare && uncachedApp && owner) {
      targets.push(
        { name: `bare node:http (bytes of /k/{id})`, url: `${profileBare.url}${benchProfilePath}` },
        { name: `/k/{id} cached`, url: `${app.url}${benchProfilePath}` },
        { name: `/k/{id} uncached (PAGE_CACHE=off)`, url: `${uncachedApp.url}${benchProfilePath}` },
        { name: `bare node:http (bytes of owner's /k/{id})`, url: `${owner.bare.url}${benchProfilePath}` },
        {
          name: `owner's /k/{id} (signed in)`,
          url: `${uncachedApp.url}${benchProfilePath}`,
          headers: { cookie: owner.cookie },
        },
      );
    }
    const results = await compare(targets, settings, log);
    const [baseline, ssr, profileBaseline, cached, uncached, ownerBaseline, ownerPage] = results;
    if (baseline === undefined || ssr === undefined) throw new Error("missing results");

    printLoad(results);
    for (const result of results) {
      if (result.errors + result.timeouts + result.non2xx > 0) {
        console.log(`WARNING: ${result.name} had errors or non-2xx answers; its figure is not comparable.`);
      }
    }
    const ratio = ratioOf(ssr, baseline);
    const signInPassed = ratio >= signInPageTarget;
    console.log(
      `\nSSR page ${pagePath} / bare node:http: ${decimal(ratio * 100)} % (${integer(page.body.length)} bytes)`,
    );
    console.log(
      `Target: ${pagePath} (rendered every time) at least ${signInPageTarget * 100} % of bare node:http: ` +
        verdict(signInPassed),
    );
    let profilePage: ProfileRun = { skipped };
    if (profileBaseline && cached && uncached) {
      const cachedRatio = ratioOf(cached, profileBaseline);
      const uncachedRatio = ratioOf(uncached, profileBaseline);
      const passed = cachedRatio >= cachedPageTarget;
      const uncachedPassed = uncachedRatio >= renderedPageTarget;
      console.log(
        `/k/{id} (${integer(profileBytes)} bytes): cached ${decimal(cachedRatio * 100)} % of bare, ` +
          `uncached ${decimal(uncachedRatio * 100)} %; the cache serves ${decimal(ratioOf(cached, uncached))} × as many`,
      );
      console.log(
        `Target: cached /k/{id} at least ${cachedPageTarget * 100} % of bare node:http: ${verdict(passed)}`,
      );
      console.log(
        `Target: uncached /k/{id} at least ${renderedPageTarget * 100} % of bare node:http: ` +
          verdict(uncachedPassed),
      );
      let ownerRun: ProfileRun["owner"];
      if (owner && ownerBaseline && ownerPage) {
        const ownerRatio = ratioOf(ownerPage, ownerBaseline);
        ownerRun = {
          bytes: owner.bytes,
          baseline: ownerBaseline,
          page: ownerPage,
          ratio: ownerRatio,
          passed: ownerRatio >= renderedPageTarget,
        };
        console.log(
          `owner's /k/{id} (${integer(owner.bytes)} bytes, signed in): ${decimal(ownerRatio * 100)} % of bare`,
        );
        console.log(
          `Target: owner's /k/{id} at least ${renderedPageTarget * 100} % of bare node:http: ` +
            verdict(ownerRun.passed),
        );
      }
      profilePage = {
        skipped: null,
        bytes: profileBytes,
        baseline: profileBaseline,
        cached,
        uncached,
        cachedRatio,
        uncachedRatio,
        passed,
        uncachedPassed,
        owner: ownerRun,
      };
    } else {
      console.log(`/k/{id}: SKIPPED (${skipped ?? "no result"})`);
    }
    let metrics: MetricsCost | null = null;
    if (!skipped && metricsApp && controlApp) {
      metrics = await metricsCost({ without: controlApp, with: metricsApp }, benchProfilePath);
    }
    let photos: PhotosRun | null = null;
    if (!skipped) {
      log(`opening ${benchProfilePath} as a 390 px phone (Chromium) for its first screen of images…`);
      const cachedRatio = profilePage.cachedRatio ?? null;
      photos = {
        photos: benchPhotoCount,
        firstScreen: await firstScreenImages(`${app.url}${benchProfilePath}`),
        scriptGzipBytes: firstLoad.profileBudget.gzipBytes,
        cachedRatio,
        cachedPassed: cachedRatio === null ? null : cachedRatio >= cachedPhotoPageTarget,
      };
    }
    let candles: CandleRush | null = null;
    if (!skipped) {
      // About ten seconds' worth on this machine.
      const requests = 2_000;
      log(
        `lighting ${integer(requests)} candles on ${benchProfilePath} at ${settings.connections} connections…`,
      );
      candles = await candleRush(app.url, benchProfileId, { connections: settings.connections, requests });
      console.log(
        `\nCandles lit at ${candles.connections} connections in ${decimal(candles.seconds)} s: ` +
          `${integer(candles.acknowledged)} acknowledged (${integer(candles.refused)} refused or unanswered), ` +
          `the page's count grew by ${integer(candles.counted)}`,
      );
      console.log(`Target: no candle lost or counted twice: ${verdict(candles.passed)}`);
    }
    printFirstLoad(firstLoad);
    if (photos) printPhotos(photos, firstLoad.profileBudget.maxGzipBytes);
    return {
      pagePath,
      page: { bytes: page.body.length, contentType: page.contentType },
      load: { baseline, page: ssr, ratio, passed: signInPassed },
      profilePage,
      firstLoad,
      candles,
      metrics,
      photos,
    };
  } finally {
    await Promise.allSettled(running.reverse().map((child) => child.stop()));
  }
}
