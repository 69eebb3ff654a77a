// The typed Hono environment: what middleware puts on every request.
import type { Logger } from "../logger";
import type { Viewer } from "../domain/core";

export type ApiEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    viewer: Viewer | null;
    ip: string | null;
    /** The route's pattern for the metrics, where Hono's own does not tell it (pages, static files). */
    route?: string;
  };
};
