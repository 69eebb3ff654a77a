// A page's photos as visitors see them (decisions "A life in pictures"): without JavaScript the grid's
// links and the photo pages' previous and next links page through them; the light page's script opens
// them in a viewer (keyboard, swipe, Back, focus); every image has its size and the grid loads lazily;
// photo pages 404 for what is not on the page; accessible in both languages.
import type { Browser, Page } from "@playwright/test";
import { signInByApi } from "./support/accounts";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { ownAddress } from "./support/client-address";
import { expect, test, waitForHydration } from "./support/fixtures";
import { photoPage, type PhotoPage } from "./support/photo-page";
import { desktop, phone, shoot } from "./support/shots";
import { appUrl } from "./support/ports";

let shared: PhotoPage | null = null;
/** One page with photos for the whole file (made through the API and the fixture once per worker). */
async function pageWithPhotos(browser: Browser): Promise<PhotoPage> {
  shared ??= await photoPage(browser);
  return shared;
}

/** A visitor who has answered the analytics question (so its banner is not in the screenshots). */
async function visitor(browser: Browser, options: Parameters<Browser["newContext"]>[0] = {}) {
  const context = await browser.newContext({ extraHTTPHeaders: ownAddress(), ...options });
  await context.addCookies([{ name: "analytics_consent", value: "granted", url: appUrl }]);
  return context;
}

/** The viewer over the page, as the screen shows it (not the whole page under it), at both sizes. */
async function shootViewer(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const size = page.viewportSize();
  for (const viewport of [desktop, phone]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${dir}/${name}-${viewport.width}.png` });
  }
  if (size) await page.setViewportSize(size);
}

const viewer = (page: Page) => page.locator("dialog[data-photo-viewer]");
const counter = (page: Page) => viewer(page).locator("[data-viewer-counter]");

test("a visitor without JavaScript pages through the photos by their links", async ({ browser }) => {
  const { id, shown } = await pageWithPhotos(browser);
  const context = await visitor(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(`/k/${id}`);
    const grid = page.locator("#photos");
    await expect(grid.getByRole("heading", { level: 2, name: "Photos" })).toBeVisible();
    await expect(grid.getByRole("heading", { level: 3 })).toHaveText([
      "Childhood in Bohuslän",
      "Sahlgrenska years",
      "The garden",
    ]);
    // Shown photos only: the one waiting for approval is not there.
    await expect(grid.locator("a[data-photo]")).toHaveCount(shown.length);
    await expect(grid.getByAltText("Not yet approved")).toHaveCount(0);
    await grid.getByRole("link", { name: "Greta on the jetty at Smögen" }).click();
    await expect(page).toHaveURL(`/k/${id}/photos/${shown[0]}`);
    for (let index = 0; index < shown.length; index++) {
      await expect(page.getByTestId("photo-counter")).toHaveText(`${index + 1} of ${shown.length}`);
      await expect(page).toHaveURL(`/k/${id}/photos/${shown[index]}`);
      if (index === 3) await expect(page.getByText("Album: Sahlgrenska years")).toBeVisible();
      const next = page.locator('a[rel="next"]');
      if (index === shown.length - 1) await expect(next).toHaveCount(0);
      else await next.click();
    }
    await expect(page.getByText("August 2, 2023 · Album: The garden")).toBeVisible();
    await page.locator('a[rel="prev"]').click();
    await expect(page.getByTestId("photo-counter")).toHaveText(`${shown.length - 1} of ${shown.length}`);
    // Back to the grid, at the photo's thumbnail.
    await page.getByRole("link", { name: "All photos" }).click();
    await expect(page).toHaveURL(`/k/${id}#photo-${shown[shown.length - 2]}`);
  } finally {
    await context.close();
  }
});

test("every image has its size; the grid, below the first screen, loads lazily", async ({ browser }) => {
  const { id, shown } = await pageWithPhotos(browser);
  const context = await visitor(browser, { viewport: phone, deviceScaleFactor: 3 });
  const page = await context.newPage();
  try {
    const loaded: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/photos/")) loaded.push(request.url());
    });
    await page.goto(`/k/${id}`);
    const images = page.locator("main img");
    for (const img of await images.all()) {
      if ((await img.getAttribute("data-viewer-image")) !== null) continue;
      await expect(img).toHaveAttribute("width", /^\d+$/);
      await expect(img).toHaveAttribute("height", /^\d+$/);
    }
    const thumbs = page.locator("#photos a[data-photo] img");
    await expect(thumbs).toHaveCount(shown.length);
    for (const img of await thumbs.all()) {
      await expect(img).toHaveAttribute("loading", "lazy");
      await expect(img).toHaveAttribute("decoding", "async");
    }
    // Below the first screen of a phone, after the portrait and the story.
    const top = await page.locator("#photos").evaluate((element) => element.getBoundingClientRect().top);
    expect(top).toBeGreaterThan(phone.height);
    // A 390 px phone, even at three pixels to the point, takes the 320 width (a thumbnail is WebP alone:
    // ADR 038), never a larger one; the viewer and the photo's page take the large ones in AVIF.
    await page.locator("#photos").scrollIntoViewIfNeeded();
    await expect
      .poll(() => thumbs.first().evaluate((img: HTMLImageElement) => img.currentSrc))
      .toMatch(/\/320\.webp$/);
    expect(loaded.filter((url) => /\/(640|1280|2048)\.(avif|webp)$/.test(url))).toEqual([]);
    // The photo's own page: large, eager, sized.
    await page.goto(`/k/${id}/photos/${shown[0]}`);
    const large = page.locator("[data-photo-page] img");
    await expect(large).toHaveAttribute("width", /^\d+$/);
    await expect(large).not.toHaveAttribute("loading", "lazy");
    // Sized for the screen: 390 px at three pixels to the point takes the 1280 width (AVIF).
    await expect
      .poll(() => large.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
      .toMatch(/\/1280\.avif$/);
  } finally {
    await context.close();
  }
});

test("photo pages answer 404 for what is not a photo shown on the page", async ({ browser, request }) => {
  const { id, shown, pending } = await pageWithPhotos(browser);
  expect((await request.get(`/k/${id}/photos/${shown[0]}`)).status()).toBe(200);
  const other = await photoPage(browser);
  for (const path of [
    `/k/${id}/photos/${pending[0]}`,
    `/k/${id}/photos/${other.shown[0]}`,
    `/k/${id}/photos/${crypto.randomUUID()}`,
    `/k/${id}/photos/nope`,
    `/k/${id}/photos/%00`,
    `/k/${id}/photos/${shown[0]}%00`,
    `/k/ZZZZZZZZ/photos/${shown[0]}`,
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text()).toContain("Page Not Found");
  }
  // A page not yet published: its photos are its owner's only, as the page is.
  const draft = await photoPage(browser, { publish: false });
  expect((await request.get(`/k/${draft.id}/photos/${draft.shown[0]}`)).status()).toBe(404);
  const context = await visitor(browser);
  try {
    const owner = await context.newPage();
    await signInByApi(owner, draft.owner);
    expect((await owner.goto(`/k/${draft.id}/photos/${draft.shown[0]}`))?.status()).toBe(200);
    await expect(owner.getByTestId("photo-counter")).toHaveText(`1 of ${draft.shown.length}`);
  } finally {
    await context.close();
  }
});

test("the viewer: keyboard, focus kept and given back, the address follows, Back closes", async ({
  browser,
}) => {
  const { id, shown } = await pageWithPhotos(browser);
  const context = await visitor(browser);
  const page = await context.newPage();
  try {
    await page.goto(`/k/${id}`);
    // The light page: no app, the visitor script only.
    await expect(page.locator('script[type="module"]')).toHaveCount(0);
    const first = page.locator("#photos a[data-photo]").first();
    await first.focus();
    await page.keyboard.press("Enter");
    await expect(viewer(page)).toBeVisible();
    await expect(viewer(page)).toHaveAccessibleName("Photos of Greta Lindqvist");
    await expect(counter(page)).toHaveText(`1 of ${shown.length}`);
    await expect(viewer(page).locator("[data-viewer-caption]")).toHaveText("Greta on the jetty at Smögen");
    await expect(viewer(page).locator("[data-viewer-date]")).toHaveText("July 1938");
    await expect(page).toHaveURL(`/k/${id}/photos/${shown[0]}`);
    await expect(viewer(page).getByRole("button", { name: "Close" })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(counter(page)).toHaveText(`3 of ${shown.length}`);
    await expect(page).toHaveURL(`/k/${id}/photos/${shown[2]}`);
    await page.keyboard.press("ArrowLeft");
    await expect(counter(page)).toHaveText(`2 of ${shown.length}`);
    // The photo without a caption says its date instead.
    await expect(viewer(page).locator("img[data-viewer-image]")).toHaveAttribute("alt", "Photo from 1940");
    await expect(viewer(page).locator("img[data-viewer-image]")).toHaveJSProperty("complete", true);
    // Focus stays inside: round the viewer's three buttons and back.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest("dialog[data-photo-viewer]"))).toBe(
        true,
      );
    }
    await page.keyboard.press("Escape");
    await expect(viewer(page)).toBeHidden();
    await expect(page).toHaveURL(`/k/${id}`);
    // Focus back on the thumbnail of the photo last shown.
    await expect(page.locator(`#photo-${shown[1]}`)).toBeFocused();

    // Back closes the viewer and leaves the visitor on the page.
    await page.locator(`#photo-${shown[5]}`).click();
    await expect(counter(page)).toHaveText(`6 of ${shown.length}`);
    await viewer(page).getByRole("button", { name: "Next photo" }).click();
    await expect(counter(page)).toHaveText(`7 of ${shown.length}`);
    await page.goBack();
    await expect(viewer(page)).toBeHidden();
    await expect(page).toHaveURL(`/k/${id}`);
    // A shared link opens that photo's own page.
    await page.goto(`/k/${id}/photos/${shown[6]}`);
    await expect(page.getByTestId("photo-counter")).toHaveText(`7 of ${shown.length}`);
    await page.keyboard.press("ArrowRight");
    await expect(page).toHaveURL(`/k/${id}/photos/${shown[7]}`);
  } finally {
    await context.close();
  }
});

test("the viewer on a phone: a swipe left shows the next photo, right the previous", async ({ browser }) => {
  const { id, shown } = await pageWithPhotos(browser);
  const context = await visitor(browser, {
    viewport: phone,
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
  });
  const page = await context.newPage();
  try {
    await page.goto(`/k/${id}`);
    await page.locator("#photos a[data-photo]").first().tap();
    await expect(counter(page)).toHaveText(`1 of ${shown.length}`);
    const swipe = (from: number, to: number) =>
      page.locator("[data-viewer-stage]").evaluate(
        (stage, [start, end]) => {
          const at = (type: string, x: number) =>
            stage.dispatchEvent(
              new PointerEvent(type, {
                pointerId: 7,
                pointerType: "touch",
                clientX: x,
                clientY: 400,
                bubbles: true,
              }),
            );
          at("pointerdown", start ?? 0);
          at("pointermove", ((start ?? 0) + (end ?? 0)) / 2);
          at("pointerup", end ?? 0);
        },
        [from, to],
      );
    await swipe(320, 80);
    await expect(counter(page)).toHaveText(`2 of ${shown.length}`);
    await swipe(300, 120);
    await expect(counter(page)).toHaveText(`3 of ${shown.length}`);
    await swipe(80, 320);
    await expect(counter(page)).toHaveText(`2 of ${shown.length}`);
    // A small move is a tap, not a swipe.
    await swipe(200, 185);
    await expect(counter(page)).toHaveText(`2 of ${shown.length}`);
    await shootViewer(page, "photos-viewer-phone");
    await viewer(page).getByRole("button", { name: "Close" }).tap();
    await expect(viewer(page)).toBeHidden();
  } finally {
    await context.close();
  }
});

test("the page's owner, in the app, opens the same viewer", async ({ browser }) => {
  const owned = await pageWithPhotos(browser);
  const context = await visitor(browser);
  const page = await context.newPage();
  try {
    await signInByApi(page, owned.owner);
    await page.goto(`/k/${owned.id}`);
    await waitForHydration(page);
    // The app loads the viewer after the page; until then a thumbnail is a plain link.
    await expect(page.locator("#photos[data-viewer-ready]")).toHaveCount(1);
    await page.locator("#photos a[data-photo]").nth(1).click();
    await expect(counter(page)).toHaveText(`2 of ${owned.shown.length}`);
    await expect(page).toHaveURL(`/k/${owned.id}/photos/${owned.shown[1]}`);
    await page.keyboard.press("ArrowRight");
    await expect(counter(page)).toHaveText(`3 of ${owned.shown.length}`);
    await page.keyboard.press("Escape");
    await expect(viewer(page)).toBeHidden();
    await expect(page).toHaveURL(`/k/${owned.id}`);
    await expect(page.locator(`#photo-${owned.shown[2]}`)).toBeFocused();
  } finally {
    await context.close();
  }
});

for (const locale of ["en-US", "sv-SE"] as const) {
  test(`the page with photos, a photo page and the viewer are accessible (${locale})`, async ({
    browser,
  }) => {
    const { id, shown } = await pageWithPhotos(browser);
    const context = await visitor(browser, { locale });
    const page = await context.newPage();
    try {
      await page.goto(`/k/${id}`);
      await expect(page.locator("#photos h2")).toHaveText(locale === "sv-SE" ? "Bilder" : "Photos");
      await expectNoSeriousAxeViolations(page, `${locale} page`);
      if (locale === "en-US") await shoot(page, "photos-page");
      await page.goto(`/k/${id}/photos/${shown[4]}`);
      await expect(page.getByTestId("photo-counter")).toHaveText(locale === "sv-SE" ? "5 av 9" : "5 of 9");
      await expect(page).toHaveTitle(
        locale === "sv-SE"
          ? "Greta Lindqvist – bild 5 av 9 – Kammare"
          : "Greta Lindqvist – photo 5 of 9 – Kammare",
      );
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/1280\.webp$/);
      await expectNoSeriousAxeViolations(page, `${locale} photo page`);
      if (locale === "en-US") await shoot(page, "photos-photo-page");
      await page.goto(`/k/${id}`);
      await page.locator("#photos a[data-photo]").first().click();
      await expect(
        viewer(page).getByRole("button", { name: locale === "sv-SE" ? "Stäng" : "Close" }),
      ).toBeFocused();
      await expectNoSeriousAxeViolations(page, `${locale} viewer`);
      if (locale === "en-US") await shootViewer(page, "photos-viewer");
    } finally {
      await context.close();
    }
  });
}
