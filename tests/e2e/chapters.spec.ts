// Life chapters in the browser (decisions "A life in pictures"): the owner tells the life in chapters in
// the editor (adds three, moves one with its button and with Alt+↑/↓, removes one only once confirmed),
// and a visitor without JavaScript sees them after the story as a time line in that order; axe in both
// languages; the walkthrough's story step still completes with only a story.
import type { Browser, Locator, Page } from "@playwright/test";
import { newUser, signInAs, signUpByApi } from "./support/accounts";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { expect, test, waitForHydration } from "./support/fixtures";
import { newProfiles, ownedPage } from "./support/pages";
import { appUrl } from "./support/ports";
import { shoot } from "./support/shots";

const origin = { Origin: appUrl };

const chapters = [
  {
    title: "Childhood in Luleå",
    period: "1931-1949",
    text: "Astrid grew up where the river meets the sea, the youngest of five.\n\nWinters were long; she learned to skate before she could read.",
  },
  {
    title: "The Stockholm years",
    period: "1950–1975",
    text: "She came south for work at the central post office and stayed for twenty-five years.",
  },
  {
    title: "The last summers",
    period: "By the sea in Grisslehamn",
    text: "Every summer the whole family gathered at the red house by the water.",
  },
];

/** A visitor: the light page, in `locale`; `javaScript: false` for a browser with it turned off. */
async function visitor(browser: Browser, locale: "en-US" | "sv-SE", { javaScript = true } = {}) {
  const context = await browser.newContext({ javaScriptEnabled: javaScript });
  await context.addCookies([
    { name: "locale", value: locale, url: appUrl },
    { name: "analytics_consent", value: "denied", url: appUrl },
  ]);
  return { context, page: await context.newPage() };
}

const chapterGroup = (editor: Locator, n: number) =>
  editor.getByRole("group", { name: new RegExp(`^Chapter ${n}\\b`) });

async function openEditor(page: Page, id: string, label: string) {
  await page.goto(`/k/${id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: label }).click();
}

test("the owner tells the life in three chapters, moves one, and a visitor sees them as a time line in that order", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { id, token } = await ownedPage(browser, {
    displayName: "Astrid Lindqvist",
    subtitle: "12 March 1931 – 4 June 2024",
    story: "Astrid was a letter carrier, a swimmer and a grandmother of seven.",
  });
  await signInAs(page, token, "en-US");
  await openEditor(page, id, "Edit page");
  const editor = page.getByRole("form", { name: "Edit your page" });

  // Folded away while there are none.
  const disclosure = editor.getByRole("button", { name: "Tell the life in chapters" });
  await expect(disclosure).toHaveAttribute("aria-expanded", "false");
  await expect(editor.getByRole("button", { name: "Add the first chapter" })).toBeHidden();
  await disclosure.click();
  await expect(disclosure).toHaveAttribute("aria-expanded", "true");

  for (const [index, chapter] of chapters.entries()) {
    await editor
      .getByRole("button", { name: index === 0 ? "Add the first chapter" : "Add a chapter" })
      .click();
    const group = chapterGroup(editor, index + 1);
    // The new chapter's title takes the focus.
    await expect(group.getByLabel("Title")).toBeFocused();
    await page.keyboard.type(chapter.title);
    await group.getByLabel("Year or period").fill(chapter.period);
    await group.getByLabel("Text").fill(chapter.text);
  }
  await expect(disclosure).toContainText("3 chapters");

  // The last summers move one earlier with their button: 1, 3, 2. The focus stays on the button.
  const third = chapterGroup(editor, 3);
  await third.getByRole("button", { name: "Earlier chapter 3, The last summers" }).click();
  await expect(chapterGroup(editor, 2).getByLabel("Title")).toHaveValue("The last summers");
  await expect(chapterGroup(editor, 2).getByRole("button", { name: /^Earlier/ })).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "is now number" })).toHaveText(
    "The chapter The last summers is now number 2 of 3.",
  );

  // With the keyboard: Alt+↓ in the first chapter's title moves it later, Alt+↑ back; the focus stays.
  await chapterGroup(editor, 1).getByLabel("Title").focus();
  await page.keyboard.press("Alt+ArrowDown");
  await expect(chapterGroup(editor, 2).getByLabel("Title")).toHaveValue("Childhood in Luleå");
  await expect(chapterGroup(editor, 2).getByLabel("Title")).toBeFocused();
  await page.keyboard.press("Alt+ArrowUp");
  await expect(chapterGroup(editor, 1).getByLabel("Title")).toHaveValue("Childhood in Luleå");
  await expect(chapterGroup(editor, 1).getByLabel("Title")).toBeFocused();
  await expect(chapterGroup(editor, 1).getByRole("button", { name: /^Earlier/ })).toBeDisabled();

  // A fourth, removed only once confirmed.
  await editor.getByRole("button", { name: "Add a chapter" }).click();
  await chapterGroup(editor, 4).getByLabel("Title").fill("A mistake");
  await chapterGroup(editor, 4)
    .getByRole("button", { name: /^Remove/ })
    .click();
  const confirm = page.getByRole("dialog", { name: "Remove this chapter?" });
  await expect(confirm).toContainText("“A mistake”");
  await confirm.getByRole("button", { name: "Keep it" }).click();
  await expect(chapterGroup(editor, 4)).toBeVisible();
  await chapterGroup(editor, 4)
    .getByRole("button", { name: /^Remove/ })
    .click();
  await confirm.getByRole("button", { name: "Remove the chapter" }).click();
  await expect(chapterGroup(editor, 4)).toHaveCount(0);
  // The focus goes to the chapter now last.
  await expect(chapterGroup(editor, 3).getByLabel("Title")).toBeFocused();

  // A chapter without a title is named at its field, not sent.
  await chapterGroup(editor, 2).getByLabel("Title").fill("");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(chapterGroup(editor, 2).getByText("Give the chapter a title.")).toBeVisible();
  await expect(chapterGroup(editor, 2).getByLabel("Title")).toBeFocused();
  await page.keyboard.type("The last summers");

  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator('[role="status"][data-state]')).toHaveText(
    "Saved. The page shows the change now.",
  );
  await chapterGroup(editor, 1).scrollIntoViewIfNeeded();
  await expectNoSeriousAxeViolations(page, "chapter editor en");
  await shoot(page, "chapters-editor");

  // A visitor without JavaScript: the time line after the story, in the family's order.
  const order = ["Childhood in Luleå", "The last summers", "The Stockholm years"];
  const noScript = await visitor(browser, "en-US", { javaScript: false });
  await noScript.page.goto(`/k/${id}`);
  await expect(
    noScript.page.getByRole("region", { name: "A life in chapters" }).getByRole("heading", { level: 3 }),
  ).toHaveText(order);
  await noScript.context.close();
  // The light page (axe needs its scripts in the page).
  for (const locale of ["en-US", "sv-SE"] as const) {
    const en = locale === "en-US";
    const guest = await visitor(browser, locale);
    await guest.page.goto(`/k/${id}`);
    const timeline = guest.page.getByRole("region", { name: en ? "A life in chapters" : "Livet i kapitel" });
    await expect(timeline.getByRole("list")).toBeVisible();
    await expect(timeline.getByRole("heading", { level: 3 })).toHaveText(order);
    await expect(timeline.getByRole("listitem").nth(0)).toContainText("1931–1949");
    await expect(timeline.getByRole("listitem").nth(1)).toContainText("By the sea in Grisslehamn");
    await expect(timeline.getByRole("listitem").nth(2)).toContainText("1950–1975");
    await expect(timeline).toContainText("she learned to skate before she could read");
    const storyTop = (await guest.page.getByText("Astrid was a letter carrier").boundingBox())?.y ?? NaN;
    expect(storyTop).toBeLessThan((await timeline.boundingBox())?.y ?? NaN);
    await expectNoSeriousAxeViolations(guest.page, `time line ${locale}`);
    if (en) {
      await timeline.scrollIntoViewIfNeeded();
      await shoot(guest.page, "chapters-timeline");
    }
    await guest.context.close();
  }

  // The editor in Swedish: the chapters open at once, as there are some.
  await signInAs(page, token, "sv-SE");
  await openEditor(page, id, "Redigera sidan");
  const svEditor = page.getByRole("form", { name: "Redigera din sida" });
  await expect(svEditor.getByRole("button", { name: /^Berätta livet i kapitel/ })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await expect(svEditor.getByRole("group", { name: /^Kapitel 2\b/ }).getByLabel("Rubrik")).toHaveValue(
    "The last summers",
  );
  await expectNoSeriousAxeViolations(page, "chapter editor sv");
});

test("the walkthrough's story step completes with only a story, and an empty chapter left behind is no obstacle", async ({
  page,
  browser,
}) => {
  const [id] = await newProfiles(browser, 1);
  const signUp = await browser.newContext();
  const session = await signUpByApi(signUp, newUser());
  await signUp.close();
  const headers = { Authorization: `Bearer ${session.access_token}`, ...origin };
  for (const [path, data] of [
    ["/api/kammare/own", { owner: session.user.id, profileId: id }],
    ["/api/kammare/walkthrough-steps", { profileId: id, step: "welcome" }],
    ["/api/kammare/walkthrough-steps", { profileId: id, step: "name", displayName: "Gunnar Ek" }],
  ] as const) {
    const answer = await page.request.post(path, { data, headers });
    expect(answer.status(), await answer.text()).toBe(200);
  }
  await signInAs(page, session.access_token, "en-US");
  await page.goto(`/k/${id}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tell the story");
  // One text stays the default; the chapters wait behind a quiet button.
  const disclosure = page.getByRole("button", { name: "Tell the life in chapters" });
  await expect(disclosure).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByLabel("Title")).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, "walkthrough story en");

  const sent: Record<string, unknown>[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/kammare/walkthrough-steps")) sent.push(request.postDataJSON());
  });
  await page.getByLabel("Story", { exact: true }).fill("Gunnar built boats.");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add pictures");
  expect(sent.at(-1)).toEqual({ profileId: id, step: "story", story: "Gunnar built boats.", chapters: [] });

  // Back: a chapter opened and left empty is dropped, not refused.
  await page.getByRole("button", { name: "Back" }).click();
  await disclosure.click();
  await page.getByRole("button", { name: "Add the first chapter" }).click();
  await expect(page.getByLabel("Title")).toBeFocused();
  await shoot(page, "chapters-walkthrough");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add pictures");
  expect(sent.at(-1)).toMatchObject({ step: "story", story: "Gunnar built boats.", chapters: [] });
});
