// Accounts for the end-to-end suite: fresh users through the real API, signed in in the browser the
// way the app does it (the session cookie, and the session in localStorage), and the e-mail outbox.
import { randomUUID } from "node:crypto";
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { readOutbox } from "../../../server/providers/email";
import { holdAdmin } from "./admin-lock";
import { admin, appUrl, outboxDir } from "./ports";

const sessionCookieName = "kammare_session";

export type TestUser = { email: string; password: string };

export function newUser(): TestUser {
  return { email: `user-${randomUUID().slice(0, 8)}@e2e.kammare.test`, password: `pw-${randomUUID()}` };
}

type SignInAnswer = {
  success: boolean;
  session: { access_token: string; user: { id: string; email: string } };
};

/** Creates the account through the API; the context then holds the session cookie. */
export async function signUpByApi(
  page: Page | BrowserContext,
  user: TestUser,
): Promise<SignInAnswer["session"]> {
  const response = await page.request.post("/api/auth/signup", { data: user });
  if (response.status() !== 201)
    throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as SignInAnswer).session;
}

// The shared admin's session in this worker, reused while it lasts: the sign-in limit (10 a minute
// per account) would otherwise refuse the admin in a suite where many tests use it.
let adminSession: SignInAnswer["session"] | null = null;

async function stillAdmin(request: APIRequestContext, session: SignInAnswer["session"]): Promise<boolean> {
  const response = await request.get("/api/admin/check", {
    headers: { Authorization: `Bearer ${session.access_token}` },
  });
  return response.ok() && ((await response.json()) as { admin?: boolean }).admin === true;
}

/**
 * Signs in through the API from a browser context, which then holds the session cookie; no page is
 * needed (a page costs the browser a renderer), so admin set-up calls use this alone.
 */
export async function signInContextByApi(
  context: BrowserContext,
  user: TestUser,
): Promise<SignInAnswer["session"]> {
  const isAdmin = user.email === admin.email;
  if (isAdmin) {
    // Wait while a test changes the admin's password (that would end this session).
    await holdAdmin("shared");
    if (adminSession && (await stillAdmin(context.request, adminSession))) {
      await context.addCookies([
        {
          name: sessionCookieName,
          value: adminSession.access_token,
          url: appUrl,
          httpOnly: true,
          sameSite: "Lax",
        },
      ]);
      return adminSession;
    }
  }
  const response = await context.request.post("/api/auth/login", { data: { type: "email", ...user } });
  if (response.status() !== 200)
    throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
  const session = ((await response.json()) as SignInAnswer).session;
  if (isAdmin) adminSession = session;
  return session;
}

/** Signs in through the API and stores the session where the app keeps it. */
export async function signInByApi(page: Page, user: TestUser): Promise<SignInAnswer["session"]> {
  const session = await signInContextByApi(page.context(), user);
  await storeSession(page, session);
  return session;
}

/** An address on the app's origin that the browser is given an empty document for, never asked of the app. */
const blankOnOrigin = `${appUrl}/__e2e/blank-document`;

export async function storeSession(page: Page, session: SignInAnswer["session"]): Promise<void> {
  if (page.url() === "about:blank") {
    // localStorage needs a document of the app's origin; a rendered page (and its scripts) would cost a
    // second or more to reach it, only for the test to go to the page it is about next.
    await page.route(blankOnOrigin, (route) =>
      // No favicon: its request would reach the app, and the 404 show as a console error.
      route.fulfill({
        contentType: "text/html",
        body: '<!doctype html><title>blank</title><link rel="icon" href="data:,">',
      }),
    );
    try {
      await page.goto(blankOnOrigin);
    } finally {
      await page.unroute(blankOnOrigin);
    }
  }
  await page.evaluate((value) => localStorage.setItem("session", JSON.stringify(value)), session);
}

/** The newest e-mail the app sent to this address (waits for it a little). */
export async function lastEmailTo(
  address: string,
  { subject }: { subject?: string } = {},
): Promise<{ subject: string; text: string }> {
  // E-mails go after the answer (ADR 033): one the screen already speaks of may still be on its way.
  for (let attempt = 0; attempt < 50; attempt++) {
    const mail = (await readOutbox(outboxDir))
      .filter(
        (message) => message.to.includes(address) && (subject === undefined || message.subject === subject),
      )
      .at(-1);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `no e-mail to ${address}${subject ? ` with the subject "${subject}"` : ""} in ${outboxDir}`,
  );
}

/** The browser signed in with a session made through the API (and, if given, in that language). */
export async function signInAs(page: Page, token: string, locale?: "en-US" | "sv-SE"): Promise<void> {
  await page
    .context()
    .addCookies([
      { name: sessionCookieName, value: token, url: appUrl, httpOnly: true },
      ...(locale ? [{ name: "locale", value: locale, url: appUrl }] : []),
    ]);
}
