// Playwright's web server: the analytics stand-in, then the production build on a fresh data folder.
import { spawn } from "node:child_process";
import { mkdir, rm } from "node:fs/promises";
import { startAnalyticsStandIn } from "./analytics-stand-in";
import { admin, analyticsPort, analyticsUrl, appPort, e2eDataDir, standInFlags } from "./ports";

// A fresh data folder each run, at a known place: the tests read the e-mail outbox in it.
const dataDir = e2eDataDir;
await rm(dataDir, { recursive: true, force: true });
await mkdir(dataDir, { recursive: true });
const standIn = await startAnalyticsStandIn(analyticsPort, standInFlags);
const app = spawn("node", ["scripts/start.mjs"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: String(appPort),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    POSTHOG_KEY: "phc_e2e_test_key",
    POSTHOG_HOST: analyticsUrl,
    E2E_FIXTURES: "on",
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    // Each test browses from its own address (X-Forwarded-For), as behind a proxy, so the per-address
    // sign-in limit applies per test and parallel tests do not share one counter.
    TRUST_PROXY: "on",
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
  },
});

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  app.kill("SIGTERM");
  standIn.close();
  await new Promise((resolve) => app.once("exit", resolve));
  await rm(dataDir, { recursive: true, force: true });
  process.exit(code);
}
app.once("exit", (code) => void stop(code ?? 1));
process.once("SIGTERM", () => void stop(0));
process.once("SIGINT", () => void stop(0));
