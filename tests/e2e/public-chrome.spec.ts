// The public page and the app's frame as a new family meets them: the portrait's face over the default
// cover, a suspended page told to its owner (a 404 to everyone else), a 404 that speaks first, a small
// portrait warned about, the phone's one-row header, "Free trial" only for those without a page,
// numbers in the reader's language, and a resting page that keeps its candles and its ceremony.
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { addDays, swedishDate } from "../../contract/calendar-days";
import { minimumSecondsBeforePost } from "../../contract/memory-values";
import { signInAs } from "./support/accounts";
import { ownAddress } from "./support/client-address";
import { expect, test, waitForHydration } from "./support/fixtures";
import { asAdmin, endTrial, ownedPage, type OwnedPage } from "./support/pages";
import { appUrl } from "./support/ports";
import { desktop, phone } from "./support/shots";
import { testLocales, text, type TestLocale } from "./support/texts";

const origin = { Origin: appUrl };
const sizes = { phone, desktop } as const;

/** Full-page screenshots of the page as it is, when SHOTS_DIR names a folder. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** A square JPEG of `side` pixels: a green field with a lighter face. */
async function portraitJpeg(side: number): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" viewBox="0 0 480 480">` +
    '<rect width="480" height="480" fill="#6d8b74"/><circle cx="240" cy="200" r="110" fill="#c9d6c3"/></svg>';
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

/** Uploads a portrait for the page as its owner and saves it (and any other `profile` fields). */
async function withPortrait(browser: Browser, owned: OwnedPage, profile: Record<string, unknown> = {}) {
  const context = await browser.newContext({ extraHTTPHeaders: ownAddress() });
  try {
    const headers = { Authorization: `Bearer ${owned.token}`, ...origin };
    const uploaded = await context.request.post("/api/kammare/images", {
      multipart: {
        profileId: owned.id,
        kind: "portrait",
        image: { name: "face.jpg", mimeType: "image/jpeg", buffer: await portraitJpeg(480) },
      },
      headers,
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const portraitImageUrl = ((await uploaded.json()) as { image: { url: string } }).image.url;
    const saved = await context.request.put("/api/kammare/profile", {
      data: { profile: { id: owned.id, portraitImageUrl, ...profile } },
      headers,
    });
    expect(saved.status(), await saved.text()).toBe(200);
  } finally {
    await context.close();
  }
}

async function visitorContext(browser: Browser, locale: TestLocale, viewport = phone) {
  const context = await browser.newContext({ viewport, extraHTTPHeaders: ownAddress() });
  await context.addCookies([
    { name: "locale", value: locale, url: appUrl },
    { name: "analytics_consent", value: "granted", url: appUrl },
  ]);
  return context;
}

/** What the eye sees a few pixels inside the portrait's top edge, at its centre: the portrait itself. */
async function expectPortraitOnTop(page: Page, label: string) {
  const portrait = page.locator("article img.rounded-full").first();
  await portrait.scrollIntoViewIfNeeded();
  await expect(portrait).toBeVisible();
  const cover = page.getByTestId("cover-band").first();
  await expect(cover, `${label}: the default cover is there`).toBeVisible();
  const seen = await portrait.evaluate((image) => {
    // The walkthrough's preview is inert (read-only), and inert content takes no hit test: lifted
    // here, so the test asks only what is painted on top.
    image.closest("[inert]")?.removeAttribute("inert");
    const box = image.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + 3);
    return top === image;
  });
  expect(seen, `${label}: the portrait's top-centre is the portrait, not the cover`).toBe(true);
}

test("the portrait's face is drawn over the default cover: visitor, owner and preview, phone and computer", async ({
  browser,
}) => {
  const live = await ownedPage(browser, { displayName: "Ebba Lind", story: "Ebba sang in the choir." });
  await withPortrait(browser, live);
  const draft = await ownedPage(browser, { displayName: "Ove Lind" }, { publish: false });
  await withPortrait(browser, draft);
  for (const [size, viewport] of Object.entries(sizes)) {
    const visitor = await visitorContext(browser, "en-US", viewport);
    const seen = await visitor.newPage();
    await seen.goto(`/k/${live.id}`);
    await expectPortraitOnTop(seen, `visitor ${size}`);
    await shot(seen, `portrait-visitor-${viewport.width}`);
    await visitor.close();

    const ownerContext = await visitorContext(browser, "sv-SE", viewport);
    const owner = await ownerContext.newPage();
    await signInAs(owner, live.token);
    await owner.goto(`/k/${live.id}`);
    await waitForHydration(owner);
    await expectPortraitOnTop(owner, `owner ${size}`);
    await shot(owner, `portrait-owner-sv-${viewport.width}`);
    // The walkthrough's last step previews the page as it will look.
    await signInAs(owner, draft.token);
    await owner.goto(`/k/${draft.id}`);
    await waitForHydration(owner);
    await expect(owner.getByLabel(text("sv-SE", "publicPage.previewLabel"))).toBeVisible();
    await expectPortraitOnTop(owner, `preview ${size}`);
    await shot(owner, `portrait-preview-sv-${viewport.width}`);
    await ownerContext.close();
  }
});

test("a suspended page tells its owner so and whom to write to; everyone else gets the 404", async ({
  browser,
}) => {
  const owned = await ownedPage(browser, { displayName: "Rut Ek", story: "Rut kept bees." });
  await asAdmin(browser, async (request, token) => {
    const answer = await request.put("/api/admin/profile", {
      data: { id: owned.id, status: "suspended" },
      headers: { Authorization: `Bearer ${token}`, ...origin },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  });
  for (const locale of testLocales) {
    const context = await visitorContext(browser, locale);
    const page = await context.newPage();
    // The public: the spec's 404, with nothing of the page.
    const missing = await page.goto(`/k/${owned.id}`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByTestId("not-found-view")).toBeVisible();
    await expect(page.getByText("Rut kept bees.")).toHaveCount(0);
    await expect(page.getByTestId("suspended-page")).toHaveCount(0);

    // Its owner: what happened, that nothing is lost, and the address to write to.
    await signInAs(page, owned.token, locale);
    const told = await page.goto(`/k/${owned.id}`);
    expect(told?.status()).toBe(200);
    const notice = page.getByTestId("suspended-page");
    await expect(notice.getByRole("heading", { level: 1 })).toHaveText(
      text(locale, "profile.suspended.heading"),
    );
    await expect(notice).toContainText(text(locale, "profile.suspended.lead").replace("{{name}}", "Rut Ek"));
    await expect(notice.getByRole("link", { name: "kvitto@kammare.se" })).toHaveAttribute(
      "href",
      `mailto:kvitto@kammare.se?subject=${owned.id}`,
    );
    await expect(page.getByTestId("not-found-view")).toHaveCount(0);
    await expect(page.getByText("Rut kept bees.")).toHaveCount(0);
    await expect(page.getByText(text(locale, "error.codeLead"))).toHaveCount(0);
    await shot(page, `suspended-owner-${locale}-390`);
    await page.setViewportSize(desktop);
    await shot(page, `suspended-owner-${locale}-1280`);
    await context.close();
  }
});

test("the 404 of a code leads with a sentence and what to do, and keeps the spec's text", async ({
  browser,
}) => {
  for (const locale of testLocales) {
    const context = await visitorContext(browser, locale);
    const page = await context.newPage();
    const answer = await page.goto("/k/ZZZZ9999");
    expect(answer?.status()).toBe(404);
    const view = page.getByTestId("not-found-view");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(locale, "error.codeHeading"));
    await expect(view.getByText(text(locale, "error.notFoundTitle"), { exact: true })).toBeVisible();
    await expect(view).toContainText(
      text(locale, "error.notFoundMessage").replace("{{path}}", "/k/ZZZZ9999"),
    );
    await expect(view.getByText(text(locale, "error.codeContact"))).toBeVisible();
    await shot(page, `not-found-code-${locale}-390`);
    await page.setViewportSize(desktop);
    await shot(page, `not-found-code-${locale}-1280`);
    // Any other address: its own sentence, and the spec's text.
    expect((await page.goto("/no/such/page"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(locale, "error.notFoundHeading"));
    await expect(view).toContainText(
      text(locale, "error.notFoundMessage").replace("{{path}}", "/no/such/page"),
    );
    await shot(page, `not-found-other-${locale}-1280`);
    await context.close();
  }
});

test("a portrait under 400 pixels is taken with a warning, in both languages", async ({ browser }) => {
  const owned = await ownedPage(browser, { displayName: "Lisa Berg" });
  for (const locale of testLocales) {
    const context = await visitorContext(browser, locale, desktop);
    const page = await context.newPage();
    await signInAs(page, owned.token, locale);
    await page.goto(`/k/${owned.id}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: text(locale, "profile.ownerBar.edit") }).click();
    const portrait = page.getByRole("group", { name: text(locale, "profile.editor.portrait") });
    const warning = text(locale, "profile.images.small")
      .replace("{{width}}", "40")
      .replace("{{height}}", "40")
      .replace("{{min}}", "400");
    await portrait.locator("input[type=file]").setInputFiles({
      name: "tiny.jpg",
      mimeType: "image/jpeg",
      buffer: await portraitJpeg(40),
    });
    await expect(page.getByText(warning)).toBeVisible();
    await shot(page, `portrait-small-${locale}-1280`);
    // Only a warning: the picture can still be used.
    await page.getByRole("button", { name: text(locale, "profile.images.crop.use") }).click();
    await expect(page.getByText(text(locale, "profile.images.uploaded"))).toBeAttached();
    await expect(page.getByText(warning)).toHaveCount(0);
    // A picture large enough says nothing.
    await portrait.locator("input[type=file]").setInputFiles({
      name: "large.jpg",
      mimeType: "image/jpeg",
      buffer: await portraitJpeg(480),
    });
    await expect(page.getByRole("button", { name: text(locale, "profile.images.crop.use") })).toBeVisible();
    await expect(
      page.getByText(text(locale, "profile.images.small").split("{{width}}")[0] ?? ""),
    ).toHaveCount(0);
    await context.close();
  }
});

test("on a phone the app's header is one row, its menu holds the rest; 'Free trial' only for those without a page", async ({
  browser,
}) => {
  const owned = await ownedPage(browser, { displayName: "Nils Holm" });
  for (const locale of testLocales) {
    const context = await visitorContext(browser, locale, phone);
    const page = await context.newPage();
    // A visitor signing in: the free trial is offered.
    await page.goto("/login");
    await waitForHydration(page);
    const header = page.locator("header").first();
    expect((await header.boundingBox())?.height).toBeLessThanOrEqual(72);
    await page.getByRole("button", { name: text(locale, "nav.menu") }).click();
    await expect(page.getByRole("link", { name: text(locale, "nav.freeTrial") })).toBeVisible();
    await shot(page, `header-visitor-menu-${locale}-390`);

    // An owner with a page: one row on every app page, and no "Free trial".
    await signInAs(page, owned.token, locale);
    for (const path of ["/account", `/k/${owned.id}/memories`]) {
      await page.goto(path);
      await waitForHydration(page);
      const box = await header.boundingBox();
      expect(box?.height, `${path} ${locale}`).toBeLessThanOrEqual(72);
      await expect(page.getByRole("link", { name: text(locale, "nav.account") })).toBeHidden();
    }
    // The owner's own page has no app header: its owner bar stays on screen, and is one row too.
    await page.goto(`/k/${owned.id}`);
    await waitForHydration(page);
    const bar = page.getByRole("region", { name: text(locale, "profile.ownerBar.label") });
    expect((await bar.boundingBox())?.height, `owner bar ${locale}`).toBeLessThanOrEqual(72);
    await expect(bar.getByRole("button", { name: text(locale, "profile.ownerBar.edit") })).toBeVisible();
    await shot(page, `owner-bar-${locale}-390`);
    await page.goto(`/k/${owned.id}/memories`);
    await waitForHydration(page);
    await shot(page, `header-owner-${locale}-390`);
    const menu = page.getByRole("button", { name: text(locale, "nav.menu") });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("button", { name: text(locale, "nav.signOut") })).toBeVisible();
    await expect(page.getByRole("link", { name: text(locale, "nav.account") })).toBeVisible();
    await expect(page.getByRole("link", { name: text(locale, "nav.freeTrial") })).toHaveCount(0);
    await shot(page, `header-owner-menu-${locale}-390`);
    // Following a link in the menu closes it.
    await page.getByRole("link", { name: text(locale, "nav.account") }).click();
    await expect(page).toHaveURL("/account");
    await expect(menu).toHaveAttribute("aria-expanded", "false");

    // On a computer the controls are in the header itself.
    await page.setViewportSize(desktop);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: text(locale, "nav.signOut") })).toBeVisible();
    await expect(page.getByRole("link", { name: text(locale, "nav.freeTrial") })).toHaveCount(0);
    await shot(page, `header-owner-${locale}-1280`);
    await context.close();
  }
});

test("numbers on the public page are written as the reader's language writes them", async ({ browser }) => {
  const owned = await ownedPage(browser, { displayName: "Karin Sjö", story: "Karin sailed." });
  const written: Record<TestLocale, string> = { "en-US": "2,000", "sv-SE": "2\u00a0000" };
  for (const locale of testLocales) {
    const context = await visitorContext(browser, locale);
    const page = await context.newPage();
    await page.goto(`/k/${owned.id}`);
    const hint = text(locale, "memories.form.textHint").replace("{{max}}", written[locale]);
    await expect(page.getByText(hint)).toBeVisible();
    await context.close();
  }
});

test("a resting page keeps its candles and its ceremony ahead, for visitors in both languages", async ({
  browser,
}) => {
  const owned = await ownedPage(browser, { displayName: "Greta Ahl", story: "Greta grew apples." });
  const today = swedishDate(new Date());
  await withPortrait(browser, owned, {
    birthDate: "1938-02-01",
    deathDate: addDays(today, -5),
    ceremony: {
      date: addDays(today, 3),
      time: "11:00",
      place: "Lunds domkyrka",
      address: "Kyrkogatan 4, Lund",
      livestreamUrl: null,
      note: "",
    },
  });
  // A visitor lights a candle while the page is live (the light page's form, no script).
  const lighting = await visitorContext(browser, "en-US");
  const lit = await lighting.newPage();
  await lit.goto(`/k/${owned.id}`);
  const candles = lit.getByRole("region", { name: "Candles" });
  // A form younger than minimumSecondsBeforePost is refused as a robot's.
  await lit.waitForTimeout((minimumSecondsBeforePost + 0.5) * 1000);
  await candles.getByRole("button", { name: "Light a candle" }).click();
  await expect(lit.getByRole("region", { name: "Candles" }).getByText("1 candle lit")).toBeVisible();
  await lighting.close();

  await endTrial(browser, owned.id);
  for (const locale of testLocales) {
    const context = await visitorContext(browser, locale);
    const page = await context.newPage();
    await page.goto(`/k/${owned.id}`);
    const resting = page.getByTestId("resting-page");
    await expect(resting.getByRole("heading", { level: 1 })).toHaveText("Greta Ahl");
    const kept = resting.getByTestId("resting-candles");
    await expect(kept.getByRole("heading", { name: text(locale, "memories.candles.heading") })).toBeVisible();
    await expect(kept).toContainText(text(locale, "memories.candles.count_one"));
    const ceremony = resting.getByTestId("ceremony-upcoming");
    await expect(ceremony).toContainText("Lunds domkyrka");
    await expect(ceremony).toContainText("Kyrkogatan 4, Lund");
    await shot(page, `resting-candles-${locale}-390`);
    await page.setViewportSize(desktop);
    await shot(page, `resting-candles-${locale}-1280`);
    await context.close();
  }
});
