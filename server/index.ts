// The server build's entry (bundled by Vite with the pages): `start()` runs the production server.
import path from "node:path";
import { createRequestHandler } from "react-router";
import { createApp } from "./app";
import { exportStaticCommand, type BuiltPages } from "./continuity/cli";
import { createFolderCopier, type FolderCopier, type FolderCopierOptions } from "./continuity/folder-copier";
import { announceInitialAdmin, boot } from "./boot";
import { ConfigError } from "./config";
import { createPageCache } from "./http/page-cache";
import { createKeptPages } from "./http/kept-pages";
import { nestRoutes } from "./metrics";
import { listen, stopOnSignals } from "./serve";

// For `npm run bench`, which prepares its databases with the build's own code (the migrations are
// bundled, so they cannot be loaded from source).
export { openDatabase } from "./db/client";
export { migrate } from "./db/migrate";
export { listProfiles } from "./domain/profiles";
export { hashPassword } from "./domain/accounts";
export { adminDashboard } from "./domain/dashboard";
export { exportAccountData } from "./domain/privacy";

/** The build's pages and id, for the static copy (`npm run export:static`, its tests and bench). */
export async function builtPages(clientDir: string): Promise<BuiltPages> {
  const build = await import("virtual:react-router/server-build");
  return { pages: createRequestHandler(build, "production"), buildId: __BUILD_ID__, clientDir };
}
export { createStaticSite } from "./continuity/static-site";
export { exportStaticCopy } from "./continuity/static-export";
export { folderTarget } from "./continuity/targets";

/** The static copy into folders from a database the caller holds (the bench's budget, the e2e suite). */
export async function folderCopier(
  options: FolderCopierOptions & { clientDir: string },
): Promise<FolderCopier> {
  // serveStatic takes a root relative to the working directory.
  const built = await builtPages(path.relative(process.cwd(), options.clientDir) || ".");
  return createFolderCopier(options, built);
}

/** `npm run export:static -- --to DIR|s3` (scripts/export-static.mjs); returns the exit code. */
export async function exportStatic({
  clientDir,
  args,
}: {
  clientDir: string;
  args: string[];
}): Promise<number> {
  // serveStatic takes a root relative to the working directory.
  const built = await builtPages(path.relative(process.cwd(), clientDir) || ".");
  const result = await exportStaticCommand(args, process.env, built);
  for (const line of result.out) console.log(line);
  for (const line of result.err) console.error(line);
  return result.code;
}

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
  // Other processes' changes reach this cache through the database; closing the database ends that.
  const pageCache = booted.config.PAGE_CACHE === "on" ? createPageCache() : undefined;
  await pageCache?.follow(booted.database, booted.logger);
  // The pages' data is kept alike (ADR 047), for the renders the page cache cannot serve.
  const keptPages = booted.config.PAGE_DATA_CACHE === "on" ? createKeptPages() : undefined;
  await keptPages?.follow(booted.database, booted.logger);
  // The build object, not a function returning it: React Router derives its routes and request
  // handler from a function's result on every request (that is for the dev server's reloads).
  const build = await import("virtual:react-router/server-build");
  const pages = createRequestHandler(build, "production");
  const app = createApp({
    ...booted,
    pageCache,
    keptPages,
    buildId: __BUILD_ID__,
    pages,
    pageRoutes: nestRoutes(build.routes),
    // serveStatic takes a root relative to the working directory.
    clientDir: path.relative(process.cwd(), clientDir) || ".",
  });
  // The sweeps' page changes reach the page cache through createApp's effects on the same database.
  const running = await listen(app, booted);
  stopOnSignals(running, booted.logger);
  // Last, so the password is not lost among the start's log lines.
  announceInitialAdmin(booted, booted.config.PUBLIC_URL ?? `http://localhost:${running.port}`);
}
