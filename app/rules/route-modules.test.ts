// Every route module of app/routes.ts (and the root) names only rules that have an implementation,
// on the server and in the browser: a page naming a rule nobody wrote would be refused (fail closed),
// and this test says so before anyone opens the page.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import routes from "../routes";
import { reservedPaths } from "../../contract/first-names";
import { isRefusal } from "./registry";

type RouteEntry = { file: string; path?: string; children?: RouteEntry[] };

function files(entries: RouteEntry[]): string[] {
  return entries.flatMap((entry) => [entry.file, ...files(entry.children ?? [])]);
}

const appDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const modules = [...new Set(["root.tsx", ...files(routes as RouteEntry[])])];

describe("route modules", () => {
  it("are all found in the route table", () => {
    expect(modules).toContain("layouts/admin.tsx");
    expect(modules).toContain("routes/profile/page.tsx");
  });

  it("keeps every product path's first segment from being taken as a first name (/{name})", () => {
    const segments = (entries: RouteEntry[], prefix = ""): string[] =>
      entries.flatMap((entry) => {
        const full = entry.path ? `${prefix}/${entry.path}` : prefix;
        const first = full.split("/").find(Boolean) ?? "";
        const own = entry.path && first && !first.startsWith(":") && first !== "*" ? [first] : [];
        return [...own, ...segments(entry.children ?? [], full)];
      });
    const taken = [...new Set(segments(routes as RouteEntry[]))];
    expect(taken).toContain("privacy");
    expect(taken.filter((segment) => !reservedPaths.includes(segment))).toEqual([]);
  });

  it.each(modules)("%s names only implemented rules", async (file) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const module = (await import(/* @vite-ignore */ path.join(appDir, file))) as {
        middleware?: unknown[];
        clientMiddleware?: unknown[];
      };
      const refused = [...(module.middleware ?? []), ...(module.clientMiddleware ?? [])]
        .filter(isRefusal)
        .map((rule) => rule.unknownRule);
      expect(refused, `rules without an implementation in ${file}`).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });
});
