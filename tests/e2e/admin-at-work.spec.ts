// An admin at work in the browser: signing in lands on the admin's home (or where they were going);
// a page without an owner is offered no live status and can be given to a customer; a toast stays on
// the screen it was shown on; a checkout link is made for a customer found by e-mail or page code,
// for the page chosen among theirs, and e-mailed to them.
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./support/fixtures";
import { lastEmailTo, newUser, signInByApi, signUpByApi } from "./support/accounts";
import { holdAdmin } from "./support/admin-lock";
import { ownAddress } from "./support/client-address";
import { newProfiles, openAsAdmin, ownedPage } from "./support/pages";
import { admin, appUrl } from "./support/ports";
import { shoot } from "./support/shots";
import { text, type TestLocale } from "./support/texts";

async function useLocale(page: Page, locale: TestLocale) {
  await page.context().addCookies([{ name: "locale", value: locale, url: appUrl }]);
}

async function signInOnScreen(page: Page, path: string) {
  // Not while another test changes the admin's password (it would end this session).
  await holdAdmin("shared");
  await page.goto(path);
  await waitForHydration(page);
  await page.getByLabel("E-mail address").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("an admin who signs in lands on the admin's home, or where they were going", async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: ownAddress() });
  const page = await context.newPage();
  try {
    await signInOnScreen(page, "/login");
    await expect(page).toHaveURL("/admin");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin");
    // The site's home sends them back to work, not to the customer's "you have no page".
    await page.goto("/");
    await expect(page).toHaveURL("/admin");
  } finally {
    await context.close();
  }

  const again = await browser.newContext({ extraHTTPHeaders: ownAddress() });
  const next = await again.newPage();
  try {
    await signInOnScreen(next, "/login?redirectTo=%2Fadmin%2Fcheckout-link");
    await expect(next).toHaveURL("/admin/checkout-link");
    await expect(next.getByRole("heading", { level: 1 })).toHaveText("Checkout links");
  } finally {
    await again.close();
  }
});

test("a page without an owner is offered no live status, says why, and can be given to a customer", async ({
  page,
  browser,
}) => {
  const [id] = (await newProfiles(browser, 1)) as [string];
  const customer = newUser();
  const other = await browser.newContext();
  await signUpByApi(other, customer);
  await other.close();

  await openAsAdmin(page, `/admin/profile-admin?id=${id}`);
  const status = page.getByLabel("New status");
  await expect(status.locator("option")).toHaveText(["Unclaimed", "Suspended"]);
  await expect(page.getByText("This page has no owner yet, so it can only be suspended here.")).toBeVisible();
  for (const locale of ["sv-SE", "en-US"] as const) {
    await useLocale(page, locale);
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByText(text(locale, "adminProfiles.admin.ownerlessHint"))).toBeVisible();
    await shoot(page, `ownerless-${locale}`);
  }

  // Given to the customer: theirs, a draft, and every status is offered again.
  const give = page.getByRole("region", { name: "Give the page to a customer" });
  await give.getByLabel("The customer's e-mail address").fill(`nobody-${customer.email}`);
  await give.getByRole("button", { name: "Give the page" }).click();
  await expect(give.getByText("No customer has this e-mail address.")).toBeVisible();
  await give.getByLabel("The customer's e-mail address").fill(customer.email);
  await give.getByRole("button", { name: "Give the page" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText(
    `The page now belongs to ${customer.email}.`,
  );
  await expect(page.getByRole("definition").filter({ hasText: customer.email })).toBeVisible();
  await expect(give).toHaveCount(0);
  await expect(status).toHaveValue("draft");
  await expect(status.locator("option", { hasText: "Active" })).toHaveCount(1);
  await expect(page.getByText("This page has no owner yet")).toHaveCount(0);
});

test("a toast stays on the screen it was shown on, not on the next one", async ({ page, browser }) => {
  const { id } = await ownedPage(browser, { displayName: "Toast Tester" }, { publish: false });
  await openAsAdmin(page, `/admin/profile-admin?id=${id}`);
  const region = page.getByRole("region", { name: "Notifications" });
  await page.getByLabel("New status").selectOption({ label: "Active" });
  await page.getByRole("button", { name: "Change status" }).click();
  await expect(region.getByText("The status is changed.")).toBeVisible();

  // To another screen by the admin's menu, within the toast's time: it does not come along.
  await page.getByRole("navigation", { name: "Admin menu" }).getByRole("link", { name: "All pages" }).click();
  await expect(page).toHaveURL("/admin/profiles/list");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("All pages");
  await expect(region.getByText("The status is changed.")).toHaveCount(0);
});

test("a checkout link is made for the customer's chosen page and e-mailed to them", async ({
  page,
  browser,
}) => {
  const first = await ownedPage(browser, { displayName: "Ingrid Holm" });
  const second = await ownedPage(browser, { displayName: "Nils Holm" }, { of: first });
  const email = first.owner.email;

  await openAsAdmin(page, "/admin/checkout-link");
  // By e-mail: the customer and both their pages; they choose when there are two, unless the admin does.
  await page.getByLabel("E-mail address or page code").fill(email.toUpperCase());
  await page.getByRole("button", { name: "Find customer" }).click();
  await expect(page.getByText(`The link is for ${email}.`)).toBeVisible();
  await expect(page.getByText("They have 2 pages.")).toBeVisible();
  const pages = page.getByRole("group", { name: "The page it pays for" });
  await expect(pages.getByRole("radio")).toHaveCount(3);
  await expect(pages.getByRole("radio", { name: "The customer chooses when they open it" })).toBeChecked();
  await pages.getByRole("radio", { name: `Nils Holm · ${second.id}` }).check();
  await page.getByLabel("Price per period, VAT included").fill("39");
  await page.getByLabel("Number of periods").fill("24");
  await expect(page.getByLabel(`E-mail the link to ${email}`)).toBeChecked();
  await page.getByRole("button", { name: "Create link" }).click();
  const result = page.getByRole("region", { name: "The link is ready" });
  await expect(result).toContainText(`Sent to ${email}.`);
  await expect(result).toContainText(`It pays for the page ${second.id}.`);
  const url = await result.getByLabel("Checkout link").inputValue();
  const mail = await lastEmailTo(email);
  // In the customer's language (the API's test reads it word for word), naming the page chosen.
  expect(mail.subject).toContain("Nils Holm");
  expect(mail.text).toContain(url);

  // By a page's code: its owner, with that page chosen. Looked at in both languages.
  for (const locale of ["en-US", "sv-SE"] as const) {
    await useLocale(page, locale);
    await page.reload();
    await waitForHydration(page);
    await page.getByLabel(text(locale, "checkoutLinks.findLabel")).fill(first.id.toLowerCase());
    await page.getByRole("button", { name: text(locale, "checkoutLinks.findCustomer") }).click();
    const chosen = page.getByRole("radio", {
      name: text(locale, "checkoutLinks.pageOption")
        .replace("{{name}}", "Ingrid Holm")
        .replace("{{id}}", first.id),
    });
    await expect(chosen).toBeChecked();
    await shoot(page, `checkout-link-found-${locale}`);
    await page.getByLabel(text(locale, "checkoutLinks.price")).fill("49");
    await page.getByRole("button", { name: text(locale, "checkoutLinks.create") }).click();
    await expect(
      page.getByRole("region", { name: text(locale, "checkoutLinks.createdHeading") }),
    ).toBeVisible();
    await shoot(page, `checkout-link-sent-${locale}`);
  }
});

test("the customer opens a link made for one of their pages and goes straight to pay for that one", async ({
  page,
  browser,
}) => {
  const first = await ownedPage(browser, { displayName: "Greta Berg" });
  const second = await ownedPage(browser, { displayName: "Olof Berg" }, { of: first });
  const session = await signInByApi(page, admin);
  const headers = { Authorization: `Bearer ${session.access_token}`, Origin: appUrl };
  const found = await page.request.post("/api/admin/user-fetch", {
    data: { email: first.owner.email },
    headers,
  });
  const customerId = ((await found.json()) as { id: string }).id;
  const made = await page.request.post("/api/admin/checkout-session-link", {
    data: { customerId, price: 4_900, iterations: 12, includesFreeTrial: false, profileId: second.id },
    headers,
  });
  expect(made.status()).toBe(201);
  const { url } = (await made.json()) as { url: string };
  const customer = await browser.newContext();
  try {
    await customer.addCookies([{ name: "kammare_session", value: first.token, url: appUrl, httpOnly: true }]);
    const buyer = await customer.newPage();
    await buyer.goto(url);
    await expect(buyer).toHaveURL(new RegExp(`/k/${second.id}/checkout/card\\?link=`));
  } finally {
    await customer.close();
  }
});
