// A prepaid term bought through the card checkout in the sandbox (ADR 041): the checkout offers 10 and
// 25 years at their prices beside monthly and yearly, says until when each pays and that nothing
// renews; the owner buys 25 years during the trial (charged at once, the years from the trial's end),
// the confirmation says until when, and /account says "Paid until {date} (25 years, paid once)" with
// no next charge and nothing to cancel. By invoice, 10 years: the invoice checkout says what the
// invoice covers, and /account lists the term. No serious accessibility problems on either checkout.
import { swedishDate } from "../../contract/calendar-days";
import { freeTrialDays } from "../../contract/pricing";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { signInAs } from "./support/accounts";
import { expect, test, waitForHydration } from "./support/fixtures";
import { ensureCreditor } from "./support/creditor";
import { ownedPage } from "./support/pages";
import { shoot } from "./support/shots";

test("an owner buys 25 years by card at the checkout, and /account says what was bought and until when", async ({
  page,
  browser,
}) => {
  const { id, token } = await ownedPage(browser, { displayName: "Karin Berg" });
  await signInAs(page, token);
  await page.goto(`/k/${id}/checkout/card`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pay for Karin Berg");

  // The four choices, the terms at their prices, each saying until when it pays.
  const tenYears = page.getByRole("radio", { name: /^10 years: SEK\s3,900(\.00)?, paid once/ });
  const twentyFive = page.getByRole("radio", { name: /^25 years: SEK\s7,900(\.00)?, paid once/ });
  await expect(page.getByRole("radio")).toHaveCount(4);
  await expect(tenYears).toBeVisible();
  await twentyFive.check();
  await expect(
    page.getByText(/As long as a Swedish grave right\. Paid until \w+ \d{1,2}, \d{4}\./),
  ).toBeVisible();
  // A term is charged today, whatever trial runs: no "first charge" here, the end date instead.
  await expect(page.getByRole("region", { name: "To pay now" })).toBeVisible();
  await expect(page.getByTestId("first-charge")).toHaveCount(0);
  const until = (await page.getByTestId("term-until").textContent()) ?? "";
  expect(until).toMatch(/^\w+ \d{1,2}, \d{4}$/);
  // The years run from the free trial's end (30 days from the page's start, a moment ago), in the
  // year it has in Sweden: 25 years on. (A trial that ends past New Year in Sweden ends a year later.)
  const trialEnds = swedishDate(new Date(Date.now() + freeTrialDays * 24 * 60 * 60 * 1000));
  expect(Number(until.slice(-4))).toBe(Number(trialEnds.slice(0, 4)) + 25);
  await expect(page.getByTestId("term-once")).toHaveText(
    `25 years, paid once: nothing is charged again. We remind you six months and one month before ${until}.`,
  );
  await expectNoSeriousAxeViolations(page);
  await shoot(page, "checkout-terms-en");
  await page.getByRole("button", { name: "Svenska" }).click();
  await expect(page.getByRole("radio", { name: /^25 år: 7\s900(,00)?\skr, betalas en gång/ })).toBeChecked();
  await shoot(page, "checkout-terms-sv");
  await page.getByRole("button", { name: "English" }).click();

  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date").fill("12/39");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByLabel("Name on the card").fill("Karin Berg");
  await page.getByRole("button", { name: /^Pay SEK\s7,900/ }).click();

  await expect(page).toHaveURL(new RegExp(`/k/${id}/checkout/confirm\\?order=KM-\\d{6,}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you! Your page is paid");
  await expect(page.getByText("25 years, paid once", { exact: true })).toBeVisible();
  await expect(page.getByTestId("paid-until")).toHaveText(until);
  await shoot(page, "checkout-terms-confirmed-en");

  await page.goto("/account");
  await waitForHydration(page);
  const row = page.getByRole("listitem", { name: "Karin Berg" });
  await expect(row.getByTestId("term-paid-until")).toHaveText(`Paid until ${until} (25 years, paid once)`);
  await expect(row.getByTestId("next-charge")).toHaveCount(0);
  await expect(row.getByRole("button", { name: "Cancel subscription" })).toHaveCount(0);
  await expect(page.getByTestId("order-term").first()).toHaveText(`25 years, paid once: paid until ${until}`);
  await shoot(page, "account-term-en");

  // The page's line says the same: the trial, then the years paid, and that nothing renews them.
  const ownPage = page.locator(`[data-testid="owner-page"][data-page="${id}"]`);
  await expect(ownPage.getByTestId("page-note")).toContainText(
    `then paid until ${until}. Not renewed by itself`,
  );
});

test("an owner orders 10 years by invoice: the checkout says what it covers, /account lists the term", async ({
  page,
  browser,
}) => {
  await ensureCreditor(browser);
  const { id, token, owner } = await ownedPage(browser, { displayName: "Greta Lind" });
  await signInAs(page, token);
  await page.goto(`/k/${id}/checkout/faktura`);
  await waitForHydration(page);
  await page.getByRole("radio", { name: /^10 years: SEK\s3,900(\.00)?, paid once/ }).check();
  await expect(page.getByTestId("invoice-total")).toHaveText(/^SEK\s3,900/);
  await expect(page.getByTestId("invoice-next-step")).toContainText(
    /^Ten years, paid once: no new invoice comes by itself\. The page is paid until \w+ \d{1,2}, \d{4};/,
  );
  const covers = (await page.getByTestId("invoice-period").textContent()) ?? "";
  const until = /(\w+ \d{1,2}, \d{4})$/.exec(covers.trim())?.[1] ?? "";
  expect(Number(until.slice(-4))).toBeGreaterThanOrEqual(new Date().getUTCFullYear() + 9);
  await page.getByLabel("Name", { exact: true }).fill("Greta Lind");
  await page.getByLabel("Street address").fill("Ängsvägen 3");
  await page.getByLabel("Postcode").fill("12345");
  await page.getByLabel("City").fill("Skövde");
  await page.getByLabel("E-mail for the invoice").fill(owner.email);
  await expectNoSeriousAxeViolations(page);
  await shoot(page, "faktura-terms-en");
  await page.getByRole("button", { name: /^Order and pay SEK\s3,900(\.00)? by invoice$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/k/${id}/checkout/confirm\\?order=KM-\\d{6,}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your invoice is on its way");

  await page.goto("/account");
  await waitForHydration(page);
  const row = page.getByRole("listitem", { name: "Greta Lind" });
  await expect(row.getByTestId("term-paid-until")).toHaveText(
    /^Paid until \w+ \d{1,2}, \d{4} \(10 years, paid once\)$/,
  );
  await expect(row.getByRole("button")).toHaveCount(0);
});
