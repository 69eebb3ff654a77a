// The typed API client (app/lib/api.ts) makes `npm run typecheck` fail on a call the contract does not
// have: a scratch file with right and wrong calls is type-checked with the project's settings, and
// exactly the wrong lines are errors.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "..");
const client = path.join(root, "app/lib/api.ts");

// Each line is one call; `wrong` says whether the type checker must refuse it.
const calls = [
  { wrong: false, code: `api.post("/kammare/own", { body: { owner: "u", profileId: "K7M2P9QX" } })` },
  { wrong: true, code: `api.post("/kammare/ownn", { body: { owner: "u", profileId: "K7M2P9QX" } })` },
  { wrong: true, code: `api.get("/kammare/own")` },
  { wrong: true, code: `api.post("/kammare/own", { body: { owner: 1, profileId: "K7M2P9QX" } })` },
  { wrong: true, code: `api.post("/kammare/own", { body: { profileId: "K7M2P9QX" } })` },
  { wrong: true, code: `api.post("/kammare/own")` },
  { wrong: false, code: `api.delete("/admin/partner-whitelist/{id}", { params: { id: "x" } })` },
  { wrong: true, code: `api.delete("/admin/partner-whitelist/{id}")` },
  { wrong: true, code: `api.delete("/admin/partner-whitelist/{id}", { params: { entry: "x" } })` },
  { wrong: false, code: `api.get("/admin/check").then((answer) => answer.admin === true)` },
  { wrong: true, code: `api.get("/admin/check").then((answer) => answer.isAdmin)` },
  { wrong: false, code: `apiHref("/kammare/profile-qr", { query: { id: "K7M2P9QX", format: "svg" } })` },
  { wrong: true, code: `apiHref("/kammare/profile-qr", { query: { id: "K7M2P9QX", format: "gif" } })` },
  { wrong: true, code: `apiFormAction("/preferences/language")` },
];

let folder: string;
let errorLines: number[] = [];
const firstCallLine = 3;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), "api-types-"));
  const scratch = path.join(folder, "scratch.ts");
  writeFileSync(
    scratch,
    `import { api, apiFormAction, apiHref } from ${JSON.stringify(client.replace(/\.ts$/, ""))};\n` +
      `export const calls = [\n` +
      calls.map((call) => `  () => ${call.code},\n`).join("") +
      `];\n`,
  );
  writeFileSync(
    path.join(folder, "tsconfig.json"),
    JSON.stringify({
      extends: path.join(root, "tsconfig.json"),
      compilerOptions: { types: [] },
      include: [],
      files: [scratch],
    }),
  );
  const tsc = path.join(root, "node_modules/typescript-native/bin/tsc");
  const output = await promisify(execFile)(process.execPath, [tsc, "-p", folder], { cwd: root }).then(
    ({ stdout }) => stdout,
    (failed: { stdout?: string }) => failed.stdout ?? "",
  );
  errorLines = [...output.matchAll(/scratch\.ts\((\d+),\d+\): error/g)].map((match) => Number(match[1]));
}, 120_000);

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("the typed API client in npm run typecheck", () => {
  it.each(calls.map((call, index) => [call.code, call.wrong, firstCallLine + index] as const))(
    "%s: refused = %s",
    (_code, wrong, line) => {
      expect(errorLines.includes(line)).toBe(wrong);
    },
  );

  it("reports errors on no other line", () => {
    const known = calls.map((_, index) => firstCallLine + index);
    expect(errorLines.filter((line) => !known.includes(line))).toEqual([]);
  });
});
