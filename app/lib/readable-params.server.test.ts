// The page layout's guard: a parameter PostgreSQL could not keep is the layout's 404, anything else
// goes on to the page's rules and loaders. (The real pages: tests/e2e/errors.spec.ts.)
import { describe, expect, it } from "vitest";
import { unreadableParamsAreNotFound } from "./readable-params.server";

type Args = Parameters<typeof unreadableParamsAreNotFound>[0];

function run(path: string, params: Record<string, string | undefined>) {
  const args = { request: new Request(`http://localhost${path}`), params } as unknown as Args;
  return () => unreadableParamsAreNotFound(args, async () => new Response());
}

describe("unreadableParamsAreNotFound", () => {
  it("lets readable parameters through, whatever they are", () => {
    expect(run("/k/ABCD1234", { id: "ABCD1234" })).not.toThrow();
    expect(run("/%C3%85sa", { name: "Åsa" })).not.toThrow();
    expect(run("/k/%ED%A0%80", { id: "%ED%A0%80" })).not.toThrow();
    expect(run("/", {})).not.toThrow();
  });

  it("answers 404 'Page Not Found: {path}' for U+0000 in any parameter", () => {
    for (const [path, params] of [
      ["/k/%00", { id: "\u0000" }],
      ["/%00", { name: "\u0000" }],
      ["/a/b%00", { "*": "a/b\u0000" }],
    ] as const) {
      let thrown: unknown;
      try {
        void run(path, params)();
      } catch (error) {
        thrown = error;
      }
      expect(thrown, path).toMatchObject({ data: `Page Not Found: ${path}`, init: { status: 404 } });
    }
  });
});
