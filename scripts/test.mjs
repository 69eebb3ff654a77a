// `npm test`: every test. A fresh production build, unit and API tests (Vitest; also on PostgreSQL
// when TEST_DATABASE_URL is set), then the end-to-end suite in Debian's Chromium (Playwright). When
// Chromium is missing it is installed (root with apt-get, as .ci/run does); when it cannot be, the
// other tests still run and the run fails at the end with the command that installs it.
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { readFileSync, rmSync } from "node:fs";
import { chromiumPlan, findChromium, installCommand, onPath } from "./chromium.mjs";
import { failedEndToEndTests, failedUnitTests } from "./test-report.mjs";

/** Seconds each step took, printed at the end: CI's time is a budget (well under 20 minutes). */
const seconds = [];

function run(command, args, env = {}, step = undefined) {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (step) seconds.push(`${step} ${Math.round((performance.now() - started) / 1000)} s`);
  return result.status ?? 1;
}

const plan = chromiumPlan({
  env: process.env,
  found: findChromium(),
  isRoot: process.getuid?.() === 0,
  hasAptGet: onPath("apt-get"),
});
let chromium = plan.action === "use" ? plan.path : undefined;
let chromiumAdvice = plan.action === "missing" ? plan.advice : undefined;
if (plan.action === "install") {
  console.log(
    "Chromium's headless shell is missing: installing Debian's packages (running as root, as .ci/run does).",
  );
  const installed =
    run("apt-get", ["update"]) === 0 &&
    run("apt-get", ["install", "-y", "chromium", "chromium-headless-shell"], {
      DEBIAN_FRONTEND: "noninteractive",
    }) === 0;
  chromium = findChromium() ?? plan.fallback;
  if (!chromium) {
    chromiumAdvice =
      `Installing Chromium ${installed ? "gave no /usr/bin/chromium" : "failed (see above)"}. ` +
      `Try it by hand as root:\n  ${installCommand}`;
  }
}
if (!chromium)
  console.log("\nChromium is missing: the end-to-end tests will not run (how to install it: at the end).");
if (!process.env.TEST_DATABASE_URL) {
  console.log(
    "\nTEST_DATABASE_URL is not set: the PostgreSQL-only tests are skipped; the database tests run on the " +
      "embedded PGlite only. To run them on a PostgreSQL server too: " +
      "TEST_DATABASE_URL=postgres://user@host:5432/postgres npm test",
  );
}

rmSync("test-results", { recursive: true, force: true });
// Build first: the server tests start the production build, and the end-to-end suite drives it.
const build = run("npm", ["run", "-s", "build"], {}, "build");
const unit = run(
  "npx",
  ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/unit.json"],
  {},
  "unit+api",
);
const e2e =
  // Playwright's configuration finds the same Chromium (scripts/chromium.mjs), and the whole browser
  // beside it for the analytics specs; CHROME_PATH, when set, is passed on as it is.
  build === 0 && chromium ? run("npx", ["playwright", "test"], {}, "end-to-end") : 1;

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}
const unitReport = readJson("test-results/unit.json");
const e2eReport = chromium ? readJson("test-results/e2e.json") : undefined;
const unitCounts = unitReport
  ? {
      passed: unitReport.numPassedTests,
      failed: unitReport.numFailedTests,
      skipped: unitReport.numPendingTests + unitReport.numTodoTests,
    }
  : { passed: 0, failed: 0, skipped: 0 };
const e2eCounts = e2eReport
  ? {
      passed: e2eReport.stats.expected,
      failed: e2eReport.stats.unexpected + e2eReport.stats.flaky,
      skipped: e2eReport.stats.skipped,
    }
  : { passed: 0, failed: 0, skipped: 0 };
const total = {
  passed: unitCounts.passed + e2eCounts.passed,
  failed: unitCounts.failed + e2eCounts.failed + (unit !== 0 && unitCounts.failed === 0 ? 1 : 0),
  skipped: unitCounts.skipped + e2eCounts.skipped,
};
if (build !== 0) total.failed += 1;
// Every database test runs per engine (suites "… on pglite" and "… on postgresql"): without a server, each
// PGlite one stands for a PostgreSQL run that did not happen.
const pgliteOnly = (unitReport?.testResults ?? [])
  .flatMap((file) => file.assertionResults ?? [])
  .filter((test) => (test.ancestorTitles ?? []).some((title) => / on '?pglite'?$/.test(title))).length;

const failures = [...failedUnitTests(unitReport), ...(e2eReport ? failedEndToEndTests(e2eReport) : [])];
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((line) => `  ${line}`).join("\n")}`);
console.log(
  `\nunit+api: ${unitCounts.passed} passed, ${unitCounts.failed} failed, ${unitCounts.skipped} skipped`,
);
if (!process.env.TEST_DATABASE_URL) {
  console.log(
    `  not on PostgreSQL (TEST_DATABASE_URL is not set): ${pgliteOnly} database tests ran on PGlite only`,
  );
}
console.log(
  chromium
    ? `end-to-end: ${e2eCounts.passed} passed, ${e2eCounts.failed} failed`
    : "end-to-end: not run, Chromium is missing",
);
console.log(
  `tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped` +
    (chromium ? "" : "; the end-to-end suite did not run"),
);
console.log(`time: ${seconds.join(", ")}`);
if (chromiumAdvice) {
  console.error(
    `\n${chromiumAdvice}\nDo not run \`npx playwright install\`: it downloads a browser this setup does not use.`,
  );
}
process.exit(unit === 0 && build === 0 && e2e === 0 ? 0 : 1);
