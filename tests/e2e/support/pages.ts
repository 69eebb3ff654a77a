// Profiles for the end-to-end suite, made through the real API: an admin creates the page for a new
// owner, who walks it through to the publish step (and publishes it, unless told not to).
import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { newUser, signInByApi, signInContextByApi, signUpByApi, type TestUser } from "./accounts";
import { waitForHydration } from "./fixtures";
import { ownAddress } from "./client-address";
import { admin, appUrl } from "./ports";

const origin = { Origin: appUrl };

/** Admin calls from a context of their own, so the test's page keeps its own session. */
export async function asAdmin<T>(
  browser: Browser,
  work: (request: APIRequestContext, token: string) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({ extraHTTPHeaders: ownAddress() });
  try {
    const session = await signInContextByApi(context, admin);
    return await work(context.request, session.access_token);
  } finally {
    await context.close();
  }
}

/**
 * Ends a page's trial as an admin would (its status set to expired), so paying for it charges the card
 * at once: during a trial the card is only kept, and charged at the trial's end.
 */
export async function endTrial(browser: Browser, id: string): Promise<void> {
  await asAdmin(browser, async (request, token) => {
    const response = await request.put("/api/admin/profile", {
      data: { id, status: "expired" },
      headers: { Authorization: `Bearer ${token}`, ...origin },
    });
    expect(response.status()).toBe(200);
  });
}

/** `count` new unclaimed pages. */
export async function newProfiles(browser: Browser, count: number): Promise<string[]> {
  return asAdmin(browser, async (request, token) => {
    const response = await request.post("/api/admin/profiles", {
      data: { count },
      headers: { Authorization: `Bearer ${token}`, ...origin },
    });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { profiles: { id: string }[] }).profiles.map((profile) => profile.id);
  });
}

export type OwnedPage = { id: string; owner: TestUser; token: string };

export type PageContent = {
  displayName: string;
  subtitle?: string;
  story?: string;
  themeColor?: string;
  links?: { label: string; url: string }[];
};

export async function ownedPage(
  browser: Browser,
  content: PageContent,
  {
    publish = true,
    of,
  }: { publish?: boolean; /** Another page of this owner's, instead of a new one. */ of?: OwnedPage } = {},
): Promise<OwnedPage> {
  const owner = of?.owner ?? newUser();
  const context = await browser.newContext({ extraHTTPHeaders: ownAddress() });
  try {
    const token = of?.token ?? (await signUpByApi(context, owner)).access_token;
    const adminContext = await browser.newContext({ extraHTTPHeaders: ownAddress() });
    let id: string;
    try {
      const session = await signInContextByApi(adminContext, admin);
      const created = await adminContext.request.post("/api/admin/profiles", {
        data: { count: 1, ownerEmail: owner.email },
        headers: { Authorization: `Bearer ${session.access_token}`, ...origin },
      });
      if (created.status() !== 201) throw new Error(`profile not created: ${await created.text()}`);
      id = ((await created.json()) as { profiles: { id: string }[] }).profiles[0]?.id as string;
    } finally {
      await adminContext.close();
    }
    const steps: Record<string, unknown>[] = [
      { step: "welcome" },
      { step: "name", displayName: content.displayName, subtitle: content.subtitle ?? "" },
      { step: "story", story: content.story ?? "" },
      { step: "images", themeColor: content.themeColor ?? "#1f3a36" },
      { step: "links", links: content.links ?? [] },
      ...(publish ? [{ step: "publish" }] : []),
    ];
    for (const step of steps) {
      const answer = await context.request.post("/api/kammare/walkthrough-steps", {
        data: { profileId: id, ...step },
        headers: { Authorization: `Bearer ${token}`, ...origin },
      });
      if (answer.status() !== 200) throw new Error(`step ${String(step.step)}: ${await answer.text()}`);
    }
    return { id, owner, token };
  } finally {
    await context.close();
  }
}

const testCard = { cardNumber: "4242 4242 4242 4242", expiry: "12/39", cvc: "123", name: "Astrid Lind" };

/**
 * Chooses a plan for the page and pays by card in the sandbox through the API (the card checkout's own
 * calls); after `endTrial` the card is charged at once and the order is paid. Answers the order's number.
 */
export async function payByCard(
  request: APIRequestContext,
  token: string,
  profileId: string,
  plan: "monthly" | "yearly" = "monthly",
): Promise<string> {
  const headers = { Authorization: `Bearer ${token}`, ...origin };
  const started = await request.post("/api/checkout/card", { data: { profileId, plan }, headers });
  expect(started.status()).toBe(200);
  const { order } = (await started.json()) as { order: { orderNumber: string } };
  const paid = await request.post("/api/checkout/sandbox/pay", {
    data: { orderNumber: order.orderNumber, ...testCard },
    headers,
  });
  expect(paid.status()).toBe(200);
  return order.orderNumber;
}

/**
 * Orders the page's monthly plan by invoice through the API (the invoice checkout's own call), as its
 * owner; the invoice is issued at once and stays unpaid. Answers the invoice's number.
 */
export async function payByInvoice(
  request: APIRequestContext,
  token: string,
  profileId: string,
): Promise<number> {
  const billing = { name: "Olle Ek", street: "Storgatan 1", postcode: "11122", city: "Stockholm" };
  const response = await request.post("/api/checkout/faktura", {
    data: { profileId, plan: "monthly", billing: { ...billing, email: `olle.${profileId}@example.com` } },
    headers: { Authorization: `Bearer ${token}`, ...origin },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { invoice: { number: number } }).invoice.number;
}

/** Signs the admin in (through the API) and opens `path`, ready to use: the app has hydrated. */
export async function openAsAdmin(page: Page, path: string): Promise<void> {
  await signInByApi(page, admin);
  await page.goto(path);
  await waitForHydration(page);
}
