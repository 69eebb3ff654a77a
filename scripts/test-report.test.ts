// `npm test` names the tests that failed at the end of its summary, read from the reports that real
// Vitest and Playwright runs write: here each runs on a small folder of tests, one of which fails.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { failedEndToEndTests, failedUnitTests } from "./test-report.mjs";

const project = path.resolve(import.meta.dirname, "..");
const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A folder with the given files and the project's node_modules, so its tests import the real runners. */
function folderWith(files: Record<string, string>): string {
  const folder = mkdtempSync(path.join(tmpdir(), "kammare-report-"));
  folders.push(folder);
  symlinkSync(path.join(project, "node_modules"), path.join(folder, "node_modules"));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(folder, name), text);
  return folder;
}

/** Runs a runner's command line in the folder, without this Vitest's own settings in its environment. */
function runIn(folder: string, args: string[]): unknown {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(VITEST|TEST_WORKER|NODE_ENV$)/.test(name)),
  );
  const result = spawnSync(process.execPath, args, { cwd: folder, env, encoding: "utf8" });
  expect(result.status, result.stderr).toBe(1);
  return JSON.parse(readFileSync(path.join(folder, "out.json"), "utf8"));
}

describe("failedUnitTests", () => {
  it("names each failed Vitest test with its file, groups and first line, and a file that did not load", () => {
    const folder = folderWith({
      "sums.test.js": `describe("sums", () => {
  it("adds", () => expect(1 + 1).toBe(2));
  it("carries", () => expect(9 + 1).toBe(11));
});\n`,
      "broken.test.js": `throw new Error("broken at load");\n`,
      "hook.test.js": `describe("with a server", () => {
  beforeAll(() => { throw new Error("no server"); });
  it("needs the server", () => expect(1).toBe(1));
});\n`,
    });
    const vitest = path.join(project, "node_modules/vitest/vitest.mjs");
    const report = runIn(folder, [vitest, "run", "--globals", "--reporter=json", "--outputFile=out.json"]);
    expect(failedUnitTests(report, folder).sort()).toEqual([
      "broken.test.js — broken at load",
      "hook.test.js — failed outside its tests (a hook): its error is in the output above",
      "sums.test.js › sums carries — AssertionError: expected 10 to be 11 // Object.is equality",
    ]);
  });
});

describe("failedEndToEndTests", () => {
  it("names each failed Playwright test with its project, file, line, groups and first line", () => {
    const folder = folderWith({
      "sums.spec.mjs": `import { expect, test } from "@playwright/test";
test.describe("sums", () => {
  test("adds", () => expect(1 + 1).toBe(2));
  test("carries", () => expect(9 + 1).toBe(11));
});\n`,
      "config.mjs": `export default { testDir: ".", testMatch: "*.spec.mjs", projects: [{ name: "plain" }],
  reporter: [["json", { outputFile: "out.json" }]] };\n`,
    });
    const playwright = path.join(project, "node_modules/@playwright/test/cli.js");
    const report = runIn(folder, [playwright, "test", "--config", "config.mjs"]);
    expect(failedEndToEndTests(report)).toEqual([
      "[plain] sums.spec.mjs:4 › sums › carries — Error: expect(received).toBe(expected) // Object.is equality",
    ]);
  });
});
