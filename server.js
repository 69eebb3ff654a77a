// Runs the production build (made by `npm run build`).
import { start } from "./build/server/index.js";

await start();
