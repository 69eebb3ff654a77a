// The page layout's guard: a parameter PostgreSQL could not keep is the layout's 404, anything else
// goes on to the page's rules and loaders. (The real pages: tests/e2e/errors.spec.ts.)
import { describe, expect, it } from "vitest";
import { unreadableParamsAreNotFound } from "./readable-params.server";

type Args = Parameters<typeof unreadableParamsAreNotFound>[0];

/** Runs the guard; `answer` is what the rules and loaders below it answered, if it let them run. */
async function run(path: string, params: Record<string, string | undefined>, answer = new Response()) {
  const args = { request: new Request(`http://localhost${path}`), params } as unknown as Args;
  let ranOn = false;
  const result = await unreadableParamsAreNotFound(args, async () => {
    ranOn = true;
    return answer;
  });
  return { result, ranOn };
}

describe("unreadableParamsAreNotFound", () => {
  it("lets readable parameters through, whatever they are", async () => {
    for (const [path, params] of [
      ["/k/ABCD1234", { id: "ABCD1234" }],
      ["/%C3%85sa", { name: "Åsa" }],
      ["/k/%ED%A0%80", { id: "%ED%A0%80" }],
      ["/", {}],
    ] as const) {
      expect((await run(path, params)).result, path).toBeUndefined();
    }
  });

  it("answers 404 'Page Not Found: {path}' for U+0000 in any parameter, after the loaders", async () => {
    for (const [path, params] of [
      ["/k/%00", { id: "\u0000" }],
      ["/%00", { name: "\u0000" }],
      ["/a/b%00", { "*": "a/b\u0000" }],
    ] as const) {
      await expect(run(path, params), path).rejects.toMatchObject({
        data: `Page Not Found: ${path}`,
        init: { status: 404 },
      });
    }
  });

  it("keeps a 404 the page answered itself (its render is the one shown)", async () => {
    const own = new Response("the layout's 404 view", { status: 404 });
    const { result, ranOn } = await run("/k/%00", { id: "\u0000" }, own);
    expect(ranOn).toBe(true);
    expect(result).toBe(own);
  });
});
