// Time anyone can give (ADR 044), in the browser: a visitor of a resting page in Swedish presses
// "Håll sidan öppen", is asked to sign in and comes back, pays a year by card in the sandbox, chooses
// to be named, sees the thank-you, and the page is live again; the owner's e-mail names the giver. The
// same gift anonymously in English names nobody. A year by invoice: the payment method chosen with the
// keyboard, the billing address explained before anything is sent, the thank-you with the invoice's
// due date and how to pay it, and the page live again; a refusal on sending (the family invoiced
// meanwhile) and a field the server names, each said where it belongs. Each screen (the call, the gift
// checkout, the thank-you) in both languages, with no serious accessibility problems.
import type { Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { lastEmailTo, newUser, signInAs, signUpByApi } from "./support/accounts";
import { ownAddress } from "./support/client-address";
import { ensureCreditor } from "./support/creditor";
import { expect, test, waitForHydration } from "./support/fixtures";
import { asAdmin, ownedPage, payByInvoice } from "./support/pages";
import { laterLines, restingPage } from "./support/resting-page";
import { shoot } from "./support/shots";
import { appUrl } from "./support/ports";

// A gift by invoice needs the creditor (the company's invoicing identity); with it, the screen offers
// both ways of paying, card first.
test.beforeAll(async ({ browser }) => {
  await ensureCreditor(browser);
});

/** A visitor's new account, signed in in this browser in `locale`. */
async function signedInGiver(page: Page, locale: "en-US" | "sv-SE") {
  const giver = newUser();
  const session = await signUpByApi(page, giver);
  await signInAs(page, session.access_token, locale);
  return { giver, session };
}

/** The page is live again: its whole story, no resting notice, no call. */
async function expectLiveAgain(page: Page, id: string) {
  await page.goto(`/k/${id}`);
  await expect(page.getByTestId("resting-page")).toHaveCount(0);
  await expect(page.getByText(laterLines)).toBeVisible();
  await expect(page.getByTestId("gift-call")).toHaveCount(0);
}

/** The owner's e-mail says that Sven Ek gave the page its year. */
async function expectOwnerToldOfSven(ownerEmail: string) {
  const mail = await lastEmailTo(ownerEmail, {});
  expect(mail.subject).toMatch(/^Sven Ek (har gett din Kammare-sida|gave your Kammare page) Ingrid Åberg/);
}

test("a visitor keeps a resting page open with a year by card, named; the page is live and the owner told", async ({
  page,
  browser,
}) => {
  const { id, owner } = await restingPage(browser);
  // A visitor who reads Swedish.
  await page.context().addCookies([{ name: "locale", value: "sv-SE", url: appUrl }]);
  await page.goto(`/k/${id}`);
  const call = page.getByTestId("gift-call");
  await expect(call.getByRole("heading", { level: 2 })).toHaveText("Håll sidan öppen");
  await expectNoSeriousAxeViolations(page);
  await shoot(page, "gift-call");

  // Not signed in: the sign-in first, and back to the gift afterwards.
  await call.getByRole("link", { name: "Håll sidan öppen" }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(`/k/${id}/gift`)}$`));
  await signedInGiver(page, "sv-SE");
  await page.goto(`/k/${id}/gift`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ge Ingrid Åberg ett år");
  await expect(page.getByRole("radio", { name: /^Kort/ })).toBeChecked();
  await page.getByLabel("Ditt namn, så som familjen kommer att läsa det").fill("Sven Ek");
  await page.getByLabel("Kortnummer").fill("4242 4242 4242 4242");
  await page.getByLabel("Giltigt till").fill("12/39");
  await page.getByLabel(/Säkerhetskod/).fill("123");
  await page.getByLabel(/Namn på kortet/).fill("Sven Ek");
  await expectNoSeriousAxeViolations(page);
  await shoot(page, "gift-checkout-sv");
  await page.getByRole("button", { name: /^Ge ett år för 490/ }).click();

  await expect(page).toHaveURL(new RegExp(`/k/${id}/gift/thanks\\?order=KM-\\d{6,}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tack för att du håller sidan öppen");
  await expect(page.getByText("Familjen har fått veta att året är från dig.")).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shoot(page, "gift-thanks-sv");

  await expectLiveAgain(page, id);
  // The owner's e-mail says who gave it.
  await expectOwnerToldOfSven(owner.email);
});

test("an anonymous gift in English: the checkout, the thank-you, and an e-mail that names nobody", async ({
  page,
  browser,
}) => {
  const { id, owner } = await restingPage(browser);
  const { giver } = await signedInGiver(page, "en-US");
  await page.goto(`/k/${id}`);
  await expect(page.getByTestId("gift-call")).toBeVisible();
  await shoot(page, "gift-call-en");
  await page.getByRole("link", { name: "Keep this page open" }).click();
  await expect(page).toHaveURL(new RegExp(`/k/${id}/gift$`));
  await waitForHydration(page);
  await page.getByLabel("Give anonymously").check();
  await expect(page.getByLabel("Your name, as the family will read it")).toHaveCount(0);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date").fill("12/39");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByLabel("Name on the card").fill("A Friend");
  await expectNoSeriousAxeViolations(page);
  await shoot(page, "gift-checkout-en");
  await page.getByRole("button", { name: /^Give a year for SEK\s490/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you for keeping the page open");
  await expect(
    page.getByText("The family has been told that someone gave the page a year, not who."),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shoot(page, "gift-thanks-en");
  const mail = await lastEmailTo(owner.email, {});
  expect(mail.subject).toMatch(
    /^(Someone gave your Kammare page|Någon har gett din Kammare-sida) Ingrid Åberg/,
  );
  expect(mail.text).not.toContain(giver.email);
});

test("a visitor gives a resting page a year by invoice: the address checked, the invoice's due date, the page live", async ({
  page,
  browser,
}) => {
  const { id, owner } = await restingPage(browser);
  const { giver } = await signedInGiver(page, "sv-SE");
  await page.goto(`/k/${id}/gift`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ge Ingrid Åberg ett år");

  // The way of paying, chosen with the keyboard: the arrow key moves from card to invoice.
  const methods = page.getByRole("group", { name: "Betalningssätt" });
  await expect(methods.getByRole("radio")).toHaveCount(2);
  await methods.getByRole("radio", { name: /^Kort/ }).focus();
  await page.keyboard.press("ArrowDown");
  const invoice = methods.getByRole("radio", { name: "Faktura", exact: true });
  await expect(invoice).toBeChecked();
  await expect(invoice).toBeFocused();
  // Each way is named by its label alone, and its hint is said once, as its description.
  await expect(invoice).toHaveAccessibleDescription("Kommer med e-post som PDF och betalas inom 30 dagar.");
  await expect(page.getByLabel("Kortnummer")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Fakturamottagare" })).toBeVisible();
  await expect(page.getByLabel("E-post för fakturan")).toHaveValue(giver.email);
  await expect(page.getByTestId("gift-summary")).toHaveText(
    /^490\s*kr mot faktura, att betala inom 30 dagar\. Sidan öppnas direkt och är öppen till och med \d{1,2} \p{L}+ \d{4}\.$/u,
  );

  // Sent empty, nothing is sent: each missing field says so, and the keyboard starts at the first.
  let posted = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/api/checkout/gift/faktura")) posted += 1;
  });
  const submit = page.getByRole("button", { name: /^Ge ett år för 490\s*kr mot faktura$/ });
  await submit.click();
  await expect(page.getByText("Ange namnet som fakturan ska ställas till.")).toBeVisible();
  await expect(page.getByText("Ange gatuadressen.")).toBeVisible();
  await expect(
    page.getByText("Postnumret består av fem siffror, t.ex. 123 45.", { exact: true }),
  ).toBeVisible();
  await expect(page.getByText("Ange ort.")).toBeVisible();
  await expect(page.getByLabel("Namn", { exact: true })).toBeFocused();
  expect(posted).toBe(0);
  await expectNoSeriousAxeViolations(page, "gift by invoice with errors");
  await shoot(page, "gift-invoice-errors-sv");

  await page.getByLabel("Ditt namn, så som familjen kommer att läsa det").fill("Sven Ek");
  await page.getByLabel("Namn", { exact: true }).fill("Sven Ek");
  await page.getByLabel("Gatuadress").fill("Ängsvägen 3");
  await page.getByLabel("Postnummer").fill("54130");
  await page.getByLabel("Ort", { exact: true }).fill("Skövde");
  await page.getByLabel("Ort", { exact: true }).blur();
  await expect(page.getByLabel("Postnummer")).toHaveValue("541 30");
  await expect(page.getByText("Ange ort.")).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, "gift by invoice");
  await shoot(page, "gift-invoice-sv");
  await submit.click();

  // The thank-you: the page open again, the invoice e-mailed with its due date, and how to pay it.
  await expect(page).toHaveURL(new RegExp(`/k/${id}/gift/thanks\\?order=KM-\\d{6,}$`));
  expect(posted).toBe(1);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tack för att du håller sidan öppen");
  await expect(page.getByTestId("gift-invoice-sent")).toHaveText(
    new RegExp(
      `^Vi har skickat fakturan som PDF till ${giver.email.replace(/\./g, "\\.")}\\. ` +
        "Sista betalningsdag är den \\d{1,2} \\p{L}+ \\d{4}\\.$",
      "u",
    ),
  );
  await expect(page.getByText("Familjen har fått veta att året är från dig.")).toBeVisible();
  await expect(page.getByTestId("invoice-to-pay")).toHaveText(/^490\s*kr/);
  await expect(page.getByTestId("invoice-ocr")).toHaveText(/^\d{2,25}$/);
  await expect(page.getByText("Kvittot är på väg")).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, "gift thank-you by invoice");
  await shoot(page, "gift-invoice-thanks-sv");

  // The page is live again at once, before the invoice is paid, and the family told who gave it.
  await expectLiveAgain(page, id);
  await expectOwnerToldOfSven(owner.email);
});

test("a gift by invoice refused on sending, and a field the server names: each said where it belongs", async ({
  page,
  browser,
}) => {
  const { id, token } = await restingPage(browser);
  const { giver, session } = await signedInGiver(page, "en-US");
  await page.goto(`/k/${id}/gift`);
  await waitForHydration(page);
  await page.getByRole("radio", { name: /^Invoice/ }).check();
  await page.getByLabel("Name", { exact: true }).fill("Ann Berg");
  await page.getByLabel("Street address").fill("Storgatan 1");
  await page.getByLabel("Postcode").fill("11122");
  await page.getByLabel("City").fill("Stockholm");
  const submit = page.getByRole("button", { name: /^Give a year for SEK\s490(\.00)? by invoice$/ });

  // The server's own answer to a wrong postcode (asked for here), given to the screen's call: the
  // message shows at the postcode, which takes the focus.
  const wrong = await page.request.post("/api/checkout/gift/faktura", {
    data: {
      profileId: id,
      anonymous: false,
      billing: {
        name: "Ann Berg",
        street: "Storgatan 1",
        postcode: "1",
        city: "Stockholm",
        email: giver.email,
      },
    },
    headers: { Authorization: `Bearer ${session.access_token}`, Origin: appUrl },
  });
  expect(wrong.status()).toBe(400);
  const wrongBody = await wrong.text();
  await page.route("**/api/checkout/gift/faktura", (route) =>
    route.fulfill({ status: 400, contentType: "application/json", body: wrongBody }),
  );
  await submit.click();
  await expect(page.getByLabel("Postcode")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("The postcode is five digits, like 123 45.", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Postcode")).toBeFocused();
  await expect(page.getByText("There was an error")).toHaveCount(0);
  await page.unroute("**/api/checkout/gift/faktura");

  // Meanwhile the family pays by invoice themselves: the page now has an unpaid invoice, and the
  // gift is refused in the refusal's own words, beside the button.
  const family = await browser.newContext({ extraHTTPHeaders: ownAddress() });
  const invoiceNumber = await payByInvoice(family.request, token, id).finally(() => family.close());
  await submit.click();
  const refusal = page.getByTestId("gift-refused");
  await expect(refusal.getByRole("alert")).toContainText(
    `This page has an unpaid invoice (number ${invoiceNumber}); paying it keeps the page.`,
  );
  await expect(refusal.getByRole("link", { name: "Back to the page" })).toHaveAttribute("href", `/k/${id}`);
  await expect(refusal).toBeFocused();
  await expect(page.getByText("There was an error")).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/k/${id}/gift$`));
  await expect(submit).toBeEnabled();
  await expectNoSeriousAxeViolations(page, "gift by invoice refused");
  await shoot(page, "gift-invoice-refused-en");
});

test("a past-due page asks its visitors too: the call below the whole page leads to the gift, in both languages", async ({
  page,
  browser,
}) => {
  const { id } = await ownedPage(browser, { displayName: "Berit Förfallen", story: "Hon odlade rosor." });
  await asAdmin(browser, async (request, token) => {
    const set = await request.put("/api/admin/profile", {
      data: { id, status: "past_due" },
      headers: { Authorization: `Bearer ${token}`, Origin: appUrl },
    });
    expect(set.status(), await set.text()).toBe(200);
  });
  for (const [locale, call] of [
    ["sv-SE", "Håll sidan öppen"],
    ["en-US", "Keep this page open"],
  ] as const) {
    await page.context().addCookies([{ name: "locale", value: locale, url: appUrl }]);
    await page.goto(`/k/${id}`);
    // The page is whole (not resting), and the call follows it.
    await expect(page.getByText("Hon odlade rosor.")).toBeVisible();
    await expect(page.getByTestId("resting-page")).toHaveCount(0);
    const gift = page.getByTestId("gift-call");
    await expect(gift.getByRole("heading", { level: 2 })).toHaveText(call);
    await gift.scrollIntoViewIfNeeded();
    await expectNoSeriousAxeViolations(page);
    await shoot(page, `gift-call-past-due-${locale}`);
    await gift.getByRole("link", { name: call }).click();
    // A visitor not signed in is asked to first, and brought back to the gift.
    await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(`/k/${id}/gift`)}$`));
  }
});
