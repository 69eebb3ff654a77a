// The pages of the route table (app/routes.ts), as the suites that sweep every page need them: each
// page's path pattern ("" is the home page) and the modules that answer it (its layouts and its own),
// so a sweep can read which query parameters a page's code asks for.
import routes from "../../app/routes";

export type RouteEntry = { path?: string; index?: boolean; file?: string; children?: RouteEntry[] };

export type RoutePage = {
  pattern: string;
  /** The modules that answer the page, relative to app/: its layouts, outermost first, then its own. */
  files: string[];
};

/** Every page of a route table, with its path pattern as the table nests them. */
export function routePages(entries: RouteEntry[], prefix = "", layouts: string[] = []): RoutePage[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? (prefix ? `${prefix}/${entry.path}` : entry.path) : prefix;
    const files = entry.file ? [...layouts, entry.file] : layouts;
    const own = entry.path !== undefined || entry.index ? [{ pattern: here, files }] : [];
    return [...own, ...routePages(entry.children ?? [], here, files)];
  });
}

/** Every page pattern of the route table (app/routes.ts). */
export const appRoutePages = routePages(routes as RouteEntry[]);
