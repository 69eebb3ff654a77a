// The static copy in a browser (ADR 046): the exported folder served by a plain file server (no app),
// opened in Chromium as a visitor who scanned the code: the page shows, its images load, a photo link
// works, an unknown path gets the copy's 404 page. And the page that says what a family can count on
// (/continuity, /kontinuitet), in both languages, linked from the footer.
import { expectNoSeriousAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { appUrl } from "./support/ports";
import { shoot } from "./support/shots";
import { makeStaticCopy, removeCopy, serveFolder, type StaticCopy } from "./support/static-copy";

test.describe("the static copy, served as plain files", () => {
  let copy: StaticCopy;
  let host: Awaited<ReturnType<typeof serveFolder>>;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    copy = await makeStaticCopy();
    host = await serveFolder(copy.dir);
  });
  test.afterAll(async () => {
    await host?.close();
    if (copy) await removeCopy(copy);
  });

  test("shows the page with its images, follows a photo link and answers an unknown path with 404", async ({
    page,
  }) => {
    expect(copy.summary.deadLinks).toEqual([]);
    const failed: string[] = [];
    page.on("requestfailed", (request) => failed.push(request.url()));
    page.on("response", (response) => {
      if (response.status() >= 400 && !response.url().endsWith("/no-such-page")) failed.push(response.url());
    });
    await page.goto(`${host.url}/k/${copy.pageId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Greta Lindqvist" })).toBeVisible();
    await expect(page.getByText("She sang in the cathedral choir for fifty years.")).toBeVisible();
    await expect(page.getByText("Sahlgrenska")).toBeVisible();
    await expect(page.getByText("Thank you for the songs.")).toBeVisible();
    await expect(page.getByTestId("static-copy-note")).toBeVisible();
    await expect(page.locator("form")).toHaveCount(0);
    await expect(page.locator("script")).toHaveCount(0);
    // Every picture on the page is there and drawn (the photo viewer's empty frame, for a script, is hidden).
    const photoLinks = page.locator(`a[href^="/k/${copy.pageId}/photos/"]`);
    await expect(photoLinks).toHaveCount(copy.photoIds.length);
    await photoLinks.first().scrollIntoViewIfNeeded();
    const images = page.locator("img:visible");
    expect(await images.count()).toBeGreaterThan(0);
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
        .toBeGreaterThan(0);
    }
    await page.goto(`${host.url}/k/${copy.pageId}`);
    await shoot(page, "static-copy-page");

    await photoLinks.first().click();
    await expect(page).toHaveURL(new RegExp(`/k/${copy.pageId}/photos/`));
    const photo = page.locator("main img").first();
    await expect
      .poll(() => photo.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
      .toBeGreaterThan(0);
    await shoot(page, "static-copy-photo");
    expect(failed).toEqual([]);

    const missing = await page.goto(`${host.url}/k/${copy.pageId}/no-such-page`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Sidan finns inte här" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "This page is not here" })).toBeVisible();
    await expectNoSeriousAxeViolations(page, "static 404");
  });
});

test.describe("what a family can count on", () => {
  for (const [locale, address, heading, link] of [
    ["en-US", "/continuity", "A page that lasts as long as the grave", "If the service stops"],
    ["sv-SE", "/kontinuitet", "En sida som finns kvar lika länge som graven", "Om tjänsten upphör"],
  ] as const) {
    test(`says it in ${locale}, reached from the footer`, async ({ page, context }) => {
      await context.addCookies([{ name: "locale", value: locale, url: appUrl }]);
      await page.goto(`${appUrl}/privacy`);
      await page.getByRole("contentinfo").getByRole("link", { name: link }).click();
      await expect(page).toHaveURL(`${appUrl}${address}`);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      for (const point of ["keepsake", "static", "lapse", "frozen", "publicOnly", "someone"]) {
        await expect(page.getByTestId(`continuity-${point}`)).toBeVisible();
      }
      await expect(page.locator("main")).not.toContainText("{{");
      await expectNoSeriousAxeViolations(page, `continuity ${locale}`);
      await shoot(page, `continuity-${locale}`);
    });
  }
});
