// The source cites no issue numbers: a reader of the repository cannot open the tracker, so a comment
// or a test's title that names an issue by its number tells them nothing. A comment cites an ADR (docs/decisions/)
// or says the reason itself. Migrations are history and keep their words (server/db/migrations).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "..");

const scannedFolders = ["app", "server", "contract", "tests", "bench", "scripts", "build-tools", "i18n"];
const scannedExtensions = /\.(ts|tsx|mts|mjs|cjs|js|css)$/;
const historyFolder = "server/db/migrations/";

/** An issue number as a reader would meet it: the word, singular or plural, any case of its first letter, then a number. */
const issueNumber = /\b[Ii]ssues? \d+/;

export type IssueCitation = { file: string; line: number; text: string };

/** Every line of `source` that names an issue number, with its 1-based line number. */
export function issueCitations(file: string, source: string): IssueCitation[] {
  const found: IssueCitation[] = [];
  source.split("\n").forEach((text, index) => {
    if (!issueNumber.test(text)) return;
    found.push({ file, line: index + 1, text: text.trim() });
  });
  return found;
}

function scannedFiles(): string[] {
  return execFileSync("git", ["ls-files", "--", ...scannedFolders], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter((file) => scannedExtensions.test(file) && !file.startsWith(historyFolder));
}

describe("issue numbers in the source", () => {
  it("finds an issue number in a comment, a block comment and a test's title, and not a word alone", () => {
    // Built from parts, so this file holds no citation of its own.
    const [issue, Issue, issues] = ["issue", "Issue", "issues"];
    const source = [
      `// Reminders (${issue} 25): the owner's choice.`,
      ` * measured in the closing note of ${Issue} 15.`,
      `it("billing rules (${issues} 22 and 23)", () => {});`,
      "// Issues a new invoice; see ADR 013.",
      `const tissue = 3; // t${issues} 4 do not count`,
    ].join("\n");
    expect(issueCitations("server/x.ts", source).map((citation) => citation.line)).toEqual([1, 2, 3]);
  });

  it("is clean in app, server, contract, tests, bench, scripts, build-tools and i18n", () => {
    const files = scannedFiles();
    // The scan reads the repository: an empty list would pass without looking.
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => issueCitations(file, readFileSync(path.join(root, file), "utf8")));
    expect(found.map((citation) => `${citation.file}:${citation.line}: ${citation.text}`)).toEqual([]);
  });
});
