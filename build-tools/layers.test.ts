// The layer rules of eslint.config.js (../shared/DESIGN.md): imports that cross a layer the wrong way
// are refused, the allowed ones pass. Linted as if the snippets were files at those paths.
import { readdirSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "..");
const eslint = new ESLint({ cwd: root });

/** The no-restricted-imports messages for `code` placed at `file` (from the repository root). */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "no-restricted-imports")
    .map((message) => message.message);
}

describe("layer rules in npm run lint", () => {
  it.each([
    [
      "app/components/widget.tsx",
      'import { loadConfig } from "../../server/config";\nexport const x = loadConfig;\n',
    ],
    [
      "app/routes/admin/thing.tsx",
      'import { listProfiles } from "../../../server/domain/profiles";\nexport const x = listProfiles;\n',
    ],
    ["app/widget.tsx", 'import type { Config } from "../server/config";\nexport type X = Config;\n'],
  ])("refuses a browser module (%s) importing a server module", async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([
      expect.stringContaining("A browser module may not import server:"),
    ]);
  });

  it.each([
    ['import { Hono } from "hono";\nexport const x = new Hono();\n'],
    ['import type { Context } from "hono";\nexport type X = Context;\n'],
    ['import { getCookie } from "hono/cookie";\nexport const x = getCookie;\n'],
    ['import { getConnInfo } from "@hono/node-server/conninfo";\nexport const x = getConnInfo;\n'],
    ['import { useState } from "react";\nexport const x = useState;\n'],
  ])("refuses HTTP and React in the domain: %s", async (code) => {
    expect(await layerErrors("server/domain/things.ts", code)).toEqual([
      expect.stringContaining("The domain may not import"),
    ]);
  });

  it.each([
    ["server/domain/things.ts", "../http/errors", "server/http"],
    ["server/domain/things.ts", "../api/auth", "server/api"],
    ["server/domain/things.ts", "../../app/lib/i18n", "app"],
    ["server/domain/nested/things.ts", "../../http/errors", "server/http"],
    ["server/domain/things.ts", "../../server/http/errors", "server/http"],
    ["server/db/things.ts", "../domain/accounts", "server/domain"],
    ["server/api/things.ts", "../../app/lib/i18n", "app"],
    ["server/api/things.ts", "../app", "server/app"],
    ["server/http/things.ts", "~/lib/i18n", "app"],
    ["server/emails.ts", "../app/lib/i18n", "app"],
    ["contract/things.ts", "../server/domain/errors", "server"],
    ["contract/things.ts", "../app/lib/api.ts", "app"],
    ["i18n/things.ts", "../app/lib/api", "app"],
  ])("refuses an upward import: %s importing %s", async (file, specifier, target) => {
    expect(await layerErrors(file, `import { x } from "${specifier}";\nexport const y = x;\n`)).toEqual([
      expect.stringContaining(`may not import ${target}:`),
    ]);
  });

  it.each([
    ["app/routes/admin/thing.tsx", "../../lib/services.server"],
    ["app/routes/admin/thing.tsx", "../../../contract/profiles"],
    ["app/routes/admin/thing.tsx", "../../../i18n"],
    ["app/rules/thing.server.ts", "../../server/http/auth"],
    ["app/lib/thing.test.ts", "../../server/config"],
    ["server/domain/things.ts", "../db/client"],
    ["server/domain/things.ts", "../../contract/profiles"],
    ["server/domain/things.ts", "../providers/email/types"],
    ["server/domain/things.ts", "./http-like-name"],
    ["server/api/things.ts", "../domain/accounts"],
    ["server/api/things.ts", "../http/errors"],
    ["server/app.ts", "./api/auth"],
    ["server/logger.ts", "../i18n"],
    ["contract/things.ts", "./locale"],
  ])("allows %s importing %s", async (file, specifier) => {
    expect(await layerErrors(file, `import { x } from "${specifier}";\nexport const y = x;\n`)).toEqual([]);
  });

  it.each([
    ["server/api/things.ts", "../domain/billing/payments"],
    ["server/app.ts", "./domain/profiles/status-machine"],
    ["server/domain/billing/things.ts", "../profiles/status-machine"],
    ["server/domain/lifecycle/things.ts", "../invoicing/invoices.ts"],
    ["app/lib/things.server.ts", "../../server/domain/accounts/sessions"],
    ["bench/things.ts", "../server/domain/profiles/profile-list"],
  ])(
    "refuses %s reaching into a domain feature's file %s, not through its index",
    async (file, specifier) => {
      expect(await layerErrors(file, `import { x } from "${specifier}";\nexport const y = x;\n`)).toEqual([
        expect.stringContaining("a domain feature is imported through its index"),
      ]);
    },
  );

  it.each([
    ["server/api/things.ts", "../domain/billing"],
    ["server/domain/billing/things.ts", "../profiles"],
    ["server/domain/billing/things.ts", "./payments"],
    ["server/domain/billing/things.ts", "../../db/schema"],
    ["server/domain/billing/things.ts", "../../../contract/orders"],
    ["app/lib/things.server.ts", "../../server/domain/accounts"],
  ])("allows %s importing %s (a feature's index, or its own files)", async (file, specifier) => {
    expect(await layerErrors(file, `import { x } from "${specifier}";\nexport const y = x;\n`)).toEqual([]);
  });

  it("checks every source file: none sits deeper below its layer's folder than the rules reach", async () => {
    const config = pathToFileURL(path.join(root, "eslint.config.js")).href;
    const { maxNesting } = (await import(config)) as { maxNesting: number };
    const tooDeep: string[] = [];
    const walk = (dir: string, depth: number) => {
      for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
        const relative = path.posix.join(dir, entry.name);
        if (entry.isDirectory()) walk(relative, depth + 1);
        else if (/\.(ts|tsx|js|mjs)$/.test(entry.name) && depth > maxNesting) tooDeep.push(relative);
      }
    };
    for (const dir of ["app", "contract", "i18n", "server"]) walk(dir, 0);
    expect(tooDeep).toEqual([]);
  });
});

describe("one API client in npm run lint", () => {
  /** The messages of the one-client rule for `code` placed at `file`. */
  async function addressErrors(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return (result?.messages ?? [])
      .filter((message) => message.ruleId === "no-restricted-syntax")
      .map((message) => message.message);
  }

  it.each([
    ["app/routes/thing.tsx", 'export const go = () => fetch("/api/kammare/own", { method: "POST" });\n'],
    [
      "app/components/thing.tsx",
      "export const href = (id: string) => `/api/kammare/orders/${id}/receipt.pdf`;\n",
    ],
    [
      "app/layouts/thing.tsx",
      'export const form = <form method="post" action="/api/preferences/locale" />;\n',
    ],
    ["app/lib/thing.ts", "export const base = `${location.origin}/api/kammare/images`;\n"],
  ])("refuses an API address written in %s", async (file, code) => {
    expect(await addressErrors(file, code)).toEqual([expect.stringContaining("app/lib/api.ts")]);
  });

  it.each([
    [
      "app/routes/thing.tsx",
      'import { api } from "../lib/api";\nexport const go = () => api.post("/auth/logout");\n',
    ],
    ["app/routes/thing.tsx", "// POST /api/kammare/own, named in a comment\nexport const x = 1;\n"],
    ["app/lib/api.ts", "export const address = (path: string) => `/api${path}/`;\n"],
    ["server/api/thing.ts", 'export const path = "/api/kammare/own";\n'],
  ])("allows %s: %s", async (file, code) => {
    expect(await addressErrors(file, code)).toEqual([]);
  });
});
