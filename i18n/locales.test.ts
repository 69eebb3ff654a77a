// Both languages have every text, and every text the code asks for exists.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { statusReasonCodes } from "../contract/profile-values";
import { adminGroups, adminHome, adminScreens } from "../app/lib/admin-screens";
import enUS from "./en-US.json";
import svSE from "./sv-SE.json";

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith(".test.ts") ? [full] : [];
  });
}

describe("translations", () => {
  const english = keys(enUS as Tree).sort();
  const swedish = keys(svSE as Tree).sort();

  it("sv-SE has exactly the texts en-US has", () => {
    expect(swedish).toEqual(english);
  });

  it("no text is empty", () => {
    const empty = (tree: Tree, name: string) =>
      keys(tree)
        .filter((key) => key.split(".").reduce<unknown>((node, part) => (node as Tree)[part], tree) === "")
        .map((key) => `${name}: ${key}`);
    expect([...empty(enUS as Tree, "en-US"), ...empty(svSE as Tree, "sv-SE")]).toEqual([]);
  });

  it("every literal key the code translates exists", () => {
    const known = new Set(english);
    const root = path.resolve(__dirname, "..");
    const used = new Set<string>();
    for (const file of ["app", "server", "contract"].flatMap((dir) => sourceFiles(path.join(root, dir)))) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(/\bt\(\s*"([a-zA-Z][\w.-]*)"/g)) used.add(match[1] as string);
    }
    expect(used.size).toBeGreaterThan(30);
    // A plural is asked for by its base key and kept as key_one and key_other (the translator's rule, i18n/translator.ts).
    const exists = (key: string) => known.has(key) || (known.has(`${key}_one`) && known.has(`${key}_other`));
    expect([...used].filter((key) => !exists(key))).toEqual([]);
  });

  it("every key the code builds from a list exists: admin screens and their groups, status reason codes", () => {
    const known = new Set(english);
    const built = [
      adminHome.label,
      ...adminGroups.map((group) => group.label),
      ...adminScreens.flatMap((screen) => [screen.label, screen.description]),
      ...statusReasonCodes.map((code) => `adminProfiles.admin.reasons.${code}`),
    ];
    expect(built.filter((key) => !known.has(key))).toEqual([]);
  });
});
