// The ways in through a partner (ADR 029) in a browser: a customer arriving by the partner's link is
// welcomed by the funeral home's name, signs up and is counted as its customer; a page opened by the
// link shows a short welcome, which the shared page cache never keeps; a newly whitelisted partner
// receives the invitation and its link opens the partner sign-up with the address filled in; a partner
// invites a colleague, who signs up into the organisation, and removes them again. Axe in both
// languages on the new screens; screenshots when SHOTS_DIR is set.
import { randomInt } from "node:crypto";
import { expect as baseExpect, request as playwrightRequest, type Page } from "@playwright/test";
import { lastEmailTo, newUser, signInByApi, signUpByApi } from "./support/accounts";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { ownAddress } from "./support/client-address";
import { expect, test, waitForHydration } from "./support/fixtures";
import { asAdmin, ownedPage } from "./support/pages";
import { appUrl } from "./support/ports";
import { shoot } from "./support/shots";
import { partnerByApi } from "./support/partners";

async function inSwedish(page: Page): Promise<void> {
  await page.context().addCookies([{ name: "locale", value: "sv-SE", url: appUrl }]);
  await page.reload();
}

async function inEnglish(page: Page): Promise<void> {
  await page.context().addCookies([{ name: "locale", value: "en-US", url: appUrl }]);
  await page.reload();
}

/** The toasts' list: each toast is one of its items. */
const notifications = (page: Page) =>
  page.getByRole("region", { name: "Notifications" }).getByRole("listitem");

const partnerName = () => `Lindqvists Begravningsbyrå ${randomInt(1e6)}`;

test("a customer arriving by the partner's link is welcomed by its name, signs up and is its customer", async ({
  page,
  browser,
  problems,
}) => {
  const partner = await partnerByApi(browser, partnerName());

  // "/" without a partner's ref keeps the spec's rule; an unknown one too.
  await page.goto("/");
  await expect(page).toHaveURL("/login");
  await page.goto("/?ref=no-such-partner");
  await expect(page).toHaveURL("/login");

  await page.goto(`/?ref=${partner.slug}`);
  await expect(page).toHaveURL(`/welcome?ref=${partner.slug}`);
  expect((await page.context().cookies()).find((cookie) => cookie.name === "ref")?.value).toBe(partner.slug);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome from ${partner.name}`);
  await expect(page.getByText("a quiet place on the web for someone you have lost")).toBeVisible();
  // "Start a page" comes first, then "I have a code" (tests/e2e/start-page.spec.ts follows it), then signing in.
  const actions = page.getByRole("main").getByRole("link", { name: /Start a page|I have a code|Sign in/ });
  await expect(actions).toHaveText(["Start a page", "I have a code", "Sign in"]);
  await expect(page.locator("body")).not.toContainText(/partner/i);
  await expectNoSeriousAxeViolations(page, "welcome");
  await shoot(page, "ways-in-welcome");
  await inSwedish(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Välkommen från ${partner.name}`);
  await expect(page.getByRole("link", { name: "Starta en sida" })).toBeVisible();
  await expect(page.locator("body")).not.toContainText(/partner/i);
  await expectNoSeriousAxeViolations(page, "welcome sv");
  await shoot(page, "ways-in-welcome-sv");
  await inEnglish(page);

  // The customer creates an account (from sign-in: no page yet); the home names the funeral home
  // where the letter is mentioned.
  const customer = newUser();
  await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/login");
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL("/new");
  await waitForHydration(page);
  await page.getByLabel("E-mail address").fill(customer.email);
  await page.getByLabel("Password", { exact: true }).fill(customer.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText(`in the letter from ${partner.name}`)).toBeVisible();
  await expect(page.locator("main")).not.toContainText(/partner/i);

  // The partner counts the customer as theirs.
  const client = await playwrightRequest.newContext({ baseURL: appUrl, extraHTTPHeaders: ownAddress() });
  try {
    const list = await client.get("/api/partner/users", {
      headers: { Authorization: `Bearer ${partner.token}` },
    });
    expect(list.status()).toBe(200);
    const rows = ((await list.json()) as { rows: { email: string }[] }).rows;
    expect(rows.map((row) => row.email)).toContain(customer.email);
  } finally {
    await client.dispose();
  }
  expect(problems.cspViolations).toEqual([]);
});

test("a page opened by the partner's link greets the visitor; the cached page never does", async ({
  page,
  browser,
  request,
}) => {
  const partner = await partnerByApi(browser, partnerName());
  const { id } = await ownedPage(browser, { displayName: "Karin Lindqvist", subtitle: "1941 – 2026" });

  await page.goto(`/k/${id}?ref=${partner.slug}`);
  const banner = page.getByTestId("welcome-banner");
  await expect(banner).toContainText(`Welcome from ${partner.name}`);
  await expect(banner).toContainText("a memorial page on Kammare");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Karin Lindqvist");
  await expectNoSeriousAxeViolations(page, "banner");
  await shoot(page, "ways-in-banner");
  await inSwedish(page);
  await expect(banner).toContainText(`Välkommen från ${partner.name}`);
  await expectNoSeriousAxeViolations(page, "banner sv");
  await shoot(page, "ways-in-banner-sv");

  // Without JavaScript it is there all the same: it is part of the server's page.
  const withRef = await request.get(`/k/${id}?ref=${partner.slug}`, { headers: { Cookie: "" } });
  expect(withRef.headers()["cache-control"]).toContain("no-store");
  expect(await withRef.text()).toContain(`Welcome from ${partner.name}`);

  // The page without the query is shared by every visitor: no banner, before and after the cache
  // keeps it, even for a visitor holding the partner's cookie.
  for (const cookie of ["", `ref=${partner.slug}`, ""]) {
    const plain = await request.get(`/k/${id}`, { headers: { Cookie: cookie } });
    expect(plain.status()).toBe(200);
    const html = await plain.text();
    expect(html).toContain("Karin Lindqvist");
    expect(html).not.toContain("welcome-banner");
    expect(html).not.toContain(partner.name);
  }
  const again = await request.get(`/k/${id}`, { headers: { Cookie: "" } });
  expect(again.headers()["x-cache"]).toBe("HIT");
  expect(await again.text()).not.toContain(partner.name);
});

test("a newly whitelisted partner receives the invitation, and its link opens the partner sign-up", async ({
  page,
  browser,
}) => {
  const invited = newUser();
  const name = partnerName();
  const adminContext = await browser.newContext({ extraHTTPHeaders: ownAddress() });
  const adminPage = await adminContext.newPage();
  try {
    await signInByApi(adminPage, { email: "admin@e2e.kammare.test", password: "admin-e2e-password-1" });
    await adminPage.goto("/admin/partner/whitelist");
    await waitForHydration(adminPage);
    await adminPage.getByLabel("E-mail address").fill(invited.email);
    await adminPage.getByLabel("Partner name").fill(name);
    await adminPage.getByRole("button", { name: "Add to whitelist" }).click();
    await expect(notifications(adminPage).filter({ hasText: "the invitation is on its way" })).toBeVisible();

    const mail = await lastEmailTo(invited.email, { subject: `Din inbjudan till Kammare för ${name}` });
    const link = /https?:\/\/\S+\/partner\/signup\?email=\S+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();

    // "Send again" sends it once more.
    const row = adminPage.getByRole("row").filter({ hasText: invited.email });
    await row.getByRole("button", { name: `Send the invitation to ${invited.email} again` }).click();
    await expect(notifications(adminPage).filter({ hasText: "went to" })).toBeVisible();
    await expectNoSeriousAxeViolations(adminPage, "whitelist");

    // The link opens the partner sign-up with the address filled in.
    await page.goto(new URL(link as string).pathname + new URL(link as string).search);
    await waitForHydration(page);
    await expect(page.getByLabel("E-mail address")).toHaveValue(invited.email);
    await page.getByLabel("Password", { exact: true }).fill(invited.password);
    await page.getByRole("button", { name: "Create partner account" }).click();
    await expect(page).toHaveURL("/partner/dashboard");
    // Named from the start as the admin named it.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.getByRole("textbox", { name: "Organisation name" })).toHaveValue(name);
  } finally {
    await adminContext.close();
  }
});

test("a partner invites a colleague, who joins; withdraws an invitation and removes the colleague", async ({
  page,
  browser,
  problems,
}) => {
  test.slow();
  const partner = await partnerByApi(browser, partnerName());
  await signInByApi(page, partner);
  await page.goto("/partner/dashboard");
  await waitForHydration(page);
  const section = page.getByRole("region", { name: "Colleagues" });
  await expect(section.getByTestId("colleague")).toHaveText([new RegExp(`${partner.email}\\s*You`)]);
  await expect(section.getByTestId("invitations-empty")).toBeVisible();

  // A typo is told at the field; a real address is invited and receives the e-mail.
  const colleague = newUser();
  await section.getByLabel("Colleague's e-mail address").fill("not-an-address");
  await section.getByRole("button", { name: "Send invitation" }).click();
  await expect(section.getByLabel("Colleague's e-mail address")).toHaveAttribute("aria-invalid", "true");
  await section.getByLabel("Colleague's e-mail address").fill(colleague.email);
  await section.getByRole("button", { name: "Send invitation" }).click();
  await expect(notifications(page).filter({ hasText: `on its way to ${colleague.email}` })).toBeVisible();
  await expect(section.getByTestId("invitation")).toHaveText([new RegExp(colleague.email)]);
  await expect(section.getByLabel("Colleague's e-mail address")).toHaveValue("");
  // The same address again is refused in words.
  await section.getByLabel("Colleague's e-mail address").fill(colleague.email);
  await section.getByRole("button", { name: "Send invitation" }).click();
  await expect(section.getByText("This address has been invited already.")).toBeVisible();
  await section.getByLabel("Colleague's e-mail address").fill("");

  const mail = await lastEmailTo(colleague.email);
  expect(mail.text).toContain(partner.email);
  expect(mail.text).toContain(partner.name);
  const link = /https?:\/\/\S+\/partner\/signup\?email=\S+/.exec(mail.text)?.[0] as string;

  // The colleague follows the link in a browser of their own and joins the organisation.
  const colleagueContext = await browser.newContext({ extraHTTPHeaders: ownAddress() });
  const colleaguePage = await colleagueContext.newPage();
  await colleaguePage.goto(new URL(link).pathname + new URL(link).search);
  await waitForHydration(colleaguePage);
  await colleaguePage.getByLabel("Password", { exact: true }).fill(colleague.password);
  await colleaguePage.getByRole("button", { name: "Create partner account" }).click();
  await expect(colleaguePage).toHaveURL("/partner/dashboard");
  await expect(colleaguePage.getByRole("heading", { level: 1 })).toHaveText(partner.name);

  // Back on the first partner's dashboard: two members, one more invitation, withdrawn again.
  await page.reload();
  await waitForHydration(page);
  await expect(section.getByTestId("colleague")).toHaveCount(2);
  const other = newUser();
  await section.getByLabel("Colleague's e-mail address").fill(other.email);
  await section.getByRole("button", { name: "Send invitation" }).click();
  await expect(section.getByTestId("invitation")).toHaveText([new RegExp(other.email)]);
  await expectNoSeriousAxeViolations(page, "colleagues");
  await section.scrollIntoViewIfNeeded();
  await shoot(page, "ways-in-colleagues");
  await inSwedish(page);
  await waitForHydration(page);
  const sektion = page.getByRole("region", { name: "Kollegor" });
  await expect(
    sektion.getByRole("button", { name: `Dra tillbaka inbjudan till ${other.email}` }),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page, "colleagues sv");
  // The refusal is said in the viewer's language, from its code (ADR 032), not in the server's English.
  await sektion.getByLabel("Kollegans e-postadress").fill(other.email);
  await sektion.getByRole("button", { name: "Skicka inbjudan" }).click();
  await expect(sektion.getByText("Adressen är redan inbjuden.")).toBeVisible();
  await expect(sektion.getByText("This address has been invited already.")).toHaveCount(0);
  await shoot(page, "ways-in-colleagues-sv");
  await sektion.getByLabel("Kollegans e-postadress").fill("");
  await inEnglish(page);
  await waitForHydration(page);

  await section.getByRole("button", { name: `Withdraw the invitation to ${other.email}` }).click();
  await expect(section.getByTestId("invitations-empty")).toBeVisible();

  // Removing the colleague asks first; afterwards their session no longer reaches the partner area.
  await expect(section.getByRole("button", { name: `Remove ${partner.email}` })).toHaveCount(0);
  await section.getByRole("button", { name: `Remove ${colleague.email}` }).click();
  const dialog = page.getByRole("dialog", { name: "Remove this colleague?" });
  await expect(dialog).toContainText(colleague.email);
  await expectNoSeriousAxeViolations(page, "remove dialog");
  await dialog.getByRole("button", { name: "Remove colleague" }).click();
  await expect(notifications(page).filter({ hasText: "is no longer a member" })).toBeVisible();
  await expect(section.getByTestId("colleague")).toHaveCount(1);
  await colleaguePage.goto("/partner/dashboard");
  await expect(colleaguePage).toHaveURL(/\/partner\/signin/);
  await colleagueContext.close();
  expect(problems.cspViolations).toEqual([]);
});

test("the partner's customer list names the pages", async ({ page, browser }) => {
  const partner = await partnerByApi(browser, partnerName());
  // A page the admin printed for the partner; a family who came by the partner's link claims and names it.
  const [id] = await asAdmin(browser, async (request, token) => {
    const created = await request.post("/api/admin/profiles", {
      data: { count: 1, partnerId: partner.organisationId },
      headers: { Authorization: `Bearer ${token}`, Origin: appUrl },
    });
    baseExpect(created.status()).toBe(201);
    return ((await created.json()) as { profiles: { id: string }[] }).profiles.map((row) => row.id);
  });
  const family = newUser();
  const context = await browser.newContext({ extraHTTPHeaders: ownAddress() });
  try {
    const visitor = await context.newPage();
    await visitor.goto(`/?ref=${partner.slug}`);
    await expect(visitor).toHaveURL(`/welcome?ref=${partner.slug}`);
    const session = await signUpByApi(context, family);
    const headers = { Authorization: `Bearer ${session.access_token}`, Origin: appUrl };
    const claimed = await context.request.post("/api/kammare/own", {
      data: { owner: session.user.id, profileId: id },
      headers,
    });
    expect(claimed.status()).toBe(200);
    for (const step of [
      { step: "welcome" },
      { step: "name", displayName: "Greta Lindqvist", subtitle: "" },
    ]) {
      const answer = await context.request.post("/api/kammare/walkthrough-steps", {
        data: { profileId: id, ...step },
        headers,
      });
      expect(answer.status()).toBe(200);
    }
  } finally {
    await context.close();
  }

  await signInByApi(page, partner);
  await page.goto("/partner/dashboard/users");
  await waitForHydration(page);
  const row = page.getByRole("row").filter({ hasText: family.email });
  await expect(row.getByRole("link", { name: "Greta Lindqvist" })).toHaveAttribute("href", `/k/${id}`);
  await expect(row).toContainText(id as string);
  await page.getByLabel("Search", { exact: true }).fill("greta");
  await expect(page).toHaveURL("/partner/dashboard/users?q=greta");
  await expect(row).toBeVisible();
  await expectNoSeriousAxeViolations(page, "users");
  await shoot(page, "ways-in-users");
});
