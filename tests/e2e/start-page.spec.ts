// A family starts a page without a code (decisions "Pages a family can start, and funeral homes that
// hand them out"): from a funeral home's referral link, on a phone, the welcome says what a page is
// and costs with "Start a page" beside "I have a code" (in Swedish too); sign-up makes the page at
// once and opens its walkthrough; the family fills it in, publishes it and is on its free trial, and
// the page and the family are the funeral home's. A signed-in customer without a page starts one from
// "/"; a visitor at "/" (sent to sign in, as the spec says) is told the same two sentences there.
// Axe on each screen; screenshots at 1280 x 800 and 390 x 844 when SHOTS_DIR is set.
import { randomInt } from "node:crypto";
import { request as playwrightRequest, type Browser, type Page } from "@playwright/test";
import { newUser, signInByApi, signUpByApi } from "./support/accounts";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { ownAddress } from "./support/client-address";
import { expect, test, waitForHydration } from "./support/fixtures";
import { asAdmin, endTrial } from "./support/pages";
import { appUrl } from "./support/ports";
import { phone, shoot } from "./support/shots";
import { partnerByApi, type Partner } from "./support/partners";

/** A funeral home with a name of its own, made through the API. */
async function funeralHome(browser: Browser): Promise<Partner> {
  return partnerByApi(browser, `Lindqvists Begravningsbyrå ${randomInt(1e6)}`);
}

async function inLanguage(page: Page, locale: "sv-SE" | "en-US"): Promise<void> {
  await page.context().addCookies([{ name: "locale", value: locale, url: appUrl }]);
  await page.reload();
}

test.describe("on a phone", () => {
  test.use({ viewport: phone });

  test("a family with no code follows a funeral home's link, starts a page, publishes it and is on its free trial", async ({
    page,
    browser,
    problems,
  }) => {
    const home = await funeralHome(browser);

    await page.goto(`/?ref=${home.slug}`);
    await expect(page).toHaveURL(`/welcome?ref=${home.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome from ${home.name}`);
    // Two sentences: what a page is, and what it costs (the plans' own prices).
    await expect(page.getByText("a quiet place on the web for someone you have lost")).toBeVisible();
    await expect(page.getByTestId("page-price")).toHaveText(
      /^The first 30 days are free, with no card needed; then it costs SEK\s49 a month or SEK\s490 a year/,
    );
    const actions = page.getByRole("main").getByRole("link", { name: /Start a page|I have a code/ });
    await expect(actions).toHaveText(["Start a page", "I have a code"]);
    await expect(page.getByRole("link", { name: "I have a code" })).toHaveAttribute("href", "/k");
    await expect(page.locator("body")).not.toContainText(/partner/i);
    await expectNoSeriousAxeViolations(page, "welcome");
    await shoot(page, "start-landing");

    await inLanguage(page, "sv-SE");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Välkommen från ${home.name}`);
    await expect(page.getByText("en stilla plats på webben för den du har förlorat")).toBeVisible();
    await expect(page.getByTestId("page-price")).toContainText(/49\skr i månaden eller 490\skr om året/);
    await expect(page.getByRole("link", { name: "Starta en sida" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Jag har en kod" })).toBeVisible();
    await expectNoSeriousAxeViolations(page, "welcome sv");
    await shoot(page, "start-landing-sv");
    await inLanguage(page, "en-US");

    // Start a page: the sign-up says so, and keeps the funeral home's link.
    await page.getByRole("link", { name: "Start a page" }).click();
    await expect(page).toHaveURL(`/new?start=page&ref=${home.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Start a page");
    await expect(page.getByText("Create an account and your page is made at once.")).toBeVisible();
    await waitForHydration(page);
    await expectNoSeriousAxeViolations(page, "start sign-up");
    await shoot(page, "start-signup");
    const family = newUser();
    await page.getByLabel("E-mail address").fill(family.email);
    await page.getByLabel("Password", { exact: true }).fill(family.password);
    await page.getByRole("button", { name: "Create account" }).click();

    // The page is made and is theirs: its walkthrough opens.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to your Kammare");
    await expect(page.getByTestId("claimed-notice")).toBeVisible();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/k\/[0-9A-HJKMNP-TV-Z]{8}$/);
    const id = new URL(page.url()).pathname.slice("/k/".length);
    await expectNoSeriousAxeViolations(page, "walkthrough");
    await page.getByRole("button", { name: "Start" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("What should the page be called?");
    await page.getByLabel("Name", { exact: true }).fill("Karin Lind");
    await page.getByLabel("Subtitle", { exact: true }).fill("1938 – 2025");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tell the story");
    await page.getByLabel("Story", { exact: true }).fill("Karin kept bees and a garden by the lake.");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add pictures");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add links");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Publish the page");
    await page.getByRole("button", { name: "Publish and start the free trial" }).click();

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Karin Lind is live");
    await expect(page.getByText(/For 30 days, until/)).toBeVisible();
    await page.getByRole("button", { name: "See your page" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Karin Lind");
    await expect(page.getByText(/Free trial until/)).toBeVisible();
    await expectNoSeriousAxeViolations(page, "published page");

    // The funeral home counts the family and the page as theirs.
    const client = await playwrightRequest.newContext({ baseURL: appUrl, extraHTTPHeaders: ownAddress() });
    try {
      const list = await client.get("/api/partner/users", {
        headers: { Authorization: `Bearer ${home.token}` },
      });
      expect(list.status()).toBe(200);
      const rows = ((await list.json()) as { rows: { email: string; profiles?: { id: string }[] }[] }).rows;
      const row = rows.find((entry) => entry.email === family.email);
      expect(row).toBeDefined();
      expect(JSON.stringify(row)).toContain(id);
    } finally {
      await client.dispose();
    }
    expect(problems.cspViolations).toEqual([]);
  });
});

test("a signed-in customer without a page starts one from the home; a visitor is told what a page is", async ({
  page,
}) => {
  // A visitor at "/" signs in (the spec's rule); the sign-in page says what a page is and costs.
  await page.goto("/");
  await expect(page).toHaveURL("/login");
  const newHere = page.getByRole("region", { name: "New to Kammare?" });
  await expect(newHere.getByTestId("page-price")).toContainText(/SEK\s49 a month/);
  await expect(newHere.getByRole("link", { name: "Start a page" })).toHaveAttribute(
    "href",
    "/new?start=page",
  );
  await expectNoSeriousAxeViolations(page, "sign-in");
  await shoot(page, "start-login");

  const user = newUser();
  await signUpByApi(page, user);
  await page.context().clearCookies({ name: "kammare_session" });
  await signInByApi(page, user);
  await page.goto("/");
  await expect(page).toHaveURL("/");
  const start = page.getByRole("region", { name: "Start a new page" });
  await expect(start).toBeVisible();
  await expect(page.getByRole("form", { name: "Have a code?" })).toBeVisible();
  await waitForHydration(page);
  await expectNoSeriousAxeViolations(page, "home");
  await shoot(page, "start-home");
  await inLanguage(page, "sv-SE");
  await expect(page.getByRole("region", { name: "Starta en ny sida" })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "home sv");
  await inLanguage(page, "en-US");
  await waitForHydration(page);

  await start.getByRole("button", { name: "Start a page" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to your Kammare");
  await expect(page).toHaveURL(/\/k\/[0-9A-HJKMNP-TV-Z]{8}$/);
  // "/" now sends the owner to the page, as for any owner.
  const id = new URL(page.url()).pathname.slice("/k/".length);
  await page.goto("/");
  await expect(page).toHaveURL(`/k/${id}`);

  // Another from the account's pages, up to the day's limit; the next is refused there, saying why.
  for (let made = 1; made < 10; made++) {
    const more = await page.request.post("/api/kammare/start", { data: {}, headers: { Origin: appUrl } });
    expect(more.status()).toBe(201);
  }
  await page.goto("/account");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Start another page" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "You have started 10 pages in 24 hours, the most one account may.",
  );
  await expect(page).toHaveURL("/account");
  await expectNoSeriousAxeViolations(page, "account, refused");
  await shoot(page, "start-account-refused");
});

test("a page a family started, paid by card, orders its printed plaque, which then awaits the admin with its address", async ({
  page,
  browser,
}) => {
  const user = newUser();
  await signUpByApi(page, user);
  await page.context().clearCookies({ name: "kammare_session" });
  await signInByApi(page, user);
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { data, headers: { Origin: appUrl } });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return (await response.json()) as { id?: string };
  };
  const { id } = (await post("/api/kammare/start", {})) as { id: string };
  await post("/api/kammare/walkthrough-steps", { profileId: id, step: "name", displayName: "Nils Ek" });
  await post("/api/kammare/walkthrough-steps", { profileId: id, step: "publish" });
  await endTrial(browser, id);

  await page.goto(`/k/${id}/checkout/card`);
  await waitForHydration(page);
  await page.getByLabel("Send me the printed plaque or card with the page's QR code").check();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date").fill("12/39");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByLabel("Name on the card").fill("Nils Ek");
  await page.getByLabel("Name", { exact: true }).fill("Familjen Ek");
  await page.getByLabel("Street address").fill("Sjövägen 3");
  await page.getByLabel("Postcode").fill("1");
  await page.getByLabel("City").fill("Ljusdal");
  await page.getByRole("button", { name: /^Pay SEK\s49$/ }).click();
  // A wrong postcode is said at its field before anything is paid.
  await expect(page.getByLabel("Postcode")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("The postcode is five digits, like 123 45.")).toBeVisible();
  await expectNoSeriousAxeViolations(page, "checkout with a plaque");
  await shoot(page, "start-checkout-plaque");
  await page.getByLabel("Postcode").fill("54321");
  await page.getByRole("button", { name: /^Pay SEK\s49$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/k/${id}/checkout/confirm\\?order=KM-\\d{6,}$`));
  // The confirmation says where the plaque goes.
  await expect(page.getByTestId("plaque-to")).toHaveText("We post it to:Familjen EkSjövägen 3543 21 Ljusdal");

  await asAdmin(browser, async (request, token) => {
    const awaiting = await request.get("/api/admin/address-labels/awaiting", {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(awaiting.status()).toBe(200);
    const rows = ((await awaiting.json()) as { rows: { profileId: string; address: string[] | null }[] })
      .rows;
    expect(rows.find((row) => row.profileId === id)?.address).toEqual([
      "Familjen Ek",
      "Sjövägen 3",
      "543 21 Ljusdal",
    ]);
  });
});
