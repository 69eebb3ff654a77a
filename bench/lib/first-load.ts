// What a browser downloads on a first visit to a server-rendered page: the JavaScript modules the
// HTML names (modulepreload links, module scripts, imports in inline scripts) and everything they
// import statically, with their gzip (level 9, as the build writes them) and brotli sizes.
// Chunks imported with import() from those modules are listed apart as loaded later.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type Asset = {
  /** URL path, e.g. /assets/entry.client-abc.js */
  path: string;
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
  /** How it was found: named in the HTML, or only imported by another module. */
  via: "html" | "import";
  /** For lazy chunks: a library recognised in it. */
  label?: string;
};

export type Totals = { files: number; bytes: number; gzipBytes: number; brotliBytes: number };

export type FirstLoad = {
  document: { bytes: number; gzipBytes: number; brotliBytes: number };
  js: Asset[];
  jsTotal: Totals;
  css: Asset[];
  cssTotal: Totals;
  /** Chunks imported with import() by first-load modules; not part of the first load. */
  lazy: Asset[];
  lazyTotal: Totals;
};

type Tag = Record<string, string>;

function attributes(tag: string): Tag {
  const found: Tag = {};
  const pattern = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const match of tag.matchAll(pattern)) {
    const name = match[1];
    if (name !== undefined) found[name.toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? "";
  }
  return found;
}

const quoted = String.raw`["'\x60]([^"'\x60\s]+)["'\x60]`;
/** `import x from "…"`, `export … from "…"`, `import "…"` (also minified: `from"…"`). */
const staticImport = new RegExp(String.raw`(?:\bfrom|\bimport)\s*` + quoted, "g");
/** `import("…")` */
const dynamicImport = new RegExp(String.raw`\bimport\s*\(\s*` + quoted + String.raw`\s*\)`, "g");

function specifiers(code: string, pattern: RegExp): string[] {
  return [...code.matchAll(pattern)].map((match) => match[1] ?? "").filter((value) => value !== "");
}

/** Resolves a specifier against the page or a module's URL path; null when not a local path. */
function resolve(specifier: string, from: string): string | null {
  if (!specifier.startsWith("/") && !specifier.startsWith("./") && !specifier.startsWith("../")) return null;
  if (specifier.startsWith("//")) return null;
  return new URL(specifier, `http://bench${from}`).pathname;
}

/** Pulls the script and stylesheet URL paths out of the HTML, in document order. */
export function scanHtml(html: string): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  for (const match of html.matchAll(/<link\b([^>]*)>/gi)) {
    const tag = attributes(match[1] ?? "");
    const rel = (tag.rel ?? "").toLowerCase().split(/\s+/);
    if (!tag.href) continue;
    if (rel.includes("modulepreload")) js.push(tag.href);
    else if (rel.includes("stylesheet")) css.push(tag.href);
  }
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const tag = attributes(match[1] ?? "");
    if (tag.src) {
      js.push(tag.src);
      continue;
    }
    if ((tag.type ?? "").toLowerCase() === "module") js.push(...specifiers(match[2] ?? "", staticImport));
    js.push(...specifiers(match[2] ?? "", dynamicImport));
  }
  const local = (list: string[]) => [
    ...new Set(list.map((href) => resolve(href, "/")).filter((href) => href !== null)),
  ];
  return { js: local(js), css: local(css) };
}

async function sizes(clientDir: string, urlPath: string) {
  const file = path.join(clientDir, decodeURIComponent(urlPath));
  if (!file.startsWith(clientDir + path.sep)) throw new Error(`${urlPath} is outside ${clientDir}`);
  const content = await readFile(file);
  const brotliBytes = existsSync(`${file}.br`)
    ? (await readFile(`${file}.br`)).length
    : brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  return {
    content,
    bytes: content.length,
    gzipBytes: gzipSync(content, { level: 9 }).length,
    brotliBytes,
  };
}

function totals(assets: Asset[]): Totals {
  return assets.reduce(
    (total, asset) => ({
      files: total.files + 1,
      bytes: total.bytes + asset.bytes,
      gzipBytes: total.gzipBytes + asset.gzipBytes,
      brotliBytes: total.brotliBytes + asset.brotliBytes,
    }),
    { files: 0, bytes: 0, gzipBytes: 0, brotliBytes: 0 },
  );
}

const knownLibraries: Array<[label: string, marker: RegExp]> = [["posthog-js", /posthog/i]];

/**
 * Follows static imports from `entries` (URL paths); returns the modules reached, in order,
 * and the dynamic import() targets found in them.
 */
async function walk(clientDir: string, entries: string[], via: (urlPath: string) => Asset["via"]) {
  const assets = new Map<string, Asset & { content: Buffer }>();
  const dynamic = new Set<string>();
  const queue = [...entries];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (assets.has(next)) continue;
    // A module named only in another module's code must exist to count (minified code can hold
    // strings that look like imports); one named in the HTML must exist, or sizes() throws.
    if (via(next) === "import" && !existsSync(path.join(clientDir, decodeURIComponent(next)))) continue;
    const measured = await sizes(clientDir, next);
    assets.set(next, { path: next, via: via(next), ...measured });
    const code = measured.content.toString("utf8");
    for (const specifier of specifiers(code, staticImport)) {
      const target = resolve(specifier, next);
      if (target !== null && target.endsWith(".js")) queue.push(target);
    }
    for (const specifier of specifiers(code, dynamicImport)) {
      const target = resolve(specifier, next);
      if (target !== null && target.endsWith(".js")) dynamic.add(target);
    }
  }
  return { assets, dynamic };
}

export async function analyzeFirstLoad(html: string, clientDir: string): Promise<FirstLoad> {
  const root = path.resolve(clientDir);
  const named = scanHtml(html);
  const inHtml = new Set(named.js);
  const first = await walk(root, named.js, (urlPath) => (inHtml.has(urlPath) ? "html" : "import"));

  const lazyEntries = [...first.dynamic].filter((urlPath) => !first.assets.has(urlPath));
  const later = await walk(root, lazyEntries, () => "import");
  const lazy = [...later.assets.values()]
    .filter((asset) => !first.assets.has(asset.path))
    .map(({ content, ...asset }) => {
      const code = content.toString("utf8");
      const label = knownLibraries.find(([, marker]) => marker.test(code))?.[0];
      return label === undefined ? asset : { ...asset, label };
    });

  const js = [...first.assets.values()].map(({ content: _content, ...asset }) => asset);
  const css: Asset[] = [];
  for (const urlPath of named.css) {
    const { content: _content, ...measured } = await sizes(root, urlPath);
    css.push({ path: urlPath, via: "html", ...measured });
  }

  const document = Buffer.from(html, "utf8");
  return {
    document: {
      bytes: document.length,
      gzipBytes: gzipSync(document, { level: 9 }).length,
      brotliBytes: brotliCompressSync(document, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    },
    js,
    jsTotal: totals(js),
    css,
    cssTotal: totals(css),
    lazy,
    lazyTotal: totals(lazy),
  };
}
