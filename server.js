// Runs the production build (made by `npm run build`). React and other libraries pick their
// production code by NODE_ENV when first imported, so it is set before the build is loaded.
import { fileURLToPath } from "node:url";

process.env.NODE_ENV ??= "production";
const { start } = await import("./build/server/index.js");
await start({ clientDir: fileURLToPath(new URL("./build/client", import.meta.url)) });
