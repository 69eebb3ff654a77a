// Security headers and the CSP in a real browser: scripts run by nonce, nothing is blocked.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, waitForHydration } from "./support/fixtures";

for (const path of ["/login", "/new", "/gratis-provperiod", "/no/such/page"]) {
  test(`${path}: enforced CSP with a nonce, every script carries it, no violations or console errors`, async ({
    page,
    problems,
  }) => {
    const response = await page.goto(path);
    const headers = response?.headers() ?? {};
    const csp = headers["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(headers["content-security-policy-report-only"]).toBeUndefined();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-request-id"]).toBeTruthy();
    // The page comes compressed (the browser accepts brotli), and varies by what a client accepts.
    expect(headers["content-encoding"]).toBe("br");
    expect(headers["vary"]).toContain("Accept-Encoding");

    await waitForHydration(page);
    const scriptNonces = await page
      .locator("script")
      .evaluateAll((scripts) => scripts.map((script) => (script as HTMLScriptElement).nonce));
    expect(scriptNonces.length).toBeGreaterThan(0);
    for (const value of scriptNonces) expect(value).toBe(nonce);

    // Give analytics time to load and talk to its host, then look for anything blocked.
    await page.waitForLoadState("networkidle");
    expect(problems.cspViolations).toEqual([]);
    const unexpected = problems.consoleErrors.filter((text) => !text.includes("404"));
    expect(unexpected).toEqual([]);
  });
}

test("the pages pass an automated accessibility check", async ({ page }) => {
  for (const path of [
    "/login",
    "/new",
    "/forgot-password",
    "/reset-password?token=x",
    "/gratis-provperiod",
    "/404",
  ]) {
    await page.goto(path);
    await waitForHydration(page);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(results.violations.map((v) => `${path}: ${v.id}`)).toEqual([]);
  }
});

test("the layout works at 360 px wide without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ["/login", "/new", "/gratis-provperiod", "/404"]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test("keyboard users reach the skip link first and the language switch by Tab", async ({ page }) => {
  await page.goto("/login");
  await waitForHydration(page);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
});
