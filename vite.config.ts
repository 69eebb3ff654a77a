import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { embeddedWorkerPlugin } from "./build-tools/embedded-worker-plugin.ts";
import { precompress } from "./build-tools/precompress.ts";
import { reactRouterServerPatches } from "./build-tools/react-router-server-patches.ts";
import { textsPlugin } from "./build-tools/texts-plugin.ts";
import { browserModules } from "./build-tools/module-graph.ts";

// One id per build, the same in the browser's and the server's bundles (the build check compares them).
const buildId =
  process.env.BUILD_ID ??
  `${new Date()
    .toISOString()
    .replace(/[-:.TZ]/g, "")
    .slice(0, 14)}-${randomUUID().slice(0, 8)}`;

/**
 * The browser build's files beyond React's: the app's frame, which every page loads (the root and what
 * it imports at once), as one file, and what the sign-in, sign-up and password screens share beyond it
 * as another; some thirty small files compressed apart cost a phone more than a few (each starts its
 * compression anew). Worked out for a build only: a dev server or typegen needs none of it.
 */
function clientChunkGroups() {
  const root = import.meta.dirname;
  const shell = browserModules(root, ["app/root.tsx"], { lazy: false });
  const authScreens = readdirSync(path.join(root, "app/routes/auth")).map(
    (name) => `app/routes/auth/${name}`,
  );
  const accountForms = [...browserModules(root, authScreens, { lazy: false, leaving: shell })].filter(
    (file) => !file.startsWith("app/routes/"),
  );
  const absolute = (files: Iterable<string>) => new Set([...files].map((file) => path.join(root, file)));
  const inShell = absolute(shell);
  const inAccountForms = absolute(accountForms);
  return [
    // React and React Router first, so the shell's group does not take them in with it.
    { name: "react", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 2 },
    { name: "shell", test: (id: string) => inShell.has(id), priority: 1 },
    { name: "account-forms", test: (id: string) => inAccountForms.has(id), priority: 0 },
  ];
}

export default defineConfig(({ command }) => ({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  environments: {
    client:
      command === "build"
        ? { build: { rollupOptions: { output: { codeSplitting: { groups: clientChunkGroups() } } } } }
        : {},
    // The server build's entry is our Hono app, with React Router's handler inside it: one module
    // graph, so pages and API share one database instance.
    ssr: { build: { rollupOptions: { input: "./server/index.ts" } } },
  },
  plugins: [
    tailwindcss(),
    textsPlugin(),
    reactRouter(),
    precompress(),
    embeddedWorkerPlugin(),
    reactRouterServerPatches(),
  ],
}));
