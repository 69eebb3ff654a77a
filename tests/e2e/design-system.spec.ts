// The face of the product in a real browser: its own fonts (from our origin only), the admin screens'
// page headers and breadcrumbs, status badges in words, tables that never cut a column off, toasts
// that are read out, wait while hovered and go, and no serious accessibility problem in either language.
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./support/fixtures";
import { signInByApi } from "./support/accounts";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { admin, appUrl } from "./support/ports";
import { text, type TestLocale } from "./support/texts";
import { adminScreens } from "../../app/lib/admin-screens";

async function useLocale(page: Page, locale: TestLocale) {
  await page.context().addCookies([{ name: "locale", value: locale, url: appUrl }]);
}

/**
 * A new page, made through the admin API with the admin's bearer token: a draft of the admin's own,
 * since a page without an owner takes no status but suspended.
 */
async function newProfile(page: Page, token: string): Promise<string> {
  const response = await page.request.post("/api/admin/profiles", {
    data: { count: 1, ownerEmail: admin.email },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { profiles: { id: string }[] }).profiles[0]?.id as string;
}

test("the product's own fonts are loaded, preloaded, and fetched from no other host", async ({ page }) => {
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    const host = new URL(request.url()).hostname;
    if (!["localhost", "127.0.0.1"].includes(host) && !request.url().startsWith("data:"))
      elsewhere.push(request.url());
  });
  await page.goto("/login");
  await page.evaluate(() => document.fonts.ready);
  const fonts = await page.evaluate(() => ({
    loaded: [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family),
    interReady: document.fonts.check('16px "Inter"'),
    literataReady: document.fonts.check('600 30px "Literata"'),
    body: getComputedStyle(document.body).fontFamily,
    heading: getComputedStyle(document.querySelector("h1") as Element).fontFamily,
    preloads: [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]')].map(
      (link) => ({
        href: new URL(link.href).pathname,
        crossOrigin: link.crossOrigin,
      }),
    ),
  }));
  expect(fonts.loaded).toEqual(expect.arrayContaining(["Inter", "Literata"]));
  expect(fonts.interReady && fonts.literataReady).toBe(true);
  expect(fonts.body).toMatch(/^"?Inter"?,/);
  expect(fonts.heading).toMatch(/^"?Literata"?,/);
  // Fingerprinted by the build (a content hash in the name, so they are cached for good).
  expect(fonts.preloads).toEqual([
    {
      href: expect.stringMatching(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/),
      crossOrigin: "anonymous",
    },
    {
      href: expect.stringMatching(/^\/assets\/literata-latin-wght-normal-[\w-]+\.woff2$/),
      crossOrigin: "anonymous",
    },
  ]);
  const font = await page.request.get(fonts.preloads[0]?.href as string);
  expect(font.headers()["content-type"]).toBe("font/woff2");
  expect(font.headers()["cache-control"]).toContain("immutable");
  expect(elsewhere).toEqual([]);
});

// One test a screen, both languages in it: each is two page loads and two axe scans, and a loop over
// every screen would outgrow a test's time on a busy machine as the admin gains screens. One sign-in
// serves both languages.
for (const screen of adminScreens) {
  test(`${screen.path} has its page header and breadcrumbs, and passes axe, in both languages`, async ({
    page,
  }) => {
    await signInByApi(page, admin);
    for (const locale of ["en-US", "sv-SE"] as const) {
      await useLocale(page, locale);
      await page.goto(screen.path);
      await waitForHydration(page);
      const trail = page.getByRole("navigation", { name: text(locale, "breadcrumbs.label") });
      await expect(trail.getByRole("link", { name: text(locale, "admin.home") })).toHaveAttribute(
        "href",
        "/admin",
      );
      await expect(trail.locator('[aria-current="page"]')).toHaveText(text(locale, screen.label));
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expectNoSeriousAxeViolations(page, `${screen.path} (${locale})`);
    }
  });
}

for (const locale of ["en-US", "sv-SE"] as const) {
  test(`the admin home starts the trail, so it has none; it has its one heading and passes axe (${locale})`, async ({
    page,
  }) => {
    await signInByApi(page, admin);
    await useLocale(page, locale);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(locale, "admin.heading"));
    await expectNoSeriousAxeViolations(page, `/admin (${locale})`);
  });
}

test("a page's history shows every reason in full at 1280x800, and statuses as badges in words", async ({
  page,
}) => {
  const session = await signInByApi(page, admin);
  const id = await newProfile(page, session.access_token);
  const reason =
    "The customer called and asked us to hold the page while the family agrees on the wording of the story; " +
    "they will publish it themselves next week, after the funeral on Friday, and then pay by invoice.";
  const put = await page.request.put("/api/admin/profile", {
    data: { id, status: "past_due", reason },
    headers: { Authorization: `Bearer ${session.access_token}` },
  });
  expect(put.ok()).toBe(true);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/admin/profile-admin?id=${id}`);
  await waitForHydration(page);
  const history = page.getByRole("region", { name: "Status changes, newest first" });
  const cell = history.getByRole("cell", { name: reason });
  await expect(cell).toBeVisible();
  // Nothing to scroll to: the table fits its box, and the reason's cell lies inside the box.
  const fit = await history.evaluate((box) => ({ scroll: box.scrollWidth, client: box.clientWidth }));
  expect(fit.scroll).toBeLessThanOrEqual(fit.client);
  const boxRect = (await history.boundingBox())!;
  const cellRect = (await cell.boundingBox())!;
  expect(cellRect.x + cellRect.width).toBeLessThanOrEqual(boxRect.x + boxRect.width + 0.5);
  expect(await cell.evaluate((td) => td.scrollWidth <= td.clientWidth)).toBe(true);
  // The region can still be reached and scrolled by keyboard when a narrow screen needs it.
  await expect(history).toHaveAttribute("tabindex", "0");
  // A page with its details, badges and history passes axe too, in both languages.
  for (const locale of ["en-US", "sv-SE"] as const) {
    await useLocale(page, locale);
    await page.reload();
    await waitForHydration(page);
    await expectNoSeriousAxeViolations(page, locale);
  }
  await useLocale(page, "en-US");
  await page.reload();

  // Badges say the status in words, in the details and in each row of the history.
  await expect(page.locator('dd [data-status="past_due"]')).toHaveText("Payment due");
  const latest = history.locator("tbody tr").first();
  await expect(latest.locator('[data-status="draft"]')).toHaveText("Draft");
  await expect(latest.locator('[data-status="past_due"]')).toHaveText("Payment due");

  // And in the list.
  await page.goto(`/admin/profiles/list?q=${id}`);
  await expect(page.getByRole("region", { name: "Pages" }).locator('[data-status="past_due"]')).toHaveText(
    "Payment due",
  );

  // On a phone the history scrolls sideways inside its region; the page itself does not.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/profile-admin?id=${id}`);
  await waitForHydration(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByText("Scroll sideways to see every column.")).toBeVisible();
});

test("a result is a toast: read out politely, waits while hovered, dismissible, and goes by itself", async ({
  page,
}) => {
  const session = await signInByApi(page, admin);
  const id = await newProfile(page, session.access_token);
  await page.clock.install();
  await page.goto(`/admin/profile-admin?id=${id}`);
  await waitForHydration(page);
  const region = page.getByRole("region", { name: "Notifications" });
  await expect(region.locator('[aria-live="polite"]')).toHaveCount(1);

  const change = async (label: string) => {
    await page.getByLabel("New status").selectOption({ label });
    await page.getByRole("button", { name: "Change status" }).click();
    await expect(region.getByText("The status is changed.")).toBeVisible();
  };

  // Goes by itself after a while.
  await change("Free trial");
  await page.clock.fastForward(7000);
  await expect(region.getByText("The status is changed.")).toHaveCount(0);

  // Waits while the pointer is on it, then goes.
  await change("Active");
  await region.getByText("The status is changed.").hover();
  await page.clock.fastForward(15_000);
  await expect(region.getByText("The status is changed.")).toBeVisible();
  await page.mouse.move(5, 5);
  await page.clock.fastForward(7000);
  await expect(region.getByText("The status is changed.")).toHaveCount(0);

  // Dismissed by its button, focus handed back to the page.
  await change("Resting");
  await region.getByRole("button", { name: "Dismiss" }).click();
  await expect(region.getByText("The status is changed.")).toHaveCount(0);
  await expect(page.locator("main")).toBeFocused();
});
