// The trials in a real browser: a customer starts the free trial on a page from
// /gratis-provperiod; verifies the e-mail address through the link in the e-mail and starts the
// extended trial on another page; an admin sees /preview/extended-trial with its banner and can't
// start anything. No serious accessibility problems on these pages, in either language.
import { expectNoSeriousAxeViolations } from "./support/axe";
import type { BrowserContext, Page } from "@playwright/test";
import { lastEmailTo, signInByApi, storeSession } from "./support/accounts";
import { expect, test, waitForHydration } from "./support/fixtures";
import { asAdmin, ownedPage } from "./support/pages";
import { admin, appUrl } from "./support/ports";

const origin = { Origin: appUrl };

async function inSwedish(context: BrowserContext): Promise<void> {
  await context.addCookies([{ name: "locale", value: "sv-SE", url: appUrl }]);
}

/** A second named draft for the same owner (the admin makes it, the owner names it). */
async function anotherDraft(
  page: Page,
  browser: Parameters<typeof asAdmin>[0],
  owner: { email: string },
  token: string,
  displayName: string,
): Promise<string> {
  const id = await asAdmin(browser, async (request, adminToken) => {
    const created = await request.post("/api/admin/profiles", {
      data: { count: 1, ownerEmail: owner.email },
      headers: { Authorization: `Bearer ${adminToken}`, ...origin },
    });
    expect(created.status()).toBe(201);
    return ((await created.json()) as { profiles: { id: string }[] }).profiles[0]?.id as string;
  });
  const named = await page.request.post("/api/kammare/walkthrough-steps", {
    data: { profileId: id, step: "name", displayName },
    headers: { Authorization: `Bearer ${token}`, ...origin },
  });
  expect(named.status()).toBe(200);
  return id;
}

test("a customer starts the free trial on one page and, verified, the extended trial on another", async ({
  page,
  browser,
}) => {
  const first = await ownedPage(browser, { displayName: "Astrid Lind" }, { publish: false });
  await signInByApi(page, first.owner);
  const second = await anotherDraft(page, browser, first.owner, first.token, "Gustav Lind");

  // The free trial, from /gratis-provperiod.
  await page.goto("/gratis-provperiod");
  const pages = page.getByRole("list", { name: "Your pages" });
  await expect(pages.getByRole("listitem")).toHaveCount(2);
  const astrid = pages.getByRole("listitem").filter({ hasText: "Astrid Lind" });
  await expect(astrid).toContainText("Ready for the free trial");
  await waitForHydration(page);
  await expectNoSeriousAxeViolations(page, "free trial en");
  await astrid.getByRole("button", { name: "Start the free trial" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "The free trial has started on Astrid Lind" }),
  ).toBeVisible();
  await expect(astrid).toContainText("Free trial until");
  await expect(astrid.getByRole("button", { name: "Start the free trial" })).toHaveCount(0);

  // The extended trial needs a verified address: the page sends the link.
  await page.goto("/extended-trial");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Extended trial for 90 days");
  const start = page.getByRole("region", { name: "Start the extended trial" });
  await expect(start).toContainText("Not verified");
  await waitForHydration(page);
  await expectNoSeriousAxeViolations(page, "extended trial unverified en");
  await start.getByRole("button", { name: "Send the verification link" }).click();
  await expect(start.getByRole("status")).toContainText(
    `Sent. Open the link in the e-mail to ${first.owner.email}`,
  );

  const mail = await lastEmailTo(first.owner.email, { subject: "Verify your e-mail address for Kammare" });
  const link = /https?:\/\/\S+\/verify-email\?token=\S+/.exec(mail.text)?.[0] ?? "";
  expect(link).not.toBe("");
  const url = new URL(link);
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole("status").filter({ hasText: "is verified" })).toContainText(first.owner.email);
  await expectNoSeriousAxeViolations(page, "verify e-mail en");

  // Verified: choose the other page, accept the terms, start.
  await page.getByRole("link", { name: "Go to the extended trial" }).click();
  await expect(page).toHaveURL("/extended-trial");
  await waitForHydration(page);
  // The page on its free trial can have the extended trial too; choose the other one.
  await start.getByRole("radio", { name: new RegExp(`Gustav Lind \\(${second}\\)`) }).check();
  await start.getByRole("button", { name: "Start the extended trial" }).click();
  await expect(start.getByText("Accept the terms to start the trial.")).toBeVisible();
  await start.getByRole("checkbox", { name: "I accept the terms of the extended trial" }).check();
  await expectNoSeriousAxeViolations(page, "extended trial verified en");
  await start.getByRole("button", { name: "Start the extended trial" }).click();
  await expect(
    start.getByRole("status").filter({ hasText: "The extended trial has started on Gustav Lind" }),
  ).toBeVisible();
  await expect(start).toContainText(`Gustav Lind (${second}): Extended trial until`);

  // In Swedish, the same pages.
  await inSwedish(page.context());
  await page.goto("/extended-trial");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Förlängd provperiod i 90 dagar");
  await waitForHydration(page);
  await expectNoSeriousAxeViolations(page, "extended trial sv");
  await page.goto("/gratis-provperiod");
  await expect(page.getByRole("list", { name: "Dina sidor" })).toContainText("Gratis provperiod till");
  await expectNoSeriousAxeViolations(page, "free trial sv");
});

test("an admin previews the extended trial page read-only; a customer can't", async ({ page, browser }) => {
  const session = await signInByApi(page, admin);
  await storeSession(page, session);
  await page.goto("/preview/extended-trial");
  await expect(page.getByRole("note")).toContainText("Preview: this is the extended trial page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Extended trial for 90 days");
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "Start the extended trial" })).toBeDisabled();
  await expect(page.getByRole("radio")).toBeDisabled();
  await expect(page.getByRole("checkbox")).toBeDisabled();
  await expectNoSeriousAxeViolations(page, "preview en");
  await inSwedish(page.context());
  await page.goto("/preview/extended-trial");
  await expect(page.getByRole("note")).toContainText("Förhandsvisning");
  await waitForHydration(page);
  await expectNoSeriousAxeViolations(page, "preview sv");

  const customer = await ownedPage(browser, { displayName: "Karin" }, { publish: false });
  const context = await browser.newContext();
  const other = await context.newPage();
  await signInByApi(other, customer.owner);
  await other.goto("/preview/extended-trial");
  await expect(other).not.toHaveURL(/preview/);
  await context.close();
});
