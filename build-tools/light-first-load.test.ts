// The first screens a visitor meets (sign-in, sign-up, a partner's welcome) and a memorial page as
// its family sees it load no zod in the browser: its schemas weigh some 30 kB gzip, which these
// screens need not (their checks are plain functions; the page's editor brings zod when it opens). A value import of a schema module from one of them brought it back once (the start-a-page
// box reached contract/partners.ts); this keeps it out. `npm run bench` weighs the whole first load.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { browserModules } from "./module-graph";

const root = path.resolve(import.meta.dirname, "..");
// The document and the layout every one of them renders in.
const frame = ["app/root.tsx", "app/entry.client.tsx", "app/layouts/default.tsx"];
/** The memorial page renders in the public page's layout. */
const publicFrame = ["app/root.tsx", "app/entry.client.tsx", "app/layouts/public-page.tsx"];

describe("the first load of a visitor's first screens", () => {
  for (const screen of [
    "app/routes/auth/login.tsx",
    "app/routes/auth/signup.tsx",
    "app/routes/public/welcome.tsx",
  ]) {
    it(`${screen} reaches no zod before its lazy parts`, () => {
      const modules = browserModules(root, [...frame, screen], { lazy: false });
      expect(modules.size).toBeGreaterThan(10);
      expect([...modules].filter((file) => file === "contract/zod.ts")).toEqual([]);
    });
  }
  // The door's and the keepsake's schemas reached it once through their constants (ADR 025's budget).
  it("app/routes/profile/page.tsx, the owner's page, reaches no zod before its lazy parts", () => {
    const modules = browserModules(root, [...publicFrame, "app/routes/profile/page.tsx"], { lazy: false });
    expect(modules.size).toBeGreaterThan(20);
    expect([...modules].filter((file) => file === "contract/zod.ts")).toEqual([]);
  });
});
