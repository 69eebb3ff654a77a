// A visitor's photos with a memory (decisions "A life in pictures"), as people use them: a visitor on a
// phone without JavaScript sends a memory with two photos from the light page's form; the family finds
// them waiting on the moderation screen, shows one and removes the other (asked first); every visitor
// then sees the one, sized, opening at its largest. With the light page's script the form says how many
// photos were chosen, and too many come back as the form's mistake with the text kept.
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { signInAs } from "./support/accounts";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { ownAddress } from "./support/client-address";
import { expect, test, waitForHydration } from "./support/fixtures";
import { ownedPage } from "./support/pages";
import { phone, shoot } from "./support/shots";

const ingrid = { displayName: "Ingrid Sjöberg", subtitle: "1938 – 2025", story: "Ingrid grew roses." };

/** A form younger than this is refused as a robot's (contract: minimumSecondsBeforePost). */
const formAgeMs = 3_200;

async function jpeg(colour: string, width = 1400, height = 1050) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  return { name: `${colour.slice(1)}.jpg`, mimeType: "image/jpeg", buffer };
}

async function visitorPage(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({
    viewport: phone,
    javaScriptEnabled,
    extraHTTPHeaders: ownAddress(),
  });
  return context.newPage();
}

async function fillMemory(page: Page, text: string) {
  const form = page.getByRole("form", { name: "Write a memory" });
  await form.getByLabel("Your name").fill("Maja");
  await form.getByLabel("Your memory").fill(text);
  return form;
}

test("a memory's photos wait for the family, who shows one and removes the other; then every visitor sees it", async ({
  browser,
}) => {
  const owned = await ownedPage(browser, ingrid);
  const page = await visitorPage(browser, false);
  await page.goto(`/k/${owned.id}`);
  await page.waitForTimeout(formAgeMs);
  const form = await fillMemory(page, "Ingrid's roses every June.");
  // The chooser is a button, never the browser's "No file chosen".
  await expect(form.getByText("Choose photos")).toBeVisible();
  await expect(form.getByText("No file chosen")).toHaveCount(0);
  await form
    .getByLabel("Add photos (optional)")
    .setInputFiles([await jpeg("#c0392b"), await jpeg("#2e86c1")]);
  await form.getByRole("button", { name: "Share the memory" }).click();
  await expect(page).toHaveURL(new RegExp(`/k/${owned.id}\\?memory=pending&at=list#memories$`));

  // The family's screen: the memory and both photos, each waiting.
  const owner = await (await browser.newContext({ viewport: phone })).newPage();
  await signInAs(owner, owned.token);
  await owner.goto(`/k/${owned.id}/memories`);
  await waitForHydration(owner);
  const card = owner.locator("article").filter({ hasText: "Ingrid's roses every June." });
  await expect(card.getByText("Waiting for you", { exact: true })).toHaveCount(2);
  const photos = card.locator("[data-memory-photo] img");
  await expect(photos).toHaveCount(2);
  await expect(photos.first()).toHaveJSProperty("complete", true);
  expect(await photos.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shoot(owner, "memory-photos-moderation");
  await card.getByRole("button", { name: "Show on the page photo 1 of 2 from Maja" }).click();
  await expect(card.getByText("On the page", { exact: true })).toBeVisible();
  await card.getByRole("button", { name: "Remove photo 2 of 2 from Maja" }).click();
  const dialog = owner.getByRole("dialog", { name: "Remove this photo?" });
  await dialog.getByRole("button", { name: "Remove the photo" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.locator("[data-memory-photo]")).toHaveCount(1);
  await expect(card.getByText("On the page", { exact: true })).toBeVisible();
  // The memory itself is the family's to show, as ever.
  await card.getByRole("button", { name: "Show the memory from Maja" }).click();

  // Every visitor: the memory with its one photo, sized, a link to its largest.
  const reader = await visitorPage(browser, false);
  await reader.goto(`/k/${owned.id}`);
  const item = reader.getByRole("region", { name: "Memories" }).getByRole("listitem").filter({
    hasText: "Ingrid's roses every June.",
  });
  const shown = item.getByRole("list", { name: "Photos from Maja" }).getByRole("img");
  await expect(shown).toHaveCount(1);
  await expect(shown).toHaveAttribute("alt", "Photo 1 of 1 from Maja");
  await expect(shown).toHaveAttribute("width", "1400");
  await expect(shown).toHaveAttribute("height", "1050");
  await expect(shown).toHaveAttribute("loading", "lazy");
  const href = await item
    .getByRole("list", { name: "Photos from Maja" })
    .getByRole("link")
    .getAttribute("href");
  expect(href).toMatch(/\/photos\/[0-9a-f-]{36}\/1280\.webp$/);
  const full = await reader.request.get(href ?? "");
  expect(full.status()).toBe(200);
  expect(full.headers()["content-type"]).toBe("image/webp");
  await item.scrollIntoViewIfNeeded();
  await shoot(reader, "memory-photos-public");
});

test("with the page's script the form says how many photos were chosen; too many come back with the text", async ({
  browser,
}) => {
  const owned = await ownedPage(browser, ingrid);
  const page = await visitorPage(browser, true);
  await page.goto(`/k/${owned.id}`);
  await page.waitForTimeout(formAgeMs);
  const form = await fillMemory(page, "She taught me the names of roses.");
  const chooser = form.getByLabel("Add photos (optional)");
  await chooser.setInputFiles([await jpeg("#27ae60")]);
  await expect(form.getByText("1 photo chosen")).toBeVisible();
  const four = await Promise.all(
    ["#111111", "#222222", "#333333", "#444444"].map((colour) => jpeg(colour, 400, 300)),
  );
  await chooser.setInputFiles(four);
  await expect(form.getByText("4 photos chosen: a memory takes at most 3.")).toBeVisible();
  await shoot(page, "memory-photos-form");
  await form.getByRole("button", { name: "Share the memory" }).click();
  await expect(page).toHaveURL(/\?memory=photos&at=write&draft=/);
  await expect(
    page.getByText("A photo could not be taken (at most 3 JPEG, PNG or WebP photos"),
  ).toBeVisible();
  // The text is back to send again; the photos must be chosen again.
  await expect(form.getByLabel("Your memory")).toHaveValue("She taught me the names of roses.");
  await expectNoSeriousAxeViolations(page);
});
