// The owner's moderation screen /k/{id}/memories (ADR 026): in `review` a memory waits until the owner
// shows it, in `open` it shows at once and the owner hides it; removing asks first; a reply shows under
// the memory; a candle's name waits until the owner shows it (ADR 026); the owner removes a candle,
// after a confirmation, in either language; nobody else gets the screen;
// axe in both languages, and screenshots at both sizes.
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { signInAs } from "./support/accounts";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { ownAddress } from "./support/client-address";
import { expect, test, waitForHydration } from "./support/fixtures";
import { ownedPage } from "./support/pages";
import { appUrl } from "./support/ports";
import { shoot } from "./support/shots";

const origin = { Origin: appUrl };

type Memory = { name: string; relation?: string; text: string; email?: string };

/** A form token for the page, as a visitor's page gets one (a post sooner than 3 s after it is refused). */
async function formToken(request: APIRequestContext, profileId: string): Promise<string> {
  const answer = await request.get(`/api/memories?profileId=${profileId}`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { formToken: string }).formToken;
}

/** Waits until a form token issued at `issuedAt` (Date.now()) is old enough (3 s) to be posted. */
const waitOutTheForm = (issuedAt = Date.now()) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, issuedAt + 3_500 - Date.now())));

/** Visitors, each from an address of their own, write these memories; answers each one's state. */
async function writeMemories(browser: Browser, profileId: string, memories: Memory[]): Promise<string[]> {
  const contexts = await Promise.all(
    memories.map(() => browser.newContext({ extraHTTPHeaders: ownAddress() })),
  );
  try {
    const tokens = await Promise.all(contexts.map((context) => formToken(context.request, profileId)));
    await waitOutTheForm();
    const states: string[] = [];
    // One after another: the list's order (newest first) is then the order written.
    for (const [index, context] of contexts.entries()) {
      const posted = await context.request.post("/api/memories", {
        data: { profileId, ...memories[index], formToken: tokens[index], website: "" },
        headers: origin,
      });
      expect(posted.status(), await posted.text()).toBe(201);
      states.push(((await posted.json()) as { state: string }).state);
    }
    return states;
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
}

/** What an anonymous visitor sees of the page's memories (the public page, as cached for them). */
async function publicMemoriesText(browser: Browser, id: string): Promise<string> {
  const context = await browser.newContext({ extraHTTPHeaders: ownAddress() });
  try {
    const page = await context.newPage();
    expect((await page.goto(`/k/${id}`))?.status()).toBe(200);
    const section = page.locator("#memories");
    await expect(section).toBeVisible();
    return await section.innerText();
  } finally {
    await context.close();
  }
}

const anna: Memory = {
  name: "Anna Holm",
  relation: "Neighbour",
  text: "Every Sunday she baked cardamom buns.\nThe whole street knew it.",
  email: "anna.holm@example.se",
};
const erik: Memory = { name: "Erik Lund", text: "A kind teacher who never raised her voice." };

async function openScreen(page: Page, id: string, token: string, locale?: "en-US" | "sv-SE") {
  await signInAs(page, token, locale);
  const response = await page.goto(`/k/${id}/memories`);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
}

test("in review a memory waits until the owner shows it; in open it shows at once and the owner hides it", async ({
  page,
  browser,
  problems,
}) => {
  const { id, token } = await ownedPage(browser, { displayName: "Greta Berg" });
  expect(await writeMemories(browser, id, [anna])).toEqual(["pending"]);
  expect(await publicMemoriesText(browser, id)).not.toContain("cardamom");

  // The owner bar counts it and leads to the screen.
  await signInAs(page, token);
  await page.goto(`/k/${id}`);
  await waitForHydration(page);
  await page
    .getByRole("region", { name: "Your page" })
    .getByRole("link", { name: "Memories 1 waiting" })
    .click();
  await expect(page).toHaveURL(`/k/${id}/memories`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Memories");
  const filter = page.getByRole("navigation", { name: "Memories by state" });
  await expect(filter.getByRole("link", { name: "Waiting 1" })).toHaveAttribute("aria-current", "page");

  // The card: who, the text with its line break, the private address said to be private.
  const card = page.getByRole("article", { name: "Anna Holm" });
  await expect(card.getByText("Neighbour")).toBeVisible();
  expect(await card.locator("p.whitespace-pre-line").first().innerText()).toBe(anna.text);
  await expect(card.getByText("E-mail: anna.holm@example.se")).toBeVisible();
  await expect(card.getByText("It is never shown on the page.")).toBeVisible();

  // A reply, saved and shown.
  await card.getByRole("button", { name: "Reply to the memory from Anna Holm" }).click();
  const replyBox = card.getByRole("textbox", { name: "Your reply to Anna Holm" });
  await expect(replyBox).toBeFocused();
  await replyBox.fill("Thank you, Anna. She loved those Sundays.");
  await card.getByRole("button", { name: "Save reply" }).click();
  await expect(card.getByText("Thank you, Anna. She loved those Sundays.")).toBeVisible();
  await expect(card.getByRole("button", { name: "Edit reply to the memory from Anna Holm" })).toBeFocused();

  // Shown: it leaves the waiting list (focus goes to the list), and visitors see it with the reply.
  await card.getByRole("button", { name: "Show the memory from Anna Holm" }).click();
  await expect(
    page.getByRole("region", { name: "Notifications" }).getByText("The memory from Anna Holm is now shown"),
  ).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Waiting for you" })).toBeFocused();
  await expect(page.getByText("Nothing is waiting")).toBeVisible();
  await expect(filter.getByRole("link", { name: "Shown 1" })).toBeVisible();
  const shown = await publicMemoriesText(browser, id);
  expect(shown).toContain("Every Sunday she baked cardamom buns.");
  expect(shown).toContain("Thank you, Anna. She loved those Sundays.");

  // Open: a new memory shows at once; the owner hides it.
  const settings = page.getByRole("region", { name: "Settings" });
  await settings.getByRole("radio", { name: "Show at once" }).check();
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(settings.getByText("The settings are saved.")).toBeVisible();
  expect(await writeMemories(browser, id, [erik])).toEqual(["shown"]);
  expect(await publicMemoriesText(browser, id)).toContain("A kind teacher");
  await filter.getByRole("link", { name: /^Shown/ }).click();
  await expect(filter.getByRole("link", { name: "Shown 2" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("button", { name: "Hide the memory from Erik Lund" }).click();
  await expect(
    page.getByRole("region", { name: "Notifications" }).getByText("The memory from Erik Lund is now hidden"),
  ).toBeVisible();
  await expect(page.getByRole("article", { name: "Erik Lund" })).toHaveCount(0);
  await expect(filter.getByRole("link", { name: "Hidden 1" })).toBeVisible();
  expect(await publicMemoriesText(browser, id)).not.toContain("A kind teacher");

  // Removing asks first: kept, then removed.
  const removeAnna = page.getByRole("button", { name: "Remove the memory from Anna Holm" });
  await removeAnna.click();
  const dialog = page.getByRole("dialog", { name: "Remove this memory?" });
  await expect(dialog).toContainText("The memory from Anna Holm is taken off the page");
  await dialog.getByRole("button", { name: "Keep it" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("article", { name: "Anna Holm" })).toBeVisible();
  await removeAnna.click();
  await dialog.getByRole("button", { name: "Remove it" }).click();
  await expect(page.getByRole("article", { name: "Anna Holm" })).toHaveCount(0);
  await expect(page.getByText("No memories shown yet")).toBeVisible();
  expect(await publicMemoriesText(browser, id)).not.toContain("cardamom");
  expect(problems.consoleErrors).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});

/**
 * Visitors, each from an address of their own, light candles with these names on the page, one after
 * another in this order (their forms are opened together and waited out once).
 */
async function lightCandles(browser: Browser, profileId: string, names: string[]): Promise<void> {
  const contexts = await Promise.all(names.map(() => browser.newContext({ extraHTTPHeaders: ownAddress() })));
  try {
    const tokens = await Promise.all(contexts.map((context) => formToken(context.request, profileId)));
    await waitOutTheForm();
    for (const [index, context] of contexts.entries()) {
      const lit = await context.request.post("/api/memories/candles", {
        data: { profileId, name: names[index], formToken: tokens[index], website: "" },
        headers: origin,
      });
      expect(lit.status(), await lit.text()).toBe(204);
    }
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
}

test("a candle's name waits on the screen until the owner shows it; the candle counts at once", async ({
  page,
  browser,
  problems,
}) => {
  const { id, token } = await ownedPage(browser, { displayName: "Greta Berg" });
  await lightCandles(browser, id, ["Sven Ek"]);
  const before = await publicMemoriesText(browser, id);
  expect(before).toContain("1 candle lit");
  expect(before).not.toContain("Sven Ek");

  await openScreen(page, id, token);
  const candles = page.getByRole("region", { name: "Candles" });
  await expect(candles.getByTestId("candle-count")).toHaveText("1 candle lit");
  await expect(candles.getByRole("heading", { name: "1 name waiting for you" })).toBeVisible();
  await expect(candles.getByTestId("candle-names-waiting")).toContainText("Sven Ek");
  await expectNoSeriousAxeViolations(page, "a candle's name waiting");
  await shoot(page, "moderation-candle-waiting");

  await candles.getByRole("button", { name: "Show the name Sven Ek" }).click();
  await expect(
    page
      .getByRole("region", { name: "Notifications" })
      .getByText("The name Sven Ek is now shown by the candles."),
  ).toBeVisible();
  await expect(candles.getByRole("heading", { name: "No names are waiting." })).toBeFocused();
  await expect(candles.getByText("Latest: Sven Ek")).toBeVisible();
  expect(await publicMemoriesText(browser, id)).toContain("Lit by Sven Ek");

  // Changed their mind: hidden from the names decided; the candle stays counted.
  await candles.getByText("Names you decided").click();
  await candles.getByRole("button", { name: "Hide the name Sven Ek" }).click();
  await expect(
    page.getByRole("region", { name: "Notifications" }).getByText("The name Sven Ek is now hidden."),
  ).toBeVisible();
  const after = await publicMemoriesText(browser, id);
  expect(after).toContain("1 candle lit");
  expect(after).not.toContain("Sven Ek");
  expect(problems.consoleErrors).toEqual([]);
});

test("the owner removes a candle after confirming it; it counts no more, in either language", async ({
  page,
  browser,
  problems,
}) => {
  const { id, token } = await ownedPage(browser, { displayName: "Greta Berg" });
  await lightCandles(browser, id, ["Sven Ek", "Köp billiga klockor"]);
  expect(await publicMemoriesText(browser, id)).toContain("2 candles lit");

  // In Swedish: the dialog asks first, and "Behåll det" keeps the candle.
  await openScreen(page, id, token, "sv-SE");
  const ljus = page.getByRole("region", { name: "Ljus" });
  await ljus.getByRole("button", { name: "Ta bort namnet Köp billiga klockor" }).click();
  const fråga = page.getByRole("dialog", { name: "Ta bort ljuset?" });
  await expect(fråga).toContainText("Ljuset som Köp billiga klockor tände släcks");
  await expectNoSeriousAxeViolations(page, "removing a candle (sv)");
  await shoot(page, "moderation-candle-remove-sv");
  await fråga.getByRole("button", { name: "Behåll det" }).click();
  await expect(fråga).toBeHidden();
  await expect(ljus.getByTestId("candle-count")).toHaveText("2 tända ljus");

  // In English: confirmed, the candle goes; the other stays.
  await openScreen(page, id, token, "en-US");
  const candles = page.getByRole("region", { name: "Candles" });
  await candles.getByRole("button", { name: "Remove the name Köp billiga klockor" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove this candle?" });
  await expect(dialog).toContainText("it is no longer counted");
  await shoot(page, "moderation-candle-remove-en");
  await dialog.getByRole("button", { name: "Remove the candle" }).click();
  await expect(
    page
      .getByRole("region", { name: "Notifications" })
      .getByText("The candle lit by Köp billiga klockor is removed."),
  ).toBeVisible();
  await expect(candles.getByTestId("candle-count")).toHaveText("1 candle lit");
  await expect(candles.getByText("Köp billiga klockor")).toHaveCount(0);
  await expect(candles.getByTestId("candle-names-waiting")).toContainText("Sven Ek");
  const after = await publicMemoriesText(browser, id);
  expect(after).toContain("1 candle lit");
  expect(problems.consoleErrors).toEqual([]);
});

test("the owner removes a candle lit without a name, one by one, in either language", async ({
  page,
  browser,
  problems,
}) => {
  const { id, token } = await ownedPage(browser, { displayName: "Greta Berg" });
  await lightCandles(browser, id, ["", "", "Sven Ek"]);

  // In Swedish: the nameless candles are listed, each as "Ett ljus" with its time.
  await openScreen(page, id, token, "sv-SE");
  const ljus = page.getByRole("region", { name: "Ljus" });
  await ljus.getByText("2 ljus utan namn").click();
  const namnlösa = ljus.getByTestId("candles-unnamed");
  await expect(namnlösa.getByRole("listitem")).toHaveCount(2);
  await expect(namnlösa.getByText("Ett ljus")).toHaveCount(2);
  await expect(namnlösa.getByText(/^Tänt /)).toHaveCount(2);
  await expectNoSeriousAxeViolations(page, "candles without a name (sv)");
  await shoot(page, "moderation-candles-unnamed-sv");

  // In English: one of them removed after confirming; the other and the named one stay.
  await openScreen(page, id, token, "en-US");
  const candles = page.getByRole("region", { name: "Candles" });
  await expect(candles.getByTestId("candle-count")).toHaveText("3 candles lit");
  await candles.getByText("2 candles without a name").click();
  const unnamed = candles.getByTestId("candles-unnamed");
  await unnamed
    .getByRole("button", { name: /^Remove the candle lit / })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Remove this candle?" });
  await expect(dialog).toContainText("This candle goes out: it is no longer counted.");
  await shoot(page, "moderation-candle-unnamed-remove-en");
  await dialog.getByRole("button", { name: "Remove the candle" }).click();
  await expect(
    page.getByRole("region", { name: "Notifications" }).getByText("The candle is removed."),
  ).toBeVisible();
  await expect(candles.getByTestId("candle-count")).toHaveText("2 candles lit");
  await expect(candles.getByText("1 candle without a name")).toBeVisible();
  await expect(candles.getByTestId("candle-names-waiting")).toContainText("Sven Ek");
  expect(await publicMemoriesText(browser, id)).toContain("2 candles lit");
  expect(problems.consoleErrors).toEqual([]);
});

test("a visitor signs in first, and another customer gets the 404", async ({ page, browser }) => {
  const { id } = await ownedPage(browser, { displayName: "Greta Berg" });
  await page.goto(`/k/${id}/memories?state=hidden`);
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(`/k/${id}/memories?state=hidden`)}`);
  const other = await ownedPage(browser, { displayName: "Someone Else" });
  await signInAs(page, other.token);
  const response = await page.goto(`/k/${id}/memories`);
  expect(response?.status()).toBe(404);
  await expect(page.getByText(`Page Not Found: /k/${id}/memories`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Settings" })).toHaveCount(0);
});

test("the screen has no serious accessibility problems in either language, at both sizes", async ({
  page,
  browser,
}) => {
  const { id, token } = await ownedPage(browser, { displayName: "Greta Berg" });
  // The reporter's form is opened first, so it is old enough by the time the report is sent.
  const reporter = await browser.newContext({ extraHTTPHeaders: ownAddress() });
  const reportFormOpened = Date.now();
  const reportToken = await formToken(reporter.request, id);
  await writeMemories(browser, id, [erik, anna]);
  // Erik's memory shown, with a reply and a visitor's report; Anna's waits.
  await openScreen(page, id, token);
  await page.getByRole("button", { name: "Show the memory from Erik Lund" }).click();
  await expect(page.getByRole("article", { name: "Erik Lund" })).toHaveCount(0);
  const erikId = await page.evaluate(async (profileId) => {
    const answer = await fetch(`/api/kammare/memories?profileId=${profileId}&state=shown`);
    return ((await answer.json()) as { memories: { id: string }[] }).memories[0]?.id;
  }, id);
  await waitOutTheForm(reportFormOpened);
  const reported = await reporter.request.post("/api/memories/reports", {
    data: { memoryId: erikId, reason: "Not about her.", formToken: reportToken, website: "" },
    headers: origin,
  });
  expect(reported.status(), await reported.text()).toBe(204);
  await reporter.close();
  const replied = await page.request.post("/api/kammare/memories/reply", {
    data: { memoryId: erikId, reply: "Thank you, Erik.\nShe spoke of you often." },
    headers: origin,
  });
  expect(replied.status(), await replied.text()).toBe(200);

  for (const locale of ["en-US", "sv-SE"] as const) {
    const sv = locale === "sv-SE";
    await openScreen(page, id, token, locale);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(sv ? "Minnen" : "Memories");
    await expect(page.getByRole("article", { name: "Anna Holm" })).toBeVisible();
    await expectNoSeriousAxeViolations(page, `${locale} waiting`);
    await shoot(page, `moderation-waiting-${locale}`);
    await page
      .getByRole("button", {
        name: sv ? "Svara på minnet från Anna Holm" : "Reply to the memory from Anna Holm",
      })
      .click();
    await expectNoSeriousAxeViolations(page, `${locale} reply`);
    await shoot(page, `moderation-reply-${locale}`);
    await page.getByRole("button", { name: sv ? "Avbryt" : "Cancel" }).click();
    await page
      .getByRole("button", {
        name: sv ? "Ta bort minnet från Anna Holm" : "Remove the memory from Anna Holm",
      })
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoSeriousAxeViolations(page, `${locale} dialog`);
    await shoot(page, `moderation-dialog-${locale}`);
    await page.keyboard.press("Escape");
    await page.goto(`/k/${id}/memories?state=shown`);
    await waitForHydration(page);
    const erikCard = page.getByRole("article", { name: "Erik Lund" });
    await expect(erikCard).toContainText("She spoke of you often.");
    await expect(erikCard.getByText(sv ? "1 öppen anmälan" : "1 open report")).toBeVisible();
    await expectNoSeriousAxeViolations(page, `${locale} shown`);
    await shoot(page, `moderation-shown-${locale}`);
    await page.goto(`/k/${id}/memories?state=hidden`);
    await expect(page.getByText(sv ? "Inget är dolt" : "Nothing is hidden")).toBeVisible();
    await expectNoSeriousAxeViolations(page, `${locale} empty`);
    await shoot(page, `moderation-empty-${locale}`);
  }
  await page.goto(`/k/${id}`);
  await waitForHydration(page);
  await expect(page.getByRole("link", { name: "Minnen 1 väntar" })).toBeVisible();
  await shoot(page, "moderation-owner-bar");
});
