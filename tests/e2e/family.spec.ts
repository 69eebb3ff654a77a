// A page's family (ADR 029): an owner invites a relative from the page's Family panel; the relative
// opens the e-mail's link, creates an account from it (the address filled in), comes back, accepts
// and edits the story, which visitors then see; the relative cannot open the checkout and sees no
// orders, people management or hand-over; a hand-over makes the relative the owner and the old owner
// an editor. axe on the panel, its dialogs and the invitation page in both languages; screenshots.
import type { Browser, Page } from "@playwright/test";
import { lastEmailTo, newUser, signInAs, signUpByApi } from "./support/accounts";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { ownAddress } from "./support/client-address";
import { expect, test, waitForHydration } from "./support/fixtures";
import { endTrial, openAsAdmin, ownedPage, payByCard } from "./support/pages";
import { appUrl } from "./support/ports";
import { shoot } from "./support/shots";

/** The invitation's link in the newest e-mail to `address`, as a path on this site. */
async function invitationPath(address: string): Promise<string> {
  const mail = await lastEmailTo(address);
  const link = /https?:\/\/\S+\/invitation\?token=[\w-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  const url = new URL(link as string);
  return `${url.pathname}${url.search}`;
}

async function openPage(page: Page, id: string) {
  const response = await page.goto(`/k/${id}`);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
}

async function anonymousText(browser: Browser, id: string): Promise<string> {
  const context = await browser.newContext({ extraHTTPHeaders: ownAddress() });
  try {
    const page = await context.newPage();
    expect((await page.goto(`/k/${id}`))?.status()).toBe(200);
    return await page.locator("main").innerText();
  } finally {
    await context.close();
  }
}

test("an owner invites a relative, who signs up through the e-mail's link, accepts and edits the story", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { id, token } = await ownedPage(browser, { displayName: "Astrid Lind", story: "She loved the sea." });
  const relative = newUser();

  // The owner's Family panel, under the page.
  await signInAs(page, token, "en-US");
  await openPage(page, id);
  const family = page.getByRole("region", { name: "Family" });
  await expect(family.getByText("No one else helps keep the page yet.")).toBeVisible();
  // A mistyped address is caught before anything is sent.
  await family.getByLabel("Their e-mail address").fill("not-an-address");
  await family.getByRole("button", { name: "Send invitation" }).click();
  await expect(family.getByText("Enter a valid e-mail address")).toBeVisible();
  await family.getByLabel("Their e-mail address").fill(relative.email);
  await family.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`An invitation was sent to ${relative.email}.`)).toBeVisible();
  const waiting = family.getByRole("list").filter({ hasText: relative.email });
  await expect(waiting).toContainText("Editor");
  await expect(
    family.getByRole("button", { name: `Withdraw the invitation to ${relative.email}` }),
  ).toBeVisible();
  await family.scrollIntoViewIfNeeded();
  await expectNoSeriousAxeViolations(page, "family panel (en)");
  await shoot(page, "family-owner");

  // The relative opens the e-mail's link in a browser of their own, signed out.
  const link = await invitationPath(relative.email);
  const context = await browser.newContext({ extraHTTPHeaders: ownAddress() });
  try {
    const their = await context.newPage();
    expect((await their.goto(link))?.status()).toBe(200);
    await waitForHydration(their);
    await expect(
      their.getByRole("heading", { level: 1, name: "Help keep Astrid Lind's page" }),
    ).toBeVisible();
    await expect(their.getByText(/invited u•••@e2e\.kammare\.test/)).toBeVisible();
    await expectNoSeriousAxeViolations(their, "invitation (en)");
    await shoot(their, "invitation-signed-out");
    // Create an account first: the address is filled in, and the account comes back here.
    await their.getByRole("link", { name: "Create an account" }).click();
    await expect(their).toHaveURL(/\/new\?redirectTo=/);
    await expect(their.getByLabel("E-mail address")).toHaveValue(relative.email);
    await their.getByLabel("Password", { exact: true }).fill(relative.password);
    await their.getByRole("button", { name: "Create account" }).click();
    await expect(their).toHaveURL(/\/invitation\?token=/);
    await waitForHydration(their);
    await their.getByRole("button", { name: "Accept the invitation" }).click();
    await expect(their).toHaveURL(new RegExp(`/k/${id}$`));

    // The editor edits the story…
    await their.getByRole("button", { name: "Edit page" }).click();
    await their.getByLabel("Story", { exact: true }).fill("She loved the sea, and the sea loved her back.");
    await their.getByRole("button", { name: "Save changes" }).click();
    await expect(their.getByText("Saved. The page shows the change now.")).toBeVisible();
    await their.getByRole("button", { name: "Close", exact: true }).click();
    await expect(their.getByRole("button", { name: "Edit page" })).toBeVisible();
    // …which visitors see.
    await expect.poll(() => anonymousText(browser, id)).toContain("the sea loved her back");

    // The editor sees the people, read-only, and may leave; no orders, no inviting, no hand-over.
    const theirFamily = their.getByRole("region", { name: "Family" });
    await expect(theirFamily.getByText("You help keep this page.")).toBeVisible();
    await expect(theirFamily.getByRole("button", { name: "Leave this page" })).toBeVisible();
    await expect(their.getByRole("button", { name: "Send invitation" })).toHaveCount(0);
    await expect(their.getByRole("button", { name: "Hand over…" })).toHaveCount(0);
    await expect(their.getByRole("button", { name: /^Remove / })).toHaveCount(0);
    await expect(their.getByRole("button", { name: "Orders and receipts" })).toHaveCount(0);
    await expect(their.getByRole("link", { name: /Choose a plan|Pay now/ })).toHaveCount(0);
    await theirFamily.scrollIntoViewIfNeeded();
    await shoot(their, "family-editor");
    // The editor decides memories too.
    expect((await their.goto(`/k/${id}/memories`))?.status()).toBe(200);
    // The checkout is the owner's: the editor is sent back to the page.
    await their.goto(`/k/${id}/checkout/card`);
    await expect(their).toHaveURL(new RegExp(`/k/${id}$`));

    // The link works once.
    await their.goto(link);
    await expect(their.getByText("This invitation has been used already.")).toBeVisible();
  } finally {
    await context.close();
  }

  // The owner sees the relative among the people, with a way to remove them (asked first).
  await openPage(page, id);
  await page.getByRole("button", { name: `Remove ${relative.email}` }).click();
  const dialog = page.getByRole("dialog", { name: `Remove ${relative.email}?` });
  await expect(dialog).toBeVisible();
  await expectNoSeriousAxeViolations(page, "remove dialog (en)");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  // And in Swedish.
  await signInAs(page, token, "sv-SE");
  await openPage(page, id);
  await expect(page.getByRole("region", { name: "Familj" })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "family panel (sv)");

  // The admin sees the page's people on its admin screen.
  const admin = await browser.newPage();
  try {
    await openAsAdmin(admin, `/admin/profile-admin?id=${id}`);
    const people = admin.getByRole("region", { name: /^(People|Personer)$/ });
    await expect(people).toContainText(relative.email);
    await expect(people).toContainText(/Editor|Redaktör/);
  } finally {
    await admin.close();
  }
});

test("a hand-over: the relative accepts and owns the page; the old owner is an editor who may leave", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { id, token, owner } = await ownedPage(browser, {
    displayName: "Gustav Berg",
    story: "A carpenter.",
  });
  const heir = newUser();
  const context = await browser.newContext({ extraHTTPHeaders: ownAddress() });
  try {
    const heirSession = await signUpByApi(context, heir);

    await signInAs(page, token, "sv-SE");
    await openPage(page, id);
    const family = page.getByRole("region", { name: "Familj" });
    await family.getByLabel("Den nya ägarens e-postadress").fill(heir.email);
    await family.getByRole("button", { name: "Lämna över…" }).click();
    const dialog = page.getByRole("dialog", { name: `Lämna över sidan till ${heir.email}?` });
    await expect(dialog).toContainText("du debiteras aldrig igen");
    await expectNoSeriousAxeViolations(page, "hand-over dialog (sv)");
    await shoot(page, "family-handover-dialog");
    await dialog.getByRole("button", { name: "Skicka överlämningen" }).click();
    await expect(dialog).toBeHidden();
    await expect(family.getByRole("list").filter({ hasText: heir.email })).toContainText("Att ta över sidan");

    // The heir, signed in, opens the link (in Swedish) and takes the page over.
    const link = await invitationPath(heir.email);
    const their = await context.newPage();
    await signInAs(their, heirSession.access_token, "sv-SE");
    expect((await their.goto(link))?.status()).toBe(200);
    await waitForHydration(their);
    await expect(their.getByRole("heading", { level: 1, name: "Ta över Gustav Bergs sida" })).toBeVisible();
    await expectNoSeriousAxeViolations(their, "invitation (sv)");
    await shoot(their, "invitation-handover-sv");
    await their.getByRole("button", { name: "Ta över sidan" }).click();
    await expect(their).toHaveURL(new RegExp(`/k/${id}$`));
    const theirs = their.getByRole("region", { name: "Familj" });
    await expect(theirs.getByRole("listitem").filter({ hasText: heir.email })).toContainText("Ägare");
    await expect(theirs.getByRole("button", { name: "Skicka inbjudan" })).toBeVisible();
    // The heir pays now: the checkout opens for them.
    expect((await their.goto(`/k/${id}/checkout/card`))?.status()).toBe(200);
    await expect(their).toHaveURL(new RegExp(`/k/${id}/checkout/card$`));

    // The old owner is an editor now, and may leave.
    await openPage(page, id);
    const now = page.getByRole("region", { name: "Familj" });
    await expect(now.getByRole("listitem").filter({ hasText: owner.email })).toContainText("Redaktör");
    await expect(now.getByRole("button", { name: "Skicka inbjudan" })).toHaveCount(0);
    await now.getByRole("button", { name: "Lämna den här sidan" }).click();
    const leave = page.getByRole("dialog", { name: "Lämna sidan?" });
    await expectNoSeriousAxeViolations(page, "leave dialog (sv)");
    await leave.getByRole("button", { name: "Lämna sidan" }).click();
    await expect(page.getByText("Du hjälper inte längre till med sidan.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Familj" })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test("an invitation signed with the owner's name and a note shows both, in either language", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { id, token } = await ownedPage(browser, { displayName: "Astrid Lind", story: "She loved the sea." });

  // In Swedish: the owner signs with their name and writes a note.
  const syster = newUser();
  await signInAs(page, token, "sv-SE");
  await openPage(page, id);
  const familj = page.getByRole("region", { name: "Familj" });
  await familj.getByLabel("Personens e-postadress").fill(syster.email.toUpperCase());
  await familj.getByLabel("Ditt namn (valfritt)").first().fill("Lena Lind");
  await familj.getByText("Lägg till en personlig hälsning").first().click();
  await familj
    .getByLabel("Din hälsning (valfri)")
    .first()
    .fill("Mamma hade velat att du var med.\nKram, Lena");
  await familj.scrollIntoViewIfNeeded();
  await shoot(page, "family-invite-note-sv");
  await familj.getByRole("button", { name: "Skicka inbjudan" }).click();
  // The address in one spelling: the toast and the list say it as the invitation keeps it.
  await expect(page.getByText(`En inbjudan har skickats till ${syster.email}.`)).toBeVisible();
  await expect(familj.getByText(syster.email.toUpperCase(), { exact: true })).toHaveCount(0);
  const mail = await lastEmailTo(syster.email);
  // The e-mail is in the inviter's account's language (English here), the note in their own words.
  expect(mail.text).toContain("Lena Lind invites you");
  expect(mail.text).toContain("Lena Lind writes:\n\nMamma hade velat att du var med.\nKram, Lena");

  const context = await browser.newContext({ extraHTTPHeaders: ownAddress() });
  try {
    const their = await context.newPage();
    await context.addCookies([{ name: "locale", value: "sv-SE", url: appUrl }]);
    expect((await their.goto(await invitationPath(syster.email)))?.status()).toBe(200);
    await waitForHydration(their);
    await expect(their.getByText(/^Lena Lind har bjudit in/)).toBeVisible();
    const note = their.getByTestId("invitation-note");
    await expect(note).toContainText("Lena Lind skriver:");
    await expect(note).toContainText("Mamma hade velat att du var med.");
    await expectNoSeriousAxeViolations(their, "invitation with a note (sv)");
    await shoot(their, "invitation-note-sv");
  } finally {
    await context.close();
  }

  // In English, the name starts the next invitation; the invitation page says it too.
  const brother = newUser();
  await signInAs(page, token, "en-US");
  await openPage(page, id);
  const family = page.getByRole("region", { name: "Family" });
  await expect(family.getByLabel("Your name (optional)").first()).toHaveValue("Lena Lind");
  await family.getByLabel("Their e-mail address").fill(brother.email);
  await family.getByText("Add a personal note").first().click();
  await family.getByLabel("Your note (optional)").first().fill("Come and help us remember her.");
  await family.scrollIntoViewIfNeeded();
  await shoot(page, "family-invite-note-en");
  await family.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`An invitation was sent to ${brother.email}.`)).toBeVisible();
  expect((await page.goto(await invitationPath(brother.email)))?.status()).toBe(200);
  await waitForHydration(page);
  await expect(page.getByText(/^Lena Lind invited/)).toBeVisible();
  await expect(page.getByTestId("invitation-note")).toContainText("Come and help us remember her.");
  await expectNoSeriousAxeViolations(page, "invitation with a note (en)");
  await shoot(page, "invitation-note-en");
});

test("an invitation opened while signed in as someone else says so, and a link that does not work says that", async ({
  page,
  browser,
}) => {
  const { id, token } = await ownedPage(browser, { displayName: "Karin Ek" });
  const invited = newUser();
  const response = await page.request.post("/api/kammare/invitations", {
    data: { profileId: id, email: invited.email },
    headers: { Authorization: `Bearer ${token}`, Origin: appUrl },
  });
  expect(response.status(), await response.text()).toBe(201);
  const link = await invitationPath(invited.email);
  const someone = newUser();
  const session = await signUpByApi(page, someone);
  await signInAs(page, session.access_token, "en-US");
  expect((await page.goto(link))?.status()).toBe(200);
  await waitForHydration(page);
  await expect(page.getByText(`You are signed in as ${someone.email}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with another account" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Accept the invitation" })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, "invitation, another account (en)");
  await shoot(page, "invitation-wrong-account");

  expect((await page.goto("/invitation?token=no-such-token"))?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "This link does not work" })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "invitation, no such link (en)");
});

test("after handing over a paid page, the old owner's /account says their card is not charged again, with no way to resume", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { id, token } = await ownedPage(browser, { displayName: "Signe Holm", story: "A teacher." });
  await endTrial(browser, id);
  const heir = newUser();
  const context = await browser.newContext({ extraHTTPHeaders: ownAddress() });
  try {
    await payByCard(context.request, token, id);
    const heirSession = await signUpByApi(context, heir);
    const invited = await context.request.post("/api/kammare/invitations", {
      data: { profileId: id, email: heir.email, kind: "handover" },
      headers: { Authorization: `Bearer ${token}`, Origin: appUrl },
    });
    expect(invited.status()).toBe(201);
    const invitation = new URL(await invitationPath(heir.email), appUrl).searchParams.get("token");
    const accepted = await context.request.post("/api/kammare/invitations/accept", {
      data: { token: invitation },
      headers: { Authorization: `Bearer ${heirSession.access_token}`, Origin: appUrl },
    });
    expect(accepted.status()).toBe(200);
  } finally {
    await context.close();
  }

  await signInAs(page, token);
  expect((await page.goto("/account"))?.status()).toBe(200);
  await waitForHydration(page);
  const row = page.getByRole("listitem", { name: "Signe Holm" });
  await expect(row.getByTestId("ends")).toHaveText(
    /^You handed this page over to another account\. Your card will not be charged again for it; your plan ends on .+\.$/,
  );
  await expect(row.getByRole("button", { name: "Resume subscription" })).toHaveCount(0);
  await expect(row.getByRole("button", { name: /Switch to/ })).toHaveCount(0);
  // Their order and its receipt stay theirs.
  const orders = page.getByRole("region", { name: "Orders and receipts" }).getByRole("listitem");
  await expect(orders).toHaveCount(1);
  await expect(orders).toContainText("Signe Holm");
  await expectNoSeriousAxeViolations(page, "account after a hand-over");
  await shoot(page, "account-after-handover");
});
