import { defineConfig } from "vitest/config";
import { textsPlugin } from "./build-tools/texts-plugin.ts";

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify("test-build") },
  plugins: [textsPlugin()],
  test: {
    include: ["{app,server,contract,i18n,scripts,tests/api,build-tools,bench}/**/*.test.{ts,tsx}"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: a single one on this 2-core machine. Two run
    // the files side by side (much of a database test's time is spent waiting on the server).
    maxWorkers: 2,
    // Each worker process keeps its modules from file to file: the app's module graph is imported once a
    // worker instead of once a file, and PGlite's WebAssembly, compiled cold in every new process (about
    // 3 s of each file's first database), stays compiled. Every test file makes its own databases and
    // app (tests/support/api-fixture.ts), so no test depends on another file's state.
    isolate: false,
    globalSetup: ["tests/support/pglite-image.ts"],
    // Both languages' texts, as the server has them (the browser loads one at a time).
    setupFiles: ["i18n/index.ts"],
  },
});
