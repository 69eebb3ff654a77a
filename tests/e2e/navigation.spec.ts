// The single-page app: client navigation without a full reload, and the build check.
import { expect, isSameDocument, markDocument, test, waitForHydration } from "./support/fixtures";

test("links navigate on the client without reloading the page", async ({ page }) => {
  await page.goto("/login");
  await waitForHydration(page);
  await markDocument(page);
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL("/new");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create an account");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Free trial" }).click();
  await expect(page).toHaveURL("/gratis-provperiod");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Free trial for 30 days");
  await page.goBack();
  await expect(page).toHaveURL("/new");
  // Back is a popstate: the address changes at once, the page once its route has loaded.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create an account");
  await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/login");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  expect(await isSameDocument(page)).toBe(true);
});

test("after a newer build is seen, the next navigation loads the target as a full page, at most once per 10 s", async ({
  page,
}) => {
  await page.clock.install();
  let buildChecks = 0;
  await page.route("**/api/build", async (route) => {
    buildChecks++;
    await route.fulfill({ json: { buildId: "a-newer-build" } });
  });
  await page.goto("/login");
  await waitForHydration(page);

  // Within the hour nothing is checked and navigation stays on the client.
  await markDocument(page);
  await page.clock.fastForward("30:00");
  expect(buildChecks).toBe(0);
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL("/new");
  expect(await isSameDocument(page)).toBe(true);

  // The hourly check finds a newer build: the next navigation is a full page load of the target.
  await page.clock.fastForward("31:00");
  await expect.poll(() => buildChecks).toBe(1);
  await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/login");
  await waitForHydration(page);
  expect(await isSameDocument(page)).toBe(false);

  // A newer build again, but a forced load happened 5 s ago (as just above): the guard keeps this
  // navigation on the client, so a broken deploy cannot make the app load pages in a loop.
  await markDocument(page);
  await page.clock.fastForward("01:00:01");
  await expect.poll(() => buildChecks).toBe(2);
  const setLastForcedLoad = (secondsAgo: number) =>
    page.evaluate(
      (ago) => sessionStorage.setItem("kammare:last-forced-load", String(Date.now() - ago * 1000)),
      secondsAgo,
    );
  await setLastForcedLoad(5);
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL("/new");
  expect(await isSameDocument(page)).toBe(true);

  // Past the 10 s guard the next navigation is a full load again.
  await setLastForcedLoad(11);
  await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/login");
  await waitForHydration(page);
  expect(await isSameDocument(page)).toBe(false);
});

test("when a page's code fails to load during navigation, the target route loads as a full page", async ({
  page,
}) => {
  await page.goto("/login");
  await waitForHydration(page);
  await markDocument(page);
  // The free-trial page's code is gone once (as after a deploy); the full load then gets it.
  let failed = false;
  await page.route(/\/assets\/free-trial-[^/]+\.js$/, async (route) => {
    if (failed) return route.continue();
    failed = true;
    await route.abort("failed");
  });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Free trial" }).click();
  await expect(page).toHaveURL("/gratis-provperiod");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Free trial for 30 days");
  expect(failed).toBe(true);
  expect(await isSameDocument(page)).toBe(false);
});
