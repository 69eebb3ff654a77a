// Managing subscriptions from /account: a customer with two pages, one paying and one with
// its card kept for the trial's end, sees each plan and its next charge, cancels one (a confirmation
// step, then an e-mail in the account's language), and resumes it; a paying customer switches to
// yearly and back, changes the card, and withdraws within 14 days for a refund.
import type { Page } from "@playwright/test";
import { lastEmailTo, signInAs } from "./support/accounts";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { expect, test, waitForHydration } from "./support/fixtures";
import { endTrial, ownedPage, payByCard } from "./support/pages";
import { shoot } from "./support/shots";

/**
 * Opens /account signed in, and chooses English there: the account signed up in Swedish, and the
 * language last chosen is the account's (its e-mails' language).
 */
async function openAccountInEnglish(page: Page, token: string): Promise<void> {
  await signInAs(page, token);
  await page.goto("/account");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Svenska" }).click();
  await expect(page.getByRole("button", { name: "Svenska" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("button", { name: "English" })).toHaveAttribute("aria-pressed", "true");
}

test("a customer sees the plans of two pages on /account, cancels one with a confirmation and an e-mail, and resumes it", async ({
  page,
  browser,
}) => {
  const trialPage = await ownedPage(browser, { displayName: "Astrid Lind" });
  const payingPage = await ownedPage(browser, { displayName: "Erik Lind" }, { of: trialPage });
  await endTrial(browser, payingPage.id);
  await payByCard(page.request, trialPage.token, trialPage.id);
  await payByCard(page.request, trialPage.token, payingPage.id);

  // The customer uses the site in English (the language last chosen is the account's); its pages are
  // written in Swedish.
  await openAccountInEnglish(page, trialPage.token);

  const section = page.getByRole("region", { name: "Subscriptions" });
  const trial = section.getByRole("listitem", { name: "Astrid Lind" });
  const paying = section.getByRole("listitem", { name: "Erik Lind" });
  await expect(trial).toContainText("Free trial until");
  await expect(trial.getByTestId("next-charge")).toHaveText(/^Next charge on .+: SEK\s49/);
  await expect(trial).toContainText("card •••• 4242");
  await expect(paying.getByTestId("next-charge")).toHaveText(/^Next charge on .+: SEK\s49/);

  // Cancel: a plainly labelled button, then a confirmation step that says what happens.
  await trial.getByRole("button", { name: "Cancel subscription" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel the subscription of Astrid Lind?" });
  await expect(dialog).toContainText("Nothing more is charged.");
  await dialog.getByRole("button", { name: "Keep it" }).click();
  await expect(dialog).toBeHidden();
  await expect(trial.getByTestId("next-charge")).toBeVisible();
  await trial.getByRole("button", { name: "Cancel subscription" }).click();
  await dialog.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(
    page.getByText("The subscription of Astrid Lind is cancelled.", { exact: false }),
  ).toBeVisible();
  await expect(trial.getByTestId("ends")).toHaveText(/^Ends on .+\. Nothing more is charged\.$/);
  await expect(trial.getByRole("button", { name: "Resume subscription" })).toBeVisible();
  await expect(paying.getByRole("button", { name: "Cancel subscription" })).toBeVisible();

  // The confirmation e-mail, in the account's language (English), not its pages' (Swedish).
  const mail = await lastEmailTo(trialPage.owner.email, {
    subject: "Your Kammare subscription is cancelled",
  });
  expect(mail.text).toContain(`/account`);

  await expectNoSeriousAxeViolations(page, "account subscriptions");
  await shoot(page, "account-subscriptions");

  await trial.getByRole("button", { name: "Resume subscription" }).click();
  await expect(trial.getByTestId("next-charge")).toBeVisible();
  await expect(trial.getByRole("button", { name: "Cancel subscription" })).toBeVisible();
});

test("a switch to yearly survives a cancel taken back, and the order says what will be charged, in both languages", async ({
  page,
  browser,
}) => {
  const trialPage = await ownedPage(browser, { displayName: "Hedda Lind" });
  await payByCard(page.request, trialPage.token, trialPage.id);
  await openAccountInEnglish(page, trialPage.token);
  const row = page
    .getByRole("region", { name: "Subscriptions" })
    .getByRole("listitem", { name: "Hedda Lind" });
  const order = page.getByRole("region", { name: "Orders and receipts" }).getByRole("listitem").first();
  await expect(order.getByTestId("order-charge")).toHaveText(/^First charge on \w+ \d{1,2}, \d{4}\.$/);

  await row.getByRole("button", { name: "Switch to yearly" }).click();
  await page
    .getByRole("dialog", { name: "Switch Hedda Lind to yearly?" })
    .getByRole("button", { name: "Switch to yearly" })
    .click();
  await expect(row.getByTestId("next-plan")).toHaveText(/^Switches to yearly on /);

  // Cancelled before the first charge: the order says no charge will be made, not "first charge at
  // the trial's end".
  await row.getByRole("button", { name: "Cancel subscription" }).click();
  await page
    .getByRole("dialog", { name: "Cancel the subscription of Hedda Lind?" })
    .getByRole("button", { name: "Cancel subscription" })
    .click();
  await expect(row.getByTestId("ends")).toBeVisible();
  // The switch chosen before is kept, and said: a resume brings it back.
  await expect(row.getByTestId("next-plan")).toHaveText(/^If you resume it, it switches to yearly on /);
  await expect(order).toContainText("Cancelled");
  await expect(order.getByTestId("order-charge")).toHaveText(
    "Cancelled before the first charge: no charge will be made.",
  );
  await expect(order).not.toContainText("first charge at the trial's end");
  await shoot(page, "account-order-cancelled-en");

  // Resumed: the switch to yearly is still there, at the yearly price, and the order waits for it.
  await row.getByRole("button", { name: "Resume subscription" }).click();
  await expect(row.getByTestId("next-plan")).toHaveText(/^Switches to yearly on /);
  await expect(row.getByTestId("next-charge")).toHaveText(/: SEK\s490$/);
  await expect(order.getByTestId("order-charge")).toHaveText(/^First charge on /);
  await shoot(page, "account-switch-resumed-en");

  await page.getByRole("button", { name: "Svenska" }).click();
  await expect(page.getByRole("button", { name: "Svenska" })).toHaveAttribute("aria-pressed", "true");
  const orderSv = page.getByRole("region", { name: "Betalningar och kvitton" }).getByRole("listitem").first();
  const rad = page.getByRole("region", { name: "Abonnemang" }).getByRole("listitem", { name: "Hedda Lind" });
  await expect(rad.getByTestId("next-plan")).toBeVisible();
  await expect(orderSv.getByTestId("order-charge")).toHaveText(/^Första dragningen görs den /);
  await shoot(page, "account-switch-resumed-sv");
  await rad.getByRole("button", { name: "Säg upp abonnemanget" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Säg upp abonnemanget" }).click();
  await expect(orderSv.getByTestId("order-charge")).toHaveText(
    "Uppsagt före första dragningen: ingenting dras från kortet.",
  );
  await shoot(page, "account-order-cancelled-sv");
});

test("a paying customer switches to yearly and back, changes the card, and withdraws for a full refund", async ({
  page,
  browser,
}) => {
  const paid = await ownedPage(browser, { displayName: "Greta Lind" });
  await endTrial(browser, paid.id);
  await payByCard(page.request, paid.token, paid.id);
  await openAccountInEnglish(page, paid.token);
  const row = page
    .getByRole("region", { name: "Subscriptions" })
    .getByRole("listitem", { name: "Greta Lind" });
  await expect(row.getByTestId("next-charge")).toHaveText(/: SEK\s49$/);

  // Yearly from the next period: said plainly before, shown after, and taken back.
  await row.getByRole("button", { name: "Switch to yearly" }).click();
  const switching = page.getByRole("dialog", { name: "Switch Greta Lind to yearly?" });
  await expect(switching).toContainText("Nothing changes until");
  await expect(switching).toContainText("SEK 490 a year");
  await switching.getByRole("button", { name: "Switch to yearly" }).click();
  await expect(page.getByText("Greta Lind switches to yearly from the next period.")).toBeVisible();
  await expect(row.getByTestId("next-plan")).toHaveText(/^Switches to yearly on /);
  await expect(row.getByTestId("next-charge")).toHaveText(/: SEK\s490$/);
  await row.getByRole("button", { name: "Keep monthly" }).click();
  await expect(row.getByTestId("next-plan")).toBeHidden();
  await expect(row.getByTestId("next-charge")).toHaveText(/: SEK\s49$/);

  // A new card on our own form (the sandbox's), checked as at the checkout.
  await row.getByRole("button", { name: "Change card" }).click();
  const cardDialog = page.getByRole("dialog", { name: "A new card for Greta Lind" });
  await shoot(page, "account-card-dialog");
  await cardDialog.getByLabel("Card number").fill("4242 4242 4242 4241");
  await cardDialog.getByLabel("Expiry date").fill("12/39");
  await cardDialog.getByLabel("Security code (CVC)").fill("123");
  await cardDialog.getByLabel("Name on the card").fill("Greta Lind");
  await cardDialog.getByRole("button", { name: "Save card" }).click();
  await expect(cardDialog.getByLabel("Card number")).toHaveAccessibleDescription(/not valid/);
  // The sandbox's declined test card is declined here too, said at the number.
  await cardDialog.getByLabel("Card number").fill("4000 0000 0000 0002");
  await cardDialog.getByRole("button", { name: "Save card" }).click();
  await expect(cardDialog.getByLabel("Card number")).toHaveAccessibleDescription(/Your card was declined/);
  await cardDialog.getByLabel("Card number").fill("5555 5555 5555 4444");
  await cardDialog.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByText("The card •••• 4444 is saved.")).toBeVisible();
  await expect(row).toContainText("card •••• 4444");

  // Withdrawal within 14 days: what comes back and what happens, then the refund, the e-mail, the order.
  await expect(row).toContainText(/You can withdraw until .+ and get SEK\s49 back in full\./);
  await expectNoSeriousAxeViolations(page, "account subscription actions");
  await shoot(page, "account-subscription-paying");
  await row.getByRole("button", { name: "Withdraw and get a refund" }).click();
  const withdrawing = page.getByRole("dialog", { name: "Withdraw from the subscription of Greta Lind?" });
  await expect(withdrawing).toContainText("The subscription ends now");
  await shoot(page, "account-withdraw-dialog");
  await withdrawing.getByRole("button", { name: /^Withdraw and refund SEK\s49$/ }).click();
  await expect(page.getByText(/SEK\s49 is on its way back to your card\./)).toBeVisible();
  await expect(row).toBeHidden();
  await expect(page.getByRole("region", { name: "Orders and receipts" })).toContainText("Refunded");
  const mail = await lastEmailTo(paid.owner.email, { subject: "Your payment for Kammare is being refunded" });
  expect(mail.text).toMatch(/SEK\s49/);
});
