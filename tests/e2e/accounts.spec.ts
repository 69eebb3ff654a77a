// Accounts in the browser: sign-up, sign-out, sign-in, the route rules, the admin's tools, and a
// password reset through the e-mail in the outbox.
import type { Page } from "@playwright/test";
import { expect, isSameDocument, markDocument, test, waitForHydration } from "./support/fixtures";
import { lastEmailTo, newUser, signInByApi, signUpByApi } from "./support/accounts";
import { holdAdmin } from "./support/admin-lock";
import { admin, appUrl } from "./support/ports";
import { shoot } from "./support/shots";

async function storedSession(page: Page) {
  return page.evaluate(() => {
    const raw = localStorage.getItem("session");
    return raw ? (JSON.parse(raw) as { access_token: string; user: { id: string; email: string } }) : null;
  });
}

test("a visitor signs up, is signed in at once, and signs out again", async ({ page }) => {
  const user = newUser();
  await page.goto("/new");
  await waitForHydration(page);
  await page.getByLabel("E-mail address").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Create account" }).click();

  // Signed in: the page reloads, the login rule sends the user to "/", which welcomes them.
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome");
  await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible();
  const session = await storedSession(page);
  expect(session?.access_token).toBeTruthy();
  expect(session?.user).toEqual({ id: expect.any(String), email: user.email });

  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/login");
  // Cleared: no session, nothing of before (analytics starts afresh on the next page with its own key).
  expect(await storedSession(page)).toBeNull();
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((key) => !key.startsWith("ph_"))),
  ).toEqual([]);
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  // The server's session has ended too: "/" sends a visitor to sign in.
  await page.goto("/");
  await expect(page).toHaveURL("/login");
});

test("signing in reloads the page and keeps the session in localStorage", async ({ page }) => {
  const user = newUser();
  await signUpByApi(page, user);
  await page.context().clearCookies();
  await page.goto("/login");
  await waitForHydration(page);
  await markDocument(page);
  await page.getByLabel("E-mail address").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/");
  await waitForHydration(page);
  expect(await isSameDocument(page)).toBe(false);
  const session = await storedSession(page);
  expect(session?.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  expect(session?.user.email).toBe(user.email);
  expect(session?.user.id).toMatch(/^[0-9a-f-]{36}$/);
});

test("a signed-in page load asks nothing again; a stored session without its cookie is refreshed once", async ({
  page,
}) => {
  const user = newUser();
  await signUpByApi(page, user);
  await page.context().clearCookies();
  // Signed in as the form does it: the session stored in the browser, and its cookie.
  await signInByApi(page, user);
  const asked: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path === "/api/auth/session" || path === "/api/admin/check") asked.push(path);
  });
  // The server's render knew the viewer (its cookie) and the pages it owns: the browser starts from it.
  await page.goto("/account");
  await waitForHydration(page);
  await expect(page.getByText(`Signed in as ${user.email}`)).toBeAttached();
  await page.goto("/gratis-provperiod");
  await waitForHydration(page);
  expect(asked).toEqual([]);

  // The cookie gone (it outlived its date), the stored session is refreshed, whose answer sets it again.
  const refreshed = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/api/auth/session",
  );
  await page.context().clearCookies();
  await page.reload();
  await waitForHydration(page);
  expect((await refreshed).status()).toBe(200);
  await expect.poll(() => asked).toEqual(["/api/auth/session"]);
  await page.goto("/account");
  await expect(page).toHaveURL("/account");
  await expect(page.getByText(`Signed in as ${user.email}`)).toBeAttached();
});

test('a wrong password shows "There was an error", says why in the alert, and leads to a new password', async ({
  page,
}) => {
  const user = newUser();
  await signUpByApi(page, user);
  // Signed out (the visitor's answer to the analytics question kept, so no banner covers the form).
  await page.context().clearCookies({ name: "kammare_session" });
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByLabel("E-mail address").fill(user.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  // The spec's text, and under it, in the same alert (what a screen reader announces), what is wrong.
  const alert = page.getByRole("alert");
  await expect(alert.getByText("There was an error", { exact: true })).toBeVisible();
  await expect(alert).toContainText("The e-mail address and the password do not match.");
  await expect(page).toHaveURL("/login");
  expect(await storedSession(page)).toBeNull();
  await shoot(page, "login-wrong-password");

  // The way on: the reset page, with the address already filled in.
  await alert.getByRole("link", { name: "Reset your password" }).click();
  await expect(page).toHaveURL("/forgot-password");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forgot your password?");
  await expect(page.getByLabel("E-mail address")).toHaveValue(user.email);
  await page.getByRole("button", { name: "Send link" }).click();
  await expect(
    page.getByText(`If there is an account for ${user.email}, a link is on its way.`),
  ).toBeVisible();
});

test("an unknown address gets the same help, in Swedish, on the partners' sign-in too", async ({ page }) => {
  await page.context().addCookies([{ name: "locale", value: "sv-SE", url: appUrl }]);
  for (const path of ["/login", "/partner/signin"]) {
    await page.goto(path);
    await waitForHydration(page);
    await page.getByLabel("E-postadress").fill(newUser().email);
    await page.getByLabel("Lösenord", { exact: true }).fill("any-password-at-all");
    // "Logga in", or on the partners' page "Logga in som partner".
    await page.getByRole("button", { name: /^Logga in/ }).click();
    const alert = page.getByRole("alert");
    await expect(alert.getByText("Det uppstod ett fel", { exact: true })).toBeVisible();
    await expect(alert).toContainText("E-postadressen och lösenordet stämmer inte överens.");
    await expect(alert.getByRole("link", { name: "Återställ lösenordet" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
    await expect(page).toHaveURL(path);
  }
});

test("a sign-in refused for too many attempts says only the spec's text, not that the password is wrong", async ({
  page,
}) => {
  const user = newUser();
  await signUpByApi(page, user);
  await page.context().clearCookies();
  // The limit per account (10 a minute, in windows of the clock's minutes): used up with wrong
  // passwords, all in one window, so the form's attempt falls in it too.
  const second = new Date().getUTCSeconds();
  if (second > 40) await page.waitForTimeout((61 - second) * 1000);
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const answer = await page.request.post("/api/auth/login", {
      data: { type: "email", email: user.email, password: "not-the-password" },
    });
    expect(answer.status()).toBe(401);
  }
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByLabel("E-mail address").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/auth/login"));
  await page.getByRole("button", { name: "Sign in" }).click();
  expect((await answer).status()).toBe(429);
  await expect(page.getByRole("alert")).toHaveText("There was an error");
  await expect(page.getByRole("link", { name: "Reset your password" })).toHaveCount(0);
});

test("the sign-up form explains a short password before sending anything", async ({ page }) => {
  await page.goto("/new");
  await waitForHydration(page);
  await page.getByLabel("E-mail address").fill("not-an-address");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Enter a valid e-mail address.")).toBeVisible();
  await expect(page.getByText("A password needs at least 10 characters.")).toBeVisible();
  await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("aria-invalid", "true");
});

test("/new and /login send a signed-in user to /, and / sends a visitor to /login", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL("/login");
  await signUpByApi(page, newUser());
  for (const path of ["/new", "/login"]) {
    await page.goto(path);
    await expect(page).toHaveURL("/");
  }
  await page.goto("/login?redirectTo=/gratis-provperiod");
  await expect(page).toHaveURL("/gratis-provperiod");
  for (const elsewhere of ["//evil.example/", "%2F.%2F%2Fevil.example", "/%2e//evil.example"]) {
    await page.goto(`/login?redirectTo=${elsewhere}`);
    await expect(page).toHaveURL("/");
  }
});

test("a customer is sent away from every /admin page", async ({ page }) => {
  const user = newUser();
  await signUpByApi(page, user);
  for (const path of ["/admin", "/admin/change-password", "/admin/profiles/list"]) {
    await page.goto(path);
    await expect(page).toHaveURL("/");
  }
  // A visitor is sent to sign in first.
  await page.context().clearCookies();
  await page.goto("/admin");
  await expect(page).toHaveURL("/login?redirectTo=%2Fadmin");
});

test("a visitor sent from an admin page to sign in comes back to it as admin", async ({ page }) => {
  await holdAdmin("shared");
  await page.goto("/admin/profiles/list?status=trial");
  await expect(page).toHaveURL("/login?redirectTo=%2Fadmin%2Fprofiles%2Flist%3Fstatus%3Dtrial");
  await waitForHydration(page);
  await page.getByLabel("E-mail address").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/admin/profiles/list?status=trial");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

// Both use the one admin account, and a password change ends its other sessions: one after the other.
test.describe("the admin's tools", () => {
  test.describe.configure({ mode: "serial" });

  test("an admin finds a user, sets a new password, and that user's sessions end", async ({
    browser,
    page,
  }) => {
    const user = newUser();
    const customer = await browser.newContext();
    const customerPage = await customer.newPage();
    await signUpByApi(customerPage, user);

    await signInByApi(page, admin);
    await page.goto("/admin");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin");
    await page.getByRole("search").getByLabel("E-mail address").fill(user.email.toUpperCase());
    await page.getByRole("button", { name: "Find user" }).click();
    const card = page.getByRole("article", { name: user.email });
    await expect(card).toBeVisible();
    await expect(card).toContainText("Customer");
    await expect(card).toContainText("No pages");

    const newPassword = "admin-chose-this-1";
    await card.getByLabel("New password", { exact: true }).fill(newPassword);
    await card.getByRole("button", { name: "Set password" }).click();
    await expect(card.getByRole("status")).toContainText("The password is set");

    // The customer's session has ended; the new password works, the old one does not.
    await customerPage.goto("/admin");
    await expect(customerPage).toHaveURL("/login?redirectTo=%2Fadmin");
    // As the browser sends them: from our own origin.
    const origin = { Origin: appUrl };
    const old = await customerPage.request.post("/api/auth/login", {
      data: { type: "email", ...user },
      headers: origin,
    });
    expect(old.status()).toBe(401);
    const fresh = await customerPage.request.post("/api/auth/login", {
      data: { type: "email", email: user.email, password: newPassword },
      headers: origin,
    });
    expect(fresh.status()).toBe(200);
    await customer.close();

    await page.getByRole("search").getByLabel("E-mail address").fill("nobody@e2e.kammare.test");
    await page.getByRole("button", { name: "Find user" }).click();
    await expect(page.getByText("No user has this e-mail address.")).toBeVisible();
  });

  test("the admin changes their password on /admin/change-password", async ({ page }) => {
    // Alone: the change ends the admin's other sessions, which other tests may be using.
    await holdAdmin("exclusive");
    await signInByApi(page, admin);
    await page.goto("/admin/change-password");
    await waitForHydration(page);
    await page.getByLabel("Current password").fill("wrong-password-here");
    await page.getByLabel("New password", { exact: true }).fill("a-new-admin-pass-1");
    await page.getByLabel("Repeat the new password").fill("a-new-admin-pass-1");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("The current password is not right.")).toBeVisible();

    await page.getByLabel("Current password").fill(admin.password);
    await page.getByLabel("Repeat the new password").fill("something-else-1");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("The two passwords are not the same.")).toBeVisible();

    await page.getByLabel("Repeat the new password").fill("a-new-admin-pass-1");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("status")).toContainText("Your password is changed");

    // Put the shared admin's password back for the other tests.
    await page.getByLabel("Current password").fill("a-new-admin-pass-1");
    await page.getByLabel("New password", { exact: true }).fill(admin.password);
    await page.getByLabel("Repeat the new password").fill(admin.password);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("status")).toContainText("Your password is changed");
  });
});

test("a forgotten password is reset with the link from the e-mail", async ({ page }) => {
  const user = newUser();
  await signUpByApi(page, user);
  await page.context().clearCookies();
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL("/forgot-password");
  await page.getByLabel("E-mail address").fill(user.email);
  await page.getByRole("button", { name: "Send link" }).click();
  await expect(page.getByRole("status")).toContainText(`If there is an account for ${user.email}`);

  const mail = await lastEmailTo(user.email, { subject: "Set a new password for Kammare" });
  const link = new RegExp(`${appUrl}/reset-password\\?token=[\\w%-]+`).exec(mail.text)?.[0];
  expect(link).toBeDefined();

  await page.goto(link as string);
  await waitForHydration(page);
  const newPassword = "chosen-after-reset-1";
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Repeat the new password").fill(newPassword);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByRole("status")).toContainText("Your password is changed");

  await page.getByRole("link", { name: "Sign in" }).first().click();
  await expect(page).toHaveURL("/login");
  await page.getByLabel("E-mail address").fill(user.email);
  await page.getByLabel("Password").fill(newPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible();

  // The link worked once.
  await page.goto(link as string);
  await waitForHydration(page);
  await page.getByLabel("New password", { exact: true }).fill("another-password-1");
  await page.getByLabel("Repeat the new password").fill("another-password-1");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByRole("alert")).toContainText("This link is not valid any more");
});
