// A hand-over tells each side what happened to them (decisions "Where money meets people"): the old
// owner is e-mailed that the page is the new owner's and their card is not charged again, with no
// invitation to resume; the new owner is e-mailed when the page's paid time ends, and sees the same on
// the page, with the way to a plan. The accounts never chose a language, so the e-mails are in their
// pages' (Swedish); the page is looked at in English and Swedish. axe; screenshots.
import { readOutbox } from "../../server/providers/email";
import { newUser, signInAs, signUpByApi } from "./support/accounts";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { ownAddress } from "./support/client-address";
import { expect, test, waitForHydration } from "./support/fixtures";
import { endTrial, ownedPage, payByCard } from "./support/pages";
import { appUrl, outboxDir } from "./support/ports";
import { shoot } from "./support/shots";

/** The e-mails to `address` whose subject has `words` (waits a little for them). */
async function mailsTo(address: string, words: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mails = (await readOutbox(outboxDir)).filter(
      (mail) => mail.to.includes(address) && mail.subject.includes(words),
    );
    if (mails.length > 0) return mails;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no e-mail to ${address} about "${words}"`);
}

test("after a hand-over the new owner is told by e-mail and on the page when the paid time ends, and the old owner that their card is not charged again", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { id, token, owner } = await ownedPage(browser, { displayName: "Signe Holm", story: "A teacher." });
  await endTrial(browser, id);
  const heir = newUser();
  let heirToken = "";
  const context = await browser.newContext({ extraHTTPHeaders: ownAddress() });
  try {
    const orderNumber = await payByCard(context.request, token, id);
    // The receipt came with the payment, before any sweep.
    await mailsTo(owner.email, orderNumber);
    heirToken = (await signUpByApi(context, heir)).access_token;
    const headers = (bearer: string) => ({ Authorization: `Bearer ${bearer}`, Origin: appUrl });
    const invited = await context.request.post("/api/kammare/invitations", {
      data: { profileId: id, email: heir.email, kind: "handover" },
      headers: headers(token),
    });
    expect(invited.status()).toBe(201);
    const [invitation] = await mailsTo(heir.email, "Signe Holm");
    const invitationToken = /\/invitation\?token=([\w-]+)/.exec(invitation?.text ?? "")?.[1];
    const accepted = await context.request.post("/api/kammare/invitations/accept", {
      data: { token: invitationToken },
      headers: headers(heirToken),
    });
    expect(accepted.status()).toBe(200);
  } finally {
    await context.close();
  }

  // The old owner: the page is the heir's, their card is not charged again; no way back offered.
  const [toOld] = await mailsTo(owner.email, "Överlämningen är klar");
  expect(toOld?.subject).toBe(`Överlämningen är klar: ${heir.email} har tagit över sidan Signe Holm`);
  expect(toOld?.text).toContain("Ditt kort kommer inte att debiteras igen för sidan.");
  expect(toOld?.text).toMatch(/Din plan upphör den \d{1,2} \w+ \d{4}/);
  expect(toOld?.text).not.toMatch(/återuppta|resume/i);
  // No cancellation mail with its "resume" either.
  expect(
    (await readOutbox(outboxDir)).filter((mail) => mail.to.includes(owner.email)).map((m) => m.subject),
  ).not.toContain("Ditt Kammare-abonnemang är uppsagt");

  // The new owner: when the paid time ends, that a plan is needed then, and the way to one.
  const [toNew] = await mailsTo(heir.email, "är din nu");
  expect(toNew?.subject).toBe("Sidan Signe Holm är din nu");
  const paidUntil = /Sidan är betald till och med (\d{1,2} \w+ \d{4})\./.exec(toNew?.text ?? "")?.[1];
  expect(paidUntil, toNew?.text).toBeTruthy();
  expect(toNew?.text).toContain("Därefter behöver den ett abonnemang för att synas i sin helhet");
  expect(toNew?.text).toContain(`${appUrl}/k/${id}/checkout/card`);

  // On the page, the new owner sees the same, in English and in Swedish, with the way to a plan.
  await signInAs(page, heirToken, "en-US");
  expect((await page.goto(`/k/${id}`))?.status()).toBe(200);
  await waitForHydration(page);
  const prompt = page.getByRole("status").filter({ hasText: "Paid until" });
  await expect(prompt).toHaveText(
    /Paid until \w+ \d{1,2}, \d{4}\. After that the page needs a plan to stay fully visible\./,
  );
  const englishDate = /Paid until (\w+ \d{1,2}, \d{4})\./.exec((await prompt.textContent()) ?? "")?.[1];
  const choose = page.getByRole("link", { name: "Choose a plan" });
  await expect(choose).toHaveAttribute("href", `/k/${id}/checkout/card`);
  await expectNoSeriousAxeViolations(page, "page after a hand-over, new owner (en)");
  await shoot(page, "handover-new-owner-en");

  await signInAs(page, heirToken, "sv-SE");
  expect((await page.goto(`/k/${id}`))?.status()).toBe(200);
  await waitForHydration(page);
  await expect(
    page.getByText(
      `Betald till och med ${paidUntil}. Därefter behöver sidan ett abonnemang för att synas i sin helhet.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Välj abonnemang" })).toHaveAttribute(
    "href",
    `/k/${id}/checkout/card`,
  );
  await expectNoSeriousAxeViolations(page, "page after a hand-over, new owner (sv)");
  await shoot(page, "handover-new-owner-sv");

  // Their account's list of pages says the same.
  await signInAs(page, heirToken, "en-US");
  expect((await page.goto("/account"))?.status()).toBe(200);
  await waitForHydration(page);
  await expect(page.getByRole("listitem").filter({ hasText: "Signe Holm" }).first()).toContainText(
    `Paid until ${englishDate}, and not renewed by itself: choose a plan or pay again before then`,
  );
  await shoot(page, "handover-new-owner-account-en");
});
