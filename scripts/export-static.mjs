// `npm run export:static -- --to DIR` (or `--to s3`): builds when the build is missing or older than
// the sources, then writes the static copy of every public page with the build's own pages (ADR 046).
import { fileURLToPath } from "node:url";
import { ensureBuild } from "./start.mjs";

process.env.NODE_ENV ??= "production";
ensureBuild();
const { exportStatic } = await import("../build/server/index.js");
const code = await exportStatic({
  clientDir: fileURLToPath(new URL("../build/client", import.meta.url)),
  args: process.argv.slice(2),
});
process.exit(code);
