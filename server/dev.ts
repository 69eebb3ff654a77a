// `npm run dev`: Vite in middleware mode with hot reload; the app module is loaded through Vite on
// each request so edits to pages and API apply without a restart. The database opens once.
import { createServer as createViteServer } from "vite";
import { getRequestListener } from "@hono/node-server";
import { createServer } from "node:http";
import { createRequestHandler } from "react-router";
import type * as AppModule from "./app";
import type * as BootModule from "./boot";

const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
// Through Vite, because the migrations are bundled with import.meta.glob.
const { announceInitialAdmin, boot } = (await vite.ssrLoadModule("/server/boot.ts")) as typeof BootModule;
const booted = await boot({ NODE_ENV: "development", LOG_LEVEL: "debug", ...process.env });

const pages = createRequestHandler(
  () => vite.ssrLoadModule("virtual:react-router/server-build") as never,
  "development",
);

const handle = getRequestListener(async (request) => {
  const { createApp } = (await vite.ssrLoadModule("/server/app.ts")) as typeof AppModule;
  return createApp({ ...booted, buildId: "development", pages }).fetch(request);
});

const server = createServer((req, res) => {
  vite.middlewares(req, res, () => void handle(req, res));
});
server.listen(booted.config.PORT, booted.config.HOST, () => {
  booted.logger.info({ url: booted.config.publicUrl }, "development server listening");
  announceInitialAdmin(booted, booted.config.publicUrl);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close();
    void vite
      .close()
      .then(() => booted.database.close())
      .then(() => process.exit(0));
  });
}
