// The first screens a visitor meets (sign-in, sign-up, a partner's welcome) and a memorial page as its
// family sees it load no zod in the browser: its schemas weigh some 30 kB gzip, which these screens
// need not (their checks are plain functions; the page's editor brings zod when it opens). A value
// import of a schema module brought it back twice (the start-a-page box reached contract/partners.ts;
// the door's and the keepsake's constants, ADR 025); this keeps it out. `npm run bench` weighs the whole first load.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { browserModules } from "./module-graph";

const root = path.resolve(import.meta.dirname, "..");
// The document, and the layout each screen renders in.
const document = ["app/root.tsx", "app/entry.client.tsx"];
const defaultLayout = "app/layouts/default.tsx";

describe("the first load of a visitor's first screens", () => {
  for (const { screen, layout, fewestModules } of [
    { screen: "app/routes/auth/login.tsx", layout: defaultLayout, fewestModules: 10 },
    { screen: "app/routes/auth/signup.tsx", layout: defaultLayout, fewestModules: 10 },
    { screen: "app/routes/public/welcome.tsx", layout: defaultLayout, fewestModules: 10 },
    // The owner's memorial page, in the public page's layout.
    { screen: "app/routes/profile/page.tsx", layout: "app/layouts/public-page.tsx", fewestModules: 20 },
  ]) {
    it(`${screen} reaches no zod before its lazy parts`, () => {
      const modules = browserModules(root, [...document, layout, screen], { lazy: false });
      expect(modules.size).toBeGreaterThan(fewestModules);
      expect([...modules].filter((file) => file === "contract/zod.ts")).toEqual([]);
    });
  }
});
