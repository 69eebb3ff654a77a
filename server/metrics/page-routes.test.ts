// The metrics' page patterns agree with React Router's own matching (matchRoutes) over the real page
// table: every route's path, made concrete, and the paths that tell rankings and edge cases apart.
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import pageTable from "../../app/routes";
import { nestRoutes, pageRoutePatterns, unmatchedRoute, type PageRoute } from "./page-routes";

const patternOf = pageRoutePatterns(pageTable);

/** The table as React Router's route objects (ids kept, so matches can be told apart). */
function routeObjects(routes: PageRoute[]): RouteObject[] {
  return routes.map((route) =>
    route.index
      ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
      : {
          id: route.id,
          path: route.path,
          caseSensitive: route.caseSensitive,
          children: route.children ? routeObjects(route.children) : undefined,
        },
  );
}

/** React Router's answer, as a pattern: the matched routes' paths joined, the catch-all as unmatched. */
function reactRouterPattern(path: string): string {
  const matches = matchRoutes(routeObjects(pageTable), path);
  if (!matches) return unmatchedRoute;
  const joined = `/${matches
    .map((match) => match.route.path ?? "")
    .filter(Boolean)
    .join("/")}`.replace(/\/+/g, "/");
  return joined === "/*" ? unmatchedRoute : joined;
}

/** Every full path of the table, as written ("k/:id/checkout/card"). */
function tablePaths(routes: PageRoute[], parent = ""): string[] {
  return routes.flatMap((route) => {
    const path = [parent, route.path ?? ""].filter(Boolean).join("/");
    return [
      ...(route.path !== undefined || route.index ? [path] : []),
      ...tablePaths(route.children ?? [], path),
    ];
  });
}

describe("page route patterns", () => {
  it("name every route of the table as React Router matches it", () => {
    const paths = tablePaths(pageTable).map(
      (path) => `/${path.replace(/:[\w-]+/g, "X7Y2Z9Q4").replace(/\*$/, "some/where")}`,
    );
    expect(paths.length).toBeGreaterThan(40);
    for (const path of paths) expect(patternOf(path), path).toBe(reactRouterPattern(path));
  });

  it("agree on rankings, case, trailing slashes, encodings and unknown paths", () => {
    for (const path of [
      "/",
      "/k/ABCD2345",
      "/K/abcd2345",
      "/k/ABCD2345/",
      "/k",
      "/k/ABCD2345/memories",
      "/k/ABCD2345/checkout/card",
      "/k/ABCD2345/nothing-here",
      "/anna",
      "/log%69n",
      "/login/extra",
      "/admin",
      "/admin/",
      "/admin/orders/KM-000123",
      "/admin/capway/invoices/12",
      "/admin/no/such/page",
      "/partner",
      "/partner/dashboard/users",
      "/no/such/page",
      "/%E2%9C%93",
      "/a%2Fb",
    ]) {
      expect(patternOf(path), path).toBe(reactRouterPattern(path));
    }
    expect(patternOf("/k/ABCD2345")).toBe("/k/:id");
    expect(patternOf("/no/such/page")).toBe(unmatchedRoute);
  });

  it("name React Router's data requests after their page, and its manifest", () => {
    expect(patternOf("/k/ABCD2345.data")).toBe("/k/:id.data");
    expect(patternOf("/_root.data")).toBe("/.data");
    expect(patternOf("/no/such/page.data")).toBe(unmatchedRoute);
    expect(patternOf("/__manifest")).toBe("/__manifest");
  });

  it("read the build's flat route list (parentId) as the same table", () => {
    const flat: Record<string, PageRoute> = {
      root: { id: "root", path: "" },
      layout: { id: "layout", parentId: "root" },
      home: { id: "home", parentId: "layout", index: true },
      page: { id: "page", parentId: "layout", path: "k/:id" },
      rest: { id: "rest", parentId: "root", path: "*" },
    };
    const fromBuild = pageRoutePatterns(nestRoutes(flat));
    expect(fromBuild("/")).toBe("/");
    expect(fromBuild("/k/ABCD2345")).toBe("/k/:id");
    expect(fromBuild("/elsewhere")).toBe(unmatchedRoute);
  });
});
