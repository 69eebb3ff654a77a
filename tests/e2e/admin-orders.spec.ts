// The admin's checkout links and orders in the browser: a link with a free trial and 12 periods made
// for a customer found by e-mail, shown to copy and listed, then revoked; the orders screen refuses a
// malformed number and says when there is no such order; a customer pays through such a link and the
// admin finds the order by its number.
import { expectNoSeriousAxeViolations as noSeriousViolations } from "./support/axe";
import { expect, test, waitForHydration } from "./support/fixtures";
import { newUser, signInByApi, signUpByApi } from "./support/accounts";
import { ownedPage } from "./support/pages";
import { admin, appUrl } from "./support/ports";

test("an admin makes a checkout link with a free trial and 12 periods, sees it listed and revokes it", async ({
  page,
  browser,
}) => {
  const customer = newUser();
  const other = await browser.newContext();
  await signUpByApi(other, customer);
  await other.close();

  await signInByApi(page, admin);
  await page.goto("/admin/checkout-link");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Checkout links");
  await expect(page.getByText("Find the customer first.")).toBeVisible();

  await page.getByLabel("E-mail address").fill(`nobody-${customer.email}`);
  await page.getByRole("button", { name: "Find customer" }).click();
  await expect(page.getByText("No user has this e-mail address.")).toBeVisible();

  await page.getByLabel("E-mail address").fill(customer.email);
  await page.getByRole("button", { name: "Find customer" }).click();
  await expect(page.getByText(`The link is for ${customer.email}.`)).toBeVisible();

  // The form explains a missing price and a wrong number of periods before sending anything.
  await page.getByLabel("Number of periods").fill("121");
  await page.getByRole("button", { name: "Create link" }).click();
  await expect(page.getByText("Enter the price.")).toBeVisible();
  await expect(page.getByText("Enter a whole number from 0 to 120.")).toBeVisible();

  await page.getByLabel("Price per period, VAT included").fill("99");
  await page.getByLabel("Number of periods").fill("12");
  await page.getByLabel("Free trial first").check();
  await page.getByRole("button", { name: "Create link" }).click();
  const result = page.getByRole("region", { name: "The link is ready" });
  await expect(result).toBeFocused();
  const url = await result.getByLabel("Checkout link").inputValue();
  expect(url).toMatch(new RegExp(`^${appUrl}/checkout-link/[A-Za-z0-9_-]{43}$`));
  await noSeriousViolations(page);

  const row = page.getByRole("row").filter({ hasText: customer.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("per month");
  await expect(row).toContainText("12 periods");
  await expect(row.getByRole("cell", { name: "Yes", exact: true })).toBeVisible();
  await expect(row).toContainText("Active");

  await row.getByRole("button", { name: /^Revoke the link for/ }).click();
  await expect(
    page.getByRole("region", { name: "Notifications" }).getByText("The link is revoked"),
  ).toBeVisible();
  await expect(row).toContainText("Revoked");
  await expect(row.getByRole("button")).toHaveCount(0);
});

test("the orders screen refuses a malformed number and says when there is no such order", async ({
  page,
}) => {
  await signInByApi(page, admin);
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin menu" }).getByRole("link", { name: "Orders" }).click();
  await expect(page).toHaveURL("/admin/orders");
  await waitForHydration(page);
  await page.getByLabel("Order number").fill("12");
  await page.getByRole("button", { name: "Find order" }).click();
  await expect(page.getByText("An order number looks like KM-000123.")).toBeVisible();

  await page.getByLabel("Order number").fill("km-999998");
  await page.getByRole("button", { name: "Find order" }).click();
  await expect(page).toHaveURL("/admin/orders/KM-999998");
  await expect(page.getByRole("heading", { name: "There is no such order" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("KM-999998");
});

for (const locale of ["en-US", "sv-SE"] as const) {
  test(`the checkout link and order screens pass axe (${locale})`, async ({ page }) => {
    await signInByApi(page, admin);
    await page.context().addCookies([{ name: "locale", value: locale, url: appUrl }]);
    for (const path of ["/admin/checkout-link", "/admin/orders", "/admin/orders/KM-999997"]) {
      await page.goto(path);
      await waitForHydration(page);
      await noSeriousViolations(page);
    }
  });
}

test("a customer is sent away from the admin's order and checkout link screens", async ({ page }) => {
  await signUpByApi(page, newUser());
  for (const path of ["/admin/checkout-link", "/admin/orders", "/admin/orders/KM-000001"]) {
    await page.goto(path);
    await expect(page).toHaveURL("/");
  }
});

test("a customer pays through the admin's checkout link (free trial first, 12 periods); the admin finds the order", async ({
  page,
  browser,
}) => {
  const { id, owner, token } = await ownedPage(browser, { displayName: "Ingrid Holm" });
  await signInByApi(page, admin);
  await page.goto("/admin/checkout-link");
  await waitForHydration(page);
  await page.getByLabel("E-mail address").fill(owner.email);
  await page.getByRole("button", { name: "Find customer" }).click();
  await expect(page.getByText(`The link is for ${owner.email}.`)).toBeVisible();
  await page.getByLabel("Price per period, VAT included").fill("99");
  await page.getByLabel("Number of periods").fill("12");
  await page.getByLabel("Free trial first").check();
  await page.getByRole("button", { name: "Create link" }).click();
  const url = await page
    .getByRole("region", { name: "The link is ready" })
    .getByLabel("Checkout link")
    .inputValue();

  // The customer opens the link: with one page, straight to its card checkout with the link's terms.
  const customer = await browser.newContext();
  try {
    await customer.addCookies([{ name: "kammare_session", value: token, url: appUrl, httpOnly: true }]);
    const buyer = await customer.newPage();
    await buyer.goto(url);
    await expect(buyer).toHaveURL(new RegExp(`/k/${id}/checkout/card\\?link=`));
    await waitForHydration(buyer);
    await buyer.getByLabel("Card number").fill("4242 4242 4242 4242");
    await buyer.getByLabel("Expiry date").fill("12/39");
    await buyer.getByLabel("Security code (CVC)").fill("123");
    await buyer.getByLabel("Name on the card").fill("Ingrid Holm");
    // A free trial first: the card is kept, and the checkout says when the first charge comes.
    await expect(buyer.getByTestId("first-charge")).toContainText(
      /^Nothing to pay today; first charge SEK\s99 on /,
    );
    await buyer.getByRole("button", { name: /^Save card – first charge / }).click();
    await expect(buyer).toHaveURL(new RegExp(`/k/${id}/checkout/confirm\\?order=KM-\\d{6,}$`));
    await expect(buyer.getByRole("heading", { level: 1 })).toHaveText("Your card is saved");
    const orderNumber = ((await buyer.getByTestId("order-number").textContent()) ?? "").trim();
    expect(orderNumber).toMatch(/^KM-\d{6,}$/);

    // The admin finds it by its number, lower case and all.
    await page.goto("/admin/orders");
    await waitForHydration(page);
    await page.getByLabel("Order number").fill(orderNumber.toLowerCase());
    await page.getByRole("button", { name: "Find order" }).click();
    await expect(page).toHaveURL(`/admin/orders/${orderNumber}`);
    await expect(page.getByRole("heading", { name: new RegExp(orderNumber) })).toBeVisible();
    await expect(page.getByText(owner.email).first()).toBeVisible();
    await expect(page.getByText(/SEK\s99/).first()).toBeVisible();
    await expect(page.getByText("12", { exact: true }).first()).toBeVisible();
    await noSeriousViolations(page);
  } finally {
    await customer.close();
  }
});
