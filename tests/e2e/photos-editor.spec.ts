// The album editor /k/{id}/albums on a phone (390 x 844): a family adds ten photos at once and arranges
// them in two albums (a second album made, photos moved, put in order by keyboard, captioned and dated,
// a cover chosen), and a reload shows the arrangement; an upload whose connection drops says so and is
// sent again with Try again, one the server refuses says why; axe in both languages; screenshots.
import sharp from "sharp";
import { signInAs } from "./support/accounts";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { expect, test, waitForHydration } from "./support/fixtures";
import { ownedPage } from "./support/pages";
import { appUrl } from "./support/ports";
import { phone, shoot } from "./support/shots";
import type { Page } from "@playwright/test";

test.use({ viewport: phone });

type Upload = { name: string; mimeType: string; buffer: Buffer };

/** `count` small JPEGs, each of its own colour (so each has bytes of its own). */
async function photos(count: number, prefix = "IMG_"): Promise<Upload[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => ({
      name: `${prefix}${String(index + 1).padStart(4, "0")}.jpg`,
      mimeType: "image/jpeg",
      buffer: await sharp({
        create: {
          width: 900,
          height: 600,
          channels: 3,
          background: { r: (index * 53) % 256, g: (index * 97) % 256, b: 160 },
        },
      })
        .jpeg()
        .toBuffer(),
    })),
  );
}

/** The photo ids of an album, in the order the screen shows them. */
async function albumPhotoIds(page: Page, title: string): Promise<string[]> {
  const section = page.getByRole("region", { name: title, exact: true });
  return section
    .locator("[data-photo-id]")
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-photo-id") ?? ""));
}

async function albumTitles(page: Page): Promise<string[]> {
  return page.locator("section[data-album-id] h2").allInnerTexts();
}

/** Opens a photo's dialog by its button ("Edit photo 2"). */
async function editPhoto(page: Page, album: string, place: number) {
  const section = page.getByRole("region", { name: album, exact: true });
  await section.getByRole("button", { name: new RegExp(`^Edit photo ${place}\\b`) }).click();
  const dialog = page.getByRole("dialog", { name: "Edit photo" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("a family uploads ten photos on a phone and arranges them in two albums; a reload keeps it", async ({
  page,
  browser,
  problems,
}) => {
  test.setTimeout(120_000);
  const { id, token } = await ownedPage(browser, { displayName: "Greta Berg" });
  await signInAs(page, token, "en-US");
  await page.goto(`/k/${id}`);
  await waitForHydration(page);
  // On a phone the owner bar stays one row: the photos are reached from their panel on the page.
  await expect(
    page.getByRole("region", { name: "Your page" }).getByRole("link", { name: "Photos" }),
  ).toBeHidden();
  await page.getByRole("region", { name: "Photos" }).getByRole("link", { name: "Arrange photos" }).click();
  await expect(page).toHaveURL(`/k/${id}/albums`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Photos");
  await expect(page.getByRole("heading", { name: "No photos yet" })).toBeVisible();
  await expect(page.getByText("0 of 500 photos")).toBeVisible();
  await expect(page.getByText("No file chosen")).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, "empty, en-US");
  await shoot(page, "album-editor-empty");

  // Ten at once, from the picker (multiple: a phone offers its camera roll).
  const input = page.locator('input[type="file"][name="photos"]');
  await expect(input).toHaveAttribute("multiple", "");
  await input.setInputFiles(await photos(10));
  await expect(page.getByRole("status").filter({ hasText: "10 photos added." })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText("10 of 500 photos")).toBeVisible();
  await expect.poll(() => albumPhotoIds(page, "Photos")).toHaveLength(10);
  const uploaded = await albumPhotoIds(page, "Photos");

  // A second album.
  await page.getByRole("button", { name: "New album" }).click();
  const newAlbum = page.getByRole("dialog", { name: "New album" });
  await newAlbum.getByLabel("Album title").fill("Summer 1962");
  await newAlbum.getByRole("button", { name: "Create album" }).click();
  await expect(newAlbum).toHaveCount(0);
  // The confirmation is said before the list's new data arrives: the list is waited for.
  await expect.poll(() => albumTitles(page)).toEqual(["Photos", "Summer 1962"]);

  // Photos 1, 2 and 3 move there (each time the first of the album moves).
  for (let moved = 0; moved < 3; moved++) {
    const dialog = await editPhoto(page, "Photos", 1);
    await dialog.getByLabel("Album").selectOption({ label: "Summer 1962" });
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toHaveCount(0);
    // The next move opens the album's new first photo: its list is waited for.
    await expect.poll(() => albumPhotoIds(page, "Photos")).toHaveLength(10 - moved - 1);
  }
  await expect.poll(() => albumPhotoIds(page, "Summer 1962")).toEqual(uploaded.slice(0, 3));
  expect(await albumPhotoIds(page, "Photos")).toEqual(uploaded.slice(3));

  // By keyboard: the first photo of the summer moves later, twice; the focus stays on its button.
  const summer = page.getByRole("region", { name: "Summer 1962", exact: true });
  await summer.getByRole("button", { name: "Move photo 1 later" }).focus();
  await page.keyboard.press("Enter");
  await expect
    .poll(() => albumPhotoIds(page, "Summer 1962"))
    .toEqual([uploaded[1], uploaded[0], uploaded[2]]);
  await expect(summer.getByRole("button", { name: "Move photo 2 later" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect
    .poll(() => albumPhotoIds(page, "Summer 1962"))
    .toEqual([uploaded[1], uploaded[2], uploaded[0]]);
  await expect(
    page.getByRole("status").filter({ hasText: "The photo is now number 3 of 3." }),
  ).toBeAttached();

  // A caption, a date and the cover.
  const details = await editPhoto(page, "Summer 1962", 3);
  await details.getByLabel("Caption").fill("Mormor at the lake");
  await details.getByLabel("When was it taken?").fill("1962-13");
  await details.getByRole("button", { name: "Save" }).click();
  await expect(details.getByText("Write a year, a year and month, or a date")).toBeVisible();
  await details.getByLabel("When was it taken?").fill("1962-06");
  await details.getByLabel("Cover of Summer 1962").check();
  await details.getByRole("button", { name: "Save" }).click();
  await expect(details).toHaveCount(0);
  // The focus is back on the photo's Edit button.
  await expect(page.locator(`#edit-${uploaded[0]}`)).toBeFocused();

  // The summer first.
  await page.getByRole("button", { name: "Move the album Summer 1962 up" }).click();
  await expect.poll(() => albumTitles(page)).toEqual(["Summer 1962", "Photos"]);
  await expectNoSeriousAxeViolations(page, "arranged, en-US");
  await shoot(page, "album-editor");

  await page.reload();
  await waitForHydration(page);
  expect(await albumTitles(page)).toEqual(["Summer 1962", "Photos"]);
  expect(await albumPhotoIds(page, "Summer 1962")).toEqual([uploaded[1], uploaded[2], uploaded[0]]);
  expect(await albumPhotoIds(page, "Photos")).toEqual(uploaded.slice(3));
  const cover = page.locator(`[data-photo-id="${uploaded[0]}"]`);
  await expect(cover.getByText("Mormor at the lake")).toBeVisible();
  await expect(cover.getByText("1962-06")).toBeVisible();
  await expect(cover.getByText("Cover", { exact: true })).toBeVisible();
  const download = page.getByRole("link", { name: "Download all photos" });
  await expect(download).toHaveAttribute("href", `/api/kammare/photos/download?profileId=${id}`);
  const zip = await page.request.get(`${appUrl}/api/kammare/photos/download?profileId=${id}`);
  expect(zip.status()).toBe(200);
  expect(zip.headers()["content-type"]).toBe("application/zip");

  // The photo dialog, as it looks.
  await editPhoto(page, "Summer 1962", 1);
  await expectNoSeriousAxeViolations(page, "photo dialog, en-US");
  await shoot(page, "album-editor-photo-dialog");
  await page.keyboard.press("Escape");

  // In Swedish.
  await signInAs(page, token, "sv-SE");
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bilder");
  await expect(page.getByText("10 av 500 bilder")).toBeVisible();
  await expect(page.getByRole("link", { name: "Ladda ner alla bilder" })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "arranged, sv-SE");
  await shoot(page, "album-editor-sv");
  expect(problems.cspViolations).toEqual([]);
  expect(problems.consoleErrors).toEqual([]);
});

test("an upload whose connection drops says so and is sent again; one the server refuses says why; deleting asks first", async ({
  page,
  browser,
  problems,
}) => {
  const { id, token } = await ownedPage(browser, { displayName: "Karl Berg" });
  await signInAs(page, token, "en-US");
  await page.goto(`/k/${id}/albums`);
  await waitForHydration(page);

  // The photo's first upload loses its connection (by its name: the editor sends files side by side,
  // so which request goes first is not known).
  let dropped = false;
  await page.route("**/api/kammare/photos", async (route) => {
    const body = route.request().postDataBuffer();
    if (route.request().method() === "POST" && !dropped && body?.includes("dropped_0001.jpg")) {
      dropped = true;
      await route.abort("connectionreset");
      return;
    }
    await route.continue();
  });
  const [photo] = await photos(1, "dropped_");
  const notAPhoto = {
    name: "notes.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("Just some words, no photo.\n"),
  };
  await page.locator('input[type="file"][name="photos"]').setInputFiles([photo as Upload, notAPhoto]);

  const droppedRow = page.getByRole("listitem").filter({ hasText: "dropped_0001.jpg" });
  await expect(droppedRow.getByText("The connection dropped before the photo arrived.")).toBeVisible();
  const refusedRow = page.getByRole("listitem").filter({ hasText: "notes.jpg" });
  await expect(refusedRow.getByText("This file is not a photo we can take")).toBeVisible();
  await expect(refusedRow.getByRole("button", { name: "Try notes.jpg again" })).toHaveCount(0);
  await expect(
    page.getByRole("status").filter({ hasText: "2 photos could not be added (0 added)." }),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page, "failed uploads, en-US");
  await shoot(page, "album-editor-failed");

  await droppedRow.getByRole("button", { name: "Try dropped_0001.jpg again" }).click();
  await expect(droppedRow.getByText("Added")).toBeVisible();
  await expect(page.getByText("1 of 500 photos")).toBeVisible();
  await expect.poll(() => albumPhotoIds(page, "Photos")).toHaveLength(1);
  await refusedRow.getByRole("button", { name: "Remove notes.jpg from the list" }).click();
  await expect(refusedRow).toHaveCount(0);

  // Deleting asks first: the photo, then an album with it.
  const [photoId] = await albumPhotoIds(page, "Photos");
  await page.getByRole("button", { name: "New album" }).click();
  await page.getByRole("dialog", { name: "New album" }).getByLabel("Album title").fill("To go");
  await page.getByRole("button", { name: "Create album" }).click();
  await editPhoto(page, "Photos", 1);
  await page.getByRole("dialog").getByLabel("Album").selectOption({ label: "To go" });
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect.poll(() => albumPhotoIds(page, "To go")).toEqual([photoId]);
  await page.getByRole("button", { name: "Delete the album To go" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete To go?" });
  await expect(confirm.getByText("The album and its 1 photo will be deleted.")).toBeVisible();
  await confirm.getByRole("button", { name: "Delete album" }).click();
  await expect(confirm).toHaveCount(0);
  // The list is read again after the deletion: polled until the new data has arrived.
  await expect.poll(() => albumTitles(page)).toEqual(["Photos"]);
  await expect(page.getByText("0 of 500 photos")).toBeVisible();
  await expect(page.getByRole("button", { name: "New album" })).toBeFocused();
  expect(problems.cspViolations).toEqual([]);
});
