// The admin's menu in a real browser: grouped by task, a sidebar on a wide screen with the
// current page marked, and on a phone one "Menu" button whose panel a link, Escape or a click outside
// closes, giving the focus back; nothing moves while a page loads, and axe passes in both languages.
import type { Page } from "@playwright/test";
import { adminMenu } from "../../app/lib/admin-screens";
import { signInByApi } from "./support/accounts";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { expect, isSameDocument, markDocument, test, waitForHydration } from "./support/fixtures";
import { admin, appUrl } from "./support/ports";
import { desktop, phone } from "./support/shots";
import { testLocales, text, type TestLocale } from "./support/texts";

/** Adds up the page's layout shifts from its first paint on (read with `shifted`). */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = window as unknown as { __shift: number };
    record.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        record.__shift += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
}

const shifted = (page: Page) => page.evaluate(() => (window as unknown as { __shift: number }).__shift);

async function useLocale(page: Page, locale: TestLocale): Promise<void> {
  await page.context().addCookies([{ name: "locale", value: locale, url: appUrl }]);
}

test("on a wide screen the menu is a sidebar of the tasks, the current page marked, the page beside it", async ({
  page,
  problems,
}) => {
  await page.setViewportSize(desktop);
  await recordLayoutShifts(page);
  await signInByApi(page, admin);
  await page.goto("/admin/orders");
  await waitForHydration(page);

  const nav = page.getByRole("navigation", { name: "Admin menu" });
  await expect(nav).toBeVisible();
  await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
  // Each task is a list named by its heading, holding its screens' links by their own names.
  for (const group of adminMenu()) {
    const list = nav.getByRole("list", { name: text("en-US", group.label) });
    await expect(list.getByRole("link")).toHaveText(
      group.screens.map((screen) => text("en-US", screen.label)),
    );
  }
  await expect(nav.getByRole("link", { name: "Admin home" })).toBeVisible();

  // The current page, and only it, is marked, and looks it.
  const orders = nav.getByRole("link", { name: "Orders" });
  const invoices = nav.getByRole("link", { name: "Invoices", exact: true });
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  await expect(orders).toHaveAttribute("aria-current", "page");
  const look = (link: typeof orders) =>
    link.evaluate((element) => {
      const style = getComputedStyle(element);
      return `${style.backgroundColor} ${style.fontWeight}`;
    });
  expect(await look(orders)).not.toBe(await look(invoices));

  // The sidebar on the left, the page in all the width that is left, and the whole menu on the first
  // screen of a laptop.
  const side = (await nav.boundingBox())!;
  const main = (await page.getByRole("main").boundingBox())!;
  expect(side.x).toBe(0);
  expect(main.x).toBeGreaterThanOrEqual(side.x + side.width);
  expect(main.x + main.width).toBeCloseTo(desktop.width, 0);
  const last = (await nav.getByRole("link", { name: "Change your password" }).boundingBox())!;
  expect(last.y + last.height).toBeLessThanOrEqual(desktop.height);
  expect(await shifted(page)).toBeLessThan(0.01);

  // A link goes there in the app, and the mark follows.
  await markDocument(page);
  await invoices.click();
  await expect(page).toHaveURL("/admin/capway/invoices");
  await expect(invoices).toHaveAttribute("aria-current", "page");
  await expect(orders).not.toHaveAttribute("aria-current", /./);
  expect(await isSameDocument(page)).toBe(true);
  expect(problems.consoleErrors).toEqual([]);
});

test("on a phone one Menu button opens the grouped menu; a link, Escape or a click outside closes it", async ({
  page,
}) => {
  await page.setViewportSize(phone);
  await recordLayoutShifts(page);
  await signInByApi(page, admin);
  await page.goto("/admin");
  await waitForHydration(page);

  const button = page.getByRole("button", { name: "Menu" });
  const nav = page.getByRole("navigation", { name: "Admin menu" });
  await expect(button).toHaveAttribute("aria-expanded", "false");
  // It controls the menu, which is out of sight (and out of the accessibility tree) until opened.
  const controlled = page.locator(`#${await button.getAttribute("aria-controls")}`);
  await expect(controlled).toHaveAttribute("aria-label", "Admin menu");
  await expect(controlled).toBeHidden();
  await expect(nav).toBeHidden();
  // The header is one bar, so the page starts on the first screen; nothing scrolls sideways.
  expect((await page.getByRole("banner").boundingBox())!.height).toBeLessThanOrEqual(72);
  await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  expect(await shifted(page)).toBeLessThan(0.01);

  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  for (const group of adminMenu())
    await expect(nav.getByRole("list", { name: text("en-US", group.label) })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Admin home" })).toHaveAttribute("aria-current", "page");
  // The account's controls are at the end of the panel.
  await expect(nav.getByRole("button", { name: "Sign out" })).toBeVisible();

  // Escape closes it from inside and gives the focus back to the button.
  await nav.getByRole("link", { name: "All pages" }).focus();
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toBeFocused();

  // From the keyboard: the button opens it, and the next Tab is its first link.
  await page.keyboard.press("Enter");
  await expect(nav).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "Admin home" })).toBeFocused();

  // A link goes there in the app; the panel closes and the focus is back on the button.
  await markDocument(page);
  await nav.getByRole("link", { name: "Orders" }).click();
  await expect(page).toHaveURL("/admin/orders");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Orders");
  await expect(nav).toBeHidden();
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toBeFocused();
  expect(await isSameDocument(page)).toBe(true);

  // Opened again it marks the new page; a click outside it closes it.
  await button.click();
  await expect(nav.getByRole("link", { name: "Orders" })).toHaveAttribute("aria-current", "page");
  const bar = (await page.getByRole("banner").boundingBox())!;
  await page.mouse.click(bar.width / 2, bar.y + bar.height / 2);
  await expect(nav).toBeHidden();
  await expect(page).toHaveURL("/admin/orders");
});

test("the menu passes axe open on a phone and as the sidebar, in both languages", async ({ page }) => {
  await signInByApi(page, admin);
  for (const locale of testLocales) {
    await useLocale(page, locale);
    await page.setViewportSize(phone);
    await page.goto("/admin/orders");
    await waitForHydration(page);
    const button = page.getByRole("button", { name: text(locale, "admin.nav.menu") });
    await button.click();
    const nav = page.getByRole("navigation", { name: text(locale, "admin.nav.label") });
    for (const group of adminMenu())
      await expect(nav.getByRole("list", { name: text(locale, group.label) })).toBeVisible();
    await expectNoSeriousAxeViolations(page, `phone menu (${locale})`);

    await page.keyboard.press("Escape");
    await page.setViewportSize(desktop);
    await expect(nav).toBeVisible();
    await expect(button).toBeHidden();
    await expect(nav.getByRole("link", { name: text(locale, "adminOrders.nav.orders") })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expectNoSeriousAxeViolations(page, `sidebar (${locale})`);
  }
});
