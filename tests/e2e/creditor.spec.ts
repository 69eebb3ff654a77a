// The admin's creditor screen in the browser: a wrong check digit is explained at its field before
// anything is sent, the numbers are shown in their printed forms, saving says so, and the saved
// creditor is there after a reload; the screen passes axe in both languages, its messages showing.
import { expectNoSeriousAxeViolations as noSeriousViolations } from "./support/axe";
import { expect, test, waitForHydration } from "./support/fixtures";
import { signInByApi } from "./support/accounts";
import { admin, appUrl } from "./support/ports";

test("an admin saves the creditor with its numbers in their printed forms", async ({ page }) => {
  await signInByApi(page, admin);
  await page.goto("/admin/capway/creditor");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Creditor");

  await page.getByLabel("Company name").fill("Kammare AB");
  await page.getByLabel("Organisation number").fill("5560125791");
  await page.getByLabel("VAT number").fill("");
  await page.getByRole("button", { name: "Save creditor" }).click();
  await expect(page.getByText("The organisation number's check digit is wrong.")).toBeVisible();

  await page.getByLabel("Organisation number").fill("5560125790");
  await page.getByLabel("Organisation number").blur();
  await expect(page.getByLabel("Organisation number")).toHaveValue("556012-5790");
  await page.getByRole("button", { name: "Fill in from the organisation number" }).click();
  await expect(page.getByLabel("VAT number")).toHaveValue("SE556012579001");
  await page.getByLabel("Address", { exact: true }).fill("Storgatan 1\n111 22 Stockholm");
  await page.getByLabel("Registered office (seat of the board)").fill("Stockholm");
  await page.getByLabel("Bankgiro").fill("54029681");
  await page.getByLabel("Bankgiro").blur();
  await expect(page.getByLabel("Bankgiro")).toHaveValue("5402-9681");
  await page.getByLabel("Plusgiro").fill("");
  await page.getByLabel("Invoice e-mail address").fill("faktura@kammare.se");
  await page.getByLabel("Payment terms (days)").fill("20");
  await page.getByRole("button", { name: "Save creditor" }).click();
  await expect(page.getByRole("region", { name: "Notifications" }).getByText("Creditor saved")).toBeVisible();

  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel("Organisation number")).toHaveValue("556012-5790");
  await expect(page.getByLabel("Bankgiro")).toHaveValue("5402-9681");
  await expect(page.getByLabel("Payment terms (days)")).toHaveValue("20");
  await expect(page.getByText("Set up the creditor before issuing invoices")).toHaveCount(0);
});

for (const locale of ["en-US", "sv-SE"] as const) {
  test(`the creditor screen passes axe with its field messages showing (${locale})`, async ({ page }) => {
    await signInByApi(page, admin);
    await page.context().addCookies([{ name: "locale", value: locale, url: appUrl }]);
    await page.goto("/admin/capway/creditor");
    await waitForHydration(page);
    await noSeriousViolations(page);
    await page.locator('input[name="orgNumber"]').fill("5560125791");
    await page.locator('form button[type="submit"]').click();
    await expect(
      page.getByText(
        locale === "sv-SE"
          ? "Organisationsnumrets kontrollsiffra stämmer inte."
          : "The organisation number's check digit is wrong.",
      ),
    ).toBeVisible();
    await noSeriousViolations(page);
  });
}
