// Memories and candles on the public page (ADR 026), as a visitor on a phone sees them: a memory
// written without JavaScript and with it, waiting for the owner in `review` and shown at once when the
// page is `open`; a candle lit and counted, its name shown once the owner approves it; a memory
// reported; a refused memory (and a candle's name with a link) coming back filled in;
// the writer's own link; accessibility in both languages; a candle lit on a resting page.
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { ownAddress } from "./support/client-address";
import { expect, test } from "./support/fixtures";
import { endTrial, ownedPage, type OwnedPage } from "./support/pages";
import { appUrl } from "./support/ports";
import { lastEmailTo } from "./support/accounts";
import { formatDate } from "../../app/lib/date-format";
import { desktop, phone, shoot } from "./support/shots";
import { testLocales, text } from "./support/texts";

const karl = {
  displayName: "Karl Berg",
  subtitle: "1940 – 2025",
  story: "Karl built boats by the lake.\n\nHe always had time for a cup of coffee.",
};

/** A form younger than this is refused as a robot's (contract: minimumSecondsBeforePost). */
const formAgeMs = 3_200;

async function visitor(browser: Browser, javaScriptEnabled: boolean): Promise<BrowserContext> {
  return browser.newContext({ viewport: phone, javaScriptEnabled, extraHTTPHeaders: ownAddress() });
}

async function ownerCall(
  request: APIRequestContext,
  page: OwnedPage,
  method: "get" | "post" | "put",
  url: string,
  data?: unknown,
) {
  const response = await request[method](url, {
    data,
    headers: { Authorization: `Bearer ${page.token}`, Origin: appUrl },
  });
  expect(response.ok(), `${method} ${url}: ${response.status()}`).toBe(true);
  return response.json() as Promise<Record<string, unknown>>;
}

async function writeMemory(page: Page, fields: { name: string; relation?: string; text: string }) {
  const form = page.getByRole("form", { name: "Write a memory" });
  await form.getByLabel("Your name").fill(fields.name);
  if (fields.relation) await form.getByLabel("How you knew them (optional)").fill(fields.relation);
  await form.getByLabel("Your memory").fill(fields.text);
  await form.getByRole("button", { name: "Share the memory" }).click();
}

test("without JavaScript: a memory waits for the owner in review, a candle is lit and counted", async ({
  browser,
  request,
}) => {
  const owned = await ownedPage(browser, karl);
  const context = await visitor(browser, false);
  const page = await context.newPage();
  await page.goto(`/k/${owned.id}`);
  const memories = page.getByRole("region", { name: "Memories" });
  await expect(memories.getByText("No memories yet. Be the first to share one.")).toBeVisible();
  await expect(memories.getByText("No candles lit yet.")).toBeVisible();
  await page.waitForTimeout(formAgeMs);

  await writeMemory(page, {
    name: "Lena",
    relation: "neighbour",
    text: "Karl fixed my bicycle\nevery spring.",
  });
  await expect(page).toHaveURL(new RegExp(`/k/${owned.id}\\?memory=pending&at=list#memories$`));
  await expect(
    page.getByRole("status").filter({ hasText: "shown once the family has read it" }),
  ).toBeVisible();
  // In review nothing shows until the owner approves it.
  await expect(memories.getByText("Karl fixed my bicycle")).toHaveCount(0);

  await page.waitForTimeout(formAgeMs);
  const candles = page.getByRole("region", { name: "Candles" });
  await candles.getByLabel("Your name (optional)").fill("Erik");
  await candles.getByRole("button", { name: "Light a candle" }).click();
  // The candle counts at once; in review its name waits for the owner, as memories do.
  await expect(page).toHaveURL(new RegExp(`\\?memory=candleWaiting&at=candles#candles$`));
  await expect(
    page.getByText("Your candle is lit. Your name shows once the family has approved it."),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Candles" }).getByText("1 candle lit")).toBeVisible();
  await expect(page.getByText("Lit by Erik")).toHaveCount(0);
  await shoot(page, "memories-candle-lit");

  // The owner approves it (the moderation screen has its own test): now every visitor reads it.
  const listed = (await ownerCall(request, owned, "get", `/api/kammare/memories?profileId=${owned.id}`)) as {
    memories: { id: string; text: string }[];
  };
  const memory = listed.memories.find((item) => item.text.startsWith("Karl fixed my bicycle"));
  expect(memory).toBeTruthy();
  await ownerCall(request, owned, "post", "/api/kammare/memories/decision", {
    memoryId: memory?.id,
    state: "shown",
  });
  const ownerCandles = (await ownerCall(request, owned, "get", `/api/kammare/memories?profileId=${owned.id}`))
    .candles as { waiting: { id: string; name: string }[] };
  expect(ownerCandles.waiting.map((candle) => candle.name)).toEqual(["Erik"]);
  await ownerCall(request, owned, "post", "/api/kammare/candles/decision", {
    candleId: ownerCandles.waiting[0]?.id,
    state: "shown",
  });
  await page.goto(`/k/${owned.id}`);
  await expect(page.getByText("Lit by Erik")).toBeVisible();
  const shown = page.getByRole("region", { name: "Memories" }).getByRole("listitem");
  await expect(shown).toHaveCount(1);
  await expect(shown.getByText("Lena, neighbour")).toBeVisible();
  await expect(shown.getByText(/Karl fixed my bicycle\s+every spring\./)).toBeVisible();
  await shoot(page, "memories-public");
  await context.close();
});

test("a candle is lit by a tap the moment the page opens, with JavaScript and without", async ({
  browser,
}) => {
  const owned = await ownedPage(browser, karl);
  for (const javaScriptEnabled of [false, true]) {
    const context = await visitor(browser, javaScriptEnabled);
    const page = await context.newPage();
    await page.goto(`/k/${owned.id}`);
    // No wait: a visitor who came to light a candle taps at once.
    const candles = page.getByRole("region", { name: "Candles" });
    await candles.getByRole("button", { name: "Light a candle" }).click();
    await expect(page).toHaveURL(new RegExp(`\\?memory=candle&at=candles#candles$`));
    await expect(candles.getByRole("alert")).toHaveCount(0);
    await expect(candles.getByText(javaScriptEnabled ? "2 candles lit" : "1 candle lit")).toBeVisible();
    await context.close();
  }
});

test("a visitor at the grave lights a candle on a resting page, in both languages, with JavaScript and without", async ({
  browser,
}) => {
  const owned = await ownedPage(browser, karl);
  await endTrial(browser, owned.id);
  let lit = 0;
  for (const locale of testLocales) {
    for (const javaScriptEnabled of [false, true]) {
      const context = await browser.newContext({
        viewport: javaScriptEnabled ? desktop : phone,
        javaScriptEnabled,
        extraHTTPHeaders: ownAddress(),
      });
      await context.addCookies([{ name: "locale", value: locale, url: appUrl }]);
      const page = await context.newPage();
      await page.goto(`/k/${owned.id}`);
      const resting = page.getByTestId("resting-page");
      await expect(resting.getByRole("heading", { level: 1 })).toHaveText(karl.displayName);
      // Writing waits for payment: no memory's form, only the candle's.
      await expect(page.getByRole("form", { name: text(locale, "memories.form.heading") })).toHaveCount(0);
      const candles = resting.getByRole("region", { name: text(locale, "memories.candles.heading") });
      await candles.getByRole("button", { name: text(locale, "memories.candles.light") }).click();
      lit += 1;
      await expect(page).toHaveURL(new RegExp(`\\?memory=candle&at=candles#candles$`));
      const after = page.getByTestId("resting-page").getByRole("region", {
        name: text(locale, "memories.candles.heading"),
      });
      await expect(after.getByRole("status")).toHaveText(text(locale, "memories.outcome.candle"));
      const count =
        lit === 1
          ? text(locale, "memories.candles.count_one")
          : text(locale, "memories.candles.count_other").replace("{{count}}", String(lit));
      await expect(after.getByText(count)).toBeVisible();
      if (javaScriptEnabled) {
        await expectNoSeriousAxeViolations(page, `a resting page's candles (${locale})`);
        await shoot(page, `resting-candle-lit-${locale}`);
      }
      await context.close();
    }
  }
});

test("with JavaScript on an open page: a memory shows at once, and a visitor reports it", async ({
  browser,
  request,
}) => {
  const owned = await ownedPage(browser, karl);
  await ownerCall(request, owned, "put", "/api/kammare/memory-settings", {
    profileId: owned.id,
    moderation: "open",
  });
  const context = await visitor(browser, true);
  const page = await context.newPage();
  await page.goto(`/k/${owned.id}`);
  await expect(page.getByText("Your memory is shown at once.")).toBeVisible();
  await page.waitForTimeout(formAgeMs);
  await writeMemory(page, { name: "Maja", text: "The smell of tar and coffee in his workshop." });
  await expect(page).toHaveURL(new RegExp(`\\?memory=shown&at=list#memories$`));
  await expect(page.getByText("Thank you. Your memory is now on the page.")).toBeVisible();
  const item = page.getByRole("region", { name: "Memories" }).getByRole("listitem").first();
  await expect(item.getByText("The smell of tar and coffee")).toBeVisible();

  await page.waitForTimeout(formAgeMs);
  await item.getByText("Report", { exact: true }).click();
  await item.getByLabel("What is wrong with this memory?").fill("This is not true.");
  await item.getByRole("button", { name: "Send the report" }).click();
  await expect(page.getByText("Thank you. The report has reached us.")).toBeVisible();
  await context.close();
});

test("a memory with a link comes back filled in, saying why", async ({ browser }) => {
  const owned = await ownedPage(browser, karl);
  const context = await visitor(browser, false);
  const page = await context.newPage();
  await page.goto(`/k/${owned.id}`);
  await page.waitForTimeout(formAgeMs);
  await writeMemory(page, { name: "Spam", text: "Cheap watches at www.watches.example.com" });
  await expect(page.getByRole("alert")).toHaveText(/Links are not allowed/);
  const form = page.getByRole("form", { name: "Write a memory" });
  await expect(form.getByLabel("Your name")).toHaveValue("Spam");
  await expect(form.getByLabel("Your memory")).toHaveValue("Cheap watches at www.watches.example.com");
  // What was written came back from the server, never through the address (nor its history).
  await expect(page).toHaveURL(
    new RegExp(`/k/${owned.id}\\?memory=links&at=write&draft=[\\w-]+#write-memory$`),
  );
  expect(page.url()).not.toMatch(/watches|Spam/);
  await shoot(page, "memories-refused");

  // A candle's name keeps the same rule, however its dots are written, and comes back too.
  await page.waitForTimeout(formAgeMs);
  const candles = page.getByRole("region", { name: "Candles" });
  await candles.getByLabel("Your name (optional)").fill("Cheap pills www . spam-pills . com");
  await candles.getByRole("button", { name: "Light a candle" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?memory=links&at=candles&draft=[\\w-]+#candles$`));
  expect(page.url()).not.toMatch(/pills/);
  await expect(candles.getByRole("alert")).toHaveText(/Links are not allowed/);
  await expect(candles.getByLabel("Your name (optional)")).toHaveValue("Cheap pills www . spam-pills . com");
  await expect(candles.getByText("No candles lit yet.")).toBeVisible();
  await context.close();
});

test("the writer deletes their own memory with the link they were sent", async ({ browser, request }) => {
  const owned = await ownedPage(browser, karl);
  await ownerCall(request, owned, "put", "/api/kammare/memory-settings", {
    profileId: owned.id,
    moderation: "open",
  });
  const context = await visitor(browser, false);
  const page = await context.newPage();
  await page.goto(`/k/${owned.id}`);
  await page.waitForTimeout(formAgeMs);
  const email = `writer-${Date.now()}@example.com`;
  await page.getByRole("form", { name: "Write a memory" }).getByLabel("Your e-mail (optional)").fill(email);
  await writeMemory(page, { name: "Olle", text: "We sailed to Gotland in 1971." });
  await expect(page.getByText("We sailed to Gotland in 1971.")).toBeVisible();
  const link = /\/memories\/delete\?token=[A-Za-z0-9_%-]+/.exec((await lastEmailTo(email)).text)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link ?? "");
  // The link's page shows which memory it deletes, before the writer confirms.
  const shown = page.getByTestId("memory-to-delete");
  await expect(page.getByText("This is the memory you wrote on Karl Berg's page:")).toBeVisible();
  await expect(shown).toContainText("We sailed to Gotland in 1971.");
  await expect(shown).toContainText("Olle");
  await expect(shown.locator("time")).toHaveText(formatDate(new Date().toISOString(), "en-US", "long"));
  await shoot(page, "memories-delete-own-en");
  // In Swedish, the same.
  await context.addCookies([{ name: "locale", value: "sv-SE", url: appUrl }]);
  await page.goto(link ?? "");
  await expect(page.getByText("Det här är minnet du skrev på Karl Bergs sida:")).toBeVisible();
  await expect(shown).toContainText("We sailed to Gotland in 1971.");
  await shoot(page, "memories-delete-own-sv");
  await context.clearCookies({ name: "locale" });
  await page.goto(link ?? "");
  await page.getByRole("button", { name: "Delete my memory" }).click();
  await expect(page).toHaveURL(new RegExp(`/k/${owned.id}\\?memory=deleted&at=list#memories$`));
  await expect(page.getByText("Your memory has been deleted.")).toBeVisible();
  await expect(page.getByText("We sailed to Gotland in 1971.")).toHaveCount(0);
  // The link works once: opened again, its page says so, with nothing to delete.
  await page.goto(link ?? "");
  await expect(page.getByRole("alert")).toHaveText(/not valid/);
  await expect(page.getByRole("button", { name: "Delete my memory" })).toHaveCount(0);
  await context.close();
});

test("memories and candles pass axe in both languages", async ({ browser }) => {
  const owned = await ownedPage(browser, karl);
  // axe runs in the page: the light page with its one small script.
  const context = await visitor(browser, true);
  const page = await context.newPage();
  await page.goto(`/k/${owned.id}`);
  await expectNoSeriousAxeViolations(page, "memories (en-US)");
  await page.getByRole("contentinfo").getByRole("button", { name: "Svenska" }).click();
  await expect(page.getByRole("heading", { name: "Minnen" })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "memories (sv-SE)");
  await context.close();
});
