// The typed Hono environment: what middleware puts on every request.
import type { Logger } from "../logger";

export type ApiEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
  };
};
