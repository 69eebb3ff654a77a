// Every repository path the README and docs/ cite exists: a reader who follows one must find the file.
// A citation is a backticked path or a markdown link that looks like one of ours: it starts with a
// folder or file the repository tracks (`server/...`, `./x`, `../x`), or it is a bare file name with a
// source extension (`sweep.ts`), which must name some file of the repository.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "..");

/** Extensions a bare file name (no slash) must carry to be taken for a citation of one of our files. */
const sourceExtensions = /\.(ts|tsx|mts|mjs|cjs|md|sql)$/;

export type Citation = { doc: string; line: number; cited: string; path: string };

/** The tracked files, and the first segment of each (the repository's top-level names). */
function trackedFiles(): string[] {
  return execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean);
}

/** Which of `paths` git ignores: what the site or a tool writes when it runs (`./data`, `bench/results/`), not ours. */
function ignoredByGit(paths: readonly string[]): Set<string> {
  const answer = spawnSync("git", ["check-ignore", "--no-index", "--stdin"], {
    cwd: root,
    // Each path is asked as a file and as a folder: `data/` in .gitignore matches only the second.
    input: paths.flatMap((cited) => [cited, `${cited}/`]).join("\n"),
    encoding: "utf8",
  });
  return new Set(
    answer.stdout
      .split("\n")
      .filter(Boolean)
      .map((ignored) => ignored.replace(/\/$/, "")),
  );
}

function markdownFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const child = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...markdownFiles(child));
    else if (entry.name.endsWith(".md")) found.push(child);
  }
  return found.sort();
}

/**
 * The repository path a cited text names, or undefined when it is no path of ours: a URL, a route
 * (`/k/{id}`), a pattern (`<feature>`, `{id}`, `*`, `…`), a package (`@aws-sdk/client-s3`), a media
 * type (`text/plain`) or a folder outside the repository.
 */
export function repositoryPath(
  cited: string,
  doc: string,
  topLevel: ReadonlySet<string>,
  link: boolean,
): string | undefined {
  // A line or line range (`visitors.ts:58-60`) and an anchor (`#layout`) point into the file.
  const text = cited
    .trim()
    .replace(/#.*$/, "")
    .replace(/:\d+(-\d+)?$/, "");
  if (text === "" || /[\s<>{}*…?=:@$`"'|,;()[\]]/.test(text) || text.includes("...")) return undefined;
  if (text.startsWith("/") || text.startsWith("~")) return undefined;
  const relative = text.startsWith("./") || text.startsWith("../");
  // Links are read from the document's folder; backticked paths, as written, from the repository's root.
  const resolved = path.posix.normalize(link ? path.posix.join(path.posix.dirname(doc), text) : text);
  if (resolved.startsWith("../")) return relative ? resolved : undefined;
  const first = resolved.split("/")[0] ?? "";
  if (text.includes("/") || relative) return topLevel.has(first) || relative ? resolved : undefined;
  if (topLevel.has(resolved)) return resolved;
  // `.server.ts` is a kind of file, not a file.
  if (resolved.startsWith(".")) return undefined;
  return sourceExtensions.test(resolved) ? resolved : undefined;
}

/** Every citation of a repository path in `markdown` (the file `doc`), with its line. */
export function citations(markdown: string, doc: string, topLevel: ReadonlySet<string>): Citation[] {
  const found: Citation[] = [];
  const lines = markdown.split("\n");
  let fenced = false;
  lines.forEach((lineText, index) => {
    // Fenced blocks hold diagrams and commands, whose words are not citations.
    if (/^\s*```/.test(lineText)) fenced = !fenced;
    if (fenced) return;
    const add = (cited: string, link: boolean) => {
      const target = repositoryPath(cited, doc, topLevel, link);
      if (target !== undefined) found.push({ doc, line: index + 1, cited, path: target });
    };
    for (const match of lineText.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)) {
      const target = match[1] ?? "";
      if (!/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith("#")) add(target, true);
    }
    for (const match of lineText.replace(/\[[^\]]*\]\([^)]*\)/g, "").matchAll(/`([^`]+)`/g))
      add(match[1] ?? "", false);
  });
  return found;
}

describe("reading citations", () => {
  const topLevel = new Set(["server", "docs", "README.md", "vite.config.ts"]);
  const cite = (markdown: string, doc = "docs/decisions/001-x.md") =>
    citations(markdown, doc, topLevel).map((citation) => citation.path);

  it("takes backticked paths from the root and links from the document's folder", () => {
    expect(cite("see `server/http/page-cache.ts` and [ADR 8](008-page-cache.md)").sort()).toEqual([
      "docs/decisions/008-page-cache.md",
      "server/http/page-cache.ts",
    ]);
    expect(cite("[the README](../../README.md#layout)")).toEqual(["README.md"]);
    expect(cite("`vite.config.ts`, `server/api/memories/visitors.ts:58-60`")).toEqual([
      "vite.config.ts",
      "server/api/memories/visitors.ts",
    ]);
  });

  it("takes a bare source file name, and a link or path that leaves the repository", () => {
    expect(cite("`sweep.ts` in `../shared/DESIGN.md`, [x](../../../shared/spec.md)").sort()).toEqual([
      "../shared/DESIGN.md",
      "../shared/spec.md",
      "sweep.ts",
    ]);
  });

  it("leaves out routes, patterns, URLs, packages, media types and settings", () => {
    expect(
      cite(
        "`/k/{id}`, `server/api/<feature>/`, `i18n/*.json`, `text/plain`, `@aws-sdk/client-s3`, " +
          "`DATA_DIR/uploads`, `npm run backup`, `.server.ts`, [site](https://example.com/a.ts), [top](#context), `…/domain/x`",
      ),
    ).toEqual([]);
    expect(cite("```\nserver/gone.ts\n```\n")).toEqual([]);
  });
});

describe("the paths the README and docs cite", () => {
  it("all exist in the repository", () => {
    const tracked = trackedFiles();
    const topLevel = new Set(tracked.map((file) => file.split("/")[0] ?? ""));
    const basenames = new Set(tracked.map((file) => path.posix.basename(file)));
    const docs = ["README.md", ...markdownFiles("docs")];
    const cited = docs.flatMap((doc) => citations(readFileSync(path.join(root, doc), "utf8"), doc, topLevel));
    const ignored = ignoredByGit(
      cited.map((citation) => citation.path).filter((cited) => !cited.startsWith("../")),
    );
    const missing: string[] = [];
    let checked = 0;
    {
      for (const citation of cited.filter((citation) => !ignored.has(citation.path))) {
        checked += 1;
        // A path outside the repository is missing for a reader of a clone, whatever this machine holds.
        const outside = citation.path.startsWith("../");
        const bare = !citation.path.includes("/") && !topLevel.has(citation.path);
        const exists = outside
          ? false
          : bare
            ? basenames.has(citation.path)
            : existsSync(path.join(root, citation.path));
        if (!exists) missing.push(`${citation.doc}:${citation.line} cites ${citation.cited}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
