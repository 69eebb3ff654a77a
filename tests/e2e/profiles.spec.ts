// The public page /k/{id}: claiming through sign-up, the walkthrough, the editor and the cache,
// who may change it, and what each status shows.
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { asAdmin, newProfiles, ownedPage } from "./support/pages";
import { expect, test, waitForHydration } from "./support/fixtures";
import { newUser, signUpByApi } from "./support/accounts";
import { appUrl } from "./support/ports";

const origin = { Origin: appUrl };

async function setStatus(request: APIRequestContext, token: string, id: string, status: string) {
  const response = await request.put("/api/admin/profile", {
    data: { id, status },
    headers: { Authorization: `Bearer ${token}`, ...origin },
  });
  expect(response.status()).toBe(200);
}

async function anonymousView(
  browser: Browser,
  id: string,
): Promise<{ page: Page; status: number; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.goto(`/k/${id}`);
  return { page, status: response?.status() ?? 0, close: () => context.close() };
}

test("a visitor claims a page through sign-up, completes the walkthrough, and the public sees each edit at once", async ({
  page,
  browser,
}) => {
  const [id] = await newProfiles(browser, 1);
  const user = newUser();

  await page.goto(`/k/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page is waiting for its owner");
  // The visitor's page is light (no app): the way to claim is a plain link.
  await page.getByRole("link", { name: "Create an account and claim" }).click();
  await expect(page).toHaveURL(/\/new\?redirectTo=/);
  // Coming from the light page, /new is a full page load: the form works once the app runs.
  await waitForHydration(page);
  await page.getByLabel("E-mail address").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Create account" }).click();

  // Back on the page, claimed, in the walkthrough.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to your Kammare");
  await expect(page.getByTestId("claimed-notice")).toBeVisible();
  await expect(page).toHaveURL(`/k/${id}`);
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("What should the page be called?");
  await page.getByLabel("Name", { exact: true }).fill("Astrid Lindqvist");
  await page.getByLabel("Subtitle", { exact: true }).fill("1931 – 2024");
  await page.getByRole("button", { name: "Save and continue" }).click();

  // Leaving and coming back resumes at the next step.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tell the story");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tell the story");
  await waitForHydration(page);
  await page
    .getByLabel("Story", { exact: true })
    .fill("Astrid grew up by the sea.\n\nShe taught at the village school for forty years.");
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
  // The picture is cropped to the page's shape before it is uploaded.
  await page.getByRole("button", { name: "Use this picture" }).click();
  await expect(page.locator('img[src^="/uploads/"]')).toHaveAttribute("src", /^\/uploads\/.+\.webp$/);
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add links");
  await page.getByRole("button", { name: "Add a link" }).click();
  await page.getByLabel("Label").fill("Photo album");
  await page.getByLabel("Address (https://…)").fill("http://example.se/album");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByText("An address must start with https://.")).toBeVisible();
  await page.getByLabel("Address (https://…)").fill("https://example.se/album");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Publish the page");
  // The publish step shows the page as visitors will see it, and what is still empty.
  const preview = page.getByRole("article", { name: "Preview of the page" });
  await expect(preview.getByText("Astrid Lindqvist")).toBeVisible();
  await expect(preview.getByRole("link", { name: /Photo album/ })).toBeVisible();
  await expect(page.getByText("Still empty")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Cover picture" })).toBeVisible();
  await page.getByRole("button", { name: "Publish and start the free trial" }).click();

  // The publish moment: the page is live, its link and QR code, and what the trial means.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Astrid Lindqvist is live");
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await expect(page.getByLabel("The page's link")).toHaveValue(`${appUrl}/k/${id}`);
  await expect(page.getByRole("img", { name: `QR code that opens ${appUrl}/k/${id}` })).toHaveJSProperty(
    "complete",
    true,
  );
  await expect(page.getByText(/For 30 days, until/)).toBeVisible();
  await page.getByRole("button", { name: "See your page" }).click();

  // Published: the owner sees the page with their bar and the trial.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Astrid Lindqvist");
  await expect(page.getByRole("region", { name: "Your page" })).toBeVisible();
  await expect(page.getByText(/Free trial until/)).toBeVisible();
  await expect(page.getByRole("img", { name: "Portrait: Astrid Lindqvist" })).toHaveAttribute(
    "src",
    /^\/uploads\/.+\.webp$/,
  );
  // "/" now sends the owner to their page.
  await page.goto("/");
  await expect(page).toHaveURL(`/k/${id}`);

  // The public sees it (and it is now cached for them).
  const visitor = await anonymousView(browser, id as string);
  await expect(visitor.page.getByRole("heading", { level: 1 })).toHaveText("Astrid Lindqvist");
  await expect(visitor.page.getByText("1931 – 2024")).toBeVisible();
  await expect(visitor.page.getByRole("link", { name: "Photo album" })).toHaveAttribute(
    "href",
    "https://example.se/album",
  );
  await expect(visitor.page.getByRole("button", { name: "Edit page" })).toHaveCount(0);
  await visitor.page.reload();

  // The owner edits; the public sees the change at once.
  await waitForHydration(page);
  await page.getByRole("button", { name: "Edit page" }).click();
  await page.getByLabel("Subtitle", { exact: true }).fill("Teacher, 1931 – 2024");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await visitor.page.reload();
  await expect(visitor.page.getByText("Teacher, 1931 – 2024")).toBeVisible();
  await visitor.close();
});

test("another user sees no edit controls and cannot change the page", async ({ page, browser }) => {
  const [id] = await newProfiles(browser, 1);
  const owner = newUser();
  const ownerContext = await browser.newContext();
  const ownerSession = await signUpByApi(ownerContext, owner);
  const claim = await ownerContext.request.post("/api/kammare/own", {
    data: { owner: ownerSession.user.id, profileId: id },
    headers: { Authorization: `Bearer ${ownerSession.access_token}` },
  });
  expect(claim.status()).toBe(200);
  const named = await ownerContext.request.post("/api/kammare/walkthrough-steps", {
    data: { profileId: id, step: "name", displayName: "Karl" },
    headers: { Authorization: `Bearer ${ownerSession.access_token}` },
  });
  expect(named.status()).toBe(200);
  const published = await ownerContext.request.post("/api/kammare/walkthrough-steps", {
    data: { profileId: id, step: "publish" },
    headers: { Authorization: `Bearer ${ownerSession.access_token}` },
  });
  expect(published.status()).toBe(200);
  await ownerContext.close();

  const stranger = await signUpByApi(page, newUser());
  await page.goto(`/k/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Karl");
  await expect(page.getByRole("button", { name: "Edit page" })).toHaveCount(0);
  const attempt = await page.request.put("/api/kammare/profile", {
    data: { profile: { id, displayName: "Taken over" } },
    headers: { Authorization: `Bearer ${stranger.access_token}` },
  });
  expect(attempt.status()).toBe(403);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Karl");
});

test("every status shows what was decided, and a suspended page is a 404", async ({ browser }) => {
  const [id] = await newProfiles(browser, 1);
  const unclaimed = await anonymousView(browser, id as string);
  expect(unclaimed.status).toBe(200);
  await expect(unclaimed.page.getByRole("heading", { level: 1 })).toHaveText(
    "This page is waiting for its owner",
  );
  await unclaimed.close();

  // Give it an owner and content, as an admin: without an owner no status but suspended is offered.
  const ownerContext = await browser.newContext();
  const owner = await signUpByApi(ownerContext, newUser());
  await ownerContext.close();
  await asAdmin(browser, async (request, token) => {
    const headers = { Authorization: `Bearer ${token}`, ...origin };
    const me = (await (await request.get("/api/admin/check", { headers })).json()) as { admin: boolean };
    expect(me.admin).toBe(true);
    const given = await request.post("/api/kammare/own", {
      data: { owner: owner.user.id, profileId: id },
      headers,
    });
    expect(given.status()).toBe(200);
    const put = await request.put("/api/kammare/profile", {
      data: { profile: { id, displayName: "Märta" } },
      headers,
    });
    expect(put.status()).toBe(200);
  });

  const expectations: [string, number, string][] = [
    ["draft", 200, "This page is coming soon"],
    ["trial", 200, "Märta"],
    ["extended_trial", 200, "Märta"],
    ["active", 200, "Märta"],
    ["past_due", 200, "Märta"],
    // Resting, never dark: the name stays.
    ["expired", 200, "Märta"],
    ["suspended", 404, "We can't find a memorial page with this code"],
  ];
  // One admin session sets each status in turn; each status is looked at by a fresh visitor.
  await asAdmin(browser, async (request, token) => {
    for (const [status, code, heading] of expectations) {
      await setStatus(request, token, id as string, status);
      const view = await anonymousView(browser, id as string);
      expect(view.status, status).toBe(code);
      await expect(view.page.getByRole("heading", { level: 1 }), status).toHaveText(heading);
      await view.close();
    }
  });
});

test("an unlisted page asks search engines to stay away; a public one has sharing tags", async ({
  page,
  browser,
}) => {
  const { id } = await ownedPage(browser, { displayName: "Greta", subtitle: "Gardener" }, { publish: false });
  await asAdmin(browser, async (request, token) => {
    const headers = { Authorization: `Bearer ${token}`, ...origin };
    expect(
      (await request.put("/api/admin/profile", { data: { id, status: "active" }, headers })).status(),
    ).toBe(200);
  });
  await page.goto(`/k/${id}`);
  await expect(page).toHaveTitle("Greta – Kammare");
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Greta");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", "Gardener");
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  await asAdmin(browser, async (request, token) => {
    const headers = { Authorization: `Bearer ${token}`, ...origin };
    expect(
      (
        await request.put("/api/kammare/profile-metadata", {
          data: { id, metadata: { visibility: "unlisted" } },
          headers,
        })
      ).status(),
    ).toBe(200);
  });
  await page.reload();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
});
