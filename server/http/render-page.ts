// One page rendered by React Router for a request: the typed context its loaders read, then the
// headers that belong to the answer (the CSP with this render's nonce, no shared cache for a signed-in
// viewer's page).
import type { Context } from "hono";
import { RouterContextProvider } from "react-router";
import type { Config } from "../config";
import { requestContext, servicesContext, type AppServices } from "../context";
import type { ApiEnv } from "./env";
import { carriesSession } from "./auth";
import { withHeadersChanged } from "./responses";
import { contentSecurityPolicy } from "./security";

/** Renders a page: React Router's request handler, given the typed context. */
export type PageHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

type RenderDeps = {
  pages: PageHandler;
  config: Pick<Config, "POSTHOG_KEY" | "POSTHOG_HOST" | "API_BASE_URL" | "NODE_ENV">;
};

export async function renderPage(c: Context<ApiEnv>, deps: RenderDeps, services: AppServices, nonce: string) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  const frameOrigins = new Set<string>();
  context.set(requestContext, {
    requestId: c.get("requestId"),
    nonce,
    logger: c.get("logger"),
    frameOrigins,
  });
  const response = await deps.pages(c.req.raw, context);
  return withHeadersChanged(response, (headers) => {
    // A page for a signed-in viewer (their controls, their data) is theirs alone: no shared cache, and
    // no copy kept after they sign out on a shared computer.
    if (carriesSession(c.req.raw.headers)) headers.set("Cache-Control", "private, no-store");
    if ((headers.get("Content-Type") ?? "").startsWith("text/html")) {
      headers.set(
        "Content-Security-Policy",
        contentSecurityPolicy({
          nonce,
          connectOrigins: [
            deps.config.POSTHOG_KEY ? deps.config.POSTHOG_HOST : undefined,
            deps.config.API_BASE_URL,
          ],
          development: deps.config.NODE_ENV === "development",
          // Added by the page's loader, which has run by now: a page with a video link (ADR 040).
          frameOrigins,
        }),
      );
    }
  });
}
