// Domain signatures explain themselves: an exported domain function takes at most four positional
// parameters (the executor and three more); past that its caller names what it passes, in one options
// object (`deleteDocument({ id, userId, teamId })`), so that two arguments of one type cannot be
// swapped unnoticed. Reads the source as it is in the checkout with the TypeScript compiler.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "./module-graph";

const root = path.resolve(__dirname, "..");
const maxPositional = 4;

type Signature = { name: string; file: string; parameters: number };

function isExported(node: ts.Node): boolean {
  return (
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
  );
}

/** Every exported function of a module: declarations and `export const name = (…) => …` or `function`. */
function exportedSignatures(file: string, code: string): Signature[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: Signature[] = [];
  for (const statement of source.statements) {
    if (!isExported(statement)) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.body) {
      found.push({ name: statement.name.text, file, parameters: statement.parameters.length });
    }
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (
          init &&
          ts.isIdentifier(declaration.name) &&
          (ts.isArrowFunction(init) || ts.isFunctionExpression(init))
        ) {
          found.push({ name: declaration.name.text, file, parameters: init.parameters.length });
        }
      }
    }
  }
  return found;
}

describe("the signature reader", () => {
  it("counts the parameters of exported declarations, arrows and function expressions, not of private ones", () => {
    const code = [
      "export async function a(db: Db, b: number, c: string, d: string, e: string) {}",
      "export const f = (x: number, { y }: { y: number }) => x + y;",
      "export const g = function (p: number) { return p; };",
      "function hidden(a: 1, b: 2, c: 3, d: 4, e: 5) {}",
      "export function overload(a: 1): void;",
      "export function overload(a: 1) {}",
    ].join("\n");
    expect(exportedSignatures("x.ts", code).map((s) => [s.name, s.parameters])).toEqual([
      ["a", 5],
      ["f", 2],
      ["g", 1],
      ["overload", 1],
    ]);
  });
});

describe("the domain's exported functions", () => {
  const files = sourceFiles(root, "server/domain").filter((file) => !/\.test\.tsx?$/.test(file));
  const signatures = files.flatMap((file) =>
    exportedSignatures(file, readFileSync(path.join(root, file), "utf8")),
  );

  it("take at most four positional parameters (more go in one named options object)", () => {
    expect(signatures.length).toBeGreaterThan(100);
    const tooLong = signatures.filter((s) => s.parameters > maxPositional);
    expect(tooLong.map((s) => `${s.file}: ${s.name} takes ${s.parameters}`)).toEqual([]);
  });
});
