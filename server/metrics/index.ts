// Metrics for an operator (ADR 028): one registry per process, passed to the parts that count.
export {
  createMetrics,
  type ConnectionSource,
  type Metrics,
  type PageCacheSource,
  type SweepName,
} from "./metrics";
export { bearerMatches, metricsEndpoint, requestMetrics, routeLabel } from "./http";
export { countedEmail } from "./email";
export { nestRoutes, pageRoutePatterns, unmatchedRoute, type PageRoute } from "./page-routes";
