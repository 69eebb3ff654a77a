// The first-load part of `npm run bench`: what a browser downloads on a first visit to the sign-in page
// and to /k/{id} as an anonymous visitor and as its owner, side by side and file by file, with the
// anonymous /k/{id}'s JavaScript budget.
import { gzipSync } from "node:zlib";
import { analyzeFirstLoad, type Asset, type FirstLoad, type Totals } from "./first-load.ts";
import { clientDir } from "./processes.ts";
import { benchProfilePath } from "./profile-page.ts";
import { integer, kB, table, verdict } from "./report.ts";

/**
 * An anonymous visitor's /k/{id} sends at most this much JavaScript, gzip (the target in
 * bench/README.md: at most 20 KB). Counted as 20,000 bytes, not 20 × 1024, to be strict.
 */
const profileJsBudgetBytes = 20_000;

function assetRows(assets: Asset[], markImported: boolean): string[][] {
  return assets.map((asset) => [
    `${asset.path}${asset.label ? ` (${asset.label})` : ""}${asset.classic ? " (classic script)" : ""}` +
      `${markImported && asset.via === "import" ? " *" : ""}`,
    kB(asset.bytes),
    kB(asset.gzipBytes),
    kB(asset.brotliBytes),
  ]);
}

const files = (count: number) => `${count} ${count === 1 ? "file" : "files"}`;

function totalRow(label: string, total: Totals): string[] {
  return [`${label} (${files(total.files)})`, kB(total.bytes), kB(total.gzipBytes), kB(total.brotliBytes)];
}

/**
 * What a phone may download before a customer's first screens work, gzip, in bytes (kB of
 * 1000): the JavaScript of the first load and the page's texts, which its HTML carries as JSON.
 */
export const firstLoadBudgets: { page: RegExp; maxBytes: number }[] = [
  { page: /^\/login /, maxBytes: 120_000 },
  { page: /^\/new /, maxBytes: 120_000 },
  { page: /^claim screen/, maxBytes: 120_000 },
  { page: /^walkthrough/, maxBytes: 120_000 },
  { page: /^\/k\/\{id\} \(owner\)/, maxBytes: 150_000 },
];

/** One page's first load, as measured from the HTML a given viewer gets. */
export type PageFirstLoad = FirstLoad & {
  name: string;
  path: string;
  viewer: "anonymous" | "owner";
  /** The page's texts in its HTML (`<script id="page-texts">`), gzip; 0 for a page without them. */
  textsGzipBytes: number;
};

/** A page measured beside the sign-in page and /k/{id}, from the HTML its viewer got. */
export type MeasuredPage = { name: string; path: string; viewer: "anonymous" | "owner"; html: string };

export type Budget = {
  name: string;
  jsGzipBytes: number;
  textsGzipBytes: number;
  maxBytes: number;
  passed: boolean;
};

export type FirstLoadRun = {
  pages: PageFirstLoad[];
  /** The pages with a budget, against it. */
  budgets: Budget[];
  /** The anonymous visitor's /k/{id}: its first-load JavaScript, gzip, against the budget. */
  profileBudget: { maxGzipBytes: number; gzipBytes: number | null; passed: boolean | null };
};

/** Figures side by side: one row per measure, one column per page. */
function printFirstLoadComparison(pages: PageFirstLoad[]): void {
  const row = (label: string, value: (page: PageFirstLoad) => string) => [label, ...pages.map(value)];
  console.log("\nFirst visit: what the browser downloads (kB = 1000 bytes; gzip level 9, brotli 11)\n");
  console.log(
    table(
      ["", ...pages.map((page) => page.name)],
      [
        row("JavaScript files", (page) => integer(page.jsTotal.files)),
        row("JavaScript raw kB", (page) => kB(page.jsTotal.bytes)),
        row("JavaScript gzip kB", (page) => kB(page.jsTotal.gzipBytes)),
        row("JavaScript brotli kB", (page) => kB(page.jsTotal.brotliBytes)),
        row("CSS files", (page) => integer(page.cssTotal.files)),
        row("CSS raw kB", (page) => kB(page.cssTotal.bytes)),
        row("CSS gzip kB", (page) => kB(page.cssTotal.gzipBytes)),
        row("CSS brotli kB", (page) => kB(page.cssTotal.brotliBytes)),
        row("HTML raw kB", (page) => kB(page.document.bytes)),
        row("HTML gzip kB", (page) => kB(page.document.gzipBytes)),
        row("HTML brotli kB", (page) => kB(page.document.brotliBytes)),
        // woff2 is brotli-compressed inside; servers send it as is.
        row("fonts preloaded", (page) => integer(page.fontsTotal.files)),
        row("fonts kB (woff2)", (page) => kB(page.fontsTotal.bytes)),
        row("later with import(), gzip kB", (page) => kB(page.lazyTotal.gzipBytes)),
      ],
    ),
  );
}

function printFirstLoadFiles(page: PageFirstLoad, beyond?: PageFirstLoad): void {
  const header = ["file", "raw kB", "gzip kB", "br kB"];
  const known = new Set(beyond?.js.map((asset) => asset.path) ?? []);
  const js = page.js.filter((asset) => !known.has(asset.path));
  const title = beyond
    ? `\n${page.name}: JavaScript beyond ${beyond.name}'s (${files(page.js.length - js.length)} shared)\n`
    : `\n${page.name}: JavaScript\n`;
  console.log(title);
  console.log(
    table(header, [...assetRows(js, true), totalRow("total JavaScript of the page", page.jsTotal)]),
  );
  if (js.some((asset) => asset.via === "import")) {
    console.log("* imported by another module but not preloaded by the HTML");
  }
  if (!beyond && page.fonts.length > 0) {
    console.log(
      `Fonts preloaded: ${page.fonts.map((font) => `${font.path} (${kB(font.bytes)} kB)`).join(", ")}`,
    );
  }
  if (page.lazy.length > 0 && !beyond) {
    console.log("\nLoaded later with import(), not part of the first load:\n");
    console.log(table(header, [...assetRows(page.lazy, false), totalRow("total later", page.lazyTotal)]));
  }
}

function printBudgets(budgets: Budget[]): void {
  console.log("\nFirst-load budgets: JavaScript and the page's texts (JSON in its HTML), gzip kB\n");
  console.log(
    table(
      ["page", "JavaScript", "texts", "together", "budget", ""],
      budgets.map((budget) => [
        budget.name,
        kB(budget.jsGzipBytes),
        kB(budget.textsGzipBytes),
        kB(budget.jsGzipBytes + budget.textsGzipBytes),
        kB(budget.maxBytes),
        verdict(budget.passed),
      ]),
    ),
  );
}

/** The gzip size of the page's texts in its HTML, or 0 when it has none (a light page). */
function textsGzipBytes(html: string): number {
  const json = /<script id="page-texts"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  return json ? gzipSync(json, { level: 9 }).length : 0;
}

export function printFirstLoad(run: FirstLoadRun): void {
  const [signIn, profile, owner] = run.pages;
  printFirstLoadComparison(run.pages);
  if (signIn) printFirstLoadFiles(signIn);
  if (profile) printFirstLoadFiles(profile);
  if (owner) printFirstLoadFiles(owner, signIn);
  for (const more of run.pages.slice(3)) printFirstLoadFiles(more, signIn);
  printBudgets(run.budgets);
  const { maxGzipBytes, gzipBytes, passed } = run.profileBudget;
  console.log(
    gzipBytes === null || passed === null
      ? `\nTarget: anonymous /k/{id} JavaScript at most ${integer(maxGzipBytes)} bytes gzip: SKIPPED (no page)`
      : `\nTarget: anonymous /k/{id} first-load JavaScript at most ${integer(maxGzipBytes)} bytes gzip: ` +
          `${verdict(passed)} (${integer(gzipBytes)} bytes)`,
  );
}

/** The sign-in page, and /k/{id} as an anonymous visitor and as its owner get it, when there. */
export async function firstLoads(
  pagePath: string,
  signInHtml: string,
  profileHtml: string | null,
  ownerHtml: string | null,
  more: MeasuredPage[] = [],
): Promise<FirstLoadRun> {
  const measure = async ({ html, ...page }: MeasuredPage): Promise<PageFirstLoad> => ({
    ...page,
    ...(await analyzeFirstLoad(html, clientDir)),
    textsGzipBytes: textsGzipBytes(html),
  });
  const pages: PageFirstLoad[] = [
    await measure({ name: `${pagePath} (anonymous)`, path: pagePath, viewer: "anonymous", html: signInHtml }),
  ];
  if (profileHtml !== null) {
    pages.push(
      await measure({
        name: "/k/{id} (anonymous)",
        path: benchProfilePath,
        viewer: "anonymous",
        html: profileHtml,
      }),
    );
  }
  if (ownerHtml !== null) {
    pages.push(
      await measure({ name: "/k/{id} (owner)", path: benchProfilePath, viewer: "owner", html: ownerHtml }),
    );
  }
  for (const page of more) pages.push(await measure(page));
  const budgets = pages.flatMap((page) => {
    const budget = firstLoadBudgets.find((entry) => entry.page.test(page.name));
    if (!budget) return [];
    const together = page.jsTotal.gzipBytes + page.textsGzipBytes;
    return [
      {
        name: page.name,
        jsGzipBytes: page.jsTotal.gzipBytes,
        textsGzipBytes: page.textsGzipBytes,
        maxBytes: budget.maxBytes,
        passed: together <= budget.maxBytes,
      },
    ];
  });
  const profile = pages.find((page) => page.path === benchProfilePath && page.viewer === "anonymous");
  const gzipBytes = profile?.jsTotal.gzipBytes ?? null;
  return {
    pages,
    budgets,
    profileBudget: {
      maxGzipBytes: profileJsBudgetBytes,
      gzipBytes,
      passed: gzipBytes === null ? null : gzipBytes <= profileJsBudgetBytes,
    },
  };
}
