// Anniversaries (ADR 029) in the browser: the owner turns the e-mails before the birthday and the day
// of death on under their page and finds it saved after a reload (axe and screenshots in both
// languages); a visitor's "Add to calendar" link downloads the page's calendar file.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { signInAs } from "./support/accounts";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { expect, test, waitForHydration } from "./support/fixtures";
import { ownedPage } from "./support/pages";
import { appUrl } from "./support/ports";
import { shoot } from "./support/shots";

const origin = { Origin: appUrl };

/** The dates, saved on the owner's behalf as the editor does (PUT /api/kammare/profile). */
async function saveDates(page: Page, token: string, id: string) {
  const response = await page.request.put("/api/kammare/profile", {
    data: { profile: { id, birthDate: "1931-03-12", deathDate: "2024-06-04" } },
    headers: { Authorization: `Bearer ${token}`, ...origin },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test("the owner turns the anniversary e-mails on and finds them on after a reload", async ({
  page,
  browser,
}) => {
  const { id, token } = await ownedPage(browser, {
    displayName: "Astrid Lindqvist",
    story: "Astrid grew up by the sea.",
  });
  await saveDates(page, token, id);
  await signInAs(page, token, "en-US");
  await page.goto(`/k/${id}`);
  await waitForHydration(page);
  const section = page.getByRole("region", { name: "Reminders" });
  const box = section.getByRole("checkbox", {
    name: "E-mail me a week before the birthday and the day of death",
  });
  await expect(box).toBeEnabled();
  await expect(box).not.toBeChecked();
  await box.check();
  await expect(section.getByText("Saved. We will e-mail you a week before each day.")).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await expectNoSeriousAxeViolations(page, "reminders en");
  await shoot(page, "reminders-owner-en");

  // After a reload, and in Swedish: still on.
  await signInAs(page, token, "sv-SE");
  await page.reload();
  await waitForHydration(page);
  const svSection = page.getByRole("region", { name: "Påminnelser" });
  const svBox = svSection.getByRole("checkbox", {
    name: "Mejla mig en vecka före födelsedagen och dödsdagen",
  });
  await expect(svBox).toBeEnabled();
  await expect(svBox).toBeChecked();
  await svSection.scrollIntoViewIfNeeded();
  await expectNoSeriousAxeViolations(page, "reminders sv");
  await shoot(page, "reminders-owner-sv");
  // Off again, said in Swedish.
  await svBox.uncheck();
  await expect(svSection.getByText("Sparat. Du får inga påminnelser via mejl.")).toBeVisible();
  await page.reload();
  await waitForHydration(page);
  await expect(svBox).toBeEnabled();
  await expect(svBox).not.toBeChecked();
});

test("a visitor's Add to calendar link downloads the page's calendar file", async ({ browser }) => {
  const { id, token } = await ownedPage(browser, { displayName: "Astrid Lindqvist", story: "By the sea." });
  const context = await browser.newContext();
  await context.addCookies([
    { name: "locale", value: "en-US", url: appUrl },
    { name: "analytics_consent", value: "denied", url: appUrl },
  ]);
  const page = await context.newPage();
  try {
    await saveDates(page, token, id);
    await page.goto(`/k/${id}`);
    const link = page.getByRole("link", { name: /^Add to calendar/ }).first();
    await expect(link).toHaveAttribute("href", `/k/${id}/calendar.ics`);
    await expectNoSeriousAxeViolations(page, "public page with the calendar link");
    const downloading = page.waitForEvent("download");
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`kammare-${id}.ics`);
    const text = await readFile((await download.path())!, "utf8");
    expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(text).toContain("DTSTART;VALUE=DATE:19310312\r\n");
    expect(text).toContain("RRULE:FREQ=YEARLY\r\n");
    // What the link answers: a calendar file.
    const answer = await page.request.get(`/k/${id}/calendar.ics`);
    expect(answer.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  } finally {
    await context.close();
  }
});
