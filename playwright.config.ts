import { defineConfig } from "@playwright/test";
import { chromiumPath } from "./tests/e2e/support/chromium";
import { appPort, appUrl } from "./tests/e2e/support/ports";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  outputDir: "test-results/playwright",
  // Whole journeys (sign-up, checkout, accessibility scans in two languages) take 15 s on a quiet 2-core
  // machine, and up to 48 s in CI, where two workers, the app and its embedded database share the two
  // cores; 60 s cut three of them off there. 90 s keeps a slow machine from failing what works.
  timeout: 90_000,
  use: {
    baseURL: appUrl,
    // posthog-js rightly drops events from browsers that look automated; the test browser presents
    // itself as the ordinary Chrome a visitor uses, so the real analytics path is exercised.
    userAgent:
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
    // Traces keep DOM snapshots, not a screencast: the screencast cost the browser a tenth of its work.
    trace: { mode: "retain-on-failure", screenshots: false },
    launchOptions: {
      executablePath: chromiumPath(),
      // Debian's Chromium on a closed network: no background traffic, no GPU.
      args: [
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-blink-features=AutomationControlled",
      ],
    },
  },
  projects: [{ name: "chromium", use: { viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: "tsx tests/e2e/support/serve.ts",
    url: `http://127.0.0.1:${appPort}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
