// A private page (ADR 043) as a visitor meets it from its QR address, with JavaScript off: the door
// shows the name (and the portrait only if the family allowed it) and a password field; a wrong
// password is refused at the field, the right one opens the page, and the browser stays let in. The
// page and its addresses answer noindex and are never shared by the page cache. The owner makes the
// page private and sets its password in the editor, in both languages, accessibly.
import type { APIRequestContext, Browser, BrowserContext } from "@playwright/test";
import sharp from "sharp";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { ownAddress } from "./support/client-address";
import { expect, test, waitForHydration } from "./support/fixtures";
import { ownedPage, type OwnedPage } from "./support/pages";
import { appUrl } from "./support/ports";
import { signInAs } from "./support/accounts";
import { desktop, phone, shoot } from "./support/shots";
import { testLocales, text, type TestLocale } from "./support/texts";

const ingrid = {
  displayName: "Ingrid Berg",
  subtitle: "1931 – 2024",
  story: "Ingrid kept bees behind the school.\n\nShe sang in the church choir for fifty years.",
};

async function ownerCall(
  request: APIRequestContext,
  page: OwnedPage,
  method: "put" | "post",
  url: string,
  data: unknown,
) {
  const response = await request[method](url, {
    data,
    headers: { Authorization: `Bearer ${page.token}`, Origin: appUrl },
  });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return response;
}

/** A published page with a portrait, made private with `password`. */
async function privatePage(
  browser: Browser,
  request: APIRequestContext,
  password: string,
  showPortrait: boolean,
) {
  const owned = await ownedPage(browser, ingrid);
  const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#7a5c3e" } })
    .png()
    .toBuffer();
  const upload = await request.post("/api/kammare/images", {
    multipart: {
      profileId: owned.id,
      kind: "portrait",
      image: { name: "ingrid.png", mimeType: "image/png", buffer: png },
    },
    headers: { Authorization: `Bearer ${owned.token}`, Origin: appUrl },
  });
  expect(upload.status()).toBe(201);
  const { image } = (await upload.json()) as { image: { url: string } };
  await ownerCall(request, owned, "put", "/api/kammare/profile", {
    profile: { id: owned.id, portraitImageUrl: image.url },
  });
  await ownerCall(request, owned, "put", "/api/kammare/profile-metadata", {
    id: owned.id,
    metadata: { visibility: "private" },
  });
  await ownerCall(request, owned, "put", "/api/kammare/private-page", {
    profileId: owned.id,
    password,
    showPortrait,
  });
  return owned;
}

async function visitor(browser: Browser, locale: TestLocale): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: phone,
    javaScriptEnabled: false,
    extraHTTPHeaders: ownAddress(),
  });
  await context.addCookies([{ name: "locale", value: locale, url: appUrl }]);
  return context;
}

for (const locale of testLocales) {
  test(`without JavaScript, the door shows the name and a password field; a wrong password is refused at the field, the right one opens the page (${locale})`, async ({
    browser,
    request,
  }) => {
    const password = "bees-and-choir";
    const owned = await privatePage(browser, request, password, true);
    const context = await visitor(browser, locale);
    const page = await context.newPage();
    const opened = await page.goto(`/k/${owned.id}`);
    expect(opened?.headers()["x-robots-tag"]).toBe("noindex");
    expect(opened?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByTestId("door-name")).toHaveText("Ingrid Berg");
    await expect(page.getByTestId("door-portrait")).toBeVisible();
    // Nothing of the page's content is in the door's HTML.
    const html = await page.content();
    expect(html).not.toContain("kept bees");
    expect(html).not.toContain("1931 – 2024");
    await shoot(page, `private-door-${locale}`);

    const field = page.getByLabel(text(locale, "privatePage.door.password"));
    await field.fill("not-it");
    await page.getByRole("button", { name: text(locale, "privatePage.door.enter") }).click();
    await expect(page).toHaveURL(new RegExp(`/k/${owned.id}\\?door=wrong#door$`));
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(text(locale, "privatePage.door.wrong"))).toBeVisible();
    await shoot(page, `private-door-wrong-${locale}`);
    // axe needs a script in the page: the same door, refusal and all, in a browser that runs one.
    const checking = await browser.newContext({ viewport: phone, extraHTTPHeaders: ownAddress() });
    await checking.addCookies([{ name: "locale", value: locale, url: appUrl }]);
    const checked = await checking.newPage();
    await checked.goto(page.url());
    await expect(checked.getByText(text(locale, "privatePage.door.wrong"))).toBeVisible();
    await expectNoSeriousAxeViolations(checked, `the door (${locale})`);
    await checking.close();

    await field.fill(password);
    await page.getByRole("button", { name: text(locale, "privatePage.door.enter") }).click();
    await expect(page).toHaveURL(new RegExp(`/k/${owned.id}$`));
    await expect(page.getByText("Ingrid kept bees behind the school.")).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === `kammare_door_${owned.id}`);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(29 * 24 * 60 * 60);

    // Another browser, without the pass, gets the door again: the let-in visitor's page was not shared.
    const stranger = await visitor(browser, locale);
    const other = await stranger.newPage();
    await other.goto(`/k/${owned.id}`);
    await expect(other.getByTestId("door-name")).toBeVisible();
    expect(await other.content()).not.toContain("kept bees");
    await stranger.close();
    await context.close();
  });
}

test("the door shows no portrait unless the family allows it", async ({ browser, request }) => {
  const owned = await privatePage(browser, request, "a-family-word", false);
  const context = await visitor(browser, "en-US");
  const page = await context.newPage();
  await page.goto(`/k/${owned.id}`);
  await expect(page.getByTestId("door-name")).toHaveText("Ingrid Berg");
  await expect(page.getByTestId("door-portrait")).toHaveCount(0);
  expect(await page.content()).not.toContain("/uploads/");
  // A photo's own address shows nothing of the page either: it goes to the door.
  await page.goto(`/k/${owned.id}/photos/0b7c0c4e-1f7a-4d43-9a3f-6a2b7b9b7f10`);
  await expect(page).toHaveURL(new RegExp(`/k/${owned.id}$`));
  await expect(page.getByTestId("door-name")).toHaveText("Ingrid Berg");
  await context.close();
});

for (const locale of testLocales) {
  test(`the owner makes the page private and sets its password in the editor (${locale})`, async ({
    browser,
    page,
    context,
  }) => {
    const owned = await ownedPage(browser, ingrid);
    await context.addCookies([{ name: "locale", value: locale, url: appUrl }]);
    await page.setViewportSize(desktop);
    await signInAs(page, owned.token, locale);
    await page.goto(`/k/${owned.id}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: text(locale, "profile.ownerBar.edit") }).click();
    await page.getByLabel(text(locale, "profile.editor.visibilityPrivate")).check();
    const door = page.getByTestId("private-door-settings");
    await expect(door.getByTestId("door-password-state")).toHaveText(
      text(locale, "privatePage.settings.passwordNotSet"),
    );
    await page.getByRole("button", { name: text(locale, "profile.editor.save") }).click();
    await expect(page.locator('[role="status"][data-state="saved"]')).toBeVisible();

    // Too short: said at the field; then set.
    const field = door.getByLabel(text(locale, "privatePage.settings.password"));
    await field.fill("abc");
    await door.getByRole("button", { name: text(locale, "privatePage.settings.setPassword") }).click();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await field.fill("bees-and-choir");
    await door.getByRole("button", { name: text(locale, "privatePage.settings.setPassword") }).click();
    await expect(door.getByTestId("door-password-state")).toContainText(
      text(locale, "privatePage.settings.passwordIsSet").split("(")[0]!.trim(),
    );
    // Never shown back.
    expect(await door.getByLabel(text(locale, "privatePage.settings.newPassword")).inputValue()).toBe("");
    await door.getByLabel(text(locale, "privatePage.settings.showPortrait")).check();
    await door
      .getByLabel(text(locale, "privatePage.settings.inviteEmail"))
      .fill(`guest-${Date.now()}@example.com`);
    await door.getByRole("button", { name: text(locale, "privatePage.settings.invite") }).click();
    await expect(
      door.getByRole("button", { name: text(locale, "privatePage.settings.revoke") }),
    ).toBeVisible();
    await door.scrollIntoViewIfNeeded();
    await shoot(page, `private-editor-${locale}`);
    await expectNoSeriousAxeViolations(page, `the door's settings (${locale})`);

    // A visitor now meets the door.
    const visiting = await visitor(browser, locale);
    const visit = await visiting.newPage();
    await visit.goto(`/k/${owned.id}`);
    await expect(visit.getByTestId("door-name")).toHaveText("Ingrid Berg");
    await visiting.close();
  });
}
