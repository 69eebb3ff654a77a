// Video on a memorial page (decisions "A life in pictures", Video; ADR 040) in the browser: a link's
// poster loads nothing from YouTube or Vimeo until it is pressed (mouse or keyboard), on the light page
// and in the app; the page's CSP frames those players only on a page with a link; without JavaScript
// the poster is a plain link; the owner's editor adds a link and uploads a clip that is converted while
// they watch; the clip plays from our own store; accessibility in both languages.
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { signInAs } from "./support/accounts";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { expect, test, waitForHydration } from "./support/fixtures";
import { ownedPage, type OwnedPage } from "./support/pages";
import { appUrl } from "./support/ports";
import { shoot } from "./support/shots";

const origin = { Origin: appUrl };
const youtubeId = "dQw4w9WgXcQ";
/** Any host of the two video sites (their pages, players, thumbnails and video files). */
const videoHosts =
  /(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be|ytimg\.com|googlevideo\.com|vimeo\.com|vimeocdn\.com)$/;

async function addLink(page: Page, owned: OwnedPage, url: string, title = "") {
  const answer = await page.request.post("/api/kammare/videos/links", {
    data: { profileId: owned.id, url, title },
    headers: { Authorization: `Bearer ${owned.token}`, ...origin },
  });
  expect(answer.status(), await answer.text()).toBe(201);
}

/**
 * Every request to the video sites is counted and answered here with an empty page, so the test runs
 * offline and sees exactly what the browser asked them for.
 */
async function watchVideoHosts(context: BrowserContext) {
  const asked: string[] = [];
  await context.route(
    (url) => videoHosts.test(url.hostname),
    (route) => {
      asked.push(route.request().url());
      return route.fulfill({
        status: 200,
        contentType: "text/html",
        body: "<!doctype html><title>player</title>",
      });
    },
  );
  return asked;
}

async function pageWithLinks(browser: Browser, page: Page) {
  const owned = await ownedPage(browser, {
    displayName: "Greta Holm",
    story: "Greta sang i kören i fyrtio år.",
  });
  await addLink(page, owned, `https://youtu.be/${youtubeId}`, "Greta sjunger i kyrkan");
  await addLink(page, owned, "https://vimeo.com/76979871", "Sommaren vid sjön");
  return owned;
}

test("a visitor's light page loads nothing from YouTube or Vimeo until play is pressed, by keyboard too", async ({
  page,
  browser,
  problems,
}) => {
  const owned = await pageWithLinks(browser, page);
  const asked = await watchVideoHosts(page.context());
  const response = await page.goto(`/k/${owned.id}`);
  const csp = response?.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("frame-src https://www.youtube-nocookie.com https://player.vimeo.com");
  // The light page: one classic script, still small with the press in it (ADR 011: at most 20 KB gzip).
  const scripts = await page
    .locator("script[src]")
    .evaluateAll((nodes) => nodes.map((node) => (node as HTMLScriptElement).getAttribute("src") ?? ""));
  expect(scripts).toEqual([expect.stringMatching(/^\/assets\/visitor-script-[\w-]+\.js$/)]);
  const script = await page.request.get(scripts[0] as string);
  expect(gzipSync(await script.body()).length).toBeLessThan(20 * 1024);

  const section = page.getByRole("region", { name: "Video" });
  const play = section.getByRole("link", { name: "Play video: Greta sjunger i kyrkan" });
  await expect(play).toBeVisible();
  await expect(play).toHaveAttribute("href", `https://www.youtube.com/watch?v=${youtubeId}`);
  await expect(section.getByRole("link", { name: "Play video: Sommaren vid sjön" })).toBeVisible();
  // The posters are ours: nothing from either site, not even a thumbnail.
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual([]);
  await expect(page.locator("iframe")).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, "light page, en-US");

  // The keyboard: to the poster, then Enter.
  await play.focus();
  await page.keyboard.press("Enter");
  const player = section.locator("iframe");
  await expect(player).toHaveAttribute(
    "src",
    `https://www.youtube-nocookie.com/embed/${youtubeId}?autoplay=1`,
  );
  await expect(player).toHaveAttribute("title", "Greta sjunger i kyrkan on YouTube");
  await expect(player).toBeFocused();
  await expect.poll(() => asked).toEqual([`https://www.youtube-nocookie.com/embed/${youtubeId}?autoplay=1`]);
  expect(page.url()).toBe(`${appUrl}/k/${owned.id}`);

  // A click on the other one: Vimeo's player, told not to track.
  await section.getByRole("link", { name: "Play video: Sommaren vid sjön" }).click();
  await expect(section.locator("iframe")).toHaveCount(2);
  await expect.poll(() => asked.at(-1)).toBe("https://player.vimeo.com/video/76979871?autoplay=1&dnt=1");
  expect(asked.every((url) => /^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//.test(url))).toBe(
    true,
  );
  expect(problems.cspViolations).toEqual([]);
  expect(problems.consoleErrors).toEqual([]);
});

test("in Swedish the poster says so, and axe finds nothing", async ({ browser, page }) => {
  const owned = await pageWithLinks(browser, page);
  const context = await browser.newContext();
  await context.addCookies([
    { name: "locale", value: "sv-SE", url: appUrl },
    { name: "analytics_consent", value: "denied", url: appUrl },
  ]);
  const asked = await watchVideoHosts(context);
  const visitor = await context.newPage();
  await visitor.goto(`/k/${owned.id}`);
  await expect(visitor.getByRole("link", { name: "Spela upp video: Greta sjunger i kyrkan" })).toBeVisible();
  await expect(visitor.getByText("Spelas från YouTube när du trycker på play")).toBeVisible();
  await expectNoSeriousAxeViolations(visitor, "light page, sv-SE");
  expect(asked).toEqual([]);
  await context.close();
});

test("without JavaScript the poster is a plain link to the video on its site", async ({ browser, page }) => {
  const owned = await pageWithLinks(browser, page);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const asked = await watchVideoHosts(context);
  const visitor = await context.newPage();
  await visitor.goto(`/k/${owned.id}`);
  await expect(visitor.locator("iframe")).toHaveCount(0);
  expect(asked).toEqual([]);
  await visitor.getByRole("link", { name: "Play video: Sommaren vid sjön" }).click();
  await visitor.waitForURL("https://vimeo.com/76979871");
  expect(asked).toEqual(["https://vimeo.com/76979871"]);
  await context.close();
});

test("a page without a video link frames nothing: its CSP has no frame-src", async ({ browser, page }) => {
  const owned = await ownedPage(browser, { displayName: "Olle Berg", story: "Olle byggde båtar." });
  const response = await page.goto(`/k/${owned.id}`);
  expect(response?.headers()["content-security-policy"] ?? "").not.toContain("frame-src");
  await expect(page.getByRole("region", { name: "Video" })).toHaveCount(0);
});

/** A three-second clip from ffmpeg's own test sources (MPEG-4 part 2 and MP2 audio in Matroska). */
async function testClip(): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "kammare-e2e-video-")), "sommar.mkv");
  await promisify(execFile)("ffmpeg", [
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    "testsrc=size=640x360:rate=25:duration=3",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=440:duration=3",
    "-c:v",
    "mpeg4",
    "-q:v",
    "6",
    "-c:a",
    "mp2",
    "-f",
    "matroska",
    file,
  ]);
  return file;
}

test("the owner adds a link and uploads a clip in the editor, sees it converted, and it plays from our store", async ({
  page,
  browser,
  problems,
}) => {
  test.setTimeout(120_000);
  const owned = await ownedPage(browser, { displayName: "Karin Ek", story: "Karin odlade rosor." });
  const asked = await watchVideoHosts(page.context());
  await signInAs(page, owned.token, "en-US");
  await page.goto(`/k/${owned.id}`);
  await waitForHydration(page);
  const panel = page
    .getByRole("region", { name: "Video" })
    .filter({ has: page.getByRole("heading", { name: "Add a link" }) });
  await expect(panel.getByText("No videos yet.")).toBeVisible();
  await expect(panel.getByText("Video uploads are not available on this site.")).toHaveCount(0);

  // A link that is no video is refused at its field, in words.
  await panel.getByLabel("Link to the video").fill("https://example.com/film");
  await panel.getByRole("button", { name: "Add video" }).click();
  await expect(
    panel.getByText("This is not a link to a video on YouTube or Vimeo.", { exact: false }),
  ).toBeVisible();
  await panel.getByLabel("Link to the video").fill(`https://www.youtube.com/watch?v=${youtubeId}`);
  await panel.getByLabel("Title (optional)").first().fill("Karin i trädgården");
  await panel.getByRole("button", { name: "Add video" }).click();
  await expect(panel.getByText("The video is on the page.")).toBeVisible();
  await expect(panel.getByTestId("video-row")).toHaveCount(1);

  // The clip: chosen, uploaded, converted while the editor watches.
  await panel.locator('input[type="file"][name="videoFile"]').setInputFiles(await testClip());
  await expect(panel.getByText("Chosen: sommar.mkv")).toBeVisible();
  await panel.getByLabel("Title (optional)").last().fill("Sommaren 1994");
  await panel.getByRole("button", { name: "Upload" }).click();
  await expect(panel.getByText("Uploaded. The clip is being converted")).toBeVisible();
  const clipRow = panel.getByTestId("video-row").filter({ hasText: "Sommaren 1994" });
  await expect(clipRow.getByText("On the page")).toBeVisible({ timeout: 60_000 });
  // Said once to screen readers when it is ready.
  await expect(panel.getByRole("status").filter({ hasText: "Sommaren 1994: On the page" })).toHaveCount(1);
  await shoot(page, "video-editor");

  // The page after a reload: the clip as a <video> that loads nothing before it is played.
  await page.reload();
  await waitForHydration(page);
  const clip = page.locator("video");
  await expect(clip).toHaveAttribute("preload", "none");
  await expect(clip).toHaveAttribute("width", "640");
  await expect(clip).toHaveAttribute("height", "360");
  await expect(clip).toHaveAttribute(
    "poster",
    new RegExp(`^/uploads/${owned.id}/videos/[\\w-]+-poster\\.jpg$`),
  );
  const source = await clip.locator("source").getAttribute("src");
  expect(source).toMatch(new RegExp(`^/uploads/${owned.id}/videos/[\\w-]+\\.mp4$`));
  // The browser's own player asks for ranges; so do we.
  const part = await page.request.get(source as string, { headers: { Range: "bytes=0-1023" } });
  expect(part.status()).toBe(206);
  expect(part.headers()["content-range"]).toMatch(/^bytes 0-1023\/\d+$/);
  expect((await part.body()).length).toBe(1024);
  const played = await clip.evaluate(async (node) => {
    const video = node as HTMLVideoElement;
    video.muted = true;
    await video.play();
    await new Promise((resolve) => setTimeout(resolve, 500));
    return { time: video.currentTime, width: video.videoWidth };
  });
  expect(played.width).toBe(640);
  expect(played.time).toBeGreaterThan(0);

  // In the app (hydrated), the owner presses play on the link: the player comes only then.
  expect(asked).toEqual([]);
  await page.getByRole("link", { name: "Play video: Karin i trädgården" }).click();
  await expect(page.locator("iframe")).toHaveAttribute(
    "src",
    `https://www.youtube-nocookie.com/embed/${youtubeId}?autoplay=1`,
  );
  await expect.poll(() => asked.length).toBe(1);
  await page.reload();
  await page.getByRole("region", { name: "Video" }).first().scrollIntoViewIfNeeded();
  await shoot(page, "video-section-owner");
  await expectNoSeriousAxeViolations(page, "owner's page with its videos");
  expect(problems.cspViolations).toEqual([]);
  // The one failed load is the refused link's answer (400), on purpose.
  expect(problems.consoleErrors).toEqual([
    "Failed to load resource: the server responded with a status of 400 (Bad Request)",
  ]);

  // A visitor's light page shows the same section.
  const context = await browser.newContext();
  await context.addCookies([{ name: "analytics_consent", value: "denied", url: appUrl }]);
  const visitor = await context.newPage();
  await visitor.goto(`/k/${owned.id}`);
  await visitor.getByRole("region", { name: "Video" }).scrollIntoViewIfNeeded();
  await shoot(visitor, "video-section-visitor");
  await context.close();
});
