import { randomUUID } from "node:crypto";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompress } from "./build-tools/precompress.ts";

// One id per build, the same in the browser's and the server's bundles (the build check compares them).
const buildId =
  process.env.BUILD_ID ??
  `${new Date()
    .toISOString()
    .replace(/[-:.TZ]/g, "")
    .slice(0, 14)}-${randomUUID().slice(0, 8)}`;

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  environments: {
    // The server build's entry is our Hono app, with React Router's handler inside it: one module
    // graph, so pages and API share one database instance.
    ssr: { build: { rollupOptions: { input: "./server/index.ts" } } },
  },
  plugins: [tailwindcss(), reactRouter(), precompress()],
});
