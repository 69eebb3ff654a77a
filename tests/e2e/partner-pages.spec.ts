// A partner makes a page for a family in a browser (decisions "Pages a family can start, and funeral
// homes that hand them out"): it makes the page, prints its QR card (a PDF downloads), sends the family
// the link with a personal note; the family opens the e-mail's link, signs up and owns the page; the
// partner then sees it claimed. A link taken back says so on its page. Axe in both languages on the new
// screen; screenshots (empty, with pages, sending, sent) when SHOTS_DIR is set.
import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { lastEmailTo, newUser, signInByApi } from "./support/accounts";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { expect, test, waitForHydration } from "./support/fixtures";
import { appUrl } from "./support/ports";
import { shoot } from "./support/shots";
import { partnerByApi } from "./support/partners";

async function inLanguage(page: Page, locale: "sv-SE" | "en-US"): Promise<void> {
  await page.context().addCookies([{ name: "locale", value: locale, url: appUrl }]);
  await page.reload();
  await waitForHydration(page);
}

const notifications = (page: Page) =>
  page.getByRole("region", { name: /Notifications|Aviseringar/ }).getByRole("listitem");

test("a partner makes a page, prints its card and sends the link; the family signs up from the e-mail and owns it", async ({
  page,
  browser,
}) => {
  test.slow();
  const partner = await partnerByApi(browser, `Lindqvists Begravningsbyrå ${randomInt(1e6)}`);
  await signInByApi(page, partner);

  // The dashboard leads to the new screen; empty, it says what to do.
  await page.goto("/partner/dashboard");
  await waitForHydration(page);
  await expect(page.getByTestId("figure-made")).toHaveText("0");
  await page.getByRole("link", { name: "Make and send pages" }).click();
  await expect(page).toHaveURL("/partner/dashboard/pages");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pages for your families");
  await expect(page.getByText("No pages yet")).toBeVisible();
  await expectNoSeriousAxeViolations(page, "partner pages, empty");
  await shoot(page, "partner-pages-empty");

  // Make one page; its card prints at once as a PDF.
  await waitForHydration(page);
  await page.getByRole("button", { name: "Make 1 page" }).click();
  const made = page.getByTestId("pages-made");
  await expect(made).toContainText("1 page made");
  const id = ((await made.textContent()) ?? "").match(/code is ([0-9A-Z]{8})/)?.[1] ?? "";
  expect(id).toMatch(/^[0-9A-Z]{8}$/);
  const download = page.waitForEvent("download");
  await made.getByRole("button", { name: "Print its QR card (PDF)" }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  const stream = await pdf.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe("%PDF-");

  const row = page.getByRole("row").filter({ hasText: id });
  await expect(row.getByText("Made", { exact: true })).toBeVisible();
  await expect(page.getByTestId("count-made")).toHaveText("1");
  await shoot(page, "partner-pages-with-pages");

  // Send the family the link with a note.
  const family = newUser();
  await row.getByRole("button", { name: `Send the link of page ${id} to a family` }).click();
  const dialog = page.getByRole("dialog", { name: `Send the link of ${id}` });
  await dialog.getByLabel("The family's e-mail address").fill(family.email);
  await dialog.getByLabel("Your personal note (optional)").fill("Vi tänker på er. Hör av er om något.");
  await expectNoSeriousAxeViolations(page, "partner pages, sending");
  await shoot(page, "partner-pages-sending");
  await dialog.getByRole("button", { name: "Send the link" }).click();
  await expect(
    notifications(page).filter({ hasText: `The link is on its way to ${family.email}` }),
  ).toBeVisible();
  await expect(row.getByText("Link sent", { exact: true })).toBeVisible();
  await expect(row).toContainText(`To ${family.email}`);
  await shoot(page, "partner-pages-sent");

  // The same screen in Swedish, axe clean.
  await inLanguage(page, "sv-SE");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sidor till era familjer");
  await expect(page.getByRole("row").filter({ hasText: id })).toContainText("Länk skickad");
  await expectNoSeriousAxeViolations(page, "partner pages, Swedish");
  await shoot(page, "partner-pages-sent-sv");

  // The family: the e-mail (Swedish, the partner's language) names the funeral home and carries the note.
  const mail = await lastEmailTo(family.email, {
    subject: `${partner.name} har skapat en minnessida åt er på Kammare`,
  });
  expect(mail.text).toContain("Vi tänker på er. Hör av er om något.");
  const link = mail.text.match(/https?:\/\/\S+\/k\/[0-9A-Z]{8}\?claim=1/)?.[0] ?? "";
  expect(link).toContain(`/k/${id}?claim=1`);

  const familyContext = await browser.newContext({ locale: "sv-SE" });
  const visitor = await familyContext.newPage();
  try {
    await visitor.context().addCookies([{ name: "locale", value: "sv-SE", url: appUrl }]);
    await visitor.goto(new URL(link).pathname + new URL(link).search);
    await expect(visitor.getByText(`${partner.name} har skapat den här sidan`)).toBeVisible();
    await expectNoSeriousAxeViolations(visitor, "claim view made by a partner");
    await visitor.getByRole("link", { name: "Skapa konto och ta hand om sidan" }).click();
    await expect(visitor).toHaveURL(/\/new\?redirectTo=/);
    await waitForHydration(visitor);
    await visitor.getByLabel("E-postadress").fill(family.email);
    await visitor.getByLabel("Lösenord", { exact: true }).fill(family.password);
    await visitor.getByRole("button", { name: "Skapa konto" }).click();
    await expect(visitor).toHaveURL(`/k/${id}`);
    await expect(visitor.getByTestId("claimed-notice")).toBeVisible();
  } finally {
    await familyContext.close();
  }

  // The partner sees the page claimed, and can no longer send or take it back.
  await inLanguage(page, "en-US");
  const claimed = page.getByRole("row").filter({ hasText: id });
  await expect(claimed.getByText("Claimed", { exact: true })).toBeVisible();
  await expect(claimed.getByRole("button", { name: /Take back/ })).toHaveCount(0);
  await expect(page.getByTestId("count-claimed")).toHaveText("1");
  // The dashboard counts it beside the pages its link brought.
  await page.goto("/partner/dashboard");
  await expect(page.getByTestId("figure-made")).toHaveText("1");
  await expect(page.getByTestId("figure-claimed")).toHaveText("1");
  await shoot(page, "partner-dashboard-made");
});

test("a link the partner took back says so on its page instead of offering the page", async ({
  page,
  browser,
}) => {
  const partner = await partnerByApi(browser, `Sörmlands Begravningsbyrå ${randomInt(1e6)}`);
  await signInByApi(page, partner);
  await page.goto("/partner/dashboard/pages");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Make 1 page" }).click();
  const made = page.getByTestId("pages-made");
  await expect(made).toContainText("1 page made");
  const id = ((await made.textContent()) ?? "").match(/code is ([0-9A-Z]{8})/)?.[1] ?? "";
  const row = page.getByRole("row").filter({ hasText: id });
  await row.getByRole("button", { name: `Send the link of page ${id} to a family` }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("The family's e-mail address").fill(newUser().email);
  await dialog.getByRole("button", { name: "Send the link" }).click();
  await expect(row.getByText("Link sent", { exact: true })).toBeVisible();
  await row.getByRole("button", { name: `Take back the link of page ${id}` }).click();
  await expect(row.getByText("Taken back", { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: `Send the link of page ${id} to a family` })).toBeVisible();

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  try {
    await visitor.goto(`/k/${id}?claim=1`);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(
      "This page's link has been taken back",
    );
    await expect(visitor.getByText(`${partner.name} has taken this link back.`)).toBeVisible();
    await expect(visitor.getByRole("link", { name: "Create an account and claim" })).toHaveCount(0);
    await expectNoSeriousAxeViolations(visitor, "claim view, taken back");
  } finally {
    await visitorContext.close();
  }
});
