// The metrics' HTTP side: a middleware that counts every answered request under its route pattern,
// and GET /metrics, the registry's text for whoever brings `Authorization: Bearer $METRICS_TOKEN`.
import { createHash, timingSafeEqual } from "node:crypto";
import type { Context, Handler, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { ApiEnv } from "../http/env";
import type { Metrics } from "./metrics";
import { unmatchedRoute } from "./page-routes";

/**
 * The route a request took, as its pattern: what a handler marked (`c.set("route", …)`: a page's
 * pattern, "static", "unmatched"), else the pattern Hono matched for the handler that answered
 * ("/api/kammare/profile", "/uploads/*"). Never the path.
 */
export function routeLabel(c: Context<ApiEnv>): string {
  const marked = c.get("route");
  if (marked) return marked;
  return matchedRoutes(c)[c.req.routeIndex]?.path ?? unmatchedRoute;
}

/** Counts and times every request; the first middleware, so its time is the whole app's. */
export function requestMetrics(metrics: Metrics): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    metrics.request(c.req.method, routeLabel(c), c.res.status, (performance.now() - started) / 1000);
  };
}

/** Whether the Authorization header carries the token, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(header ?? "")?.[1] ?? "";
  // Digests of both, so the comparison takes as long whatever the given length (timingSafeEqual
  // wants equal lengths, and comparing lengths first would tell the token's).
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(token).digest();
  return timingSafeEqual(a, b) && given.length > 0;
}

/**
 * GET /metrics: 404 when the process keeps no metrics (METRICS_TOKEN unset), 401 without the token
 * or with another, else Prometheus' text format.
 */
export function metricsEndpoint(token: string | undefined, metrics: Metrics | undefined): Handler<ApiEnv> {
  return async (c) => {
    if (!token || !metrics) return c.text("Not found", 404);
    if (!bearerMatches(c.req.header("authorization"), token)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.text("Unauthorized", 401);
    }
    const { text, contentType } = await metrics.exposition();
    c.header("Cache-Control", "no-store");
    c.header("Content-Type", contentType);
    return c.body(text, 200);
  };
}
