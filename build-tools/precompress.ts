// Vite plugin: writes .br and .gz beside every compressible browser asset, so the server sends
// precompressed files instead of compressing on each request.
import { existsSync } from "node:fs";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const compressible = /\.(js|mjs|css|svg|json|txt|html|map)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "kammare:precompress",
    apply: "build",
    // After the server's build too: React Router writes the route manifest (ADR 050) into the
    // browser's assets then, after the browser's own build.
    applyToEnvironment: (environment) => environment.name === "client" || environment.name === "ssr",
    configResolved(config) {
      outDir = path.resolve(config.root, config.environments.client?.build.outDir ?? config.build.outDir);
    },
    async writeBundle() {
      for await (const file of files(outDir)) {
        if (!compressible.test(file) || existsSync(`${file}.br`) || (await stat(file)).size < 1024) continue;
        const content = await readFile(file);
        await writeFile(
          `${file}.br`,
          await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        await writeFile(`${file}.gz`, await gz(content, { level: 9 }));
      }
    },
  };
}
