// `npm run lighthouse -- <url> [<url>…]`: Lighthouse's mobile run (its default config: a phone
// screen, simulated slow 4G and a 4× slower CPU) of each page against Debian's Chromium, headless.
// Prints the four category scores, the metrics, every performance or accessibility audit that
// costs points, and the LCP element. Exits 1 when performance or accessibility is below 100 (the
// target for /k/{id}: bench/README.md).
//
// Lighthouse is not a dependency of the project (about 200 packages, and 12.9+ needs Node 22): it is
// installed apart, see bench/README.md. LIGHTHOUSE_DIR is its package folder (default
// /tmp/lh/node_modules/lighthouse), CHROME_PATH the browser (default /usr/bin/chromium),
// LIGHTHOUSE_OUT a folder for the full reports (HTML and JSON), LIGHTHOUSE_RUNS runs per page
// (default 1; with more, the run with the median performance score is printed), LIGHTHOUSE_BLOCK
// URL patterns to block, comma-separated (e.g. `*.woff2` to see what the fonts cost),
// LIGHTHOUSE_LANGUAGE an Accept-Language for the page (e.g. sv-SE; the browser's own by default),
// LIGHTHOUSE_COOKIE a Cookie header (a session, for a signed-in page such as /admin).
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";

const lighthouseDir = path.resolve(process.env.LIGHTHOUSE_DIR ?? "/tmp/lh/node_modules/lighthouse");
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const outDir = process.env.LIGHTHOUSE_OUT;
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? "1");
const blocked = (process.env.LIGHTHOUSE_BLOCK ?? "")
  .split(",")
  .map((pattern) => pattern.trim())
  .filter(Boolean);
const language = process.env.LIGHTHOUSE_LANGUAGE?.trim();
/** A Cookie header for every request, e.g. `kammare_session=…` to audit a signed-in page like /admin. */
const cookie = process.env.LIGHTHOUSE_COOKIE?.trim();
const extraHeaders = {
  ...(language ? { "Accept-Language": language } : {}),
  ...(cookie ? { Cookie: cookie } : {}),
};
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
/** The categories that must score 100 (bench/README.md). */
const required = ["performance", "accessibility"] as const;
const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
];

const install = `Lighthouse is installed apart from the project (too heavy for CI; 12.8 is the last line for Node 20):
  mkdir -p /tmp/lh && cd /tmp/lh && npm init -y && npm install --save-exact lighthouse@12.8.2
or point LIGHTHOUSE_DIR at a lighthouse package folder.`;

// Only the parts of Lighthouse's result (LHR) this script reads; checked, as it comes from outside.
const detailsNode = z.object({
  type: z.literal("node"),
  selector: z.string().optional(),
  snippet: z.string().optional(),
  nodeLabel: z.string().optional(),
  explanation: z.string().optional(),
});
type DetailsNode = z.infer<typeof detailsNode>;
const audit = z.object({
  id: z.string(),
  title: z.string(),
  score: z.number().nullable(),
  scoreDisplayMode: z.string(),
  displayValue: z.string().optional(),
  numericValue: z.number().optional(),
  metricSavings: z.record(z.string(), z.number()).optional(),
  details: z.unknown().optional(),
});
type Audit = z.infer<typeof audit>;
const category = z.object({
  title: z.string(),
  score: z.number().nullable(),
  auditRefs: z.array(z.object({ id: z.string(), weight: z.number(), group: z.string().optional() })),
});
const lhrSchema = z.object({
  lighthouseVersion: z.string(),
  finalDisplayedUrl: z.string(),
  configSettings: z.object({ formFactor: z.string(), throttlingMethod: z.string() }),
  runWarnings: z.array(z.string()),
  runtimeError: z.object({ code: z.string(), message: z.string() }).optional(),
  categories: z.record(z.string(), category),
  audits: z.record(z.string(), audit),
});
type Lhr = z.infer<typeof lhrSchema>;

type RunnerResult = { lhr: unknown; report: string | string[] };
type Lighthouse = (url: string, flags: Record<string, unknown>) => Promise<RunnerResult | undefined>;
type LaunchedChrome = { port: number; kill: () => Promise<void> | void };
type Launch = (options: { chromePath: string; chromeFlags: string[] }) => Promise<LaunchedChrome>;

async function loadTools(): Promise<{ lighthouse: Lighthouse; launch: Launch }> {
  const entry = path.join(lighthouseDir, "core/index.js");
  if (!existsSync(entry)) {
    console.error(`No Lighthouse at ${lighthouseDir}.\n${install}`);
    process.exit(2);
  }
  // chrome-launcher is Lighthouse's own dependency: resolve it from Lighthouse's folder.
  const launcherEntry = createRequire(path.join(lighthouseDir, "package.json")).resolve("chrome-launcher");
  const lighthouseModule: { default?: unknown } = await import(pathToFileURL(entry).href);
  const launcherModule: { launch?: unknown } = await import(pathToFileURL(launcherEntry).href);
  if (typeof lighthouseModule.default !== "function" || typeof launcherModule.launch !== "function") {
    throw new Error(`${lighthouseDir} does not export lighthouse() and chrome-launcher's launch()`);
  }
  // Typed by hand: the packages are outside the project; their result is checked with zod below.
  return {
    lighthouse: lighthouseModule.default as Lighthouse,
    launch: launcherModule.launch as Launch,
  };
}

/** Nodes (elements) named anywhere in an audit's details, e.g. failing elements or the LCP element. */
function nodesIn(details: unknown, found: DetailsNode[] = []): DetailsNode[] {
  const node = detailsNode.safeParse(details);
  if (node.success) found.push(node.data);
  else if (Array.isArray(details)) for (const item of details) nodesIn(item, found);
  else if (typeof details === "object" && details !== null)
    for (const value of Object.values(details)) nodesIn(value, found);
  return found;
}

/** URLs named in an audit's details (render-blocking files, images to resize…). */
function urlsIn(details: unknown): string[] {
  const items = z.object({ items: z.array(z.unknown()) }).safeParse(details);
  if (!items.success) return [];
  return items.data.items.flatMap((item) => {
    const row = z
      .object({ url: z.string(), wastedBytes: z.number().optional(), wastedMs: z.number().optional() })
      .safeParse(item);
    if (!row.success) return [];
    const { url, wastedBytes, wastedMs } = row.data;
    const waste = [
      wastedBytes ? `${Math.round(wastedBytes / 100) / 10} kB` : "",
      wastedMs ? `${Math.round(wastedMs)} ms` : "",
    ].filter(Boolean);
    return [`${url}${waste.length ? ` (could save ${waste.join(", ")})` : ""}`];
  });
}

const score = (value: number | null | undefined) =>
  value === null || value === undefined ? "–" : `${Math.round(value * 100)}`;

function describeAudit(item: Audit, weight: number): string[] {
  const savings = Object.entries(item.metricSavings ?? {})
    .filter(([, value]) => value > 0)
    .map(([metric, value]) => `${metric} ${metric === "CLS" ? value.toFixed(3) : `${Math.round(value)} ms`}`);
  const lines = [
    `  - ${item.id}: ${item.title}` +
      ` (score ${score(item.score)}${weight > 0 ? `, weight ${weight}` : ""}` +
      `${item.displayValue ? `, ${item.displayValue}` : ""}${savings.length ? `, saves ${savings.join(", ")}` : ""})`,
  ];
  for (const url of urlsIn(item.details).slice(0, 6)) lines.push(`      ${url}`);
  for (const node of nodesIn(item.details).slice(0, 6)) {
    lines.push(`      ${node.selector ?? ""} ${node.snippet ?? ""}`.trimEnd());
    if (node.explanation) lines.push(`        ${node.explanation.replace(/\n/g, "\n        ")}`);
  }
  return lines;
}

/** Audits of a category that cost points or flag something (informative and n/a ones left out). */
function failing(lhr: Lhr, categoryId: string): string[] {
  const refs = lhr.categories[categoryId]?.auditRefs ?? [];
  return refs.flatMap((ref) => {
    const item = lhr.audits[ref.id];
    if (!item || item.score === null || item.score >= 1) return [];
    if (["informative", "notApplicable", "manual"].includes(item.scoreDisplayMode)) return [];
    // Performance's opportunities and diagnostics weigh nothing in its score but say what to improve.
    return describeAudit(item, ref.weight);
  });
}

const metrics: Array<[label: string, id: string]> = [
  ["FCP", "first-contentful-paint"],
  ["LCP", "largest-contentful-paint"],
  ["TBT", "total-blocking-time"],
  ["CLS", "cumulative-layout-shift"],
  ["Speed Index", "speed-index"],
];

function print(lhr: Lhr): boolean {
  const { formFactor, throttlingMethod } = lhr.configSettings;
  console.log(
    `\n${lhr.finalDisplayedUrl}: Lighthouse ${lhr.lighthouseVersion}, ${formFactor}, ${throttlingMethod} throttling` +
      (blocked.length ? `, blocking ${blocked.join(" ")}` : "") +
      (language ? `, Accept-Language ${language}` : ""),
  );
  if (lhr.runtimeError) console.log(`  RUNTIME ERROR ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  for (const warning of lhr.runWarnings) console.log(`  warning: ${warning}`);
  console.log(`  ${categories.map((id) => `${id} ${score(lhr.categories[id]?.score)}`).join("   ")}`);
  console.log(
    `  ${metrics
      .map(([label, id]) => {
        const item = lhr.audits[id];
        return `${label} ${item?.displayValue ?? "–"} (${score(item?.score)})`;
      })
      .join("   ")}`,
  );
  const lcpElement = nodesIn(lhr.audits["largest-contentful-paint-element"]?.details)[0];
  if (lcpElement) console.log(`  LCP element: ${lcpElement.selector ?? ""} ${lcpElement.snippet ?? ""}`);
  // Performance and accessibility always; the others only when they lose points.
  const shown = categories.filter(
    (id) => (required as readonly string[]).includes(id) || (lhr.categories[id]?.score ?? 1) < 1,
  );
  for (const id of shown) {
    const lines = failing(lhr, id);
    console.log(
      lines.length ? `  ${id}: audits below full marks\n${lines.join("\n")}` : `  ${id}: every audit passes`,
    );
  }
  const passed = required.every((id) => lhr.categories[id]?.score === 1);
  console.log(`  Target: ${required.join(" and ")} 100: ${passed ? "PASS" : "FAIL"}`);
  return passed;
}

async function runOnce(lighthouse: Lighthouse, launch: Launch, url: string) {
  // Now and then Chromium's trace of the load has no navigation start (NO_NAVSTART) and the run has
  // no scores: such a run is repeated, twice at most.
  for (let attempt = 1; ; attempt++) {
    const result = await runInChrome(lighthouse, launch, url);
    if (!result.lhr.runtimeError || attempt === 3) return result;
    console.log(`  (a run of ${url} failed with ${result.lhr.runtimeError.code}; running it again)`);
  }
}

async function runInChrome(lighthouse: Lighthouse, launch: Launch, url: string) {
  const chrome = await launch({ chromePath, chromeFlags });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: ["json", "html"],
      logLevel: "error",
      onlyCategories: [...categories],
      ...(blocked.length ? { blockedUrlPatterns: blocked } : {}),
      ...(Object.keys(extraHeaders).length ? { extraHeaders } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return { lhr: lhrSchema.parse(result.lhr), report: result.report };
  } finally {
    await chrome.kill();
  }
}

async function main(): Promise<void> {
  const urls = process.argv.slice(2).filter((arg) => arg !== "--");
  if (urls.length === 0 || urls.some((url) => !/^https?:\/\//.test(url))) {
    console.error("Usage: npm run lighthouse -- <http(s) url> [<url>…]");
    process.exit(2);
  }
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`LIGHTHOUSE_RUNS must be a positive integer`);
  if (!existsSync(chromePath)) throw new Error(`No browser at ${chromePath} (set CHROME_PATH)`);
  const { lighthouse, launch } = await loadTools();
  let allPassed = true;
  for (const url of urls) {
    const results = [];
    for (let run = 0; run < runs; run++) results.push(await runOnce(lighthouse, launch, url));
    // Simulated throttling still varies a little between runs: keep the median performance run.
    results.sort(
      (a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0),
    );
    const chosen = results[Math.floor((results.length - 1) / 2)];
    if (!chosen) continue;
    if (runs > 1) {
      console.log(
        `\n${url}: performance of ${runs} runs: ${results.map((r) => score(r.lhr.categories.performance?.score)).join(", ")} (median run below)`,
      );
      // A run still without a score after its retries: say why, as it is not printed in full.
      for (const { lhr } of results) {
        if (lhr.runtimeError)
          console.log(`  a run failed: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      }
    }
    allPassed = print(chosen.lhr) && allPassed;
    if (outDir) {
      await mkdir(outDir, { recursive: true });
      const slug = new URL(url).pathname.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "") || "home";
      const [json, html] = Array.isArray(chosen.report) ? chosen.report : [chosen.report];
      if (json) await writeFile(path.join(outDir, `${slug}.report.json`), json);
      if (html) await writeFile(path.join(outDir, `${slug}.report.html`), html);
      console.log(`  reports: ${path.join(outDir, slug)}.report.{json,html}`);
    }
  }
  process.exit(allPassed ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(2);
});
