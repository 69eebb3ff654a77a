// The admin's queue of reported memories (ADR 026): visitors write two memories on an open page and
// report both (through the API, as the page's forms do); the admin finds them at
// /admin/memories/reports, hides one and keeps the other, and the hidden one is gone from the public
// page while the kept one stays. Both languages pass axe; the dashboard's figure leads to the queue.
import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { publicMemoriesSchema } from "../../contract/memories";
import { signInByApi } from "./support/accounts";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { ownAddress } from "./support/client-address";
import { expect, test, waitForHydration } from "./support/fixtures";
import { ownedPage } from "./support/pages";
import { admin, appUrl } from "./support/ports";
import { shoot } from "./support/shots";

const origin = { Origin: appUrl };

type Reported = { id: string; hidden: string; kept: string };

/**
 * A live page whose owner lets memories show at once, two memories on it from one visitor, and both
 * reported by another visitor. Answers the page's code and the memories' texts.
 */
async function reportedMemories(browser: Browser): Promise<Reported> {
  const { id, token } = await ownedPage(browser, { displayName: "Ingrid Berg", story: "A long life." });
  const mark = randomUUID().slice(0, 8);
  const hidden = `Ingrid owed me money and never paid it back (${mark}).`;
  const kept = `Ingrid taught the whole street to swim (${mark}).`;
  const writer = await browser.newContext({ extraHTTPHeaders: ownAddress() });
  const reporter = await browser.newContext({ extraHTTPHeaders: ownAddress() });
  try {
    const settings = await writer.request.put("/api/kammare/memory-settings", {
      data: { profileId: id, moderation: "open" },
      headers: { Authorization: `Bearer ${token}`, ...origin },
    });
    expect(settings.status(), await settings.text()).toBe(200);

    const first = await writer.request.get(`/api/memories?profileId=${id}`);
    const { formToken } = (await first.json()) as { formToken: string };
    // A form posted less than 3 s after it was rendered is a robot's.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    for (const [name, text] of [
      ["Olle", hidden],
      ["Maja", kept],
    ] as const) {
      const written = await writer.request.post("/api/memories", {
        data: { profileId: id, name, text, website: "", formToken },
        headers: origin,
      });
      expect(written.status(), await written.text()).toBe(201);
      expect(await written.json()).toEqual({ state: "shown" });
    }

    const shown = publicMemoriesSchema.parse(
      await (await reporter.request.get(`/api/memories?profileId=${id}`)).json(),
    );
    for (const text of [hidden, kept]) {
      const memory = shown.memories.find((each) => each.text === text);
      expect(memory, text).toBeDefined();
      const reported = await reporter.request.post("/api/memories/reports", {
        data: { memoryId: memory?.id, reason: `Not kind (${mark}).`, website: "", formToken },
        headers: origin,
      });
      expect(reported.status(), await reported.text()).toBe(204);
    }
    return { id, hidden, kept };
  } finally {
    await writer.close();
    await reporter.close();
  }
}

/** The card of the report of the memory with `text`. */
const cardOf = (page: Page, text: string) => page.locator("article", { hasText: text });

test("the admin hides one reported memory and keeps another; the hidden one leaves the public page", async ({
  page,
  browser,
  problems,
}) => {
  const { id, hidden, kept } = await reportedMemories(browser);

  // A visitor without a session sees both on the page (and the page is now kept rendered).
  const visitorContext = await browser.newContext({ extraHTTPHeaders: ownAddress() });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/k/${id}`);
  await expect(visitor.getByText(hidden)).toBeVisible();
  await expect(visitor.getByText(kept)).toBeVisible();

  // The dashboard counts the open reports and leads to the queue.
  await signInByApi(page, admin);
  await page.goto("/admin");
  await waitForHydration(page);
  const reportsCard = page.locator('[data-figure="memory-reports"]');
  expect(Number(await reportsCard.getByTestId("memory-reports-open").textContent())).toBeGreaterThanOrEqual(
    2,
  );
  await shoot(page, "reports-dashboard");
  await reportsCard.getByRole("link", { name: "Reports open" }).click();
  await expect(page).toHaveURL(/\/admin\/memories\/reports$/);
  await expect(page.getByRole("heading", { name: "Reported memories", level: 1 })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Admin menu" });
  await expect(nav.getByRole("link", { name: "Reported memories" })).toHaveAttribute("aria-current", "page");

  const tabs = page.getByRole("navigation", { name: "Reports by state" });
  await expect(tabs.getByRole("link", { name: /^Open \d+$/ })).toHaveAttribute("aria-current", "page");
  const toHide = cardOf(page, hidden);
  await expect(toHide.getByRole("heading", { name: "Memory by Olle" })).toBeVisible();
  await expect(toHide.getByText(/^Not kind/)).toBeVisible();
  await expect(toHide.getByRole("link", { name: id })).toHaveAttribute("href", `/k/${id}`);
  await expect(toHide.getByText("Shown", { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "reports");
  await shoot(page, "reports-open");

  await toHide.getByRole("button", { name: "Hide memory" }).click();
  await expect(page.getByText("The memory by Olle is hidden.")).toBeVisible();
  await expect(toHide).toHaveCount(0);
  await expect(
    page.getByRole("heading", { level: 2, name: /reports? waiting for a decision$/ }),
  ).toBeFocused();

  const toKeep = cardOf(page, kept);
  await toKeep.getByRole("button", { name: "Keep" }).click();
  await expect(page.getByText("The memory by Maja is kept.")).toBeVisible();
  await expect(toKeep).toHaveCount(0);

  // Each decision is in its view, with when it was made.
  await tabs.getByRole("link", { name: /^Hidden \d+$/ }).click();
  await expect(page).toHaveURL(/\?state=hidden$/);
  await expect(cardOf(page, hidden).getByText(/^Hidden .+\.$/)).toBeVisible();
  await expect(cardOf(page, hidden).getByRole("button")).toHaveCount(0);
  await shoot(page, "reports-hidden");
  await tabs.getByRole("link", { name: /^Kept \d+$/ }).click();
  await expect(page).toHaveURL(/\?state=kept$/);
  await expect(cardOf(page, kept).getByText(/^Kept .+\.$/)).toBeVisible();
  await expectNoSeriousAxeViolations(page, "reports kept");

  // The visitor's page no longer has the hidden memory; the kept one stays.
  await visitor.reload();
  await expect(visitor.getByText(kept)).toBeVisible();
  await expect(visitor.getByText(hidden)).toHaveCount(0);
  await visitorContext.close();

  expect(problems.consoleErrors).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});

test("the queue in Swedish passes axe, and an unknown view is the open queue", async ({ page }) => {
  await signInByApi(page, admin);
  await page.context().addCookies([{ name: "locale", value: "sv-SE", url: appUrl }]);
  await page.goto("/admin/memories/reports?state=nonsense");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Anmälda minnen", level: 1 })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Anmälningar efter läge" });
  await expect(tabs.getByRole("link", { name: /^Öppna \d+$/ })).toHaveAttribute("aria-current", "page");
  await expectNoSeriousAxeViolations(page, "reports sv");
  await shoot(page, "reports-sv");
});
