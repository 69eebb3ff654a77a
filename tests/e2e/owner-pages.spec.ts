// An owner with several pages (ADR 029): their account lists each page by name, portrait and status
// with its next step (publish a draft, pay for a trial, renew a resting page), its code small beside
// the name; "/" still sends an owner to their first page (the spec's rule); both languages, axe clean.
import { displayTimeZone } from "../../app/lib/date-format";
import { newUser, signInAs, signUpByApi } from "./support/accounts";
import { ownAddress } from "./support/client-address";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { asAdmin, ownedPage } from "./support/pages";
import { restingPage } from "./support/resting-page";
import { shoot } from "./support/shots";
import { testLocales, text } from "./support/texts";

test("an owner with a draft, a trial and a resting page sees each with its name and next step", async ({
  page,
  browser,
}) => {
  const draft = await ownedPage(browser, { displayName: "Astrid Lind" }, { publish: false });
  const trial = await ownedPage(
    browser,
    { displayName: "Bertil Lind", story: "Bertil sailed." },
    { of: draft },
  );
  const resting = await restingPage(browser, { of: draft });
  const rows = [
    { id: draft.id, name: "Astrid Lind", status: "draft", step: "publish", href: `/k/${draft.id}` },
    { id: trial.id, name: "Bertil Lind", status: "trial", step: "pay", href: `/k/${trial.id}/checkout/card` },
    {
      id: resting.id,
      name: "Ingrid Åberg",
      status: "expired",
      step: "renew",
      href: `/k/${resting.id}/checkout/card`,
    },
  ];

  for (const locale of testLocales) {
    await signInAs(page, draft.token, locale);
    await page.goto("/account");
    const list = page.getByRole("region", { name: text(locale, "account.pages.title") });
    const items = list.getByTestId("owner-page");
    await expect(items).toHaveCount(3);
    for (const [index, row] of rows.entries()) {
      const item = items.nth(index);
      await expect(item).toHaveAttribute("data-page", row.id);
      await expect(item.getByRole("link", { name: row.name })).toHaveAttribute("href", `/k/${row.id}`);
      // The code, small beside the name, for whoever has the plaque in hand.
      await expect(item.getByText(row.id, { exact: true })).toBeVisible();
      await expect(
        item.getByText(text(locale, `profileStatus.${row.status}`), { exact: true }),
      ).toBeVisible();
      await expect(
        item.getByRole("link", { name: text(locale, `account.pages.steps.${row.step}`) }),
      ).toHaveAttribute("href", row.href);
    }
    // The resting page's portrait, small; the others a quiet placeholder with the first letter.
    await expect(items.nth(2).locator("img")).toHaveCount(1);
    await expect(items.nth(0).getByText("A", { exact: true })).toBeVisible();
    // No group of pages helped with: this owner keeps none of anyone else's.
    await expect(page.getByRole("region", { name: text(locale, "account.pages.helpingTitle") })).toHaveCount(
      0,
    );
    await expectNoSeriousAxeViolations(page, `account pages ${locale}`);
    if (locale === "en-US") await shoot(page, "owner-pages");
    else await shoot(page, "owner-pages-sv");
  }

  // Each next step leads where it says: renewing to the card checkout, publishing to the walkthrough.
  await signInAs(page, draft.token, "en-US");
  await page.goto("/account");
  const restingRow = page.locator(`[data-page="${resting.id}"]`);
  await restingRow.getByRole("link", { name: "Renew the page" }).click();
  await expect(page).toHaveURL(new RegExp(`/k/${resting.id}/checkout/card$`));
  await page.goto("/account");
  await page.locator(`[data-page="${draft.id}"]`).getByRole("link", { name: "Continue and publish" }).click();
  await expect(page).toHaveURL(new RegExp(`/k/${draft.id}$`));

  // "/" keeps the spec's rule: an owner goes to their first page.
  await page.goto("/");
  await expect(page).toHaveURL(new RegExp(`/k/${draft.id}$`));
});

test("an account without pages sees the empty list with the way to claim one", async ({ page, browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: ownAddress() });
  const session = await signUpByApi(context, newUser());
  await context.close();
  for (const locale of testLocales) {
    await signInAs(page, session.access_token, locale);
    await page.goto("/account");
    const list = page.getByRole("region", { name: text(locale, "account.pages.title") });
    await expect(list.getByText(text(locale, "account.pages.none"))).toBeVisible();
    await expect(list.getByRole("link", { name: text(locale, "account.pages.claim") })).toHaveAttribute(
      "href",
      "/",
    );
    await expectNoSeriousAxeViolations(page, `account without pages ${locale}`);
  }
});

test("a page whose payment is due says by when to pay, on the page and on /account, in both languages", async ({
  page,
  browser,
}) => {
  const owned = await ownedPage(browser, { displayName: "Signe Berg" });
  await asAdmin(browser, async (request, token) => {
    for (const status of ["active", "past_due"]) {
      const response = await request.put("/api/admin/profile", {
        data: { id: owned.id, status },
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(response.status(), status).toBe(200);
    }
  });
  // GRACE_DAYS (7) from today, as the sweep will rest the page.
  const payBy = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);
  const day = (locale: string) =>
    new Intl.DateTimeFormat(locale, {
      day: "numeric",
      month: "long",
      year: "numeric",
      // The day as the page says it: in Sweden's time (after 23:00 UTC, already tomorrow there).
      timeZone: displayTimeZone,
    }).format(payBy);

  await signInAs(page, owned.token, "en-US");
  await page.goto(`/k/${owned.id}`);
  await expect(
    page.getByText(
      `Payment for this page is due. Pay by ${day("en-US")} to keep it shown; after that it rests.`,
    ),
  ).toBeVisible();
  await shoot(page, "past-due-page-en");
  await page.goto("/account");
  await expect(
    page.getByText(`A payment did not go through: pay by ${day("en-US")} to keep the page shown`),
  ).toBeVisible();
  await shoot(page, "past-due-account-en");

  await signInAs(page, owned.token, "sv-SE");
  await page.goto(`/k/${owned.id}`);
  await expect(page.getByText(`Betala senast den ${day("sv-SE")} så fortsätter den att visas`)).toBeVisible();
  await shoot(page, "past-due-page-sv");
  await page.goto("/account");
  await expect(
    page.getByText(`betala senast den ${day("sv-SE")} så fortsätter sidan att visas`),
  ).toBeVisible();
  await shoot(page, "past-due-account-sv");
});
