// The server refuses with a code, never a sentence (ADR 032): a DomainError is made only by `refuse`
// (server/domain/core/refuse.ts), which takes a code of contract/refusals.ts and its parameters, so
// every refusal has its text in both languages. A `new DomainError(` written anywhere else would be an
// English sentence the viewer's screen cannot say in Swedish. Reads the source as it is in the checkout.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "./module-graph";

const root = path.resolve(__dirname, "..");

/** Where the DomainError is defined and made from a refusal: the only places that may construct it. */
const makers = new Set(["server/domain/core/errors.ts", "server/domain/core/refuse.ts"]);

/** The lines of `code` that construct a DomainError by hand, as "file:line". */
function handMadeRefusals(file: string, code: string): string[] {
  return code
    .split("\n")
    .flatMap((line, index) => (/\bnew\s+DomainError\s*\(/.test(line) ? [`${file}:${index + 1}`] : []));
}

describe("the hand-made refusal finder", () => {
  it("finds `new DomainError(` however it is spaced, and not `refuse(` or a mention of the class", () => {
    const code = [
      'throw new DomainError("conflict", "This name is on the list already.", "name");',
      "const invalid = new  DomainError (",
      'throw refuse("first-name.listed");',
      "if (error instanceof DomainError) return;",
    ].join("\n");
    expect(handMadeRefusals("x.ts", code)).toEqual(["x.ts:1", "x.ts:2"]);
  });
});

describe("the server's refusals", () => {
  const files = sourceFiles(root, "server").filter(
    (file) => !/\.test\.tsx?$/.test(file) && !makers.has(file),
  );

  it("are all made by refuse(code, params), never by `new DomainError(` with a sentence", () => {
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      handMadeRefusals(file, readFileSync(path.join(root, file), "utf8")),
    );
    expect(found).toEqual([]);
  });
});
