// Vite plugin: the embedded database's worker (server/db/embedded-worker.ts, ADR 048) as an entry of the
// server build of its own, build/server/embedded-worker.js, and its address put where
// server/db/embedded-workers.ts asks for it. Vite bundles `new Worker(new URL(…, import.meta.url))` for
// the browser only (for the server it would copy the TypeScript file, which Node cannot run), and its
// file URLs are the browser's (`/assets/…`), which React Router then moves to the client's folder.
import path from "node:path";
import type { Plugin } from "vite";

const root = path.resolve(import.meta.dirname, "..");
const asking = path.join(root, "server/db/embedded-workers.ts");
const worker = path.join(root, "server/db/embedded-worker.ts");
/** The text in embedded-workers.ts that stands for the built worker's URL. */
const placeholder = '"kammare:embedded-worker-url"';
/** What stands for it meanwhile: an expression no bundler can work out, so none folds it away. */
const marker = "import.meta.kammareEmbeddedWorker";
/** Beside the server's entry, build/server/index.js. */
export const workerFileName = "embedded-worker.js";

export function embeddedWorkerPlugin(): Plugin {
  let placed = false;
  return {
    name: "kammare-embedded-worker",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    buildStart() {
      placed = false;
      this.emitFile({ type: "chunk", id: worker, fileName: workerFileName });
    },
    transform(code, id) {
      if (id.split("?")[0] !== asking) return undefined;
      if (!code.includes(placeholder)) {
        this.error(
          `${placeholder} is not in embedded-workers.ts: the built server could not find its worker.`,
        );
      }
      return { code: code.replace(placeholder, marker), map: null };
    },
    renderChunk(code, chunk) {
      if (!code.includes(marker)) return undefined;
      placed = true;
      // Relative to the chunk that asks, wherever the bundler put it.
      const relative = path.posix.relative(path.posix.dirname(chunk.fileName), workerFileName);
      const address = `new URL(${JSON.stringify(relative.startsWith(".") ? relative : `./${relative}`)}, import.meta.url).href`;
      return { code: code.replaceAll(marker, address), map: null };
    },
    generateBundle() {
      if (!placed) this.error("No chunk of the server build asks for the embedded database's worker.");
    },
  };
}
