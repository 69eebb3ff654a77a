// Playwright fixtures: every page records console errors and CSP violations, and tests can read
// what the analytics stand-in received.
import { test as base, expect, type Page } from "@playwright/test";
import type { RecordedEvent } from "./analytics-stand-in";
import { releaseAdmin } from "./admin-lock";
import { ownAddress } from "./client-address";
import { analyticsUrl, appUrl } from "./ports";

type Problems = { consoleErrors: string[]; cspViolations: string[] };

type Fixtures = {
  problems: Problems;
  clientAddress: string;
  adminLock: void;
  /**
   * The visitor's answer to the analytics question before the test starts: "granted" unless a test
   * says otherwise (`test.use({ consent: null })` for a first visit), so the banner stays out of the
   * way of the tests about other things (tests/e2e/consent.spec.ts tests it).
   */
  consent: "granted" | "denied" | null;
  consentCookie: void;
};

export const test = base.extend<Fixtures>({
  consent: ["granted", { option: true }],
  consentCookie: [
    async ({ context, consent }, use) => {
      if (consent) await context.addCookies([{ name: "analytics_consent", value: consent, url: appUrl }]);
      await use();
    },
    { auto: true },
  ],
  // A test that used the shared admin lets it go when it ends (support/admin-lock.ts).
  adminLock: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use();
      await releaseAdmin();
    },
    { auto: true },
  ],
  // Every test browses from an address of its own (the app trusts X-Forwarded-For in this suite).
  clientAddress: [
    async ({ context }, use) => {
      const header = ownAddress();
      await context.setExtraHTTPHeaders(header);
      await use(header["X-Forwarded-For"] as string);
    },
    { auto: true },
  ],
  problems: async ({ page }, use) => {
    const problems: Problems = { consoleErrors: [], cspViolations: [] };
    page.on("console", (message) => {
      if (message.type() === "error") problems.consoleErrors.push(message.text());
    });
    await page.exposeFunction("__reportCspViolation", (text: string) => problems.cspViolations.push(text));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const report = (window as unknown as { __reportCspViolation: (text: string) => void })
          .__reportCspViolation;
        report(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    await use(problems);
  },
});

export { expect };

/** Everything the analytics stand-in has received so far. */
export async function analyticsEvents(): Promise<RecordedEvent[]> {
  const response = await fetch(`${analyticsUrl}/__events`);
  return ((await response.json()) as { events: RecordedEvent[] }).events;
}

/** The events of the browser whose first page view had `marker` in its URL. */
export async function eventsOfVisitor(marker: string): Promise<RecordedEvent[]> {
  const all = await analyticsEvents();
  const first = all.find((event) => String(event.properties.$current_url ?? "").includes(marker));
  if (!first?.distinct_id) return [];
  return all.filter((event) => event.distinct_id === first.distinct_id);
}

/** The addresses the visitor with `marker` left pages from, as its page-leave events name them. */
export async function pagesLeftBy(marker: string): Promise<unknown[]> {
  return (await eventsOfVisitor(marker))
    .filter((event) => event.event === "$pageleave")
    .map((event) => event.properties.$current_url);
}

/** Sets a marker on window that survives client navigation and vanishes on a full page load. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}

export async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
}

/**
 * Waits until React has hydrated the page (links are then handled by the router) and has revealed
 * every part the server streamed. React 19 reveals streamed parts in batches a frame or up to 300 ms
 * after they arrive, even after the load event: until then a part's server HTML waits in a hidden
 * `<div id="S:n">` at the end of the body, beside the copy the client may already have rendered
 * (a label then matched twice: the CI failure of the walkthrough's preview).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.documentElement as unknown as Record<string, unknown>;
    const hydrated = Object.keys(root).some(
      (key) => key.startsWith("__reactContainer") || key.startsWith("__reactFiber"),
    );
    return hydrated && document.querySelector('body > div[hidden][id^="S:"]') === null;
  });
}
