// The browser's one error hook: every unhandled error is logged and reported to analytics.
import { capture } from "./analytics";

export type ErrorSource = "render" | "router" | "window" | "promise";

export function reportClientError(error: unknown, source: ErrorSource, fatal: boolean): void {
  const err = error instanceof Error ? error : new Error(String(error));
  console.error(err);
  capture("app_error", {
    message: err.message.slice(0, 500),
    name: err.name,
    source,
    fatal,
    path: window.location.pathname,
  });
}
