// The history of orders and receipts on /account: a customer who paid by card for two pages sees both
// orders there at once (no click: the server renders them), newest first, each with its page, state and
// receipt, and the receipt is a PDF; another customer's order is never among them; in both languages,
// at a phone's width without sideways scrolling. A customer with no orders sees it said plainly.
import { signInAs } from "./support/accounts";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { expect, test, waitForHydration } from "./support/fixtures";
import { endTrial, ownedPage, payByCard } from "./support/pages";
import { desktop, phone, shoot } from "./support/shots";

test("a customer who paid by card sees the orders of their pages on /account, each receipt a PDF", async ({
  page,
  browser,
  problems,
}) => {
  const first = await ownedPage(browser, { displayName: "Astrid Lind" });
  const second = await ownedPage(browser, { displayName: "Erik Lind" }, { of: first });
  const stranger = await ownedPage(browser, { displayName: "Greta Holm" });
  for (const { id } of [first, second, stranger]) await endTrial(browser, id);
  const older = await payByCard(page.request, first.token, first.id, "yearly");
  const newer = await payByCard(page.request, first.token, second.id);
  const strangers = await payByCard(page.request, stranger.token, stranger.id);

  await signInAs(page, first.token, "en-US");
  // Without JavaScript's help: the history is in the server's HTML.
  const html = await (await page.request.get("/account")).text();
  expect(html).toContain(older);
  expect(html).toContain(newer);

  await page.goto("/account");
  const section = page.getByRole("region", { name: "Orders and receipts" });
  const rows = section.getByRole("listitem");
  await expect(rows).toHaveCount(2);
  // Newest first, each under its page's name, which leads to the page.
  await expect(rows.nth(0)).toContainText(`Order ${newer}`);
  await expect(rows.nth(1)).toContainText(`Order ${older}`);
  await expect(rows.nth(0).getByRole("link", { name: "Erik Lind" })).toHaveAttribute(
    "href",
    `/k/${second.id}`,
  );
  const paid = rows.nth(1);
  await expect(paid.getByRole("link", { name: "Astrid Lind" })).toHaveAttribute("href", `/k/${first.id}`);
  await expect(paid).toContainText("Paid");
  await expect(paid).toContainText("Card");
  await expect(paid).toContainText(/SEK\s490/);
  await expect(section).not.toContainText(strangers);
  await expect(section).not.toContainText("Greta Holm");

  const receipt = paid.getByRole("link", { name: `Receipt for order ${older} (PDF)` });
  const href = await receipt.getAttribute("href");
  expect(href).toBe(`/api/kammare/orders/${older}/receipt.pdf`);
  const pdf = await page.request.get(href as string);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  // Another customer's receipt is not theirs to read.
  expect((await page.request.get(`/api/kammare/orders/${strangers}/receipt.pdf`)).status()).toBe(404);

  await expectNoSeriousAxeViolations(page, "account orders");

  // In Swedish too.
  await waitForHydration(page);
  await page.getByRole("button", { name: "Svenska" }).click();
  const swedish = page.getByRole("region", { name: "Betalningar och kvitton" });
  await expect(swedish.getByRole("link", { name: `Kvitto för order ${older} (PDF)` })).toBeVisible();
  await expect(swedish.getByRole("listitem").nth(1)).toContainText("Betald");
  await page.getByRole("button", { name: "English" }).click();
  await expect(section).toBeVisible();

  // A phone: everything wraps, nothing scrolls sideways.
  await page.setViewportSize(phone);
  await expect(receipt).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  await shoot(page, "account-orders");

  // The same row under the page itself, in its owner's list of that page's orders.
  await page.setViewportSize(desktop);
  await page.goto(`/k/${first.id}`);
  await waitForHydration(page);
  // The list is a lazy part of the page that hydrates after the page itself: a click that lands
  // before it does is lost, so click until the list says it is open.
  const opener = page.getByRole("button", { name: "Orders and receipts" });
  await expect(async () => {
    if ((await opener.getAttribute("aria-expanded")) !== "true") await opener.click();
    await expect(opener).toHaveAttribute("aria-expanded", "true", { timeout: 1000 });
  }).toPass();
  const own = page.getByRole("region", { name: "Orders and receipts" }).getByRole("listitem");
  await expect(own).toHaveCount(1);
  await expect(own).toContainText(`Order ${older}`);
  await expect(own.getByRole("link", { name: `Receipt for order ${older} (PDF)` })).toHaveAttribute(
    "href",
    href as string,
  );
  await shoot(page, "page-orders");
  expect(problems.consoleErrors).toEqual([]);
});

test("a customer without orders sees that there are none yet", async ({ page, browser }) => {
  const owned = await ownedPage(browser, { displayName: "Karin Berg" });
  await signInAs(page, owned.token, "en-US");
  await page.goto("/account");
  const section = page.getByRole("region", { name: "Orders and receipts" });
  await expect(section).toContainText("No orders yet");
  await expect(section.getByRole("listitem")).toHaveCount(0);
  await shoot(page, "account-orders-empty");
});
