// The card checkout in the sandbox: an owner pays (success, a declined card, the bank's confirmation
// step, also after a reload during it) and lands on the confirmation with the order number; another
// user cannot open it; the checkout and confirmation pages have no serious accessibility problems in
// either language.
import { expectNoSeriousAxeViolations as expectNoSeriousViolations } from "./support/axe";
import type { Page } from "@playwright/test";
import { newUser, signInAs, signInByApi, signUpByApi } from "./support/accounts";
import { expect, test, waitForHydration } from "./support/fixtures";
import { endTrial, ownedPage } from "./support/pages";
import { appUrl } from "./support/ports";
import { shoot } from "./support/shots";

async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry date").fill("12/39");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByLabel("Name on the card").fill("Karin Berg");
}

test("an owner chooses a plan during the trial: the card is kept, the first charge is at the trial's end; others are refused", async ({
  page,
  browser,
}) => {
  const { id, token } = await ownedPage(browser, { displayName: "Karin Berg" });
  await signInAs(page, token);
  await page.goto(`/k/${id}`);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Choose a plan" }).click();
  await expect(page).toHaveURL(new RegExp(`/k/${id}/checkout/card$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pay for Karin Berg");

  // During the trial nothing is charged: the checkout says so, and when the first charge comes, and
  // how much; never "To pay now".
  const summary = page.getByRole("region", { name: "Nothing to pay today" });
  await expect(summary.getByRole("definition").first()).toHaveText(/^SEK\s0/);
  await expect(page.getByTestId("first-charge")).toContainText(
    /^Nothing to pay today; first charge SEK\s49 on \w+ \d{1,2}, \d{4}\./,
  );
  await expect(page.getByText("To pay now")).toHaveCount(0);
  await shoot(page, "checkout-trial-en");
  await page.getByRole("button", { name: "Svenska" }).click();
  await expect(page.getByRole("region", { name: "Inget att betala i dag" })).toBeVisible();
  await expect(page.getByTestId("first-charge")).toContainText(
    /^Inget att betala i dag; första dragningen, 49\skr, görs den \d{1,2} \w+ \d{4}\./,
  );
  await shoot(page, "checkout-trial-sv");
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("region", { name: "Nothing to pay today" })).toBeVisible();

  // A bad number is explained at its field, nothing is sent.
  await page.getByLabel("Card number").fill("4242 4242 4242 4241");
  await page.getByRole("button", { name: /^Save card/ }).click();
  await expect(page.getByText("The card number is not valid. Check the digits.")).toBeVisible();
  await expect(page.getByLabel("Card number")).toHaveAttribute("aria-invalid", "true");

  // Declined: a clear message, the form kept.
  await page.getByRole("radio", { name: /^Yearly: SEK\s490 a year/ }).check();
  await fillCard(page, "4000000000000002");
  await expect(page.getByLabel("Card number")).toHaveValue("4000 0000 0000 0002");
  await expect(page.getByTestId("first-charge")).toContainText(/SEK\s490/);
  await page.getByRole("button", { name: /^Save card – first charge / }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Your card was declined" })).toBeVisible();
  await expect(page.getByLabel("Name on the card")).toHaveValue("Karin Berg");

  // The bank's confirmation step, approved: the card is kept for the first charge.
  await page.getByLabel("Card number").fill("4000 0000 0000 3220");
  await page.getByRole("button", { name: /^Save card – first charge / }).click();
  await expect(page.getByRole("heading", { name: "Confirm the payment with your bank" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm the payment" }).click();

  await expect(page).toHaveURL(new RegExp(`/k/${id}/checkout/confirm\\?order=KM-\\d{6,}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your card is saved");
  const orderNumber = (await page.getByTestId("order-number").textContent()) ?? "";
  expect(orderNumber).toMatch(/^KM-\d{6,}$/);
  expect(page.url()).toContain(orderNumber);
  await expect(
    page.getByText("Card saved; first charge when your trial ends", { exact: true }),
  ).toBeVisible();
  await expect(page.getByText(/^SEK\s490/)).toBeVisible();
  await expect(page.getByTestId("first-charge")).toBeVisible();

  // Back on the page: the plan is chosen, so no "Choose a plan", but the way to manage it.
  await page.getByRole("link", { name: "Back to your page" }).click();
  await expect(page).toHaveURL(new RegExp(`/k/${id}$`));
  await expect(page.getByRole("link", { name: "Choose a plan" })).toHaveCount(0);
  await expect(page.getByText(/^Your plan is chosen: nothing is charged during the trial/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Manage subscription" })).toHaveAttribute(
    "href",
    "/account#account-subscriptions",
  );

  // Another user opening the confirmation is refused with a 404; a visitor is sent to sign in.
  const confirmUrl = `/k/${id}/checkout/confirm?order=${orderNumber}`;
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    const session = await signUpByApi(otherPage, newUser());
    await other.addCookies([
      { name: "kammare_session", value: session.access_token, url: appUrl, httpOnly: true },
    ]);
    const answer = await otherPage.goto(confirmUrl);
    expect(answer?.status()).toBe(404);
    await expect(otherPage.getByText(orderNumber)).toHaveCount(0);
    // Nor can they open the checkout of a page that is not theirs.
    await otherPage.goto(`/k/${id}/checkout/card`);
    await expect(otherPage).toHaveURL(new RegExp(`/k/${id}$`));
  } finally {
    await other.close();
  }
  const anonymous = await browser.newContext();
  try {
    const visitor = await anonymous.newPage();
    await visitor.goto(confirmUrl);
    await expect(visitor).toHaveURL(/\/login\?redirectTo=/);
  } finally {
    await anonymous.close();
  }
});

test("a reload during the bank's step shows the step again while the order waits for it; answered, it is gone", async ({
  page,
  browser,
}) => {
  const { id, token } = await ownedPage(browser, { displayName: "Elsa Holm" });
  await endTrial(browser, id);
  await signInAs(page, token);
  await page.goto(`/k/${id}/checkout/card`);
  await waitForHydration(page);
  const step = page.getByRole("heading", { name: "Confirm the payment with your bank" });
  const payWith3220 = async () => {
    await fillCard(page, "4000 0000 0000 3220");
    await page.getByRole("button", { name: /^Pay SEK\s49$/ }).click();
    await expect(step).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/k/${id}/checkout/card\\?order=KM-\\d{6,}$`));
    return new URL(page.url()).searchParams.get("order") ?? "";
  };

  // Reloaded in the middle of the step: the step again (the server's order waits for it), not the card form.
  const first = await payWith3220();
  await page.reload();
  await waitForHydration(page);
  await expect(step).toBeVisible();
  await expect(step).toBeFocused();
  await expect(
    page.getByText(/^Your bank asks you to confirm the payment of SEK\s49 to Kammare\.$/),
  ).toBeVisible();
  await expect(page.getByLabel("Card number")).toHaveCount(0);

  // Cancelled: nothing charged, the form back; that order waits no more, so its address shows the form.
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The payment was not confirmed" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/k/${id}/checkout/card$`));
  await page.goto(`/k/${id}/checkout/card?order=${first}`);
  await waitForHydration(page);
  await expect(page.getByLabel("Card number")).toBeVisible();
  await expect(step).toHaveCount(0);

  // Tried again and reloaded at the step: confirming it still pays.
  await payWith3220();
  await page.reload();
  await waitForHydration(page);
  await expect(step).toBeVisible();
  await shoot(page, "card-bank-step-reloaded");
  await page.getByRole("button", { name: "Confirm the payment" }).click();
  await expect(page).toHaveURL(new RegExp(`/k/${id}/checkout/confirm\\?order=KM-\\d{6,}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you! Your page is paid");
});

test("4242 pays at once after the trial; the checkout and confirmation pages pass axe in both languages", async ({
  page,
  browser,
}) => {
  for (const locale of ["en-US", "sv-SE"] as const) {
    const sv = locale === "sv-SE";
    const { id, token } = await ownedPage(browser, { displayName: "Nils Ek" });
    // Past its trial: the card is charged at once.
    await endTrial(browser, id);
    await page.context().addCookies([{ name: "locale", value: locale, url: appUrl }]);
    await signInAs(page, token);
    await page.goto(`/k/${id}/checkout/card`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      sv ? "Betala för Nils Ek" : "Pay for Nils Ek",
    );
    await expectNoSeriousViolations(page);
    await page.getByLabel(sv ? "Kortnummer" : "Card number").fill("4242424242424242");
    await page.getByLabel(sv ? "Giltigt till" : "Expiry date").fill("1239");
    await expect(page.getByLabel(sv ? "Giltigt till" : "Expiry date")).toHaveValue("12/39");
    await page.getByLabel(sv ? "Säkerhetskod (CVC)" : "Security code (CVC)").fill("321");
    await page.getByLabel(sv ? "Namn på kortet" : "Name on the card").fill("Nils Ek");
    await page.getByRole("button", { name: sv ? /^Betala 49\skr$/ : /^Pay SEK\s49$/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      sv ? "Tack! Din sida är betald" : "Thank you! Your page is paid",
    );
    await expect(page.getByTestId("order-number")).toHaveText(/^KM-\d{6,}$/);
    await expectNoSeriousViolations(page);
  }
});

test("a new customer with a named page starts the free trial and chooses a plan by card", async ({
  page,
  browser,
}) => {
  // Claiming through sign-up and the walkthrough are profiles.spec.ts's; here the page is named by the API.
  const { id, owner } = await ownedPage(browser, { displayName: "Sven Ek" }, { publish: false });
  await signInByApi(page, owner);

  // The free trial from /gratis-provperiod, on the page just named.
  await page.goto("/gratis-provperiod");
  await waitForHydration(page);
  const sven = page
    .getByRole("list", { name: "Your pages" })
    .getByRole("listitem")
    .filter({ hasText: "Sven Ek" });
  await sven.getByRole("button", { name: "Start the free trial" }).click();
  await expect(sven).toContainText("Free trial until");

  // Pay by card: the checkout from the page's trial banner.
  await page.goto(`/k/${id}`);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Choose a plan" }).click();
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: /^Save card – first charge / }).click();
  await expect(page).toHaveURL(new RegExp(`/k/${id}/checkout/confirm\\?order=KM-\\d{6,}$`));
  await expect(page.getByTestId("order-number")).toHaveText(/^KM-\d{6,}$/);
  await expect(
    page.getByText("Card saved; first charge when your trial ends", { exact: true }),
  ).toBeVisible();
});
