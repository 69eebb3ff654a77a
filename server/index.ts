// The server build's entry (bundled by Vite with the pages): `start()` runs the production server.
import path from "node:path";
import { createRequestHandler } from "react-router";
import { createApp } from "./app";
import { boot } from "./boot";
import { ConfigError } from "./config";
import { listen, stopOnSignals } from "./serve";

const pages = createRequestHandler(() => import("virtual:react-router/server-build"), "production");

/** Runs the server; `clientDir` is the browser build's folder (build/client beside build/server). */
export async function start({ clientDir }: { clientDir: string }): Promise<void> {
  let booted;
  try {
    booted = await boot();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = createApp({
    ...booted,
    buildId: __BUILD_ID__,
    pages,
    // serveStatic takes a root relative to the working directory.
    clientDir: path.relative(process.cwd(), clientDir) || ".",
  });
  const running = await listen(app, booted);
  stopOnSignals(running, booted.logger);
}
