// Analytics through the real posthog-js against the local stand-in: page views, page leaves, flags.
import { randomUUID } from "node:crypto";
import { eventsOfVisitor, expect, pagesLeftBy, test, waitForHydration } from "./support/fixtures";
import { appUrl } from "./support/ports";

test("a page view with the full path on the first load and after every route change", async ({ page }) => {
  const marker = randomUUID();
  await page.goto(`/login?visit=${marker}`);
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Free trial" }).click();
  await expect(page).toHaveURL("/gratis-provperiod");
  await page.goBack();
  await expect(page).toHaveURL(`/login?visit=${marker}`);
  // The address changes at once on going back; the sign-in page replaces the trial page (which has
  // its own "Create an account") only when its data has loaded.
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL("/new");

  await expect
    .poll(async () =>
      (await eventsOfVisitor(marker)).filter((e) => e.event === "$pageview").map((e) => e.properties.path),
    )
    .toEqual([`/login?visit=${marker}`, "/gratis-provperiod", `/login?visit=${marker}`, "/new"]);
  const views = (await eventsOfVisitor(marker)).filter((e) => e.event === "$pageview");
  expect(views.map((e) => e.properties.$current_url)).toEqual([
    `${appUrl}/login?visit=${marker}`,
    `${appUrl}/gratis-provperiod`,
    `${appUrl}/login?visit=${marker}`,
    `${appUrl}/new`,
  ]);
});

test("a page leave with the current address before the window unloads", async ({ page }) => {
  const marker = randomUUID();
  await page.goto(`/gratis-provperiod?visit=${marker}`);
  await waitForHydration(page);
  await expect
    .poll(async () => (await eventsOfVisitor(marker)).some((e) => e.event === "$pageview"))
    .toBe(true);
  await page.goto("about:blank");
  await expect.poll(() => pagesLeftBy(marker)).toEqual([`${appUrl}/gratis-provperiod?visit=${marker}`]);
});

test("feature flags from the analytics host reach components", async ({ page }) => {
  await page.goto("/__e2e/flags");
  await expect(page.getByTestId("flag-on")).toHaveText("true");
  await expect(page.getByTestId("flag-off")).toHaveText("false");
});
