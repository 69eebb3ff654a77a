import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// The layers of ../shared/DESIGN.md, held by ESLint's no-restricted-imports: what each folder may not
// import. Nothing imports upward (db <- domain <- api/http <- the app's *.server.ts files), browser
// modules import no server code, the domain no HTTP and no React, the contract nothing of either side.
// Test files are outside the layers. Each file falls in exactly one layer (flat config keeps only the
// last options given for a rule), so the layers below do not overlap.
const tests = "**/*.test.{ts,tsx}";
// Not yet in line, being changed by other work at the same time: each should import its server code
// through app/lib/services.server.ts, then leave this list (empty it, do not grow it).
const layers = [
  {
    dir: "app",
    ignores: ["**/*.server.{ts,tsx}", tests],
    what: "A browser module",
    forbid: ["server"],
    why: "import server code only in a *.server.ts file (or a loader's *.server.ts helper)",
  },
  { dir: "contract", what: "The contract", forbid: ["server", "app"], why: "both sides import it" },
  { dir: "i18n", what: "The translations", forbid: ["server", "app"], why: "both sides import them" },
  {
    dir: "server/db",
    what: "The database layer",
    forbid: ["server/domain", "server/api", "server/http", "server/app", "app"],
    why: "nothing imports upward",
  },
  {
    dir: "server/domain",
    what: "The domain",
    forbid: ["server/api", "server/http", "server/app", "server/context", "app"],
    packages: [
      "hono",
      "@hono/[^/]+",
      "react",
      "react-dom",
      "react-router",
      "@react-router/[^/]+",
      "react-i18next",
    ],
    why: "it has no HTTP and no React",
  },
  { dir: "server/api", what: "An API router", forbid: ["server/app", "app"], why: "nothing imports upward" },
  {
    dir: "server/http",
    what: "The HTTP layer",
    forbid: ["server/app", "app"],
    why: "nothing imports upward",
  },
  {
    dir: "server/providers",
    what: "An outside service",
    forbid: ["server/domain", "server/api", "server/http", "server/app", "app"],
    why: "providers are interfaces below the domain",
  },
  {
    dir: "server",
    ignores: ["server/{db,domain,api,http,providers}/**"],
    what: "Server code",
    forbid: ["app"],
    why: "pages reach the server only through React Router's build (virtual:react-router/server-build)",
  },
];
// How deep below a layer's folder its files may sit and still be checked (build-tools/layers.test.ts
// fails when a file sits deeper).
export const maxNesting = 6;

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The relative import paths by which a file in `fromDir` reaches the folder or module `target`
 * (both from the repository root). no-restricted-imports sees an import as written, not resolved,
 * so each climb (`../` repeated) that lands on an ancestor of `target` gets its own alternative.
 * `fromDir` may end in `nested` unknown folders: a climb that stays in them cannot reach `target`.
 */
function reaching(fromDir, nested, target) {
  const from = [...fromDir.split("/"), ...Array(nested).fill(null)];
  const to = target.split("/");
  const alternatives = [];
  for (let up = 0; up <= from.length; up++) {
    const base = from.slice(0, from.length - up);
    if (base.length >= to.length || !base.every((part, i) => part === to[i])) continue;
    const climb = up === 0 ? "\\./" : `(\\./)?${"\\.\\./".repeat(up)}`;
    alternatives.push(climb + escapeRegex(to.slice(base.length).join("/")));
  }
  if (target === "app") alternatives.push("~"); // tsconfig's alias for app/
  return `^(${alternatives.join("|")})(/.*|\\.[cm]?[jt]sx?)?$`;
}

// The domain's features (server/domain/<feature>/) are reached only through their index.ts: from
// outside the domain as `…/domain/<feature>`, from another feature as `../<feature>`. A feature's own
// files import each other directly.
const featureFace = "a domain feature is imported through its index (server/domain/<feature>), not its files";
const intoFeatureFromOutside = { regex: "(^|/)domain/[^/]+/[^/]+$", message: `Import ${featureFace}.` };
const intoFeatureFromFeature = { regex: "^\\.\\./[^./][^/]*/.+$", message: `Import ${featureFace}.` };

const layerRules = layers.flatMap((layer) =>
  Array.from({ length: maxNesting + 1 }, (_, nested) => ({
    files: [`${layer.dir}/${"*/".repeat(nested)}*.{ts,tsx,js,mjs}`],
    ignores: [tests, ...(layer.ignores ?? [])],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...layer.forbid.map((target) => ({
              regex: reaching(layer.dir, nested, target),
              message: `${layer.what} may not import ${target}: ${layer.why} (../shared/DESIGN.md).`,
            })),
            layer.dir === "server/domain" && nested === 1 ? intoFeatureFromFeature : intoFeatureFromOutside,
            ...(layer.packages ?? []).map((name) => ({
              regex: `^${name}(/.*)?$`,
              message: `${layer.what} may not import ${name.replace("[^/]+", "*")}: ${layer.why} (../shared/DESIGN.md).`,
            })),
          ],
        },
      ],
    },
  })),
);

// The app's server modules (*.server.ts) sit outside the browser layer, and the benchmarks outside
// every layer; they too reach the domain's features only through their index.
const outsideTheLayers = {
  files: ["app/**/*.server.{ts,tsx}", "bench/**/*.ts"],
  rules: { "no-restricted-imports": ["error", { patterns: [intoFeatureFromOutside] }] },
};

// An error is told apart by its code (error.code, and a refusal's code: ADR 032), never by its text:
// rewording a sentence must not silently change what a router or a screen does.
const errorText =
  "Tell an error by its code (error.code, error.refusal: contract/refusals.ts, ADR 032), never by its text.";
const errorTextComparisons = [
  {
    selector: "BinaryExpression[operator=/^[!=]==?$/] > MemberExpression[property.name='message']",
    message: errorText,
  },
  { selector: "BinaryExpression[operator=/^[!=]==?$/] > Identifier[name='message']", message: errorText },
  {
    selector: "SwitchStatement > MemberExpression.discriminant[property.name='message']",
    message: errorText,
  },
];
const noErrorTextComparisons = {
  files: ["server/**/*.{ts,tsx}", "app/**/*.{ts,tsx}"],
  ignores: [tests],
  rules: { "no-restricted-syntax": ["error", ...errorTextComparisons] },
};

// The browser calls the API through one typed client (app/lib/api.ts), whose paths are checked against
// the contract by the type checker; an address written by hand elsewhere in app/ would not be.
const apiAddress =
  "An API address is written only in app/lib/api.ts: call api.get/post/put/patch/delete, api.file, apiHref or apiFormAction with the contract's path.";
const oneApiClient = {
  files: ["app/**/*.{ts,tsx}"],
  ignores: ["app/lib/api.ts", tests],
  rules: {
    "no-restricted-syntax": [
      "error",
      { selector: "Literal[value=/\\/api\\//]", message: apiAddress },
      { selector: "TemplateElement[value.raw=/\\/api\\//]", message: apiAddress },
      // One rule's options replace another's for the same files: app/ keeps the errors' rule too.
      ...errorTextComparisons,
    ],
  },
};

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      // `import { type A } from "m"` is kept as `import "m"` (verbatimModuleSyntax): the module, and all
      // it imports, would load for a type.
      "@typescript-eslint/no-import-type-side-effects": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
  ...layerRules,
  outsideTheLayers,
  noErrorTextComparisons,
  oneApiClient,
);
