// Managing subscriptions from /account (issue 22): a customer with two pages, one paying and one with
// its card kept for the trial's end, sees each plan and its next charge, cancels one (a confirmation
// step, then an e-mail in the account's language), and resumes it.
import type { APIRequestContext } from "@playwright/test";
import { lastEmailTo, signInAs } from "./support/accounts";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { expect, test, waitForHydration } from "./support/fixtures";
import { endTrial, ownedPage } from "./support/pages";
import { appUrl } from "./support/ports";
import { shoot } from "./support/shots";

const card = { cardNumber: "4242 4242 4242 4242", expiry: "12/39", cvc: "123", name: "Astrid Lind" };

/** Chooses the monthly plan for the page by card through the API (the checkout's own calls). */
async function payByCard(request: APIRequestContext, token: string, profileId: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}`, Origin: appUrl };
  const started = await request.post("/api/checkout/card", { data: { profileId, plan: "monthly" }, headers });
  expect(started.status()).toBe(200);
  const { order } = (await started.json()) as { order: { orderNumber: string } };
  const paid = await request.post("/api/checkout/sandbox/pay", {
    data: { orderNumber: order.orderNumber, ...card },
    headers,
  });
  expect(paid.status()).toBe(200);
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
  await signInAs(page, trialPage.token);
  await page.goto("/account");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Svenska" }).click();
  await expect(page.getByRole("button", { name: "Svenska" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("button", { name: "English" })).toHaveAttribute("aria-pressed", "true");

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
  const mail = await lastEmailTo(trialPage.owner.email);
  expect(mail.subject).toBe("Your Kammare subscription is cancelled");
  expect(mail.text).toContain(`/account`);

  await expectNoSeriousAxeViolations(page, "account subscriptions");
  await shoot(page, "account-subscriptions");

  await trial.getByRole("button", { name: "Resume subscription" }).click();
  await expect(trial.getByTestId("next-charge")).toBeVisible();
  await expect(trial.getByRole("button", { name: "Cancel subscription" })).toBeVisible();
});
