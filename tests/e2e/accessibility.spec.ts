// Accessibility: every page of the route table (app/routes.ts) passes axe-core with no serious or
// critical violation, in English and in Swedish, seen by a viewer who gets the page itself (its
// error page where everyone gets a 404). The list is generated from the route table and the page
// table (support/page-table.ts), so a new page is scanned without a line here.
import type { BrowserContext, Page } from "@playwright/test";
import { adminHome, adminScreens } from "../../app/lib/admin-screens";
import { signInAs } from "./support/accounts";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { expect, test as base, waitForHydration } from "./support/fixtures";
import { ownAddress } from "./support/client-address";
import { actors, concrete, expected, makeViewers, routePatterns } from "./support/page-table";
import type { Actor, Viewers } from "./support/page-table";
import { asAdmin } from "./support/pages";
import { appUrl } from "./support/ports";

/** A test's page, in its worker's context, with the viewers and the consent to start with. */
type Scan = { page: Page; context: BrowserContext; viewers: Viewers; consent: string | null };

const test = base.extend<{ scan: Scan }, { viewers: Viewers; warmPage: Page }>({
  // The viewers are made once a worker: each test then only signs in with a token.
  viewers: [
    async ({ browser }, use) => use(await makeViewers(browser, "Axe")),
    { scope: "worker", timeout: 60_000 },
  ],
  // One page a worker, so its cache and renderer stay warm from test to test (a new context or tab
  // costs each test's first load one to two seconds); each test starts it without cookies or storage.
  warmPage: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ extraHTTPHeaders: ownAddress() });
      await use(await context.newPage());
      await context.close();
    },
    { scope: "worker" },
  ],
  scan: async ({ warmPage: page, viewers, consent }, use) => {
    await page.context().clearCookies();
    if (page.url().startsWith(appUrl)) {
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
    }
    await use({ page, context: page.context(), viewers, consent });
  },
});

const locales = ["en-US", "sv-SE"] as const;
type Locale = (typeof locales)[number];

/** Who is asked first: a visitor, then an owner, the partners, another customer, the admin last. */
const preference: Actor[] = ["anonymous", "customerA", "partnerA", "partnerB", "customerB", "admin"];

/** A page and who is shown it: the first viewer it answers 200, else the first it answers 404. */
type Sight = { pattern: string; viewer: Actor; status: 200 | 404 };

function sightOf(pattern: string): Sight | undefined {
  const row = expected[`/${pattern}`];
  for (const status of [200, 404] as const) {
    const viewer = preference.find((actor) => row?.[actor] === String(status));
    if (viewer) return { pattern, viewer, status };
  }
  return undefined;
}

// design-system.spec.ts scans the admin home and every admin screen in both languages (with their
// breadcrumbs); the admin patterns that are none of them (the 404s) are scanned here.
const scannedByDesignSystem = new Set([adminHome.path, ...adminScreens.map((screen) => screen.path)]);

/** Why a pattern is not scanned here (undefined: it is). */
function leftOutBecause(pattern: string): string | undefined {
  // A fixture of this suite (a 404 in production), no page of the product.
  if (pattern === "__e2e/:fixture") return "a test fixture";
  if (scannedByDesignSystem.has(`/${pattern}`)) return "scanned by design-system.spec.ts";
  return undefined;
}

const sweep = routePatterns
  .filter((pattern) => !leftOutBecause(pattern))
  .map(sightOf)
  .filter((sight) => sight !== undefined);

test("every page of the route table is scanned, or left out for a stated reason", () => {
  expect([...preference].sort()).toEqual([...actors].sort());
  // `{A}` stands for customer A's page, as in the page table's redirects.
  // A redirect to an admin screen (an admin at /welcome goes to /admin) lands on a scanned page too.
  const scanned = new Set([
    ...sweep.map((sight) => concrete(sight.pattern, "{A}")),
    ...scannedByDesignSystem,
  ]);
  const unaccounted = routePatterns.filter((pattern) => {
    if (leftOutBecause(pattern) || sightOf(pattern)) return false;
    // Only a redirect (no page of its own, such as /partner): fine if every viewer is sent to a
    // page that is scanned.
    const cells = Object.values(expected[`/${pattern}`] ?? {});
    return (
      cells.length === 0 ||
      cells.some((cell) => !cell.startsWith("302 ") || !scanned.has(cell.slice(4).split("?")[0] ?? ""))
    );
  });
  expect(unaccounted).toEqual([]);
});

/** Opens the page as its viewer (signed in with `token`, if any) in `locale`; returns a label for it. */
async function visit(
  { page, context, viewers, consent }: Scan,
  { pattern, viewer, status }: Sight,
  token: string | undefined,
  locale: Locale,
): Promise<string> {
  const address = concrete(pattern, viewers.pageOfA);
  if (consent) await context.addCookies([{ name: "analytics_consent", value: consent, url: appUrl }]);
  if (token) await signInAs(page, token, locale);
  else await context.addCookies([{ name: "locale", value: locale, url: appUrl }]);
  const label = `${address} as ${viewer} (${locale})`;
  const response = await page.goto(`${appUrl}${address}`);
  expect(response?.status(), label).toBe(status);
  expect(new URL(page.url()).pathname, label).toBe(address);
  // The light public page (ADR 011) is sent without the app: nothing to hydrate.
  if (await page.evaluate(() => "__reactRouterContext" in window)) await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  return label;
}

/** The page passes axe in each language; with `banner`, with the consent banner showing. */
async function scanInBothLanguages(scan: Scan, sight: Sight, banner = false): Promise<void> {
  // The admin's session, checked by asAdmin's sign-in, which also holds the shared admin for this test.
  const token =
    sight.viewer === "admin"
      ? await asAdmin(scan.context.browser()!, async (_request, session) => session)
      : scan.viewers.tokens[sight.viewer];
  for (const locale of locales) {
    const label = await visit(scan, sight, token, locale);
    if (banner) await expect(scan.page.getByTestId("consent-banner")).toBeVisible();
    await expectNoSeriousAxeViolations(scan.page, banner ? `${label} with the banner` : label);
  }
}

// One test a page, both languages in it, spread over the workers.
for (const sight of sweep) {
  test(`/${sight.pattern} passes axe as ${sight.viewer} (${sight.status}) in both languages`, async ({
    scan,
  }) => scanInBothLanguages(scan, sight));
}

test.describe("with the consent banner showing", () => {
  test.use({ consent: null });

  // The banner is one component; privacy.spec.ts scans it in the app in both languages, and here it
  // is scanned on the light public page (ADR 011), where it is a plain form.
  test("the light public page with the banner passes axe in both languages", async ({ scan }) => {
    const sight = sweep.find((candidate) => candidate.pattern === "k/:id");
    expect(sight, "/k/:id is scanned").toBeDefined();
    await scanInBothLanguages(scan, sight!, true);
  });
});
