// Vite plugin: React Router's server does work for every request that depends on nothing in it, and
// the plugin keeps its results (ADR 051):
// - ServerRouter builds the app's whole route tree anew for every page it renders,
//   `createServerRoutes` over the manifest's every route (some eighty) and then `createStaticRouter`'s
//   `convertRoutesToDataRoutes`: both are kept, keyed by what they are made from;
// - `matchRoutesImpl` tries the address against every branch of the route tree (a hundred and more,
//   each allocating as it goes: a fifth of what a `/login` allocates), two or three times per request:
//   its answer is kept per tree and address, and each caller gets a copy of its own (callers change
//   the matches they get);
// - `isResponse` asks a Response for its statusText and body, which made the server's buffered page a
//   web stream: a Response is known by its class first.
// React Router exports none of these, so the server build takes React Router in (it is no longer
// external) and the plugin changes them as they are bundled. A React Router whose code no longer
// reads as expected fails the build, rather than rendering the slow way unnoticed.
import type { Plugin } from "vite";

/**
 * `find` replaced by `replace`; a replacement that keeps results keeps them in the module's WeakMap
 * named `weakMap`, and `helpers` (function declarations it calls) go at the module's top beside it.
 */
type Patch = { name: string; find: string; replace: string; weakMap?: string; helpers?: string };

/** Addresses longer than this are matched every time: the kept answers stay small whatever is asked. */
const longestKeptAddress = 256;
/** Addresses kept per route tree; the next one starts the list afresh (a crawler of made-up addresses). */
const keptAddresses = 1000;

/** React Router's matchRoutesImpl trying the address against each branch in turn, as it reads. */
const matchEveryBranch = `  let branches = precomputedBranches ?? flattenAndRankRoutes(routes);
  let matches = null;
  let decoded = decodePath(pathname);
  for (let i = 0; matches == null && i < branches.length; ++i) {
    matches = matchRouteBranch(
      branches[i],
      decoded,
      allowPartial
    );
  }
  return matches;`;

/** Before the matching: the answer kept for this address, when there is one. */
const lookUpKeptMatch = `  let keepable = precomputedBranches && pathname.length <= ${longestKeptAddress};
  let keptHere = keepable ? kammareMatches.get(precomputedBranches) : void 0;
  let keptKey = keepable ? (allowPartial ? "partial:" : "whole:") + pathname : "";
  if (keptHere && keptHere.has(keptKey)) return kammareCopyOfMatches(keptHere.get(keptKey));
`;

/** After it: the answer kept, a copy (the caller may change its own). */
const keepMatch = `  if (keepable) {
    if (!keptHere) {
      keptHere = new Map();
      kammareMatches.set(precomputedBranches, keptHere);
    }
    if (keptHere.size >= ${keptAddresses}) keptHere.clear();
    keptHere.set(keptKey, kammareCopyOfMatches(matches));
  }
`;

const patches: Patch[] = [
  {
    // React Router tells a Response by its fields, statusText and body among them; asking for either
    // turns the server's Response (@hono/node-server's, which keeps a rendered page's buffer to send it
    // with its headers in one write) into a web stream, read again chunk by chunk to be sent.
    name: "isResponse's duck test",
    find: `function isResponse(value) {
  return value != null && typeof value.status === "number"`,
    replace: `function isResponse(value) {
  if (value instanceof Response) return true;
  return value != null && typeof value.status === "number"`,
  },
  {
    name: "ServerRouter's createServerRoutes",
    find: `  let routes = createServerRoutes(
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  );`,
    // Keyed by the build's manifest alone: the route modules come with it from the same build (React
    // Router hands them over in a new object per request; a new build, in development, has a new manifest).
    replace: `  let routes = kammareServerRoutes.get(manifest.routes);
  if (!routes) {
    routes = createServerRoutes(
      manifest.routes,
      routeModules,
      context.future,
      context.isSpaMode
    );
    kammareServerRoutes.set(manifest.routes, routes);
  }`,
    weakMap: "kammareServerRoutes",
  },
  {
    name: "createStaticRouter's convertRoutesToDataRoutes",
    find: `function createStaticRouter(routes, context, opts = {}) {
  let manifest = {};
  let dataRoutes = convertRoutesToDataRoutes(
    routes,
    mapRouteProperties,
    void 0,
    manifest
  );`,
    replace: `function createStaticRouter(routes, context, opts = {}) {
  let kept = kammareDataRoutes.get(routes);
  if (!kept) {
    let made = {};
    kept = { manifest: made, dataRoutes: convertRoutesToDataRoutes(routes, mapRouteProperties, void 0, made) };
    kammareDataRoutes.set(routes, kept);
  }
  let manifest = kept.manifest;
  let dataRoutes = kept.dataRoutes;`,
    weakMap: "kammareDataRoutes",
  },
  {
    name: "matchRoutesImpl's matching against every branch",
    find: matchEveryBranch,
    // Only for precomputed branches (the server's handlers pass theirs, made once per build): the
    // answer depends on them, the address without its basename and allowPartial, nothing else.
    replace: `${lookUpKeptMatch}${matchEveryBranch.replace("  return matches;", `${keepMatch}  return matches;`)}`,
    weakMap: "kammareMatches",
    // As matchRouteBranch makes them: the matches of one answer share one params object.
    helpers: `function kammareCopyOfMatches(matches) {
  if (!matches) return null;
  let params = Object.assign({}, matches.length > 0 ? matches[0].params : {});
  return matches.map((match) => ({ params, pathname: match.pathname, pathnameBase: match.pathnameBase, route: match.route }));
}`,
  },
];

/** Applies the patches to React Router's code; answers the code and the names of the patches applied. */
export function patchReactRouter(code: string): { code: string; applied: string[] } {
  const applied: string[] = [];
  for (const patch of patches) {
    if (!code.includes(patch.find)) continue;
    const helpers = patch.helpers ? `${patch.helpers}\n` : "";
    const weakMap = patch.weakMap ? `var ${patch.weakMap} = new WeakMap();\n` : "";
    code = `${weakMap}${helpers}${code.replace(patch.find, patch.replace)}`;
    applied.push(patch.name);
  }
  return { code, applied };
}

export function reactRouterServerPatches(): Plugin {
  const applied = new Set<string>();
  return {
    name: "kammare-react-router-server-patches",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    // React Router in the server's bundle: an external package cannot be changed.
    // Its own file, react-router-{hash}.js: a CPU profile then tells its time from the app's (the
    // bench's render split, bench/lib/render-split.ts).
    config: () => ({
      environments: {
        ssr: {
          resolve: { noExternal: ["react-router"] },
          build: {
            rollupOptions: {
              output: {
                codeSplitting: {
                  groups: [{ name: "react-router", test: /[\\/]node_modules[\\/]react-router[\\/]/ }],
                },
              },
            },
          },
        },
      },
    }),
    buildStart() {
      applied.clear();
    },
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/.test(id)) return undefined;
      const patched = patchReactRouter(code);
      if (patched.applied.length === 0) return undefined;
      for (const name of patched.applied) applied.add(name);
      return { code: patched.code, map: null };
    },
    buildEnd(error) {
      if (error) return;
      const missing = patches.filter((patch) => !applied.has(patch.name)).map((patch) => patch.name);
      if (missing.length > 0) {
        this.error(
          `React Router's code has changed: ${missing.join(", ")} could not be patched ` +
            "(build-tools/react-router-server-patches.ts, ADR 051). Read the new code and update the patch.",
        );
      }
    },
  };
}
