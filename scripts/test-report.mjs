// The names of the tests that failed, read from Vitest's and Playwright's JSON reports, for the end
// of `npm test`'s summary: CI keeps only the tail of what a run printed, so a failure far above it
// would otherwise leave no name to look for.
import path from "node:path";

// Playwright writes its errors' messages with the terminal's colour codes in them.
const colours = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

/** The first line of a failure's message, without the terminal's colours, cut to fit one line. */
function firstLine(message) {
  const line = String(message ?? "")
    .replace(colours, "")
    .split("\n")
    .find((text) => text.trim());
  const trimmed = (line ?? "").trim();
  return trimmed.length > 200 ? `${trimmed.slice(0, 199)}…` : trimmed;
}

function relative(file, root) {
  return file ? path.relative(root, file) || file : "?";
}

/** Vitest (its Jest-shaped JSON): failed tests, and files that failed before or around their tests. */
export function failedUnitTests(report, root = process.cwd()) {
  const lines = [];
  for (const file of report?.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failed) {
      lines.push(`${relative(file.name, root)} › ${test.fullName} — ${firstLine(test.failureMessages?.[0])}`);
    }
    if (failed.length === 0 && file.status === "failed") {
      // A failed beforeAll or afterAll leaves its tests skipped, and Vitest's report without its error.
      const reason =
        firstLine(file.message) || "failed outside its tests (a hook): its error is in the output above";
      lines.push(`${relative(file.name, root)} — ${reason}`);
    }
  }
  return lines;
}

/** Playwright: every spec whose test did not come out as expected (failed, timed out or flaky). */
export function failedEndToEndTests(report) {
  const lines = [];
  const visit = (suite, titles) => {
    const here = suite.title && !suite.file?.endsWith(suite.title) ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected" && test.status !== "flaky") continue;
        const error = (test.results ?? []).map((result) => result.error?.message).find(Boolean);
        const name = [...here, spec.title].join(" › ");
        lines.push(
          `[${test.projectName}] ${spec.file}:${spec.line} › ${name}${test.status === "flaky" ? " (flaky)" : ""}` +
            ` — ${firstLine(error)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) visit(child, here);
  };
  for (const suite of report?.suites ?? []) visit(suite, []);
  return lines;
}
