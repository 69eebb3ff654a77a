// The partner side (ADR 014) in a browser: an admin whitelists an address; that person signs up as a
// partner under the name the admin gave (and may change it), and copies the referral link; a customer comes through the link,
// signs up and claims a page; the partner sees the customer in the list and in the figures. Also: an
// address not on the whitelist is refused, a customer account is told it is no partner's, and the
// rules send a visitor to the partner sign-in.
import { randomUUID } from "node:crypto";
import { newUser, signInByApi, signUpByApi } from "./support/accounts";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { shoot } from "./support/shots";
import { expect, test, waitForHydration } from "./support/fixtures";
import { newProfiles } from "./support/pages";
import { admin, appUrl } from "./support/ports";

const refusal =
  "This e-mail address cannot sign up as a partner. Ask your Kammare contact for an invitation.";

test("an admin whitelists a partner, who signs up under the name the admin gave, renames it and sees a referred customer", async ({
  page,
  browser,
  problems,
}) => {
  // Three people in two browsers, some twenty page loads: on a busy 2-core machine this passed 60 s.
  test.slow();
  const partner = {
    email: `partner-${randomUUID().slice(0, 8)}@e2e.kammare.test`,
    password: `pw-${randomUUID()}`,
  };
  const partnerName = `Blomsterhandel ${randomUUID().slice(0, 4)}`;

  // The admin adds the address on the whitelist screen (in a browser of its own).
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInByApi(adminPage, admin);
  await adminPage.goto("/admin/partner/whitelist");
  await waitForHydration(adminPage);
  await expect(adminPage.getByRole("heading", { level: 1 })).toHaveText("Partner whitelist");
  await adminPage.getByLabel("E-mail address").fill(partner.email);
  await adminPage.getByLabel("Partner name").fill(partnerName);
  await adminPage.getByRole("button", { name: "Add to whitelist" }).click();
  const row = adminPage.getByRole("row").filter({ hasText: partner.email });
  await expect(row).toContainText(partnerName);
  await expect(row).toContainText("Invited");
  await expectNoSeriousAxeViolations(adminPage, "whitelist");
  await shoot(adminPage, "partners-whitelist");

  // A visitor of the partner area signs in first.
  await page.goto("/partner");
  await expect(page).toHaveURL("/partner/signin");
  await page.goto("/partner/dashboard");
  await expect(page).toHaveURL(`/partner/signin?redirectTo=${encodeURIComponent("/partner/dashboard")}`);
  await expectNoSeriousAxeViolations(page, "signin");

  // The whitelisted address signs up and lands on the dashboard, named as the admin named it: the
  // customer list is open at once, and the name can still be changed.
  await page.getByRole("link", { name: "Create a partner account" }).click();
  await expect(page).toHaveURL("/partner/signup");
  await waitForHydration(page);
  await shoot(page, "partners-signup");
  await page.getByLabel("E-mail address").fill(partner.email);
  await page.getByLabel("Password", { exact: true }).fill(partner.password);
  await page.getByRole("button", { name: "Create partner account" }).click();
  await expect(page).toHaveURL("/partner/dashboard");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(partnerName);
  await expect(page.getByRole("heading", { name: "First, name your organisation" })).toHaveCount(0);
  await expect(page.getByTestId("users-nav-locked")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Show customers" })).toBeVisible();
  // Colleagues see the organisation by its name, never its slug.
  const slug = new URL(await page.getByLabel("Your link").inputValue()).searchParams.get("ref") ?? "";
  const colleagues = page.getByRole("region", { name: "Colleagues" });
  await expect(colleagues).toContainText(`Everyone here can see ${partnerName}'s customers`);
  expect(await colleagues.innerText()).not.toContain(slug);
  await expect(page.getByRole("textbox", { name: "Organisation name" })).toHaveValue(partnerName);
  await shoot(page, "partners-dashboard-named");

  const organisation = `${partnerName} AB`;
  await page.getByRole("textbox", { name: "Organisation name" }).fill(organisation);
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(organisation);
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Customers" }),
  ).toBeVisible();

  // The referral link, copied.
  const link = await page.getByLabel("Your link").inputValue();
  expect(link).toMatch(new RegExp(`^${appUrl}/\\?ref=[a-z0-9-]+$`));
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The link is copied." })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  // Its QR code is drawn (the image loads), and can be downloaded.
  const qr = page.getByRole("img", { name: `QR code for ${link}` });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole("link", { name: "Download PNG" })).toHaveAttribute(
    "href",
    "/api/partner/referral-qr.png?size=1024&download=1",
  );
  await expect(page.getByTestId("figure-customers")).toHaveText("0");
  await expect(page.getByRole("table", { name: "Revenue per month, the last 12 months" })).toBeAttached();
  await expectNoSeriousAxeViolations(page, "dashboard");
  await shoot(page, "partners-dashboard");

  // A customer follows the link, then signs up and claims an unclaimed page.
  const [id] = await newProfiles(browser, 1);
  const customer = newUser();
  const customerContext = await browser.newContext();
  const visitor = await customerContext.newPage();
  await visitor.goto(link);
  expect((await customerContext.cookies()).find((cookie) => cookie.name === "ref")?.value).toBe(
    new URL(link).searchParams.get("ref"),
  );
  await visitor.goto(`/k/${id}`);
  await visitor.getByRole("link", { name: "Create an account and claim" }).click();
  await expect(visitor).toHaveURL(/\/new\?redirectTo=/);
  await waitForHydration(visitor);
  await visitor.getByLabel("E-mail address").fill(customer.email);
  await visitor.getByLabel("Password", { exact: true }).fill(customer.password);
  await visitor.getByRole("button", { name: "Create account" }).click();
  await expect(visitor.getByTestId("claimed-notice")).toContainText("This page is now yours");
  await customerContext.close();

  // The partner sees the customer, with the page and its status, and the figures have moved.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Customers" }).click();
  await expect(page).toHaveURL("/partner/dashboard/users");
  await waitForHydration(page);
  const customerRow = page.getByRole("row").filter({ hasText: customer.email });
  await expect(customerRow).toContainText(id as string);
  await expect(customerRow.locator("[data-status]")).toBeVisible();
  await expect(page.getByTestId("users-count")).toHaveText("1 row.");
  await expectNoSeriousAxeViolations(page, "users");
  await shoot(page, "partners-users");

  // The search goes into the address, and the CSV link carries it.
  const part = customer.email.slice(0, 10);
  await page.getByLabel("Search", { exact: true }).fill(part);
  await expect(page).toHaveURL(`/partner/dashboard/users?q=${encodeURIComponent(part)}`);
  await expect(customerRow).toBeVisible();
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
    "href",
    `/api/partner/users.csv?q=${encodeURIComponent(part)}`,
  );
  await page.getByLabel("Search", { exact: true }).fill("nobody-like-this");
  await expect(page.getByText("No customer matches the search")).toBeVisible();
  const csv = await page.request.get("/api/partner/users.csv");
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(customer.email);

  // The admin prints a page for the partner (the partner select of "New pages").
  await adminPage.goto("/admin/profiles/new");
  await waitForHydration(adminPage);
  await adminPage.getByLabel("Partner", { exact: true }).selectOption({ label: organisation });
  await adminPage.getByRole("button", { name: "Create", exact: true }).click();
  await expect(adminPage.getByRole("table")).toBeVisible();

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByTestId("figure-customers")).toHaveText("1");
  await expect(page.getByTestId("figure-pages")).toHaveText("2");
  await expect(page.getByTestId("status-count-unclaimed")).toHaveText("1");

  // Signed out, the partner signs in again on the partner sign-in and comes back where they were going.
  // Signing out of the partner area leads to the partner sign-in, not the customers'.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/partner/signin");
  await page.goto("/partner/dashboard/users");
  await expect(page).toHaveURL(
    `/partner/signin?redirectTo=${encodeURIComponent("/partner/dashboard/users")}`,
  );
  await waitForHydration(page);
  await page.getByLabel("E-mail address").fill(partner.email);
  await page.getByLabel("Password", { exact: true }).fill(partner.password);
  await page.getByRole("button", { name: "Sign in as partner" }).click();
  await expect(page).toHaveURL("/partner/dashboard/users");
  await expect(page.getByRole("row").filter({ hasText: customer.email })).toBeVisible();

  // The admin's list now shows the address as signed up, in its organisation.
  await adminPage.goto("/admin/partner/whitelist");
  await expect(adminPage.getByRole("row").filter({ hasText: partner.email })).toContainText("Signed up");
  await expect(adminPage.getByRole("row").filter({ hasText: partner.email })).toContainText(organisation);
  await adminContext.close();
  expect(problems.cspViolations).toEqual([]);
});

test("an address not on the whitelist is refused in the server's words, and a customer is told it is no partner account", async ({
  page,
}) => {
  const stranger = newUser();
  await page.goto("/partner/signup");
  await waitForHydration(page);
  await page.getByLabel("E-mail address").fill(stranger.email);
  await page.getByLabel("Password", { exact: true }).fill(stranger.password);
  await page.getByRole("button", { name: "Create partner account" }).click();
  const field = page.getByLabel("E-mail address");
  await expect(page.getByText(refusal)).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL("/partner/signup");

  // A customer signing in here is told this is not a partner account.
  const customer = newUser();
  await signUpByApi(page, customer);
  await page.context().clearCookies();
  await page.goto("/partner/signin");
  await waitForHydration(page);
  await page.getByLabel("E-mail address").fill(customer.email);
  await page.getByLabel("Password", { exact: true }).fill(customer.password);
  await page.getByRole("button", { name: "Sign in as partner" }).click();
  await expect(page.getByText("This is not a partner account")).toBeVisible();
  await expect(page.getByText(`You are signed in as ${customer.email}`)).toBeVisible();
  // And the partner pages send the customer back here.
  await page.goto("/partner/dashboard");
  await expect(page).toHaveURL("/partner/signin");
  await expect(page.getByText("This is not a partner account")).toBeVisible();
});

test("the partner pages and their texts in Swedish", async ({ page, browser }) => {
  await page.context().addCookies([{ name: "locale", value: "sv-SE", url: appUrl }]);
  await page.goto("/partner/signin");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Logga in som partner");
  await page.goto("/partner/signup");
  await expect(page.getByRole("button", { name: "Skapa partnerkonto" })).toBeVisible();
  const adminContext = await browser.newContext();
  await adminContext.addCookies([{ name: "locale", value: "sv-SE", url: appUrl }]);
  const adminPage = await adminContext.newPage();
  await signInByApi(adminPage, admin);
  await adminPage.goto("/admin/partner/whitelist");
  await expect(adminPage.getByRole("heading", { level: 1 })).toHaveText("Partnerlista");
  await expect(adminPage.getByRole("button", { name: "Lägg till på listan" })).toBeVisible();
  await adminContext.close();
});

test("an admin changes a whitelist entry in a dialog and removes one after confirming", async ({ page }) => {
  const email = `listed-${randomUUID().slice(0, 8)}@e2e.kammare.test`;
  const changed = `changed-${randomUUID().slice(0, 8)}@e2e.kammare.test`;
  await signInByApi(page, admin);
  await page.goto("/admin/partner/whitelist");
  await waitForHydration(page);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Partner name").fill("Stenhuggeriet");
  await page.getByRole("button", { name: "Add to whitelist" }).click();
  await expect(page.getByRole("row").filter({ hasText: email })).toBeVisible();

  // The same address again is refused at its field.
  await page.getByLabel("E-mail address").fill(email.toUpperCase());
  await page.getByLabel("Partner name").fill("Stenhuggeriet");
  await page.getByRole("button", { name: "Add to whitelist" }).click();
  await expect(page.getByText("This e-mail address is already on the whitelist.")).toBeVisible();

  await page.getByRole("button", { name: `Edit ${email}` }).click();
  const dialog = page.getByRole("dialog", { name: "Change the entry" });
  await expect(dialog.getByLabel("Partner name")).toHaveValue("Stenhuggeriet");
  await dialog.getByLabel("E-mail address").fill(changed);
  await dialog.getByLabel("Partner name").fill("Stenhuggeriet i Visby");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: changed });
  await expect(row).toContainText("Stenhuggeriet i Visby");
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);

  await page.getByRole("button", { name: `Remove ${changed}` }).click();
  const confirm = page.getByRole("dialog", { name: "Remove from the whitelist?" });
  await expect(confirm).toContainText(changed);
  // Cancelling keeps it.
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toBeVisible();
  await page.getByRole("button", { name: `Remove ${changed}` }).click();
  await confirm.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page.getByRole("row").filter({ hasText: changed })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText(
    `${changed} is removed from the whitelist.`,
  );
});
