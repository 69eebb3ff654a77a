// Runs the production build (made by `npm run build`). React and other libraries pick their
// production code by NODE_ENV when first imported, so it is set before the build is loaded.
import { fileURLToPath } from "node:url";
import v8 from "node:v8";

process.env.NODE_ENV ??= "production";
// V8 lets the old generation grow to up to four times what was alive after the last full collection
// before it collects again; here that is garbage of renders that outlived a few young collections
// while they waited for the database, and it took the embedded engine's soak to 436-538 MB. Growing
// by 60 % at most kept it at 392-427 MB for a few thousandths of a millisecond of collection per
// request (ADR 052). A `--heap-growing-percent` given to node itself is left as it is.
if (!process.execArgv.some((argument) => argument.startsWith("--heap-growing-percent"))) {
  v8.setFlagsFromString("--heap-growing-percent=60");
}
const { start } = await import("./build/server/index.js");
await start({ clientDir: fileURLToPath(new URL("./build/client", import.meta.url)) });
