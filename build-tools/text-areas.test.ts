// A browser loads only the text areas its path needs (i18n/areas.ts). For each route, everything the
// page can run (the root, its layouts and its screen, with what they import, lazily or not) is read
// for text keys, and each key's area must be one its path loads; else a screen would show a key.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "../app/routes";
import { browserTextAreas, serverTexts, textAreas, textAreasFor } from "../i18n/areas";
import english from "../i18n/en-US.json";
import ts from "typescript";
import { browserModules } from "./module-graph";

const root = path.resolve(__dirname, "..");
const topLevelKeys = Object.keys(english);

/** What a page can run in the browser from these files: what they import, lazily or not. */
const pageModules = (files: string[]) => [...browserModules(root, files)];

type RouteEntry = { file: string; path?: string; index?: boolean; children?: RouteEntry[] };

/** Each screen with the layouts around it and an address it answers (parameters filled in). */
function screens(
  entries: RouteEntry[],
  layouts: string[] = [],
  prefix = "",
): { files: string[]; path: string }[] {
  return entries.flatMap((entry) => {
    const joined = entry.path ? `${prefix}/${entry.path}` : prefix;
    const files = [...layouts, `app/${entry.file}`];
    if (entry.children) return screens(entry.children, files, joined);
    const address = joined.replace(/:[a-zA-Z]+/g, "K7M2P9QX").replace(/\*$/, "no-such-page");
    return [{ files, path: address || "/" }];
  });
}

/** The strings of each module read so far, by file: every page's modules are read for each route. */
const stringsByFile = new Map<string, string[]>();

/** The strings of a module (literals and the text of templates), comments left out. */
function stringsOf(file: string): string[] {
  const known = stringsByFile.get(file);
  if (known) return known;
  const strings = parseStrings(file);
  stringsByFile.set(file, strings);
  return strings;
}

function parseStrings(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(path.join(root, file), "utf8"),
    ts.ScriptTarget.Latest,
  );
  const strings: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) strings.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return strings;
}

/** Top-level text keys a module's strings name ("auth.login.title", `account.${x}`), with where. */
function keysIn(files: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of files) {
    for (const text of stringsOf(file)) {
      const key = /^([a-z][a-zA-Z]+)\.[a-zA-Z]/.exec(text)?.[1] ?? /^([a-z][a-zA-Z]+)\.$/.exec(text)?.[1];
      if (key && topLevelKeys.includes(key) && !found.has(key)) found.set(key, file);
    }
  }
  return found;
}

describe("text areas", () => {
  it("put every top-level text in exactly one area, or on the server alone", () => {
    const placed = [...Object.values(textAreas).flat(), ...serverTexts];
    expect([...placed].sort()).toEqual([...topLevelKeys].sort());
  });

  it("send no server text to a browser: no browser module names one", () => {
    const everything = pageModules([
      "app/root.tsx",
      "app/entry.client.tsx",
      ...screens(routes as RouteEntry[]).flatMap((screen) => screen.files),
    ]);
    const named = [...keysIn(everything)].filter(([key]) => (serverTexts as readonly string[]).includes(key));
    expect(named).toEqual([]);
  });

  it.each(
    screens(routes as RouteEntry[]).map(
      (screen) => [screen.path, screen.files.at(-1)!, screen.files] as const,
    ),
  )("%s (%s) loads the area of every text its page can show", (address, _screen, files) => {
    const loaded = new Set<string>(textAreasFor(address).flatMap((area) => textAreas[area]));
    const missing = [...keysIn(pageModules(["app/root.tsx", "app/entry.client.tsx", ...files]))]
      .filter(([key]) => !loaded.has(key))
      .map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it("keep the admin's texts out of a customer's and a partner's pages", () => {
    const customerPaths = screens(routes as RouteEntry[])
      .map((screen) => screen.path)
      .filter((address) => !address.startsWith("/admin"));
    for (const address of customerPaths) expect(textAreasFor(address), address).not.toContain("admin");
    expect(textAreasFor("/admin/orders")).toEqual(browserTextAreas);
  });
});
