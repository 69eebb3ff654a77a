// The owner's editor on /k/{id}: the save bar's states, the question before leaving with unsaved
// changes, Ctrl+S, the picture upload (drop, crop, progress, preview on the page) and its messages,
// and an accessibility check in both languages.
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test, waitForHydration } from "./support/fixtures";
import { newUser, signInContextByApi, signUpByApi, storeSession } from "./support/accounts";
import { admin, appUrl } from "./support/ports";

const origin = { Origin: appUrl };

/** A new unclaimed page, made by the admin in a context of its own. */
async function newProfile(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  try {
    const session = await signInContextByApi(context, admin);
    const response = await context.request.post("/api/admin/profiles", {
      data: { count: 1 },
      headers: { Authorization: `Bearer ${session.access_token}`, ...origin },
    });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { profiles: { id: string }[] }).profiles[0]!.id;
  } finally {
    await context.close();
  }
}

/** Signs a new owner in on `page`, gives them a published page, and opens its editor. */
async function openEditor(page: Page, browser: Browser): Promise<string> {
  const id = await newProfile(browser);
  const session = await signUpByApi(page, newUser());
  await storeSession(page, session);
  const headers = { Authorization: `Bearer ${session.access_token}` };
  const calls = [
    ["/api/kammare/own", { owner: session.user.id, profileId: id }],
    ["/api/kammare/walkthrough-steps", { profileId: id, step: "name", displayName: "Astrid Lindqvist" }],
    ["/api/kammare/walkthrough-steps", { profileId: id, step: "publish" }],
  ] as const;
  for (const [path, data] of calls) {
    expect((await page.request.post(path, { data, headers })).status()).toBe(200);
  }
  await page.goto(`/k/${id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: /^(Edit page|Redigera sidan)$/ }).click();
  return id;
}

const saveBar = (page: Page) => page.locator('[role="status"][data-state]');

/** A real JPEG, wider than tall, with a red left half: what the crop keeps can be told apart. */
async function photo(width = 1200, height = 900): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#3060a0"/><rect width="${width / 2}" height="${height}" fill="#c03020"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

/** Drops a file on the element the way a desktop does: dragenter, dragover, drop, with a DataTransfer. */
async function dropFile(page: Page, testId: string, file: { name: string; type: string; bytes: Buffer }) {
  await page.getByTestId(testId).evaluate(
    (zone, { name, type, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type }));
      for (const kind of ["dragenter", "dragover", "drop"]) {
        zone.dispatchEvent(new DragEvent(kind, { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }
    },
    { name: file.name, type: file.type, base64: file.bytes.toString("base64") },
  );
}

/** The image inside a multipart body, and its size. */
async function uploadedSize(body: Buffer): Promise<{ width?: number; height?: number; format?: string }> {
  const start = body.indexOf("\r\n\r\n", body.indexOf('name="image"')) + 4;
  const end = body.lastIndexOf("\r\n--");
  return sharp(body.subarray(start, end)).metadata();
}

test("the save bar shows unsaved, saving and saved, and only the changed field is sent", async ({
  page,
  browser,
}) => {
  const id = await openEditor(page, browser);
  await expect(page.getByRole("heading", { name: "Edit your page" })).toBeVisible();
  for (const section of ["Name and dates", "The story", "Pictures and colour", "Links", "Visibility"]) {
    await expect(page.getByRole("heading", { level: 3, name: section })).toBeVisible();
  }
  await expect(saveBar(page)).toHaveText("No unsaved changes");
  await expect(saveBar(page)).toHaveAttribute("aria-live", "polite");
  await expect(page.getByRole("button", { name: "Save changes" })).toBeDisabled();

  await page.getByLabel("Subtitle", { exact: true }).fill("Teacher, 1931 – 2024");
  await expect(saveBar(page)).toHaveText("Unsaved changes");
  // The bar stays in view while the owner is at the top of a long form.
  await expect(page.getByRole("button", { name: "Save changes" })).toBeInViewport();

  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const sent: unknown[] = [];
  await page.route("**/api/kammare/profile", async (route) => {
    sent.push(route.request().postDataJSON());
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(saveBar(page)).toHaveText("Saving…");
  await expect(page.getByRole("button", { name: "Saving…" })).toBeDisabled();
  release();
  await expect(saveBar(page)).toHaveText("Saved. The page shows the change now.");
  expect(sent).toEqual([{ profile: { id, subtitle: "Teacher, 1931 – 2024" } }]);

  // Another change is unsaved; typing the saved text back is no change.
  await page.getByLabel("Subtitle", { exact: true }).fill("Teacher");
  await expect(saveBar(page)).toHaveText("Unsaved changes");
  await page.getByLabel("Subtitle", { exact: true }).fill("Teacher, 1931 – 2024");
  await expect(saveBar(page)).toHaveText("Saved. The page shows the change now.");
  await expect(page.getByRole("button", { name: "Save changes" })).toBeDisabled();

  const visitor = await browser.newContext();
  const public_ = await visitor.newPage();
  await public_.goto(`/k/${id}`);
  await expect(public_.getByText("Teacher, 1931 – 2024")).toBeVisible();
  await visitor.close();
});

test("a failed save says why and keeps what was typed; Ctrl+S tries again", async ({ page, browser }) => {
  await openEditor(page, browser);
  await page.route("**/api/kammare/profile", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "internal", message: "There was an error" } }),
    }),
  );
  const story = page.getByLabel("Story", { exact: true });
  await story.fill("She taught at the village school for forty years.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(saveBar(page)).toHaveText("Not saved. The server had a problem. Your changes are still here.");
  await expect(story).toHaveValue("She taught at the village school for forty years.");
  await expect(page.getByRole("button", { name: "Try again" })).toBeEnabled();

  await page.unroute("**/api/kammare/profile");
  await story.focus();
  await page.keyboard.press("Control+s");
  await expect(saveBar(page)).toHaveText("Saved. The page shows the change now.");
  await page.reload();
  await expect(page.getByText("She taught at the village school for forty years.")).toBeVisible();
});

test("leaving with unsaved changes asks first: in-app links, Close, and closing the tab", async ({
  page,
  browser,
}) => {
  const id = await openEditor(page, browser);
  await page.getByLabel("Name", { exact: true }).fill("Astrid L.");

  // A link inside the app (the footer's home link): the editor's own question.
  await page.getByRole("contentinfo").getByRole("link", { name: "Kammare" }).click();
  const leave = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Keep editing" }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(`/k/${id}`);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Astrid L.");

  // Close asks too; discarding shows the page as it was.
  await page.getByRole("button", { name: "Close", exact: true }).click();
  const close = page.getByRole("dialog", { name: "Close without saving?" });
  await expect(close).toBeVisible();
  await close.getByRole("button", { name: "Discard changes" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Astrid Lindqvist");

  // Closing the tab: the browser's own question (beforeunload).
  await page.getByRole("button", { name: "Edit page" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Astrid L.");
  const asked = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe("beforeunload");
  await dialog.dismiss();
  // Staying keeps the page and the unsaved edit (and lets the dismissal finish before the test ends:
  // closing the context while it was still under way failed the teardown now and then).
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Astrid L.");
  expect(page.isClosed()).toBe(false);
});

test("a saved editor lets links leave without asking", async ({ page, browser }) => {
  await openEditor(page, browser);
  await page.getByLabel("Name", { exact: true }).fill("Astrid L.");
  await page.keyboard.press("Control+s");
  await expect(saveBar(page)).toHaveText("Saved. The page shows the change now.");
  const home = page.waitForRequest((request) => new URL(request.url()).pathname.endsWith(".data"));
  await page.getByRole("contentinfo").getByRole("link", { name: "Kammare" }).click();
  // The app goes home ("/" brings an owner back to their page) without asking.
  await home;
  await expect(page).toHaveURL(/\/k\//);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("a picture dropped on the control is cropped, uploaded with progress, and shows on the page", async ({
  page,
  browser,
  problems,
}) => {
  await openEditor(page, browser);
  const portrait = page.getByRole("group", { name: "Portrait" });
  await expect(portrait.getByText("No file chosen")).toHaveCount(0);
  await expect(portrait.getByText("Choose a picture")).toBeVisible();

  await dropFile(page, "portrait-drop-zone", {
    name: "astrid.jpg",
    type: "image/jpeg",
    bytes: await photo(),
  });

  // The crop step: a square frame, focused, moved by the keyboard and zoomed by the slider.
  await expect(page.getByText("Position the portrait")).toBeVisible();
  const frame = page.getByTestId("crop-frame");
  await expect(frame).toBeFocused();
  const box = await frame.boundingBox();
  expect(Math.round(box!.width)).toBe(Math.round(box!.height));
  await page.keyboard.press("Shift+ArrowRight");
  await page.getByLabel("Zoom").fill("2");

  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/kammare/images", async (route) => {
    await held;
    await route.continue();
  });
  const uploadRequest = page.waitForRequest("**/api/kammare/images");
  await page.getByRole("button", { name: "Use this picture" }).click();
  await expect(page.getByRole("progressbar", { name: "Uploading…" })).toBeVisible();
  const request = await uploadRequest;
  // Cropped in the browser to the server's portrait size, so the server has nothing left to cut.
  const sent = await uploadedSize(request.postDataBuffer()!);
  expect([sent.width, sent.height]).toEqual([800, 800]);
  release();

  const preview = portrait.getByRole("img", { name: "Current picture" });
  await expect(preview).toHaveAttribute("src", /^\/uploads\/.+\.webp$/);
  await expect(preview).toHaveClass(/rounded-full/);
  await expect(portrait.getByText("Replace")).toBeVisible();
  await expect(saveBar(page)).toHaveText("Unsaved changes");

  // The cover is cropped to 8:3.
  await page
    .getByRole("group", { name: "Cover image" })
    .locator('input[type="file"]')
    .setInputFiles({ name: "sea.jpg", mimeType: "image/jpeg", buffer: await photo(900, 1200) });
  await expect(page.getByText("Position the cover image")).toBeVisible();
  const coverBox = await page.getByTestId("crop-frame").boundingBox();
  expect(coverBox!.width / coverBox!.height).toBeCloseTo(8 / 3, 1);
  // (Still routed, now without holding: Playwright gives a request's multipart body only when routed.)
  const coverRequest = page.waitForRequest("**/api/kammare/images");
  await page.getByRole("button", { name: "Use this picture" }).click();
  const cover = await uploadedSize((await coverRequest).postDataBuffer()!);
  expect([cover.width, cover.height]).toEqual([1600, 600]);
  await expect(page.getByRole("group", { name: "Cover image" }).getByRole("img")).toHaveAttribute(
    "src",
    /^\/uploads\/.+\.webp$/,
  );

  const portraitUrl = (await preview.getAttribute("src")) as string;
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(saveBar(page)).toHaveText("Saved. The page shows the change now.");
  await page.getByRole("button", { name: "Close", exact: true }).click();
  await expect(page.getByRole("img", { name: "Portrait: Astrid Lindqvist" })).toHaveAttribute(
    "src",
    portraitUrl,
  );
  // The crop frame, the progress bar and the colour preview need no inline style the CSP would block.
  expect(problems.cspViolations).toEqual([]);
});

test("a wrong type, a file over 10 MB and a failed upload are explained; nothing wrong is sent", async ({
  page,
  browser,
}) => {
  await openEditor(page, browser);
  let uploads = 0;
  page.on("request", (request) => {
    if (request.url().includes("/api/kammare/images")) uploads += 1;
  });

  await dropFile(page, "portrait-drop-zone", {
    name: "notes.txt",
    type: "text/plain",
    bytes: Buffer.from("not a picture"),
  });
  const portrait = page.getByRole("group", { name: "Portrait" });
  await expect(portrait.getByRole("alert")).toHaveText(
    "“notes.txt” is not a JPEG, PNG or WebP picture. Choose a photo in one of those formats.",
  );

  await portrait.locator('input[type="file"]').setInputFiles({
    name: "huge.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.alloc(12 * 1024 * 1024, 1),
  });
  await expect(portrait.getByRole("alert")).toHaveText(
    "“huge.jpg” is 12 MB; the limit is 10 MB. Choose a smaller picture, or save a copy of it in a smaller size.",
  );
  expect(uploads).toBe(0);

  // The server fails: the message says so, and the crop stays for another try.
  await page.route("**/api/kammare/images", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"error":{"code":"internal"}}' }),
  );
  await dropFile(page, "portrait-drop-zone", {
    name: "astrid.jpg",
    type: "image/jpeg",
    bytes: await photo(),
  });
  await page.getByRole("button", { name: "Use this picture" }).click();
  await expect(portrait.getByRole("alert")).toHaveText(
    "The picture could not be uploaded. The server had a problem. Try again in a moment.",
  );
  await expect(page.getByRole("button", { name: "Use this picture" })).toBeEnabled();
});

for (const locale of ["en-US", "sv-SE"] as const) {
  test(`the editor passes an automated accessibility check (${locale})`, async ({
    page,
    browser,
    context,
  }) => {
    await context.addCookies([{ name: "locale", value: locale, url: appUrl }]);
    await openEditor(page, browser);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await page
      .getByLabel(locale === "en-US" ? "Subtitle" : "Undertitel", { exact: true })
      .fill("1931 – 2024");
    const check = async (what: string) => {
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(
        serious.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      ).toEqual([]);
    };
    await check("editor");
    await dropFile(page, "portrait-drop-zone", {
      name: "astrid.jpg",
      type: "image/jpeg",
      bytes: await photo(),
    });
    await expect(page.getByTestId("crop-frame")).toBeFocused();
    await check("crop step");
  });
}
