// Where visitors land: the 404 of a mistyped or misprinted code (with its code field, with and without
// JavaScript), the 500 view, both in the site's frame and the visitor's language; claiming a page
// through sign-up or sign-in without losing which page it is; and how /gratis-provperiod starts.
import { expectNoSeriousAxeViolations } from "./support/axe";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { newProfiles } from "./support/pages";
import { expect, isSameDocument, markDocument, test, waitForHydration } from "./support/fixtures";
import { newUser, signUpByApi } from "./support/accounts";
import { appUrl } from "./support/ports";

const origin = { Origin: appUrl };

/** A code no page has: "U" is outside the alphabet, so no profile can ever be made with it. */
const missingCode = "UUUUUUUU";

/** An unclaimed page whose code has a 0 (typed as the letter O by the tests). */
async function profileWithZero(browser: Browser): Promise<string> {
  // About one code in five has a 0: a batch of 40 has none once in 25,000 (seen once), so another
  // batch is asked for until one has (five none: once in 10^22).
  for (let batch = 0; batch < 5; batch++) {
    const id = (await newProfiles(browser, 40)).find((code) => code.includes("0"));
    if (id) return id;
  }
  throw new Error("no new code with a 0 in it");
}

/** The code as a person might copy it off a plaque: lower case, a dash in the middle, O for 0. */
function typedLikeAPerson(id: string): string {
  const sloppy = id.toLowerCase().replace(/0/g, "o");
  return `${sloppy.slice(0, 4)}-${sloppy.slice(4)}`;
}

async function inSwedish(context: BrowserContext): Promise<void> {
  await context.addCookies([{ name: "locale", value: "sv-SE", url: appUrl }]);
}

/**
 * The site's frame around an error view: the brand and the footer (the app's header on most pages;
 * on the public page's quiet layout, /k/…, the brand is in the footer).
 */
async function expectSiteFrame(page: Page): Promise<void> {
  await expect(page.getByRole("link", { name: "Kammare" }).first()).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
}

/** Records whether any text matching `pattern` was ever on the page (however briefly). */
async function watchForText(page: Page, pattern: string): Promise<() => Promise<boolean>> {
  await page.addInitScript((source) => {
    const seen = new RegExp(source);
    const check = () => {
      if (document.body && seen.test(document.body.innerText)) sessionStorage.setItem("__seenText", "1");
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
    document.addEventListener("DOMContentLoaded", check);
  }, pattern);
  return async () => page.evaluate(() => sessionStorage.getItem("__seenText") === "1");
}

test.describe("the 404 of a mistyped code", () => {
  test("keeps the site's frame, says the code may be mistyped, and its field finds the page", async ({
    page,
    browser,
  }) => {
    const id = await profileWithZero(browser);
    const response = await page.goto(`/k/${missingCode}`);
    expect(response?.status()).toBe(404);
    await expectSiteFrame(page);
    const view = page.getByTestId("not-found-view");
    await expect(view.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "We can't find a memorial page with this code",
    );
    await expect(view.getByText("Page Not Found", { exact: true })).toBeVisible();
    await expect(view).toContainText(`Page Not Found: /k/${missingCode}`);
    await expect(view).toContainText("a character may have slipped, or the code may be misprinted");
    // A visitor's /k/… is the light page (ADR 011): its field is a plain form to /k?code=.
    await expect(page.locator("script[type=module]")).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, "404 en");

    // A code that cannot be one is explained at the field.
    const field = page.getByLabel("Code from the plaque or card");
    await field.fill("abc");
    await page.getByRole("button", { name: "Find the page" }).click();
    await expect(page.getByText("That is not a whole code.")).toBeVisible();
    await expect(field).toHaveValue("abc");

    // The real code, typed the way people copy it, opens the page.
    await field.fill(typedLikeAPerson(id));
    await page.getByRole("button", { name: "Find the page" }).click();
    await expect(page).toHaveURL(`/k/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page is waiting for its owner");
  });

  test("for a signed-in visitor (the app), the field checks in place and opens the page without a reload", async ({
    page,
    browser,
  }) => {
    const id = await profileWithZero(browser);
    await signUpByApi(page, newUser());
    await page.goto(`/k/${missingCode}`);
    await waitForHydration(page);
    const field = page.getByLabel("Code from the plaque or card");
    await field.fill("abc");
    await page.getByRole("button", { name: "Find the page" }).click();
    await expect(page.getByText("That is not a whole code.")).toBeVisible();
    await expect(field).toBeFocused();
    await expect(page).toHaveURL(`/k/${missingCode}`);
    await markDocument(page);
    await field.fill(typedLikeAPerson(id));
    await page.getByRole("button", { name: "Find the page" }).click();
    await expect(page).toHaveURL(`/k/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page is waiting for its owner");
    expect(await isSameDocument(page)).toBe(true);
  });

  test("speaks Swedish to a Swedish visitor, in the frame", async ({ page }) => {
    await inSwedish(page.context());
    const response = await page.goto(`/k/${missingCode}`);
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "sv-SE");
    await expectSiteFrame(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Vi hittar ingen minnessida med den här koden",
    );
    const view = page.getByTestId("not-found-view");
    await expect(view.getByText("Sidan hittades inte", { exact: true })).toBeVisible();
    await expect(view).toContainText(`Sidan hittades inte: /k/${missingCode}`);
    await expect(view).toContainText("kan ett tecken ha blivit fel, eller så är koden feltryckt");
    await expect(page.getByLabel("Koden från skylten eller kortet")).toBeVisible();
    await expectNoSeriousAxeViolations(page, "404 sv");
  });

  test("every kind of 404 keeps the frame and the language", async ({ page }) => {
    await inSwedish(page.context());
    for (const path of ["/k/%00", "/k/abc", "/foo/bar", "/404"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expectSiteFrame(page);
      await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(
        path.startsWith("/k/")
          ? "Vi hittar ingen minnessida med den här koden"
          : "Vi hittar inte den här sidan",
      );
      await expect(
        page.getByTestId("not-found-view").getByText("Sidan hittades inte", { exact: true }),
      ).toBeVisible();
    }
    // The code field belongs to a page's address only.
    await page.goto("/foo/bar");
    await expect(page.getByLabel("Koden från skylten eller kortet")).toHaveCount(0);
    await page.goto("/k/%00");
    await expect(page.getByLabel("Koden från skylten eller kortet")).toBeVisible();
  });

  test("its field works without JavaScript, through /k", async ({ browser, clientAddress }) => {
    const id = await profileWithZero(browser);
    const context = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { "X-Forwarded-For": clientAddress },
    });
    const page = await context.newPage();
    try {
      await page.goto(`/k/${missingCode}`);
      const field = page.getByLabel("Code from the plaque or card");
      await field.fill("7kx2-m9");
      await page.getByRole("button", { name: "Find the page" }).click();
      // The server shows the field again, with what was typed and why it is no code.
      await expect(page).toHaveURL(/\/k\?code=7kx2-m9$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find a page by its code");
      await expect(page.getByText("That is not a whole code.")).toBeVisible();
      await expect(field).toHaveValue("7kx2-m9");
      await expectSiteFrame(page);

      await field.fill(typedLikeAPerson(id));
      await page.getByRole("button", { name: "Find the page" }).click();
      await expect(page).toHaveURL(`/k/${id}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page is waiting for its owner");
    } finally {
      await context.close();
    }
  });

  test("/k?code= sends a code on with 302 and answers a non-code with the field, in both languages", async ({
    page,
  }) => {
    const redirect = await page.request.get("/k?code=7kx2-m9qo", { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    expect(redirect.headers().location).toBe("/k/7KX2M9Q0");
    const invalid = await page.request.get("/k?code=%00abc");
    expect(invalid.status()).toBe(200);
    expect(await invalid.text()).toContain("That is not a whole code.");
    // The page of /k in both languages (axe needs the page's scripts, which the no-JS test lacks).
    await page.goto("/k?code=abc");
    await expect(page.getByText("That is not a whole code.")).toBeVisible();
    await expectNoSeriousAxeViolations(page, "/k invalid en");
    await inSwedish(page.context());
    await page.goto("/k?code=abc");
    await expect(page.getByText("Det är ingen hel kod.")).toBeVisible();
    await expectNoSeriousAxeViolations(page, "/k invalid sv");
  });
});

test("the 500 view keeps the site's frame, in both languages", async ({ page }) => {
  const response = await page.goto("/__e2e/server-error");
  expect(response?.status()).toBe(500);
  await expectSiteFrame(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Internal Server Error");
  await expect(page.getByTestId("error-view").getByText("500", { exact: true })).toBeVisible();
  await waitForHydration(page);
  await expectNoSeriousAxeViolations(page, "500 en");

  await inSwedish(page.context());
  await page.goto("/__e2e/server-error");
  await expectSiteFrame(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Internt serverfel");
  await expect(page.getByTestId("error-view")).toContainText("Oväntat fel på servern");
  await waitForHydration(page);
  await expectNoSeriousAxeViolations(page, "500 sv");
});

test.describe("claiming a page", () => {
  test("sign-up names the page being claimed, and the page is theirs at once, with no 'claiming' in between", async ({
    page,
    browser,
  }) => {
    const [id] = await newProfiles(browser, 1);
    const user = newUser();
    const sawClaiming = await watchForText(page, "Claiming|Sidan blir din…");
    await page.goto(`/k/${id}`);
    await page.getByRole("link", { name: "Create an account and claim" }).click();
    await expect(page).toHaveURL(/\/new\?redirectTo=/);
    await waitForHydration(page);
    const notice = page.getByTestId("claiming-notice");
    await expect(notice).toContainText(`You are claiming the page with the code ${id}`);
    await expect(notice).toContainText("As soon as your account is created, the page is yours.");
    await expectNoSeriousAxeViolations(page, "/new claiming en");

    await page.getByLabel("E-mail address").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Create account" }).click();

    const claimed = page.getByTestId("claimed-notice");
    await expect(claimed).toContainText("This page is now yours");
    await expect(claimed).toBeFocused();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to your Kammare");
    expect(await sawClaiming()).toBe(false);
    await expectNoSeriousAxeViolations(page, "claimed en");
    // Said once: the address drops its marker, so a reload shows the page without the notice.
    await expect(page).toHaveURL(`/k/${id}`);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to your Kammare");
    await expect(page.getByTestId("claimed-notice")).toHaveCount(0);
  });

  test("/login and /new name the page in Swedish too", async ({ page, browser }) => {
    const [id] = await newProfiles(browser, 1);
    await inSwedish(page.context());
    const back = encodeURIComponent(`/k/${id}?claim=1`);
    for (const [path, after] of [
      [`/login?redirectTo=${back}`, "Så snart du har loggat in är sidan din."],
      [`/new?redirectTo=${back}`, "Så snart ditt konto är skapat är sidan din."],
    ] as const) {
      await page.goto(path);
      const notice = page.getByTestId("claiming-notice");
      await expect(notice).toContainText(`Du tar hand om sidan med koden ${id}`);
      await expect(notice).toContainText(after);
      await waitForHydration(page);
      await expectNoSeriousAxeViolations(page, `${path} sv`);
    }
  });

  test("an address with an account gets 'sign in instead', which keeps the claim and finishes it", async ({
    page,
    browser,
  }) => {
    const [id] = await newProfiles(browser, 1);
    const user = newUser();
    await signUpByApi(page, user);
    await page.context().clearCookies();

    await page.goto(`/k/${id}`);
    await page.getByRole("link", { name: "Create an account and claim" }).click();
    await waitForHydration(page);
    await page.getByLabel("E-mail address").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill("another-password-1");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("There is already an account with this e-mail address.")).toBeVisible();
    await expectNoSeriousAxeViolations(page, "/new taken");

    await page.getByRole("link", { name: "Sign in instead" }).click();
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(`/k/${id}?claim=1`)}`);
    await expect(page.getByTestId("claiming-notice")).toContainText(id as string);
    await expect(page.getByTestId("claiming-notice")).toContainText(
      "As soon as you have signed in, the page is yours.",
    );
    await expect(page.getByLabel("E-mail address")).toHaveValue(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign in" }).click();

    await expect(page.getByTestId("claimed-notice")).toBeVisible();
    await expect(page).toHaveURL(`/k/${id}`);
    await expect(page.getByTestId("claimed-notice")).toContainText("This page is now yours");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to your Kammare");
  });

  test("sign-up asks for an address with a full domain, in both languages", async ({ page }) => {
    let sent = false;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/auth/signup")) sent = true;
    });
    await page.goto("/new");
    await waitForHydration(page);
    await page.getByLabel("E-mail address").fill("anna@exempel");
    await page.getByLabel("Password", { exact: true }).fill("a-good-password");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(
      page.getByText("Enter an e-mail address with a full domain, like name@example.com."),
    ).toBeVisible();
    await expect(page.getByLabel("E-mail address")).toHaveAttribute("aria-invalid", "true");
    expect(sent).toBe(false);
    await expectNoSeriousAxeViolations(page, "/new domain en");

    await inSwedish(page.context());
    await page.goto("/new");
    await waitForHydration(page);
    await page.getByLabel("E-postadress").fill("anna@exempel");
    await page.getByLabel("Lösenord", { exact: true }).fill("a-good-password");
    await page.getByRole("button", { name: "Skapa konto" }).click();
    await expect(
      page.getByText("Ange en e-postadress med fullständig domän, till exempel namn@exempel.se."),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(page, "/new domain sv");
  });
});

test.describe("/gratis-provperiod", () => {
  test("a visitor learns what the trial gives, signs up, returns, and enters the code of their page", async ({
    page,
    browser,
  }) => {
    const [id] = await newProfiles(browser, 1);
    await page.goto("/gratis-provperiod");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Free trial for 30 days");
    const start = page.getByRole("region", { name: "Start the free trial" });
    await expect(start).toContainText("The trial runs on your own page");
    await expect(page.getByText("No card or payment details")).toBeVisible();
    await expect(page.getByText("live for everyone who scans the code")).toBeVisible();
    await expect(page.getByRole("heading", { name: "After the trial" })).toBeVisible();
    await waitForHydration(page);
    await expectNoSeriousAxeViolations(page, "trial anonymous en");

    await start.getByRole("link", { name: "Create an account" }).click();
    await expect(page).toHaveURL(`/new?redirectTo=${encodeURIComponent("/gratis-provperiod")}`);
    const user = newUser();
    await page.getByLabel("E-mail address").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Create account" }).click();

    // Back, signed in, without a page: the code from the plaque or card leads to it.
    await expect(page).toHaveURL("/gratis-provperiod");
    await expect(start).toContainText("You have no page yet.");
    await waitForHydration(page);
    await expectNoSeriousAxeViolations(page, "trial no pages en");
    await start.getByLabel("Code from the plaque or card").fill((id as string).toLowerCase());
    await start.getByRole("button", { name: "Find the page" }).click();
    await expect(page).toHaveURL(`/k/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page is waiting for its owner");
  });

  test("an owner's unnamed page asks for a name before the trial, in either language", async ({
    page,
    browser,
  }) => {
    const [id] = await newProfiles(browser, 1);
    const session = await signUpByApi(page, newUser());
    const claim = await page.request.post("/api/kammare/own", {
      data: { owner: session.user.id, profileId: id },
      headers: { Authorization: `Bearer ${session.access_token}`, ...origin },
    });
    expect(claim.status()).toBe(200);

    await page.goto("/gratis-provperiod");
    const choice = page.getByRole("list", { name: "Your pages" }).getByRole("listitem");
    await expect(choice).toHaveCount(1);
    await expect(choice).toContainText(id as string);
    // Starting the trial puts the page live, so it needs a name first (tests/e2e/trials.spec.ts starts it).
    await expect(choice).toContainText("Give the page a name first");
    await waitForHydration(page);
    await expectNoSeriousAxeViolations(page, "trial owner en");

    await inSwedish(page.context());
    await page.goto("/gratis-provperiod");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gratis provperiod i 30 dagar");
    await expect(page.getByRole("list", { name: "Dina sidor" })).toContainText("Ge sidan ett namn först");
    await waitForHydration(page);
    await expectNoSeriousAxeViolations(page, "trial owner sv");
    await page.getByRole("link", { name: "Öppna sidan" }).click();
    await expect(page).toHaveURL(`/k/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Välkommen till din Kammare");
  });

  test("a visitor sees it in Swedish with no serious accessibility problems", async ({ page }) => {
    await inSwedish(page.context());
    await page.goto("/gratis-provperiod");
    await expect(page.getByRole("region", { name: "Börja den gratis provperioden" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Skapa ett konto" })).toHaveAttribute(
      "href",
      `/new?redirectTo=${encodeURIComponent("/gratis-provperiod")}`,
    );
    await waitForHydration(page);
    await expectNoSeriousAxeViolations(page, "trial anonymous sv");
  });
});
