// The changes to React Router's server code (ADR 051) fit the React Router installed: an upgrade
// that changes the code they replace is found here, and the build then fails.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { getRequestListener } from "@hono/node-server";
import { afterAll, describe, expect, it } from "vitest";
import { patchReactRouter } from "./react-router-server-patches";

const dist = path.resolve(import.meta.dirname, "../node_modules/react-router/dist/development");
const files = readdirSync(dist).filter((name) => name.endsWith(".mjs"));

describe("patchReactRouter", () => {
  it("patches ServerRouter and createStaticRouter in the installed React Router", () => {
    const applied = files.flatMap(
      (name) => patchReactRouter(readFileSync(path.join(dist, name), "utf8")).applied,
    );
    expect([...new Set(applied)].sort()).toEqual([
      "ServerRouter's createServerRoutes",
      "createStaticRouter's convertRoutesToDataRoutes",
      "isResponse's duck test",
      "matchRoutesImpl's matching against every branch",
    ]);
  });

  it("builds the route tree on the first render only, and keeps it per manifest", () => {
    const made: unknown[] = [];
    const source = patchReactRouter(
      `function ServerRouter({ context }) {
  let { manifest, routeModules } = context;
  let routes = createServerRoutes(
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  );
  return routes;
}`,
    ).code;
    const serverRouter = new Function("createServerRoutes", `${source}; return ServerRouter;`)(
      (routes: object) => {
        made.push(routes);
        return { tree: routes };
      },
    ) as (props: { context: object }) => unknown;
    const manifest = { routes: { root: {} } };
    const first = serverRouter({ context: { manifest, routeModules: {} } });
    const second = serverRouter({ context: { manifest, routeModules: {} } });
    const otherBuild = serverRouter({ context: { manifest: { routes: { root: {} } }, routeModules: {} } });
    expect(second).toBe(first);
    expect(otherBuild).not.toBe(first);
    expect(made).toHaveLength(2);
  });

  it("leaves code it does not know alone, so the plugin can say what is missing", () => {
    const code = "function ServerRouter({ context }) { return createServerRoutes(context.manifest.routes); }";
    expect(patchReactRouter(code)).toEqual({ code, applied: [] });
  });
});

type Match = { params: Record<string, string | undefined>; pathname: string; route: { id: string } };
type StaticHandler = {
  dataRoutes: object[];
  _internalRouteBranches: unknown;
  query(
    request: Request,
    options?: { requestContext: object; generateMiddlewareResponse: () => Promise<Response> },
  ): Promise<{ matches: Match[] } | Response>;
};

/**
 * The installed React Router's router module with the patches applied, imported from a folder inside
 * node_modules (so that its own imports, React, resolve as they do in the build).
 */
async function patchedRouter(): Promise<{
  RouterContextProvider: new () => object;
  createStaticHandler(routes: object[]): StaticHandler;
  matchRoutes(routes: object[], location: string): Match[] | null;
  matchRoutesImpl(
    routes: object[],
    location: string,
    basename: string,
    allowPartial: boolean,
    branches: unknown,
  ): Match[] | null;
}> {
  const name = files.find((file) =>
    readFileSync(path.join(dist, file), "utf8").includes("function matchRoutesImpl("),
  );
  if (!name) throw new Error("no React Router module has matchRoutesImpl");
  const patched = patchReactRouter(readFileSync(path.join(dist, name), "utf8"));
  expect(patched.applied).toContain("matchRoutesImpl's matching against every branch");
  mkdirSync(patchedFolder, { recursive: true });
  const file = path.join(patchedFolder, `router-${process.pid}-${Date.now()}.mjs`);
  writeFileSync(file, patched.code);
  return import(pathToFileURL(file).href);
}
const patchedFolder = path.resolve(
  import.meta.dirname,
  "../node_modules/.cache/kammare-react-router-patches",
);
afterAll(() => rmSync(patchedFolder, { recursive: true, force: true }));

describe("matchRoutesImpl, patched", () => {
  const routes = [
    {
      id: "root",
      path: "",
      children: [
        { id: "home", index: true },
        { id: "login", path: "login" },
        { id: "page", path: "k/:id" },
        { id: "section", path: "k/:id/:section?" },
        { id: "files", path: "files/*" },
        { id: "missing", path: "*" },
      ],
    },
  ];
  const addresses = [
    "/",
    "/login",
    "/LOGIN/",
    "/k/abc",
    "/k/abc/family",
    "/files/a/b.pdf",
    "/no/such",
    "/k/%ED%A0%80",
  ];
  const summary = (matches: Match[] | null | undefined) =>
    matches?.map((match) => ({ id: match.route.id, pathname: match.pathname, params: match.params }));

  it("answers as React Router does, asked once or again, and each caller gets matches of its own", async () => {
    const router = await patchedRouter();
    const handler = router.createStaticHandler(routes);
    // As the server's handler matches a request (matchServerRoutes): with the branches made once.
    const match = (address: string) =>
      router.matchRoutesImpl(handler.dataRoutes, address, "/", false, handler._internalRouteBranches);
    const query = async (address: string) => {
      const context = await handler.query(new Request(`http://kammare.test${address}`));
      if (context instanceof Response) throw new Error(`${address}: answered ${context.status}`);
      return context.matches;
    };
    for (const address of addresses) {
      // matchRoutes passes no precomputed branches: it matches every time, as React Router always did.
      const expected = summary(router.matchRoutes(routes, address));
      const first = match(address);
      expect(summary(first), address).toEqual(expected);
      if (!first) continue;
      // What a caller does to its matches (React Router itself assigns routes to them) reaches no one else.
      first[0]!.params.id = "changed";
      first[0]!.route = { id: "changed" };
      const again = match(address);
      expect(summary(again), address).toEqual(expected);
      expect(again).not.toBe(first);
      again![1]!.route = { id: "changed too" };
      expect(summary(match(address)), address).toEqual(expected);
      // The matches of one answer share their params, as React Router's own do.
      expect(new Set(again!.map((one) => one.params)).size).toBe(1);
      expect(summary(await query(address)), address).toEqual(expected);
    }
    expect(summary(await query("/k/def"))?.at(-1)).toEqual({
      id: "page",
      pathname: "/k/def",
      params: { id: "def" },
    });
  });
});

describe("isResponse, patched", () => {
  it("leaves the server's rendered page a buffer, to be sent with its headers in one write", async () => {
    // The server's Response, as the app runs: @hono/node-server puts its own in the global's place.
    getRequestListener(() => new Response(null));
    const router = await patchedRouter();
    const handler = router.createStaticHandler([{ id: "root", path: "/" }]);
    const page = new TextEncoder().encode("<!DOCTYPE html><p>Sign in</p>");
    const answer = await handler.query(new Request("http://localhost/"), {
      requestContext: new router.RouterContextProvider(),
      generateMiddlewareResponse: () =>
        Promise.resolve(new Response(page, { status: 200, headers: { "Content-Type": "text/html" } })),
    });
    if (!(answer instanceof Response)) throw new Error("query() did not answer the page's Response");
    // @hono/node-server keeps a body it can send at once under this symbol until the Response is
    // made a web stream (asking for its statusText or body does that).
    const keptBody = Object.getOwnPropertySymbols(answer).some((symbol) => symbol.description === "cache");
    expect(keptBody).toBe(true);
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(page);
  });
});
