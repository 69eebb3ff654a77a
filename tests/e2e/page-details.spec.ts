// The small things owners and visitors notice: "This page is now yours" said once, a
// picture still in its crop panel kept by "Save and continue", a link typed without https://, a quiet
// header for a page without a cover, and quotes as each language sets them.
import sharp from "sharp";
import { newUser, signInAs, signUpByApi } from "./support/accounts";
import { expect, test, waitForHydration } from "./support/fixtures";
import { newProfiles, ownedPage } from "./support/pages";
import { appUrl } from "./support/ports";
import { shoot } from "./support/shots";

const origin = { Origin: appUrl };

test("the claim is said once, a picture being cropped is kept by Save and continue, and www. links are taken", async ({
  page,
  browser,
}) => {
  const [id] = await newProfiles(browser, 1);
  const session = await signUpByApi(page, newUser());
  const claimed = await page.request.post("/api/kammare/own", {
    data: { owner: session.user.id, profileId: id },
    headers: { Authorization: `Bearer ${session.access_token}`, ...origin },
  });
  expect(claimed.status()).toBe(200);
  await signInAs(page, session.access_token, "en-US");
  await page.goto(`/k/${id}?claimed=1`);
  await waitForHydration(page);
  await expect(page.getByTestId("claimed-notice")).toBeVisible();
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("What should the page be called?");
  // Said once: the next steps are the walkthrough alone.
  await expect(page.getByTestId("claimed-notice")).toHaveCount(0);
  await page.getByLabel("Name", { exact: true }).fill("Astrid Lindqvist");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tell the story");
  await expect(page.getByTestId("claimed-notice")).toHaveCount(0);
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add pictures");

  const portrait = await sharp({
    create: { width: 900, height: 1200, channels: 3, background: { r: 180, g: 120, b: 90 } },
  })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel("Portrait")
    .setInputFiles({ name: "astrid.jpg", mimeType: "image/jpeg", buffer: portrait });
  // The crop panel is open; the owner goes on without "Use this picture": the picture goes with them.
  await expect(page.getByRole("button", { name: "Use this picture" })).toBeVisible();
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add links");

  await page.getByRole("button", { name: "Add a link" }).click();
  await page.getByLabel("Label").fill("Photo album");
  await page.getByLabel("Address (https://…)").fill("www.example.se/album");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Publish the page");
  const preview = page.getByRole("article", { name: "Preview of the page" });
  await expect(preview.getByRole("img", { name: /Astrid Lindqvist/ })).toHaveAttribute(
    "src",
    /^\/uploads\/.+\.webp$/,
  );
  await expect(preview.getByRole("link", { name: /Photo album/ })).toHaveAttribute(
    "href",
    "https://www.example.se/album",
  );
});

test("a page without a cover has a quiet header; English keeps straight quotes, Swedish sets ” and ’", async ({
  page,
  browser,
}) => {
  const { id, token } = await ownedPage(browser, {
    displayName: "Ruth Berg",
    subtitle: "1940 - 2025",
    story: `She said "never give up", and it's what we remember.`,
  });
  const setLanguage = async (language: "en-US" | "sv-SE") => {
    const answer = await page.request.put("/api/kammare/profile-metadata", {
      data: { id, metadata: { language } },
      headers: { Authorization: `Bearer ${token}`, ...origin },
    });
    expect(answer.status()).toBe(200);
  };

  await setLanguage("en-US");
  await page.goto(`/k/${id}`);
  await expect(page.getByTestId("cover-band")).toBeVisible();
  await expect(page.getByText(`She said "never give up", and it's what we remember.`)).toBeVisible();
  await expect(page.getByText("1940 – 2025")).toBeVisible();
  await shoot(page, "page-without-cover");

  await setLanguage("sv-SE");
  await page.goto(`/k/${id}`);
  await expect(page.getByText("She said ”never give up”, and it’s what we remember.")).toBeVisible();
});
