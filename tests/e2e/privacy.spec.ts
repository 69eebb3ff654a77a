// Privacy (ADR 016): the analytics question on a first visit, in the app and on the light public page,
// through the real posthog-js and the light script against the analytics stand-in; the choice changed
// from the footer; and the privacy page stating the periods and services the server uses.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { strFromU8, unzipSync } from "fflate";
import type { BrowserContext, Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { analyticsEvents, expect, test, waitForHydration } from "./support/fixtures";
import { lastEmailTo, signInByApi } from "./support/accounts";
import { ownedPage } from "./support/pages";
import { admin, appUrl } from "./support/ports";
import { shoot } from "./support/shots";

/** The id the analytics host got with the page view whose address carries `marker`. */
async function visitorOf(marker: string): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(async () => {
      const view = (await analyticsEvents()).find(
        (event) => event.event === "$pageview" && String(event.properties.$current_url).includes(marker),
      );
      id = view?.distinct_id;
      return id;
    })
    .toBeTruthy();
  return id as string;
}

/** Everything of the analytics library on the device: storage keys and cookies. */
async function keptOnDevice(page: Page, context: BrowserContext): Promise<string[]> {
  const analyticsKey = /^ph_|posthog|^__ph/i;
  const stored = await page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage)]);
  const cookies = (await context.cookies()).map((cookie) => cookie.name);
  return [...stored, ...cookies].filter((name) => analyticsKey.test(name));
}

/** Loads `path` with a fresh marker and answers the analytics id its page view was sent with. */
async function load(page: Page, path: string, hydrate = true): Promise<string> {
  const marker = randomUUID();
  await page.goto(`${path}${path.includes("?") ? "&" : "?"}visit=${marker}`);
  if (hydrate) await waitForHydration(page);
  return visitorOf(marker);
}

test.describe("a first visit", () => {
  test.use({ consent: null });

  test("the banner asks; page views arrive, nothing is kept, and two loads are two visitors", async ({
    page,
    context,
  }) => {
    const first = await load(page, "/login");
    const banner = page.getByRole("region", { name: "May we count your visits?" });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("button", { name: "Accept" })).toBeVisible();
    await expect(banner.getByRole("button", { name: "Decline" })).toBeVisible();
    await expectNoSeriousAxeViolations(page, "consent banner en-US");
    await shoot(page, "consent-banner");
    expect(await keptOnDevice(page, context)).toEqual([]);
    const second = await load(page, "/login");
    expect(second).not.toBe(first);
    expect(await keptOnDevice(page, context)).toEqual([]);
  });

  test("accept and decline are the same size, in Swedish too", async ({ page, context }) => {
    await context.addCookies([{ name: "locale", value: "sv-SE", url: appUrl }]);
    await page.goto("/new");
    const banner = page.getByRole("region", { name: "Får vi räkna dina besök?" });
    const accept = await banner.getByRole("button", { name: "Godkänn" }).boundingBox();
    const decline = await banner.getByRole("button", { name: "Avböj" }).boundingBox();
    expect(accept?.width).toBe(decline?.width);
    expect(accept?.height).toBe(decline?.height);
    await expectNoSeriousAxeViolations(page, "consent banner sv-SE");
  });

  test("declining: the banner goes, page views go on arriving, nothing is kept", async ({
    page,
    context,
  }) => {
    const before = await load(page, "/gratis-provperiod");
    await page.getByRole("button", { name: "Decline" }).click();
    await expect(page.getByRole("region", { name: "May we count your visits?" })).toBeHidden();
    expect((await context.cookies()).find((cookie) => cookie.name === "analytics_consent")?.value).toBe(
      "denied",
    );
    const a = await load(page, "/gratis-provperiod");
    const b = await load(page, "/gratis-provperiod");
    await expect(page.getByRole("region", { name: "May we count your visits?" })).toBeHidden();
    expect(new Set([before, a, b]).size).toBe(3);
    expect(await keptOnDevice(page, context)).toEqual([]);
  });

  test("accepting: the id of this visit is kept and is the same on the next loads", async ({
    page,
    context,
  }) => {
    const before = await load(page, "/gratis-provperiod");
    await page.getByRole("button", { name: "Accept" }).click();
    await expect(page.getByRole("region", { name: "May we count your visits?" })).toBeHidden();
    await expect.poll(() => keptOnDevice(page, context)).not.toEqual([]);
    expect(await load(page, "/login")).toBe(before);
    expect(await load(page, "/gratis-provperiod")).toBe(before);
  });

  test("feature flags work before any answer, with nothing kept", async ({ page, context }) => {
    await page.goto("/__e2e/flags");
    await expect(page.getByTestId("flag-on")).toHaveText("true");
    await expect(page.getByTestId("flag-off")).toHaveText("false");
    expect(await keptOnDevice(page, context)).toEqual([]);
  });

  test("the light public page asks too, without the app, and follows the answer", async ({
    page,
    context,
  }) => {
    const { id } = await ownedPage(page.context().browser()!, { displayName: "Maj Ek" });
    const first = await load(page, `/k/${id}`, false);
    const second = await load(page, `/k/${id}`, false);
    expect(second).not.toBe(first);
    expect(await keptOnDevice(page, context)).toEqual([]);
    await shoot(page, "consent-banner-light-page");
    // The banner is a plain form there: the answer is posted and the page comes back.
    await page.getByRole("button", { name: "Accept" }).click();
    await expect(page).toHaveURL(new RegExp(`/k/${id}\\?visit=`));
    await expect(page.getByRole("region", { name: "May we count your visits?" })).toBeHidden();
    const kept = await load(page, `/k/${id}`, false);
    expect(await load(page, `/k/${id}`, false)).toBe(kept);
    expect(await keptOnDevice(page, context)).not.toEqual([]);
  });
});

test("the choice is changed from the footer, and withdrawing it removes what was kept", async ({
  page,
  context,
}) => {
  // The suite's visitors have accepted (support/fixtures.ts).
  const kept = await load(page, "/login");
  expect(await load(page, "/login")).toBe(kept);
  expect(await keptOnDevice(page, context)).not.toEqual([]);
  await page.getByRole("contentinfo").getByRole("link", { name: "Analytics settings" }).click();
  await expect(page).toHaveURL("/privacy#analytics");
  const setting = page.getByRole("region", { name: "Analytics on this device" });
  await expect(setting.getByTestId("consent-status")).toHaveText(/You have accepted/);
  await setting.getByRole("button", { name: "Decline" }).click();
  await expect(setting.getByRole("status")).toHaveText("Your choice is saved.");
  await expect(setting.getByTestId("consent-status")).toHaveText(/You have declined/);
  await expect(setting.getByRole("button", { name: "Decline" })).toHaveAttribute("aria-pressed", "true");
  expect(await keptOnDevice(page, context)).toEqual([]);
  const a = await load(page, "/login");
  const b = await load(page, "/login");
  expect(new Set([kept, a, b]).size).toBe(3);
  expect(await keptOnDevice(page, context)).toEqual([]);
});

test("the privacy page says what is kept, how long and by whom, from the server's settings", async ({
  page,
}) => {
  await page.goto("/new");
  await page.getByRole("link", { name: "How we handle your data" }).click();
  await expect(page).toHaveURL("/privacy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy" })).toBeVisible();
  // The defaults of the settings the sweep uses (server/config.ts).
  await expect(page.getByTestId("retention-sessions")).toContainText("removed after 30 days");
  await expect(page.getByTestId("retention-links")).toContainText("7 days after use or expiry");
  await expect(page.getByTestId("retention-audit")).toContainText("730 days");
  await expect(page.getByTestId("retention-rateLimits")).toContainText("24 hours");
  await expect(page.getByTestId("retention-images")).toContainText("30 days");
  await expect(page.getByTestId("retention-orders")).toContainText("7 years");
  // The suite's analytics host is the local stand-in.
  await expect(page.getByTestId("processor-analytics")).toContainText("127.0.0.1");
  await expect(page.getByTestId("processor-payments")).toContainText("simulated");
  await expectNoSeriousAxeViolations(page, "privacy en-US");
  await shoot(page, "privacy");
  await page.getByRole("button", { name: "Svenska" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Integritet" })).toBeVisible();
  await expect(page.getByTestId("retention-sessions")).toContainText("tas bort efter 30 dagar");
  await expectNoSeriousAxeViolations(page, "privacy sv-SE");
});

test("a customer downloads all their data, then deletes the account: the page says it was removed", async ({
  page,
}) => {
  const { id, owner } = await ownedPage(page.context().browser()!, {
    displayName: "Ingrid Berg",
    story: "Ingrid sang in the choir.",
  });
  await page.goto("/login");
  await page.getByLabel("E-mail address").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`/k/${id}`);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Your account" }).first().click();
  await expect(page).toHaveURL("/account");
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ingrid Berg", exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "account en-US");
  await shoot(page, "account");

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download my data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^kammare-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await download.path()) as string)));
  const [exported] = JSON.parse(strFromU8(files["profiles.json"] ?? new Uint8Array())) as {
    id: string;
    content: { displayName: string; story: string };
  }[];
  expect(exported).toMatchObject({
    id,
    content: { displayName: "Ingrid Berg", story: "Ingrid sang in the choir." },
  });
  expect(JSON.parse(strFromU8(files["account.json"] ?? new Uint8Array()))).toMatchObject({
    email: owner.email,
  });
  await expect(page.getByText("Your data is downloaded")).toBeVisible();

  const danger = page.getByRole("region", { name: "Delete your account" });
  // The page's keepsake first, while the page is there (ADR 045): its link, and the links e-mailed.
  await expect(danger.getByRole("link", { name: "Keepsake of Ingrid Berg" })).toHaveAttribute(
    "href",
    `/api/kammare/keepsake?profileId=${id}`,
  );
  await danger.getByRole("button", { name: "E-mail me the links" }).click();
  await expect(danger.getByText("We have e-mailed you a link to each page's keepsake.")).toBeVisible();
  const links = await lastEmailTo(owner.email, {
    subject: "Your page's keepsake, before you delete your account",
  });
  expect(links.text).toContain(`redirectTo=${encodeURIComponent(`/k/${id}#keepsake`)}`);
  await danger.getByRole("button", { name: "Delete my account" }).click();
  await expect(danger.getByText("Enter your password.")).toBeVisible();
  await expect(danger.getByText("Tick the box to confirm.")).toBeVisible();
  await danger.getByLabel("Your password").fill("not-the-password");
  await danger.getByLabel("I understand that my pages and images are removed for good").check();
  await danger.getByRole("button", { name: "Delete my account" }).click();
  await expect(danger.getByText("The password is not right.")).toBeVisible();
  await danger.getByLabel("Your password").fill(owner.password);
  await danger.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL("/account/deleted?pages=1");
  await expect(page.getByRole("heading", { level: 1, name: "Your account is deleted" })).toBeVisible();
  await expect(page.getByText("Your page now says it has been removed.")).toBeVisible();
  // Signed out everywhere, this page too.
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Your account" })).toHaveCount(0);
  await shoot(page, "account-deleted");

  await page.goto(`/k/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "This page has been removed" })).toBeVisible();
  await expect(page.getByText("Ingrid")).toHaveCount(0);
  await page.goto("/login");
  await page.getByLabel("E-mail address").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").getByText("There was an error", { exact: true })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("The e-mail address and the password do not match.");
  await expect(page).toHaveURL("/login");
});

test("an admin deletes a customer's account on request from the user tool", async ({ page }) => {
  const { id, owner } = await ownedPage(page.context().browser()!, { displayName: "Sven Dahl" });
  await signInByApi(page, admin);
  await page.goto("/admin");
  const tool = page.getByRole("region", { name: "Users" });
  await tool.getByLabel("E-mail address").fill(owner.email);
  await tool.getByRole("button", { name: "Find user" }).click();
  const card = tool.getByRole("article", { name: owner.email });
  await card.getByRole("button", { name: "Delete the account" }).click();
  await expect(card.getByText("Type the account's e-mail address exactly.")).toBeVisible();
  await card.getByLabel(`Type ${owner.email} to confirm`).fill(owner.email);
  await card.getByRole("button", { name: "Delete the account" }).click();
  await expect(tool.getByText(`The account of ${owner.email} is deleted`)).toBeVisible();
  await expect(tool.getByText("Pages removed: 1.")).toBeVisible();
  // A visitor (the admin still sees the page's admin view, to hand it to a new owner).
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`/k/${id}`);
  await expect(visitor.getByRole("heading", { level: 1, name: "This page has been removed" })).toBeVisible();
  await visitor.close();
});
