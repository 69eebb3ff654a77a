// Platform calls: liveness, readiness (the database answers), the build id and the OpenAPI document.
import { Hono } from "hono";
import { endpoints } from "../../../contract/endpoints";
import type { Health, Ready, BuildInfo } from "../../../contract/platform";
import type { ApiEnv } from "../../http/env";
import { openApiDocument } from "../../http/openapi";
import { within } from "../../time-limit";

export function platformRoutes(deps: { ping: () => Promise<void>; buildId: string }) {
  const document = openApiDocument(endpoints);
  return new Hono<ApiEnv>()
    .get("/health", (c) => c.json({ ok: true } satisfies Health))
    .get("/ready", async (c) => {
      try {
        await within(deps.ping(), 2000, "the database ping");
        return c.json({ ok: true, database: "up" } satisfies Ready);
      } catch (error) {
        c.get("logger").warn({ err: error }, "readiness check: database does not answer");
        return c.json({ ok: false, database: "down" } satisfies Ready, 503);
      }
    })
    .get("/build", (c) => {
      c.header("Cache-Control", "no-store");
      return c.json({ buildId: deps.buildId } satisfies BuildInfo);
    })
    .get("/openapi.json", (c) => c.json(document));
}
