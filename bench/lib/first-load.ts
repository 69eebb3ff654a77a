// What a browser downloads on a first visit to a server-rendered page: the JavaScript the HTML names
// (modulepreload and script preload links, module and classic `<script src>`, imports in inline
// scripts) and every module that imports statically, with their gzip (level 9, as the build writes
// them) and brotli sizes; the stylesheets; the fonts it preloads. Chunks imported with import() from
// those scripts are listed apart as loaded later.
import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
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
  /** Loaded as a classic script (`<script src>` without type=module), not as a module. */
  classic?: true;
};

export type Totals = { files: number; bytes: number; gzipBytes: number; brotliBytes: number };

/** A preloaded font: woff2 is brotli-compressed already and served as is, so only its bytes count. */
export type Font = { path: string; bytes: number };

export type FirstLoad = {
  document: { bytes: number; gzipBytes: number; brotliBytes: number };
  js: Asset[];
  jsTotal: Totals;
  css: Asset[];
  cssTotal: Totals;
  /** Chunks imported with import() by first-load modules; not part of the first load. */
  lazy: Asset[];
  lazyTotal: Totals;
  /** Fonts the HTML preloads (`<link rel=preload as=font>`), fetched beside the stylesheet. */
  fonts: Font[];
  fontsTotal: { files: number; bytes: number };
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

export type HtmlRefs = {
  /** Scripts and modules, in document order. */
  js: string[];
  /** The subset of `js` loaded as classic scripts (`<script src>` without type=module). */
  classic: string[];
  css: string[];
  fonts: string[];
};

/** Pulls the script, stylesheet and preloaded font URL paths out of the HTML, in document order. */
export function scanHtml(html: string): HtmlRefs {
  const js: string[] = [];
  /** Named as modules: modulepreload, `<script type=module>`, imports in inline scripts. */
  const modules: string[] = [];
  const classic: string[] = [];
  const css: string[] = [];
  const fonts: string[] = [];
  for (const match of html.matchAll(/<link\b([^>]*)>/gi)) {
    const tag = attributes(match[1] ?? "");
    const rel = (tag.rel ?? "").toLowerCase().split(/\s+/);
    const as = (tag.as ?? "").toLowerCase();
    if (!tag.href) continue;
    if (rel.includes("modulepreload")) {
      js.push(tag.href);
      modules.push(tag.href);
    } else if (rel.includes("stylesheet")) css.push(tag.href);
    else if (rel.includes("preload") && as === "script") js.push(tag.href);
    else if (rel.includes("preload") && as === "font") fonts.push(tag.href);
  }
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const tag = attributes(match[1] ?? "");
    const isModule = (tag.type ?? "").toLowerCase() === "module";
    if (tag.src) {
      js.push(tag.src);
      // A classic script (no type=module) cannot import statically.
      (isModule ? modules : classic).push(tag.src);
      continue;
    }
    const imported = [
      ...(isModule ? specifiers(match[2] ?? "", staticImport) : []),
      ...specifiers(match[2] ?? "", dynamicImport),
    ];
    js.push(...imported);
    modules.push(...imported);
  }
  const local = (list: string[]) => [
    ...new Set(list.map((href) => resolve(href, "/")).filter((href) => href !== null)),
  ];
  // A file also named as a module is a module: its static imports are followed.
  const named = new Set(local(modules));
  return {
    js: local(js),
    classic: local(classic).filter((urlPath) => !named.has(urlPath)),
    css: local(css),
    fonts: local(fonts),
  };
}

/** The file behind a URL path, refusing one outside the client build. */
function inside(clientDir: string, urlPath: string): string {
  const file = path.join(clientDir, decodeURIComponent(urlPath));
  if (!file.startsWith(clientDir + path.sep)) throw new Error(`${urlPath} is outside ${clientDir}`);
  return file;
}

async function sizes(clientDir: string, urlPath: string) {
  const file = inside(clientDir, urlPath);
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
async function walk(
  clientDir: string,
  entries: string[],
  via: (urlPath: string) => Asset["via"],
  classic: ReadonlySet<string> = new Set(),
) {
  const assets = new Map<string, Asset & { content: Buffer }>();
  const dynamic = new Set<string>();
  const queue = [...entries];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (assets.has(next)) continue;
    // A module named only in another module's code must exist to count (minified code can hold
    // strings that look like imports); one named in the HTML must exist, or sizes() throws.
    if (via(next) === "import" && !existsSync(path.join(clientDir, decodeURIComponent(next)))) continue;
    const measured = await sizes(clientDir, next);
    const isClassic = classic.has(next);
    assets.set(next, { path: next, via: via(next), ...(isClassic ? { classic: true } : {}), ...measured });
    const code = measured.content.toString("utf8");
    // A classic script has no static imports: text in it that looks like one is not followed.
    for (const specifier of isClassic ? [] : specifiers(code, staticImport)) {
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
  const first = await walk(
    root,
    named.js,
    (urlPath) => (inHtml.has(urlPath) ? "html" : "import"),
    new Set(named.classic),
  );

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

  const fonts: Font[] = [];
  for (const urlPath of named.fonts) {
    const file = inside(root, urlPath);
    fonts.push({ path: urlPath, bytes: (await stat(file)).size });
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
    fonts,
    fontsTotal: { files: fonts.length, bytes: fonts.reduce((sum, font) => sum + font.bytes, 0) },
  };
}
