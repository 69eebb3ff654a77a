// The public page /k/{id} as a visitor and as its owner: the quiet layout, the light page without the
// app (ADR 011) and its analytics, the language without JavaScript, sharing and the QR code, print,
// and accessibility in both languages.
import { expectNoSeriousAxeViolations as expectNoSeriousViolations } from "./support/axe";
import { randomUUID } from "node:crypto";
import { signInAs } from "./support/accounts";
import { eventsOfVisitor, expect, pagesLeftBy, test, waitForHydration } from "./support/fixtures";
import { ownedPage } from "./support/pages";
import { appUrl } from "./support/ports";

const astrid = {
  displayName: "Astrid Lindqvist",
  subtitle: "1932 - 2024",
  story: 'Astrid grew up by the sea.\n\nShe used to say "patience grows everything".',
  // A light yellow that would not read on the page's background as it is.
  themeColor: "#f2d13a",
  links: [{ label: "Photo album", url: "https://example.se/album" }],
};

test("a visitor gets the page alone, light: no app header, no app scripts, a quiet footer", async ({
  page,
  problems,
}) => {
  const { id } = await ownedPage(page.context().browser()!, astrid);
  const response = await page.goto(`/k/${id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Astrid Lindqvist");
  // Typeset: a spaced hyphen is a dash, straight quotes are the page's language's (Swedish: ” … ”).
  await expect(page.getByText("1932 – 2024")).toBeVisible();
  await expect(page.getByText("”patience grows everything”", { exact: false })).toBeVisible();
  // No app header: no main navigation, no "Home", no "Free trial".
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Home" })).toHaveCount(0);
  await expect(page.getByRole("banner")).toHaveCount(0);
  // The footer: the product's name, privacy, the language, signing in (back to this page).
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Kammare" })).toBeVisible();
  await expect(footer.getByRole("link", { name: "Privacy" })).toHaveAttribute("href", "/privacy");
  await expect(footer.getByRole("button", { name: "Svenska" })).toBeVisible();
  await expect(footer.getByRole("link", { name: "Sign in" })).toHaveAttribute(
    "href",
    `/login?redirectTo=${encodeURIComponent(`/k/${id}`)}`,
  );
  // Only the visitor script: no module scripts, no modulepreload of the app.
  const scripts = await page
    .locator("script[src]")
    .evaluateAll((nodes) => nodes.map((node) => (node as HTMLScriptElement).getAttribute("src")));
  expect(scripts).toEqual([expect.stringMatching(/^\/assets\/visitor-script-[\w-]+\.js$/)]);
  await expect(page.locator('script[type="module"], link[rel="modulepreload"]')).toHaveCount(0);
  // The owner's yellow is darkened until it reads (axe checks the contrast below).
  const nameColour = await page
    .getByRole("heading", { level: 1 })
    .evaluate((node) => getComputedStyle(node).color);
  expect(nameColour).not.toBe("rgb(242, 209, 58)");
  // The share button works through the visitor script.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Share this page" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Link copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${appUrl}/k/${id}`);
  await expectNoSeriousViolations(page);
  expect(problems.cspViolations).toEqual([]);
  expect(problems.consoleErrors).toEqual([]);
});

test("the light page still sends the spec's page view and page leave", async ({ page }) => {
  const { id } = await ownedPage(page.context().browser()!, astrid);
  const marker = randomUUID();
  await page.goto(`/k/${id}?visit=${marker}`);
  await expect
    .poll(async () =>
      (await eventsOfVisitor(marker)).filter((e) => e.event === "$pageview").map((e) => e.properties.path),
    )
    .toEqual([`/k/${id}?visit=${marker}`]);
  const [view] = (await eventsOfVisitor(marker)).filter((e) => e.event === "$pageview");
  expect(view?.properties.$current_url).toBe(`${appUrl}/k/${id}?visit=${marker}`);
  await page.goto("about:blank");
  await expect.poll(() => pagesLeftBy(marker)).toEqual([`${appUrl}/k/${id}?visit=${marker}`]);
});

test("without JavaScript the page reads, its links work, and the language can be changed", async ({
  browser,
}) => {
  const { id } = await ownedPage(browser, astrid);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/k/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Astrid Lindqvist");
  await expect(page.getByRole("link", { name: /Photo album/ })).toHaveAttribute(
    "href",
    "https://example.se/album",
  );
  // The share button needs the script, so it stays hidden.
  await expect(page.getByRole("button", { name: "Share this page" })).toBeHidden();
  await page.getByRole("contentinfo").getByRole("button", { name: "Svenska" }).click();
  await expect(page).toHaveURL(`/k/${id}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "sv-SE");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Logga in" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Länkar" })).toBeVisible();
  await context.close();
});

test("the owner gets the app, a small bar with status, share (link, QR as PNG and SVG) and edit", async ({
  page,
}) => {
  const { id, token } = await ownedPage(page.context().browser()!, astrid);
  await signInAs(page, token);
  await page.goto(`/k/${id}`);
  await waitForHydration(page);
  const bar = page.getByRole("region", { name: "Your page" });
  await expect(bar.getByText("Free trial")).toBeVisible();
  await expect(bar.getByRole("button", { name: "Edit page" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await bar.getByRole("button", { name: "Share" }).click();
  const dialog = page.getByRole("dialog", { name: "Share your page" });
  await expect(dialog.getByLabel("The page's link")).toHaveValue(`${appUrl}/k/${id}`);
  await expect(dialog.getByRole("img", { name: `QR code that opens ${appUrl}/k/${id}` })).toHaveJSProperty(
    "naturalWidth",
    512,
  );
  const [png] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("link", { name: "Download PNG" }).click(),
  ]);
  expect(png.suggestedFilename()).toBe(`kammare-${id}.png`);
  const [svg] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("link", { name: "Download SVG" }).click(),
  ]);
  expect(svg.suggestedFilename()).toBe(`kammare-${id}.svg`);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await dialog.getByRole("button", { name: "Copy link" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Link copied");
  await expectNoSeriousViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // Printed: the page alone, without the owner's bar, the footer or the share button.
  await page.emulateMedia({ media: "print" });
  await expect(bar).toBeHidden();
  await expect(page.getByRole("contentinfo")).toBeHidden();
  await expect(page.getByRole("button", { name: "Share this page" })).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // On A4 the page fits one sheet.
  const pdf = (await page.pdf({ format: "A4" })).toString("latin1");
  expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
});

test("the public page and the owner's view have no serious accessibility problems in Swedish", async ({
  page,
}) => {
  const { id, token } = await ownedPage(page.context().browser()!, astrid);
  await page.context().addCookies([{ name: "locale", value: "sv-SE", url: appUrl }]);
  await page.goto(`/k/${id}`);
  await expect(page.getByRole("heading", { name: "Länkar" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await signInAs(page, token);
  await page.goto(`/k/${id}`);
  await waitForHydration(page);
  await expect(page.getByRole("region", { name: "Din sida" })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("publishing shows a preview with what is empty, then the moment with link, QR and the trial, in both languages", async ({
  page,
}) => {
  for (const locale of ["en-US", "sv-SE"] as const) {
    const { id, token } = await ownedPage(
      page.context().browser()!,
      { displayName: "Erik Johansson" },
      { publish: false },
    );
    await page.context().addCookies([{ name: "locale", value: locale, url: appUrl }]);
    await signInAs(page, token);
    await page.goto(`/k/${id}`);
    await waitForHydration(page);
    const sv = locale === "sv-SE";
    await expect(
      page.getByText(sv ? "Så här ser besökarna sidan" : "This is how visitors will see the page"),
    ).toBeVisible();
    await expect(page.getByText(sv ? "Fortfarande tomt" : "Still empty")).toBeVisible();
    await expectNoSeriousViolations(page);
    // The nudge leads back to the step that fills it in, and forward again.
    await page.getByRole("button", { name: sv ? "Lägg till Berättelse" : "Add Story" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(sv ? "Berätta" : "Tell the story");
    await page.goto(`/k/${id}`);
    await page.getByRole("button", { name: sv ? /Publicera/ : /Publish and start/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      sv ? "Erik Johansson är publicerad" : "Erik Johansson is live",
    );
    await expect(page.getByRole("img", { name: new RegExp(`${id}$`) })).toHaveJSProperty("complete", true);
    await expectNoSeriousViolations(page);
    await page.getByRole("button", { name: sv ? "Se din sida" : "See your page" }).click();
    await expect(page.getByRole("region", { name: sv ? "Din sida" : "Your page" })).toBeVisible();
  }
});
