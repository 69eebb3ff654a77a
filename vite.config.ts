import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompress } from "./build-tools/precompress.ts";
import { textsPlugin } from "./build-tools/texts-plugin.ts";
import { importGraph } from "./build-tools/module-graph.ts";

// One id per build, the same in the browser's and the server's bundles (the build check compares them).
const buildId =
  process.env.BUILD_ID ??
  `${new Date()
    .toISOString()
    .replace(/[-:.TZ]/g, "")
    .slice(0, 14)}-${randomUUID().slice(0, 8)}`;

// The app's frame, which every page loads (the root and what it imports at once), as one file: some
// thirty small files compressed apart cost a phone more than one (each starts its compression anew).
const root = import.meta.dirname;
const authScreens = readdirSync(path.join(root, "app/routes/auth")).map((name) => `app/routes/auth/${name}`);
const graph = importGraph(root, ["app/root.tsx", ...authScreens], { values: true, lazy: false });
/** The browser modules `entries` import at once (a *.server.ts module, and all it imports, is left out). */
function browserModules(entries: string[], leaving: Set<string> = new Set()): Set<string> {
  const found = new Set<string>();
  const pending = [...entries];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    const full = path.join(root, file);
    if (found.has(full) || leaving.has(full) || /\.server\.tsx?$/.test(file)) continue;
    found.add(full);
    pending.push(...(graph.get(file) ?? []));
  }
  return found;
}
// The app's frame, which every page loads (the root and what it imports at once), as one file: some
// thirty small files compressed apart cost a phone more than one (each starts its compression anew).
const shell = browserModules(["app/root.tsx"]);
// What the sign-in, sign-up and password screens share beyond the frame (forms, their checks), likewise.
const accountForms = new Set(
  [...browserModules(authScreens, shell)].filter((file) => !file.includes("/routes/")),
);

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  environments: {
    client: {
      build: {
        rollupOptions: {
          output: {
            codeSplitting: {
              groups: [
                // React and React Router first, so the shell's group does not take them in with it.
                {
                  name: "react",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]|^\0rolldown\/runtime/,
                  priority: 2,
                },
                { name: "shell", test: (id: string) => shell.has(id), priority: 1 },
                { name: "account-forms", test: (id: string) => accountForms.has(id), priority: 0 },
              ],
            },
          },
        },
      },
    },
    // The server build's entry is our Hono app, with React Router's handler inside it: one module
    // graph, so pages and API share one database instance.
    ssr: { build: { rollupOptions: { input: "./server/index.ts" } } },
  },
  plugins: [tailwindcss(), textsPlugin(), reactRouter(), precompress()],
});
