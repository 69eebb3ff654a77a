// The language switch: en-US by default, sv-SE on request, kept in the cookie across reloads.
import { expect, test, waitForHydration } from "./support/fixtures";

test("switching to Swedish changes the page at once and survives a reload", async ({ page, context }) => {
  // The browser downloads only the language it shows: the page's texts come in its HTML, and the
  // Swedish ones with the switch, as a script of their own.
  const scripts: string[] = [];
  page.on("response", async (response) => {
    if (response.url().endsWith(".js")) scripts.push(await response.text().catch(() => ""));
  });
  const swedishText = "Gratis provperiod i {{days}} dagar";
  const html = await (await page.goto("/gratis-provperiod"))!.text();
  await waitForHydration(page);
  expect(html).toContain("Free trial for {{days}} days");
  expect(html).not.toContain(swedishText);
  expect(scripts.some((script) => script.includes(swedishText))).toBe(false);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Free trial for 30 days");

  await page.getByRole("button", { name: "Svenska" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gratis provperiod i 30 dagar");
  // The response's body is read as it arrives: wait for it rather than race the heading.
  await expect.poll(() => scripts.some((script) => script.includes(swedishText))).toBe(true);
  await expect(page.locator("html")).toHaveAttribute("lang", "sv-SE");
  await expect(page.getByRole("button", { name: "Svenska" })).toHaveAttribute("aria-pressed", "true");

  const cookie = (await context.cookies()).find((c) => c.name === "locale");
  expect(cookie?.value).toBe("sv-SE");
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365);

  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gratis provperiod i 30 dagar");
  await expect(page.locator("html")).toHaveAttribute("lang", "sv-SE");

  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Free trial for 30 days");
});

test("a browser asking for Swedish gets Swedish before choosing", async ({ browser }) => {
  const context = await browser.newContext({ locale: "sv-SE" });
  const page = await context.newPage();
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "sv-SE");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Logga in");
  await expect(page.getByRole("link", { name: "Gratis provperiod" }).first()).toBeVisible();
  await context.close();
});

test("the sign-in page has one description for search results, in the page's language", async ({
  browser,
}) => {
  const descriptions: string[] = [];
  for (const locale of ["en-US", "sv-SE"]) {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto("/login");
    await waitForHydration(page);
    const description = page.locator('meta[name="description"]');
    await expect(description).toHaveCount(1);
    descriptions.push((await description.getAttribute("content")) ?? "");
    await context.close();
  }
  expect(descriptions.every((text) => text.trim().length > 0)).toBe(true);
  expect(descriptions[0]).not.toBe(descriptions[1]);
});
