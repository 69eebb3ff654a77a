// The first-load figures `npm run bench` prints and checks against the 20 KB budget of /k/{id}: a
// visitor's classic deferred script must count, preloaded fonts must show as fonts.
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeFirstLoad, scanHtml } from "./first-load.ts";

let clientDir = "";

const files: Record<string, string | Buffer> = {
  "assets/visitor-script-abc.js":
    // Built as a classic script; a string that looks like an import must not be followed.
    `(function(){var s='import"./decoy-abc.js"';navigator.sendBeacon("/e",s)})();\n`,
  "assets/decoy-abc.js": "export const decoy = 1;\n".repeat(50),
  "assets/entry-abc.js": 'import{a}from"./chunk-abc.js";a();import("./lazy-abc.js");\n',
  "assets/chunk-abc.js": "export function a(){return 1}\n",
  "assets/lazy-abc.js": "export const posthog = 1;\n",
  "assets/app-abc.css": "body{margin:0}\n".repeat(20),
  "assets/inter-abc.woff2": Buffer.alloc(48_256, 1),
  "assets/literata-abc.woff2": Buffer.alloc(61_000, 2),
};

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), "first-load-"));
  await mkdir(path.join(clientDir, "assets"));
  for (const [name, content] of Object.entries(files)) await writeFile(path.join(clientDir, name), content);
});

afterAll(async () => {
  await rm(clientDir, { recursive: true, force: true });
});

const fontLinks =
  '<link rel="preload" as="font" type="font/woff2" href="/assets/inter-abc.woff2" crossorigin="anonymous"/>' +
  '<link rel="preload" as="font" type="font/woff2" href="/assets/literata-abc.woff2" crossorigin="anonymous"/>';

/** The light page of an anonymous visitor: HTML, CSS, fonts and one classic deferred script. */
const lightPage =
  `<!DOCTYPE html><html><head>${fontLinks}<link rel="stylesheet" href="/assets/app-abc.css"/></head>` +
  '<body><main>Greta</main><script src="/assets/visitor-script-abc.js" nonce="n" defer="" ' +
  'data-analytics-key="k"></script></body></html>';

/** The full app: module preloads and an inline module importing the entry. */
const fullPage =
  `<html><head>${fontLinks}<link rel="modulepreload" href="/assets/entry-abc.js"/></head><body>` +
  '<script type="module" nonce="n">import "/assets/entry-abc.js";</script></body></html>';

describe("scanHtml", () => {
  it("finds a classic deferred script, marks it classic, and lists preloaded fonts apart from scripts", () => {
    expect(scanHtml(lightPage)).toEqual({
      js: ["/assets/visitor-script-abc.js"],
      classic: ["/assets/visitor-script-abc.js"],
      css: ["/assets/app-abc.css"],
      fonts: ["/assets/inter-abc.woff2", "/assets/literata-abc.woff2"],
    });
  });

  it("treats modulepreloads and inline module imports as modules, and ignores remote scripts", () => {
    const html = `${fullPage}<script src="https://cdn.example.com/x.js"></script>`;
    expect(scanHtml(html)).toMatchObject({ js: ["/assets/entry-abc.js"], classic: [] });
  });
});

describe("analyzeFirstLoad", () => {
  it("counts the classic script's own bytes without following text that looks like an import", async () => {
    const result = await analyzeFirstLoad(lightPage, clientDir);
    const script = Buffer.byteLength(files["assets/visitor-script-abc.js"] as string);
    expect(result.js.map((asset) => [asset.path, asset.via, asset.classic])).toEqual([
      ["/assets/visitor-script-abc.js", "html", true],
    ]);
    expect(result.jsTotal.files).toBe(1);
    expect(result.jsTotal.bytes).toBe(script);
    expect(result.jsTotal.gzipBytes).toBeGreaterThan(0);
    expect(result.jsTotal.gzipBytes).toBeLessThan(script + 30);
    expect(result.lazy).toEqual([]);
  });

  it("reports preloaded fonts with their raw bytes, not as JavaScript or CSS", async () => {
    const result = await analyzeFirstLoad(lightPage, clientDir);
    expect(result.fonts).toEqual([
      { path: "/assets/inter-abc.woff2", bytes: 48_256 },
      { path: "/assets/literata-abc.woff2", bytes: 61_000 },
    ]);
    expect(result.fontsTotal).toEqual({ files: 2, bytes: 109_256 });
    expect(result.css.map((asset) => asset.path)).toEqual(["/assets/app-abc.css"]);
  });

  it("follows a module's static imports and lists its import() chunks as loaded later", async () => {
    const result = await analyzeFirstLoad(fullPage, clientDir);
    expect(result.js.map((asset) => [asset.path, asset.via, asset.classic])).toEqual([
      ["/assets/entry-abc.js", "html", undefined],
      ["/assets/chunk-abc.js", "import", undefined],
    ]);
    expect(result.lazy.map((asset) => [asset.path, asset.label])).toEqual([
      ["/assets/lazy-abc.js", "posthog-js"],
    ]);
    expect(result.fontsTotal.files).toBe(2);
  });
});
