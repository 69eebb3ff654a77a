// The repository's own import graph, for build-tools/source-shape.test.ts: which source files import
// which (static, type-only, re-exports and import() with a literal path alike), and the circles in it;
// and the modules a browser runs from a page's entries (vite.config.ts, build-tools/text-areas.test.ts).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** Every .ts/.tsx file below `dir` (from `root`), as repository paths with forward slashes. */
export function sourceFiles(root: string, dir: string): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (/\.tsx?$/.test(entry.name)) found.push(child);
    }
  };
  walk(dir);
  return found.sort();
}

/** The module specifiers `code` imports, whatever the form (TypeScript's own pre-parser finds them). */
export function importSpecifiers(code: string): string[] {
  return ts.preProcessFile(code, true, true).importedFiles.map((imported) => imported.fileName);
}

/** valueImportSpecifiers' answers, by file name, `lazy` and text. */
const parsedSpecifiers = new Map<string, string[]>();

/**
 * The module specifiers `code` imports for values (what runs when it runs): static imports and
 * re-exports, and import() with a literal path; `import type` is left out.
 */
export function valueImportSpecifiers(code: string, fileName = "module.tsx", { lazy = true } = {}): string[] {
  // Parsing is most of the time a walk over the graph takes, and the tests walk from every page: a
  // module's answer is kept for as long as its text is the same.
  const key = `${fileName}\0${String(lazy)}\0${code}`;
  const known = parsedSpecifiers.get(key);
  if (known) return [...known];
  const found = parseValueImportSpecifiers(code, fileName, lazy);
  parsedSpecifiers.set(key, found);
  return [...found];
}

function parseValueImportSpecifiers(code: string, fileName: string, lazy: boolean): string[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      // Only `import type` is left out: under verbatimModuleSyntax `import { type A } from "m"` stays
      // in the output as `import "m"`, running the module (lint's no-import-type-side-effects).
      if (node.importClause?.isTypeOnly !== true) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (!node.isTypeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      lazy &&
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const candidates = (base: string) => [
  base,
  ...[".ts", ".tsx"].map((extension) => base + extension),
  ...[".ts", ".tsx"].map((extension) => base.replace(/\.[cm]?jsx?$/, extension)),
  ...["/index.ts", "/index.tsx"].map((index) => base + index),
];

/**
 * The repository file `specifier` names when imported from `from` (both repository paths), or
 * undefined for a package, a virtual module or a generated file (React Router's `./+types/…`).
 * Relative paths and tsconfig's `~/` alias for app/ are resolved, with or without an extension.
 */
export function resolveImport(root: string, from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("~/")) base = path.posix.join("app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.posix.join(path.posix.dirname(from), specifier);
  else return undefined;
  return candidates(base).find(
    (candidate) =>
      /\.tsx?$/.test(candidate) &&
      existsSync(path.join(root, candidate)) &&
      statSync(path.join(root, candidate)).isFile(),
  );
}

export type ImportGraph = Map<string, string[]>;

/** The graph reachable from `files`: each file with the repository files it imports. */
export function importGraph(root: string, files: string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  const pending = [...files];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (graph.has(file)) continue;
    const code = readFileSync(path.join(root, file), "utf8");
    const targets = importSpecifiers(code).flatMap((specifier) => resolveImport(root, file, specifier) ?? []);
    graph.set(file, [...new Set(targets)]);
    pending.push(...targets);
  }
  return graph;
}

/**
 * The modules a browser runs from `entries` (repository paths): what they import for values, and
 * with `lazy` what they load with import(), but no `*.server.ts` module, which React Router leaves out
 * of the browser's build with all it imports, and nothing in `leaving`.
 */
export function browserModules(
  root: string,
  entries: string[],
  { lazy = true, leaving = new Set<string>() }: { lazy?: boolean; leaving?: ReadonlySet<string> } = {},
): Set<string> {
  const found = new Set<string>();
  const pending = [...entries];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (found.has(file) || leaving.has(file) || /\.server\.tsx?$/.test(file)) continue;
    found.add(file);
    const code = readFileSync(path.join(root, file), "utf8");
    for (const specifier of valueImportSpecifiers(code, file, { lazy })) {
      const target = resolveImport(root, file, specifier);
      if (target) pending.push(target);
    }
  }
  return found;
}

/**
 * One circle for each group of files that reach one another (Tarjan's strongly connected components),
 * each written as its path back to where it started: [a, b, a]. Sorted, so a failure reads the same
 * each run.
 */
export function importCircles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    lowest.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        lowest.set(file, Math.min(lowest.get(file)!, lowest.get(target)!));
      } else if (onStack.has(target)) lowest.set(file, Math.min(lowest.get(file)!, index.get(target)!));
    }
    if (lowest.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) groups.push(group);
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return groups.map((group) => shortestCircle(graph, group.sort()[0]!, new Set(group))).sort();
}

/** The shortest path from `start` back to itself inside `group` (breadth first). */
function shortestCircle(graph: ImportGraph, start: string, group: Set<string>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const file = queue[head]!;
    for (const target of [...(graph.get(file) ?? [])].sort()) {
      if (!group.has(target)) continue;
      if (target === start) {
        const back = [file];
        while (back[back.length - 1] !== start) back.push(cameFrom.get(back[back.length - 1]!)!);
        return [...back.reverse(), start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, file);
        queue.push(target);
      }
    }
  }
  return [start, start];
}
