// `npm test`: every test. A fresh production build, unit and API tests (Vitest; also on PostgreSQL
// when TEST_DATABASE_URL is set), then the end-to-end suite in Debian's Chromium (Playwright).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";

const chromium = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/lib/chromium/chromium"].find(
  (candidate) => candidate && existsSync(candidate),
);
if (!chromium) {
  console.error(
    "Chromium was not found, and the end-to-end tests need it.\n" +
      "Install Debian's package:  sudo apt-get update && sudo apt-get install -y chromium\n" +
      "(it installs /usr/bin/chromium), or set CHROME_PATH to a Chromium binary.\n" +
      "Do not run `npx playwright install`: it downloads a browser, which this setup does not use.",
  );
  process.exit(1);
}

function run(command, args, env = {}) {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

rmSync("test-results", { recursive: true, force: true });
// Build first: the server tests start the production build, and the end-to-end suite drives it.
const build = run("npm", ["run", "-s", "build"]);
const unit = run("npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  "--outputFile.json=test-results/unit.json",
]);
const e2e = build === 0 ? run("npx", ["playwright", "test"], { CHROME_PATH: chromium }) : 1;

function counts(file, read) {
  try {
    return read(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    return { passed: 0, failed: 0, skipped: 0 };
  }
}
const unitCounts = counts("test-results/unit.json", (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests,
  skipped: r.numPendingTests + r.numTodoTests,
}));
const e2eCounts = counts("test-results/e2e.json", (r) => ({
  passed: r.stats.expected,
  failed: r.stats.unexpected + r.stats.flaky,
  skipped: r.stats.skipped,
}));
const total = {
  passed: unitCounts.passed + e2eCounts.passed,
  failed: unitCounts.failed + e2eCounts.failed + (unit !== 0 && unitCounts.failed === 0 ? 1 : 0),
  skipped: unitCounts.skipped + e2eCounts.skipped,
};
if (build !== 0) total.failed += 1;
console.log(`\nunit+api: ${unitCounts.passed} passed, ${unitCounts.failed} failed`);
console.log(`end-to-end: ${e2eCounts.passed} passed, ${e2eCounts.failed} failed`);
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(unit === 0 && build === 0 && e2e === 0 ? 0 : 1);
