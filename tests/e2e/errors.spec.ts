// The error pages of spec sections 2 and 8: the 404 view and the 500 view.
import { analyticsEvents, expect, test, waitForHydration } from "./support/fixtures";

test("an unknown path answers 404 with the 404 view and 'Page Not Found: {path}'", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  const view = page.getByTestId("not-found-view");
  await expect(view).toBeVisible();
  await expect(view.getByText("404", { exact: true })).toBeVisible();
  // A person's sentence first; the spec's status message and message stay beside it.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We can't find this page");
  await expect(view.getByText("Page Not Found", { exact: true })).toBeVisible();
  await expect(view).toContainText("Page Not Found: /no/such/page");
  await expect(page.getByTestId("error-view")).toHaveCount(0);
});

test("/404 shows the 404 page", async ({ page }) => {
  const response = await page.goto("/404");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("not-found-view")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We can't find this page");
});

test("a client-side navigation to an unknown path shows the 404 view too", async ({ page }) => {
  await page.goto("/login");
  await waitForHydration(page);
  await page.evaluate(() => {
    const link = document.createElement("a");
    link.href = "/missing-after-navigation";
    link.textContent = "go";
    link.id = "e2e-link";
    document.querySelector("main")?.append(link);
  });
  await page.locator("#e2e-link").click();
  await expect(page.getByTestId("not-found-view")).toContainText("Page Not Found: /missing-after-navigation");
});

test("a failing loader answers 500 with the error view and no stack trace", async ({ page }) => {
  const response = await page.goto("/__e2e/server-error");
  expect(response?.status()).toBe(500);
  const view = page.getByTestId("error-view");
  await expect(view).toBeVisible();
  await expect(view.getByText("500", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Internal Server Error");
  await expect(page.getByTestId("not-found-view")).toHaveCount(0);
  const html = await page.content();
  expect(html).not.toMatch(/\bat .+\.(js|ts|tsx):\d+/);
  expect(html).not.toContain("E2E fixture: the loader failed");
});

test("a render error in the browser shows the error view with its message and reaches the error hook", async ({
  page,
}) => {
  await page.goto("/__e2e/client-error");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Break rendering" }).click();
  const view = page.getByTestId("error-view");
  await expect(view).toBeVisible();
  await expect(view).toContainText("500");
  await expect(view).toContainText("Internal Server Error");
  await expect(view).toContainText("E2E fixture: rendering failed");
  await expect
    .poll(async () =>
      (await analyticsEvents()).some(
        (event) =>
          event.event === "app_error" &&
          event.properties.message === "E2E fixture: rendering failed" &&
          event.properties.path === "/__e2e/client-error",
      ),
    )
    .toBe(true);
});

test("the test fixtures are not reachable with fixtures off by name guessing", async ({ page }) => {
  const response = await page.goto("/__e2e/anything-else");
  expect(response?.status()).toBe(404);
});

test("%00 or a broken escape in a page's address answers the 404 view, which hydrates quietly (or stays light)", async ({
  page,
  problems,
}) => {
  const dataRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".data")) dataRequests.push(request.url());
  });
  for (const path of ["/k/%00", "/%00", "/k/%ED%A0%80", "/no/such%00/page?q=%00"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByTestId("not-found-view")).toBeVisible();
    // A visitor's /k/… page is the light page (ADR 011): no app to hydrate, only the visitor script.
    if (path.startsWith("/k/")) await expect(page.locator("script[type=module]")).toHaveCount(0);
    else await waitForHydration(page);
  }
  // The browser matched the same route the server rendered: it fetched no loader data of its own.
  expect(dataRequests).toEqual([]);
  expect(problems.consoleErrors.filter((text) => !text.includes("404"))).toEqual([]);
});
