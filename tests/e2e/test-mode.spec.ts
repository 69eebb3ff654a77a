// Test payments never by accident: an https site that names the sandbox (a staging site)
// warns at start and shows a "test mode" ribbon on every page, in the page's language. It needs a
// server of its own with those settings: the production build, started here on a fresh data folder.
import { rm } from "node:fs/promises";
import { expect, test } from "./support/fixtures";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { shoot } from "./support/shots";
import { freshDataDir, listeningPort, startServer, stopServer } from "../support/server-spawn";

test("an https site naming the sandbox warns at start and shows the test-mode ribbon on every page", async ({
  browser,
}) => {
  const dataDir = await freshDataDir();
  const server = startServer({
    DATA_DIR: dataDir,
    PUBLIC_URL: "https://staging.kammare.test",
    PAYMENT_PROVIDER: "sandbox",
    ADMIN_EMAIL: "admin@staging.kammare.test",
    ADMIN_PASSWORD: "staging-admin-password-1",
  });
  try {
    const port = await listeningPort(server, 60_000);
    const warning = server
      .logs()
      .find((line) => String(line.msg).startsWith("PAYMENT_PROVIDER=sandbox on an https site"));
    expect(warning?.level).toBe(40);

    for (const [locale, text] of [
      ["en-US", "Test mode: card payments on this site are test payments, and no money is taken."],
      ["sv-SE", "Testläge: kortbetalningar på den här webbplatsen är testbetalningar, och inga pengar dras."],
    ] as const) {
      const context = await browser.newContext({ locale, baseURL: `http://127.0.0.1:${port}` });
      const page = await context.newPage();
      for (const path of ["/login", "/gratis-provperiod", "/k/ZZZZZZZZ"]) {
        await page.goto(path);
        const ribbon = page.getByRole("note", { name: locale === "en-US" ? "Test mode" : "Testläge" });
        await expect(ribbon).toHaveText(text);
        // First on the page, above the header, where the eye starts.
        const box = await ribbon.boundingBox();
        expect(box?.y).toBe(0);
      }
      await page.goto("/login");
      await expectNoSeriousAxeViolations(page, `test-mode ribbon, ${locale}`);
      await shoot(page, `test-mode-ribbon-${locale}`);
      await context.close();
    }
  } finally {
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
});

test("the site the suite runs (http, no provider named) shows no ribbon", async ({ page }) => {
  await page.goto("/login");
  await expect(page.locator("[data-test-mode-ribbon]")).toHaveCount(0);
});
