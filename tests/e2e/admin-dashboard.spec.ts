// The admin dashboard in the browser (ADR 015): the admin reads today's figures, a customer pays by
// card, and after a reload the paid orders and the card money of today and this month have risen by it
// (at least: other specs share the database); each card leads to its screen; both languages pass axe.
import type { Page } from "@playwright/test";
import { signInAs, signInByApi } from "./support/accounts";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { expect, test, waitForHydration } from "./support/fixtures";
import { endTrial, ownedPage } from "./support/pages";
import { admin, appUrl } from "./support/ports";
import { shoot } from "./support/shots";

/** A figure as the dashboard shows it, read back as a number (digits only: "1 234 kr" is 1234). */
async function figure(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(testId).textContent()) ?? "";
  return Number(text.replace(/[^\d]/g, ""));
}

test("the admin sees today's paid orders and card money rise after a customer pays", async ({
  page,
  browser,
  problems,
}) => {
  await signInByApi(page, admin);
  await page.goto("/admin");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Today", level: 2 })).toBeVisible();
  const before = {
    orders: await figure(page, "conversions-today"),
    ordersMonth: await figure(page, "conversions-month"),
    card: await figure(page, "revenue-month-card"),
  };

  // A customer pays 49 kr by card for their page, in another browser.
  const { id, token } = await ownedPage(browser, { displayName: "Sigrid Holm" });
  // Past its trial, so the card is charged at once (during a trial it is only kept).
  await endTrial(browser, id);
  const context = await browser.newContext();
  const buyer = await context.newPage();
  await signInAs(buyer, token);
  await buyer.goto(`/k/${id}/checkout/card`);
  await waitForHydration(buyer);
  await buyer.getByLabel("Card number").fill("4242 4242 4242 4242");
  await buyer.getByLabel("Expiry date").fill("12/39");
  await buyer.getByLabel("Security code (CVC)").fill("123");
  await buyer.getByLabel("Name on the card").fill("Sigrid Holm");
  await buyer.getByRole("button", { name: /^Pay SEK\s49$/ }).click();
  await expect(buyer.getByRole("heading", { level: 1 })).toHaveText("Thank you! Your page is paid");
  await context.close();

  await page.reload();
  await waitForHydration(page);
  expect(await figure(page, "conversions-today")).toBeGreaterThanOrEqual(before.orders + 1);
  expect(await figure(page, "conversions-month")).toBeGreaterThanOrEqual(before.ordersMonth + 1);
  expect(await figure(page, "revenue-month-card")).toBeGreaterThanOrEqual(before.card + 49);
  // The chart says the same in words.
  await expect(
    page
      .locator('[data-figure="conversions"]')
      .getByRole("img", { name: /^Last 30 days: \d+ in all, \d+ today$/ }),
  ).toBeVisible();
  await expect(page.getByTestId("status-active")).not.toHaveText("0");
  await expectNoSeriousAxeViolations(page, "dashboard");
  await shoot(page, "admin-dashboard");

  // Each card leads to the screen behind it.
  await page.getByRole("link", { name: "Paid orders" }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await page.goBack();
  await page.getByRole("link", { name: "Invoices overdue" }).click();
  await expect(page).toHaveURL(/\/admin\/capway\/invoices\?due=overdue$/);
  await page.goBack();
  await page
    .locator('[data-figure="statuses"]')
    .getByRole("link", { name: /^Free trial \d+$/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/profiles\/list\?status=trial$/);
  expect(problems.consoleErrors).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});

test("the dashboard in Swedish passes axe", async ({ page }) => {
  await signInByApi(page, admin);
  await page.context().addCookies([{ name: "locale", value: "sv-SE", url: appUrl }]);
  await page.goto("/admin");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "I dag", level: 2 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Betalda ordrar" })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "dashboard sv");
  await shoot(page, "admin-dashboard-sv");
});

test("the admin dashboard says what the site runs without: card payments in the sandbox, e-mail to the outbox", async ({
  page,
}) => {
  await signInByApi(page, admin);
  await page.goto("/admin");
  const setup = page.getByRole("region", { name: "Not set up yet" });
  await expect(setup.getByText("Card payments go to the test sandbox.")).toBeVisible();
  await expect(setup.getByText("E-mails are not sent.")).toBeVisible();
  // The creditor comes and goes with the other specs sharing this database: when it is missing, the
  // gap leads to the screen that sets it up.
  const creditor = setup.getByRole("link", { name: "Set up the creditor" });
  if (await creditor.count()) await expect(creditor).toHaveAttribute("href", "/admin/capway/creditor");
});
