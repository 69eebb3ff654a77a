// The exporter's own app (ADR 046): the site's Hono app with its real pages, each rendered in the
// static mode (no scripts, no forms) that only this app sets, never a visitor's request; no page cache.
import { createApp, type AppDeps, type PageHandler } from "../app";
import { requestContext } from "../context";
import type { StaticSite } from "./static-export";

/** The pages, each told it is rendered for the static copy. */
export function staticCopyPages(pages: PageHandler): PageHandler {
  return (request, context) => {
    context.set(requestContext, { ...context.get(requestContext), staticCopy: true });
    return pages(request, context);
  };
}

export function createStaticSite(deps: Omit<AppDeps, "pageCache" | "metrics">): StaticSite {
  return createApp({ ...deps, pages: staticCopyPages(deps.pages) });
}
