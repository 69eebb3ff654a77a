// Which route of the page table (app/routes.ts) a path renders, as its pattern ("/k/:id"), for the
// metrics' labels: never the path itself. React Router matches each request too, but does not say
// which pattern it took, and its `matchRoutes` flattens, ranks and compiles the whole table on every
// call (about a millisecond here, as long as a cached page takes). So the table is flattened, ranked
// and compiled once, by React Router's own rules (flattenRoutes, computeScore, compareIndexes and
// compilePath of react-router 7); page-routes.test.ts holds every path of the table against
// `matchRoutes`.

/** A route as the page table nests them (app/routes.ts) or as the build lists them (parentId). */
export type PageRoute = {
  id?: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: PageRoute[];
};

/** The label of a page path no route of the table claims (and of the table's catch-all 404 route). */
export const unmatchedRoute = "unmatched";

type Branch = { pattern: string; score: number; indexes: number[]; matcher: RegExp };

const paramPattern = /^:[\w-]+$/;

function joinPaths(paths: string[]): string {
  return paths.join("/").replace(/\/\/+/g, "/");
}

/** React Router's ranking: static segments over dynamic ones over splats; index routes first. */
function computeScore(path: string, index: boolean): number {
  const segments = path.split("/");
  let score = segments.length;
  if (segments.includes("*")) score -= 2;
  if (index) score += 2;
  for (const segment of segments) {
    if (segment === "*") continue;
    score += paramPattern.test(segment) ? 3 : segment === "" ? 1 : 10;
  }
  return score;
}

function compareIndexes(a: number[], b: number[]): number {
  const siblings = a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i]);
  return siblings ? (a.at(-1) ?? 0) - (b.at(-1) ?? 0) : 0;
}

/** The whole path's matcher, as React Router's compilePath makes one for the last route of a branch. */
function compile(path: string, caseSensitive: boolean): RegExp {
  let source =
    "^" +
    path
      .replace(/\/*\*?$/, "")
      .replace(/^\/*/, "/")
      .replace(/[\\.*+^${}|()[\]]/g, "\\$&")
      .replace(/\/:[\w-]+(\?)?/g, (_match, optional?: string) => (optional ? "/?([^\\/]+)?" : "/([^\\/]+)"))
      .replace(/\/([\w-]+)\?(\/|$)/g, "(/$1)?$2");
  if (path.endsWith("*")) source += path === "*" || path === "/*" ? "(.*)$" : "(?:\\/(.+)|\\/*)$";
  else source += "\\/*$";
  return new RegExp(source, caseSensitive ? undefined : "i");
}

/** A path with optional segments ("a/:b?") as the paths it stands for, as React Router explodes it. */
function explodeOptionalSegments(path: string): string[] {
  const [first = "", ...rest] = path.split("/");
  const optional = first.endsWith("?");
  const required = first.replace(/\?$/, "");
  if (rest.length === 0) return optional ? [required, ""] : [required];
  const restExploded = explodeOptionalSegments(rest.join("/"));
  const result = restExploded.map((sub) => (sub === "" ? required : [required, sub].join("/")));
  if (optional) result.push(...restExploded);
  return result.map((exploded) => (path.startsWith("/") && exploded === "" ? "/" : exploded));
}

/** The build's flat route list (each with its parentId) as the nested table. */
export function nestRoutes(routes: Record<string, PageRoute | undefined>): PageRoute[] {
  const children = new Map<string | undefined, PageRoute[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push({ ...route });
    children.set(route.parentId, siblings);
  }
  const attach = (list: PageRoute[]): PageRoute[] =>
    list.map((route) => {
      const own = route.id === undefined ? undefined : children.get(route.id);
      return own ? { ...route, children: attach(own) } : route;
    });
  return attach(children.get(undefined) ?? []);
}

function flatten(routes: PageRoute[], branches: Branch[], parentPath: string, parentIndexes: number[]) {
  routes.forEach((route, childIndex) => {
    const relativePaths =
      route.path === undefined || route.path === "" || !route.path.includes("?")
        ? [route.path ?? ""]
        : explodeOptionalSegments(route.path);
    for (const relative of relativePaths) {
      const path = joinPaths([
        parentPath,
        relative.startsWith("/") ? relative.slice(parentPath.length) : relative,
      ]);
      const indexes = [...parentIndexes, childIndex];
      if (route.children?.length) flatten(route.children, branches, path, indexes);
      if (route.path === undefined && !route.index) continue;
      branches.push({
        pattern: path.startsWith("/") ? path : `/${path}`,
        score: computeScore(path, route.index === true),
        indexes,
        matcher: compile(path, route.caseSensitive === true),
      });
    }
  });
}

/** React Router's decodePath: each segment decoded, an encoded slash kept encoded. */
function decodePath(path: string): string {
  if (!path.includes("%")) return path;
  try {
    return path
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return path;
  }
}

/**
 * Makes the function that names the pattern of the route a path renders: "/k/:id" for /k/ABCD2345,
 * `unmatched` when no route claims it or only the top-level catch-all (`*`, the 404 view) does.
 * A React Router data request (`/k/ABCD2345.data`, `/_root.data`) is its page's pattern plus ".data".
 */
export function pageRoutePatterns(routes: PageRoute[]): (path: string) => string {
  const branches: Branch[] = [];
  flatten(routes, branches, "", []);
  branches.sort((a, b) => (a.score !== b.score ? b.score - a.score : compareIndexes(a.indexes, b.indexes)));
  // A branch whose first segment is a plain word only matches paths that start with it: each path is
  // tried against the branches of its first word and those starting with a parameter or a splat, in
  // the same order (a few instead of all sixty; this runs on every request, the cached page's too).
  const firstWord = (pattern: string) => {
    const first = pattern.split("/")[1] ?? "";
    return /^[^:*?]*$/.test(first) ? first.toLowerCase() : null;
  };
  const words = new Set(branches.map((branch) => firstWord(branch.pattern)).filter((word) => word !== null));
  const open = branches.filter((branch) => firstWord(branch.pattern) === null);
  const byWord = new Map(
    [...words].map((word) => [
      word,
      branches.filter((branch) => [word, null].includes(firstWord(branch.pattern))),
    ]),
  );
  const match = (path: string): string => {
    const decoded = decodePath(path);
    const end = decoded.indexOf("/", 1);
    const word = decoded.slice(1, end === -1 ? undefined : end).toLowerCase();
    for (const branch of byWord.get(word) ?? open) {
      if (branch.matcher.test(decoded)) return branch.pattern === "/*" ? unmatchedRoute : branch.pattern;
    }
    return unmatchedRoute;
  };
  return (path) => {
    if (path === "/__manifest") return path;
    if (!path.endsWith(".data")) return match(path);
    const page = path === "/_root.data" ? "/" : path.slice(0, -".data".length);
    const pattern = match(page);
    return pattern === unmatchedRoute ? pattern : `${pattern}.data`;
  };
}
