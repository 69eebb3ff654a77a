// An API address holding text PostgreSQL cannot keep (%00, or an escape that is not UTF-8 such as an
// encoded lone surrogate) never reaches a router: path parameters and query values go from there into
// SQL in more than one place, so they are stopped once, before routing. Pages are left alone here:
// a page must be rendered for the very address the browser shows, or it would not hydrate, so their
// parameters are checked by the page layout (app/lib/readable-params.server.ts). Mounted on the API
// alone, so page requests do not pay for it.
import type { MiddlewareHandler } from "hono";
import { errorCodes } from "../../contract/errors";
import { isStorableText } from "../../contract/zod";
import type { ApiEnv } from "./env";
import { errorBody, invalidInput } from "./errors";

/** Whether a percent-encoded part of an address decodes to text PostgreSQL can keep. */
function readable(part: string): boolean {
  try {
    return isStorableText(decodeURIComponent(part));
  } catch {
    return false;
  }
}

/** A query string's `name=value` parts, as written (a `+` is a space). */
function queryParts(search: string): { name: string; value: string }[] {
  return search
    .slice(1)
    .split("&")
    .filter((part) => part !== "")
    .map((part) => {
      const equals = part.indexOf("=");
      const [name, value] = equals === -1 ? [part, ""] : [part.slice(0, equals), part.slice(equals + 1)];
      return { name: name.replaceAll("+", " "), value: value.replaceAll("+", " ") };
    });
}

/** Such a path answers 404 (no call lives there); such a query parameter a 400 naming it. */
export function malformedUrls(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (!url.pathname.split("/").every(readable)) {
      c.header("Cache-Control", "no-store");
      return c.json(errorBody(errorCodes.notFound, `No API call at ${c.req.method} ${url.pathname}.`), 404);
    }
    const fields: Record<string, string> = {};
    for (const { name, value } of queryParts(url.search)) {
      if (readable(name) && readable(value)) continue;
      const field = readable(name) ? decodeURIComponent(name) : "query";
      fields[field] ??= `${field} must be UTF-8 text without U+0000, percent-encoded.`;
    }
    if (Object.keys(fields).length === 0) return next();
    c.header("Cache-Control", "no-store");
    throw invalidInput(fields, "query");
  };
}
