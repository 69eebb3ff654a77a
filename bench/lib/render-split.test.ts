// The render split's classification: a sample counts for the first part its stack holds from the
// leaf up, the database before all, the app's bundle only where nothing else does; idle samples and
// samples outside the timed window count for nothing.
import { describe, expect, it } from "vitest";
import { splitProfile } from "./render-split.ts";

const frame = (id: number, url: string, children: number[] = [], functionName = "f") => ({
  id,
  callFrame: { functionName, url },
  children,
});

// root → server bundle (a loader) → drizzle → PGlite's wasm; server bundle → react-dom → a component
// in the bundle; react-router's encoder; node's own; idle.
const profile = {
  nodes: [
    frame(1, "", [2, 6, 8, 9], "(root)"),
    frame(2, "file:///app/build/server/index.js", [3, 5]),
    frame(3, "file:///app/node_modules/drizzle-orm/pg-core/session.js", [4]),
    frame(4, "wasm://wasm/pglite-0001"),
    frame(5, "file:///app/node_modules/react-dom/cjs/react-dom-server.node.production.js", [7]),
    frame(6, "node:internal/http", []),
    frame(7, "file:///app/build/server/index.js"),
    frame(8, "file:///app/node_modules/react-router/dist/development/index.mjs"),
    frame(9, "", [], "(idle)"),
  ],
  startTime: 1_000,
  // Each sample 1 ms after the one before it.
  samples: [4, 3, 7, 5, 8, 2, 6, 9, 4],
  timeDeltas: [1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000],
};

describe("splitProfile", () => {
  it("counts each sample for the first part on its stack, leaving idle out", () => {
    expect(splitProfile(profile)).toEqual({ database: 3, render: 2, router: 1, app: 1, runtime: 1 });
  });

  it("counts React Router's file in the server bundle for the router, not the app", () => {
    const bundled = {
      ...profile,
      nodes: profile.nodes.map((node) =>
        node.id === 8 ? frame(8, "file:///app/build/server/assets/react-router-xp71OX1Z.js") : node,
      ),
    };
    expect(splitProfile(bundled)).toEqual({ database: 3, render: 2, router: 1, app: 1, runtime: 1 });
  });

  it("counts only the samples inside the timed window", () => {
    // Samples at 2,000 … 10,000 µs: the window holds the 3rd to the 5th (a component, react-dom, router).
    expect(splitProfile(profile, { from: 4_000, to: 6_000 })).toEqual({
      database: 0,
      render: 2,
      router: 1,
      app: 0,
      runtime: 0,
    });
  });
});
