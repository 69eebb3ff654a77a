// The changes to React Router's server code (ADR 051) fit the React Router installed: an upgrade
// that changes the code they replace is found here, and the build then fails.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
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
