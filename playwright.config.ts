import { defineConfig } from "@playwright/test";
import { chromiumPath, wholeBrowserPath } from "./tests/e2e/support/chromium";
import { appPort, appUrl } from "./tests/e2e/support/ports";

// Debian's Chromium on a closed network: no background traffic, no GPU.
const launchOptions = {
  args: [
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-blink-features=AutomationControlled",
  ],
};

/** The specs that follow what the app sends to the analytics host (page views, the error hook). */
const analyticsSpecs = ["**/analytics.spec.ts", "**/privacy.spec.ts", "**/errors.spec.ts"];

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
    // No trace unless asked for (E2E_TRACE=on: kept for each failed test, DOM snapshots without a
    // screencast). Recording one for every test, to keep it only on failure, cost the test workers 40 %
    // of their work and the suite a seventh of its time (a sample of 24 tests: 1.9 against 1.6 min);
    // a failure still leaves its screenshot and the page's ARIA snapshot (error-context.md).
    trace: process.env.E2E_TRACE === "on" ? { mode: "retain-on-failure", screenshots: false } : "off",
    screenshot: "only-on-failure",
    launchOptions: { ...launchOptions, executablePath: chromiumPath() },
  },
  projects: [
    // Most specs run in Debian's headless shell of Chromium (scripts/chromium.mjs): three times as quick
    // to open a context as the whole browser's headless mode.
    {
      name: "chromium",
      testIgnore: analyticsSpecs,
      use: { viewport: { width: 1280, height: 800 } },
    },
    // posthog-js takes the headless shell for a robot (it says "HeadlessChrome" of itself beyond the
    // user-agent string) and sends nothing: the specs that follow events to the analytics stand-in run
    // in the whole browser, as a visitor's.
    {
      name: "chromium-browser",
      testMatch: analyticsSpecs,
      use: {
        viewport: { width: 1280, height: 800 },
        launchOptions: { ...launchOptions, executablePath: wholeBrowserPath() ?? chromiumPath() },
      },
    },
  ],
  webServer: {
    command: "tsx tests/e2e/support/serve.ts",
    url: `http://127.0.0.1:${appPort}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
