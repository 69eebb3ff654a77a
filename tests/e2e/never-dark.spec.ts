// A page that never goes dark (ADR 029): a resting (expired) page shows visitors, on the light page
// without JavaScript and from the page cache, the name, the dates, the portrait and the story's first
// paragraph with "This page is resting"; its owner sees what happened, that nothing is lost and how to
// bring it back; the free trial's page and both checkouts say what happens when payments stop.
import type { Browser } from "@playwright/test";
import { signInAs } from "./support/accounts";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { ownAddress } from "./support/client-address";
import { ensureCreditor } from "./support/creditor";
import { expect, test } from "./support/fixtures";
import { appUrl } from "./support/ports";
import { firstLines, ingrid, laterLines, restingPage } from "./support/resting-page";
import { phone, shoot } from "./support/shots";
import { testLocales, text, type TestLocale } from "./support/texts";

/** The dates of life as each language writes them (birth, death). */
const dates: Record<TestLocale, [string, string]> = {
  "en-US": ["March 12, 1931", "May 4, 2024"],
  "sv-SE": ["12 mars 1931", "4 maj 2024"],
};

/** A visitor on a phone, by default without JavaScript (the light page needs none), in `locale`. */
async function visitor(browser: Browser, locale: TestLocale, javaScriptEnabled = false) {
  const context = await browser.newContext({
    viewport: phone,
    javaScriptEnabled,
    extraHTTPHeaders: ownAddress(),
  });
  await context.addCookies([
    { name: "locale", value: locale, url: appUrl },
    { name: "analytics_consent", value: "granted", url: appUrl },
  ]);
  return context;
}

test("a resting page shows visitors the name, dates, portrait and first paragraph, in both languages", async ({
  browser,
}) => {
  const { id } = await restingPage(browser);
  for (const locale of testLocales) {
    const context = await visitor(browser, locale);
    const page = await context.newPage();
    // Twice: the first answer is rendered, the second comes from the page cache (ADR 008), the same.
    for (const cache of ["MISS", "HIT"]) {
      const answer = await page.goto(`/k/${id}`);
      expect(answer?.status()).toBe(200);
      expect(answer?.headers()["x-cache"], `${locale} ${cache}`).toBe(cache);
      const resting = page.getByTestId("resting-page");
      await expect(resting.getByRole("heading", { level: 1 })).toHaveText(ingrid.displayName);
      await expect(resting.getByText(text(locale, "profile.resting.heading"), { exact: true })).toBeVisible();
      const days = resting.locator("time");
      await expect(days).toHaveText(dates[locale]);
      await expect(days.first()).toHaveAttribute("datetime", "1931-03-12");
      await expect(days.last()).toHaveAttribute("datetime", "2024-05-04");
      const portrait = resting.getByRole("img", {
        name: text(locale, "profile.portraitAlt").replace("{{name}}", ingrid.displayName),
      });
      await expect(portrait).toBeVisible();
      // The picture itself loads (its natural width is known only once it has).
      expect(await portrait.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      for (const line of firstLines) await expect(resting.getByText(line)).toBeVisible();
      // Only the first lines: the rest of the story waits for the page to come back.
      await expect(page.getByText(laterLines)).toHaveCount(0);
      await expect(page.getByText(ingrid.subtitle)).toHaveCount(0);
      await expect(resting.getByText(text(locale, "profile.resting.visitorNote"))).toBeVisible();
      // A resting page asks search engines to stay away, as every page that is not live.
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    }
    await context.close();
    // axe runs in the page: a visitor whose browser runs scripts (the same light page).
    const checked = await visitor(browser, locale, true);
    const seen = await checked.newPage();
    await seen.goto(`/k/${id}`);
    await expect(seen.getByTestId("resting-page")).toBeVisible();
    await expectNoSeriousAxeViolations(seen, `resting page ${locale}`);
    await shoot(seen, locale === "en-US" ? "resting-visitor" : "resting-visitor-sv");
    await checked.close();
  }
});

test("a resting page without a portrait or dates shows a quiet mark and the subtitle", async ({
  browser,
}) => {
  const { id } = await restingPage(browser, { portrait: false, dates: false });
  const context = await visitor(browser, "en-US");
  const page = await context.newPage();
  await page.goto(`/k/${id}`);
  const resting = page.getByTestId("resting-page");
  await expect(resting.getByRole("heading", { level: 1 })).toHaveText(ingrid.displayName);
  await expect(resting.getByRole("img")).toHaveCount(0);
  // Without dates, the subtitle stands in for them.
  await expect(resting.getByText(ingrid.subtitle)).toBeVisible();
  await expect(resting.getByText(firstLines[0])).toBeVisible();
  await shoot(page, "resting-visitor-plain");
  await context.close();
});

test("the owner of a resting page sees what happened, that nothing is lost, and how to renew it", async ({
  page,
  browser,
}) => {
  const owned = await restingPage(browser);
  for (const locale of testLocales) {
    await signInAs(page, owned.token, locale);
    await page.goto(`/k/${owned.id}`);
    const notice = page.getByTestId("resting-owner-notice");
    await expect(
      notice.getByRole("heading", { name: text(locale, "profile.resting.ownerNotice.heading") }),
    ).toBeVisible();
    await expect(notice.getByText(text(locale, "profile.resting.ownerNotice.what"))).toBeVisible();
    await expect(notice.getByText(text(locale, "profile.resting.ownerNotice.kept"))).toBeVisible();
    await expect(
      notice.getByRole("link", { name: text(locale, "profile.resting.ownerNotice.renew") }),
    ).toHaveAttribute("href", `/k/${owned.id}/checkout/card`);
    await expect(
      notice.getByRole("link", { name: text(locale, "profile.resting.ownerNotice.invoice") }),
    ).toHaveAttribute("href", `/k/${owned.id}/checkout/faktura`);
    // The owner still has the whole page: the story's later lines too.
    await expect(page.getByText(laterLines)).toBeVisible();
    await expectNoSeriousAxeViolations(page, `resting page, owner ${locale}`);
    if (locale === "en-US") await shoot(page, "resting-owner");
  }

  // Renewing leads to the checkout, which says what happens if the payments stop again.
  await signInAs(page, owned.token, "en-US");
  await page.goto(`/k/${owned.id}`);
  await page.getByRole("link", { name: "Renew the page" }).click();
  await expect(page).toHaveURL(new RegExp(`/k/${owned.id}/checkout/card$`));
  await expect(page.getByTestId("when-payment-stops")).toHaveText(text("en-US", "checkout.whenPaymentStops"));
});

test("the free trial page and both checkouts say what happens when payments stop, in both languages", async ({
  page,
  browser,
}) => {
  // Paying by invoice needs the company's invoicing identity.
  await ensureCreditor(browser);
  const owned = await restingPage(browser, { portrait: false });
  for (const locale of testLocales) {
    await page.context().clearCookies();
    await page.context().addCookies([{ name: "locale", value: locale, url: appUrl }]);
    await page.goto("/gratis-provperiod");
    await expect(page.getByTestId("when-payment-stops")).toHaveText(
      text(locale, "freeTrial.whenPaymentStops"),
    );
    await expectNoSeriousAxeViolations(page, `free trial ${locale}`);

    await signInAs(page, owned.token, locale);
    for (const way of ["card", "faktura"]) {
      await page.goto(`/k/${owned.id}/checkout/${way}`);
      await expect(page.getByTestId("when-payment-stops")).toHaveText(
        text(locale, "checkout.whenPaymentStops"),
      );
      await expectNoSeriousAxeViolations(page, `checkout ${way} ${locale}`);
    }
  }
});
