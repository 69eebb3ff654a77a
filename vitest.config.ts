import { defineConfig } from "vitest/config";

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify("test-build") },
  test: {
    include: ["{app,server,contract,i18n,scripts,tests/api,build-tools,bench}/**/*.test.{ts,tsx}"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    globalSetup: ["tests/support/pglite-image.ts"],
  },
});
