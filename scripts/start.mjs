// `npm start`: builds when the build is missing or older than the sources, then serves it. The cluster's
// script (start-cluster.mjs) uses the same check.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const entry = "build/server/index.js";
const sources = [
  "app",
  "server",
  "contract",
  "i18n",
  "build-tools",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, name)));
  return newest;
}

/** Builds (quietly) when the build is missing or older than the sources; exits when the build fails. */
export function ensureBuild() {
  const builtAt = existsSync(entry) ? statSync(entry).mtimeMs : 0;
  if (builtAt === 0 || Math.max(...sources.map(newestMtime)) > builtAt) {
    // Quietly: the build's listing of every file would bury what the start prints after it (on the
    // first start, the admin's password). It is shown when the build fails.
    console.log("Building the app (sources changed since the last build)…");
    const started = Date.now();
    const result = spawnSync("npm", ["run", "-s", "build"], {
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
    });
    if (result.status !== 0) {
      process.stdout.write(result.stdout ?? "");
      process.stderr.write(result.stderr ?? "");
      console.error(
        `The build failed${result.error ? ` (${result.error.message})` : ""}; its output is above.`,
      );
      process.exit(result.status || 1);
    }
    console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
}

// Run as `npm start` (not imported by the cluster's script): build, then serve in this process.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  ensureBuild();
  await import("../server.js");
}
