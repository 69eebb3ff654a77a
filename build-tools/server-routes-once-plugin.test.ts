// The patch that keeps React Router's server routes once per build (ADR 051) fits the React Router
// installed: an upgrade that changes the code it patches is found here, and the build then fails.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { keepServerRoutes } from "./server-routes-once-plugin";

const dist = path.resolve(import.meta.dirname, "../node_modules/react-router/dist/development");
const files = readdirSync(dist).filter((name) => name.endsWith(".mjs"));

describe("keepServerRoutes", () => {
  it("patches ServerRouter and createStaticRouter in the installed React Router, once each", () => {
    const applied = files.flatMap(
      (name) => keepServerRoutes(readFileSync(path.join(dist, name), "utf8")).applied,
    );
    expect(applied.sort()).toEqual([
      "ServerRouter's createServerRoutes",
      "createStaticRouter's convertRoutesToDataRoutes",
    ]);
  });

  it("builds the route tree on the first render only, and keeps it per manifest", () => {
    const made: unknown[] = [];
    const source = keepServerRoutes(
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
    expect(keepServerRoutes(code)).toEqual({ code, applied: [] });
  });
});
