// Time anyone can give (ADR 044), in the browser: a visitor of a resting page in Swedish presses
// "Håll sidan öppen", is asked to sign in and comes back, pays a year by card in the sandbox, chooses
// to be named, sees the thank-you, and the page is live again; the owner's e-mail names the giver. The
// same gift anonymously in English names nobody. Each screen (the call, the gift checkout, the
// thank-you) in both languages, with no serious accessibility problems.
import { expectNoSeriousAxeViolations } from "./support/axe";
import { lastEmailTo, newUser, signInAs, signUpByApi } from "./support/accounts";
import { expect, test, waitForHydration } from "./support/fixtures";
import { restingPage } from "./support/resting-page";
import { shoot } from "./support/shots";
import { appUrl } from "./support/ports";

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
  const giver = newUser();
  const session = await signUpByApi(page, giver);
  await signInAs(page, session.access_token, "sv-SE");
  await page.goto(`/k/${id}/gift`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ge Ingrid Åberg ett år");
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

  // The page is live again: its whole story, no resting notice, no call.
  await page.goto(`/k/${id}`);
  await expect(page.getByTestId("resting-page")).toHaveCount(0);
  await expect(page.getByText("Later she taught biology at the school for thirty years.")).toBeVisible();
  await expect(page.getByTestId("gift-call")).toHaveCount(0);

  // The owner's e-mail says who gave it.
  const mail = await lastEmailTo(owner.email, {});
  expect(mail.subject).toMatch(/^Sven Ek (har gett din Kammare-sida|gave your Kammare page) Ingrid Åberg/);
});

test("an anonymous gift in English: the checkout, the thank-you, and an e-mail that names nobody", async ({
  page,
  browser,
}) => {
  const { id, owner } = await restingPage(browser);
  const giver = newUser();
  const session = await signUpByApi(page, giver);
  await signInAs(page, session.access_token, "en-US");
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
