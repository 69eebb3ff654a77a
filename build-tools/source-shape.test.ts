// The shape of the source: no import circle among the modules of app/, server/, contract/ and
// bench/ (and what they reach), and no source file there over 400 lines. Both read the files as they
// are in the checkout.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importCircles, importGraph, importSpecifiers, resolveImport, sourceFiles } from "./module-graph";

const root = path.resolve(__dirname, "..");
const folders = ["app", "server", "contract", "bench"];
const maxLines = 400;

describe("the import walk", () => {
  it("finds every kind of import: type-only, re-exports, side effects and import() with a literal", () => {
    const code = [
      'import type { A } from "./a";',
      'import { b, type B } from "./b";',
      'export { c } from "./c";',
      'export * from "./d";',
      'import "./e.css";',
      'const f = await import("./f");',
      "export const g = 1;",
    ].join("\n");
    expect(importSpecifiers(code)).toEqual(["./a", "./b", "./c", "./d", "./e.css", "./f"]);
  });

  it.each([
    ["app/root.tsx", "./components/site-header", "app/components/site-header.tsx"],
    ["app/components/site-header.tsx", "~/root", "app/root.tsx"],
    ["server/http/auth.ts", "./env", "server/http/env.ts"],
    ["server/http/auth.ts", "./env.ts", "server/http/env.ts"],
    ["app/root.tsx", "../contract/locale.js", "contract/locale.ts"],
    ["app/root.tsx", "./+types/root", undefined],
    ["app/root.tsx", "./app.css?url", undefined],
    ["app/root.tsx", "react-router", undefined],
    ["server/index.ts", "virtual:react-router/server-build", undefined],
  ])("resolves %s importing %s to %s", (from, specifier, file) => {
    expect(resolveImport(root, from, specifier)).toBe(file);
  });

  it("names one circle per group of files that reach one another, self-imports included", () => {
    const graph = new Map([
      ["b", ["c"]],
      ["a", ["b", "x"]],
      ["c", ["a", "b"]],
      ["d", ["a"]],
      ["e", ["e"]],
      ["x", []],
    ]);
    expect(importCircles(graph)).toEqual([
      ["a", "b", "c", "a"],
      ["e", "e"],
    ]);
  });
});

describe("the source", () => {
  const files = folders.flatMap((folder) => sourceFiles(root, folder));

  it("has no import circle (move what both sides need into a module of its own)", () => {
    const circles = importCircles(importGraph(root, files)).map((circle) => circle.join(" -> "));
    expect(circles).toEqual([]);
  });

  it(`has no file over ${maxLines} lines outside tests (split it into modules of one concept each)`, () => {
    const tooLong = files
      .filter((file) => !/\.test\.tsx?$/.test(file) && !/(^|\/)(tests|\+types)\//.test(file))
      .map((file) => ({
        file,
        lines: readFileSync(path.join(root, file), "utf8").replace(/\n$/, "").split("\n").length,
      }))
      .filter(({ lines }) => lines > maxLines)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(tooLong).toEqual([]);
  });
});
