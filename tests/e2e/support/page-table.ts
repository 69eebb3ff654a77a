// The pages of the route table (app/routes.ts) and what each kind of viewer gets on each:
// the page matrix (page-matrix.spec.ts) checks every cell, and the accessibility sweep
// (accessibility.spec.ts) scans each page as a viewer who sees it. Both generate their list from the
// route table, so a page added without its row fails them.
import { randomInt } from "node:crypto";
import { expect, request as playwrightRequest, type Browser } from "@playwright/test";
import { appRoutePages } from "../../support/route-table";
import { newUser, signUpByApi } from "./accounts";
import { asAdmin, ownedPage } from "./pages";
import { ownAddress } from "./client-address";
import { appUrl } from "./ports";

/** Every page pattern of the route table (app/routes.ts). */
export const routePatterns = appRoutePages.map((page) => page.pattern);

export const actors = ["anonymous", "customerA", "customerB", "partnerA", "partnerB", "admin"] as const;
export type Actor = (typeof actors)[number];

/** A concrete address for each pattern: A's page, things that do not exist, a path nobody claims. */
export function concrete(pattern: string, pageOfA: string): string {
  const path = pattern
    .replace(":id/checkout", `${pageOfA}/checkout`)
    .replace(/^k\/:id$/, `k/${pageOfA}`)
    .replace(/^k\/:id\/memories$/, `k/${pageOfA}/memories`)
    .replace(/^k\/:id\/photos\/:photoId$/, `k/${pageOfA}/photos/00000000-0000-4000-8000-000000000000`)
    .replace(/^k\/:id\/albums$/, `k/${pageOfA}/albums`)
    .replace(/^k\/:id\/gift/, `k/${pageOfA}/gift`)
    .replace(":token", "no-such-link-token")
    .replace(":fixture", "flags")
    .replace(":orderNumber", "KM-999999")
    .replace("capway/invoices/:id", "capway/invoices/00000000-0000-4000-8000-000000000000")
    .replace(/^:name$/, "Kalle")
    .replace(/^\*$/, "no-such-page")
    .replace(/^admin\/\*$/, "admin/no-such-page");
  return `/${path}`;
}

/** A page every viewer gets alike (but those named in `but`). */
function everyone(cell: string, but: Partial<Record<Actor, string>> = {}): Record<Actor, string> {
  return { ...(Object.fromEntries(actors.map((actor) => [actor, cell])) as Record<Actor, string>), ...but };
}

/** An admin page asked for at `asked`: the admin gets `admin`; a visitor signs in; anyone else goes home. */
function adminOnly(asked: string, admin = "200"): Record<Actor, string> {
  return {
    anonymous: `302 /login?redirectTo=${encodeURIComponent(asked)}`,
    customerA: "302 /",
    customerB: "302 /",
    partnerA: "302 /",
    partnerB: "302 /",
    admin,
  };
}

/** Per page pattern and viewer: the status, and where a redirect sends (`{A}` is customer A's page). */
export const expected: Record<string, Record<Actor, string>> = {
  // The home page: a visitor signs in; an admin goes to work; an owner goes to the first page; anyone
  // else sees how to claim one.
  "/": {
    anonymous: "302 /login",
    customerA: "302 /k/{A}",
    customerB: "200",
    partnerA: "200",
    partnerB: "200",
    admin: "302 /admin",
  },
  // Signing in or up: once signed in, home (an admin's is /admin).
  "/login": everyone("302 /", { anonymous: "200", admin: "302 /admin" }),
  "/new": everyone("302 /", { anonymous: "200", admin: "302 /admin" }),
  // A partner's customer's welcome: without a ref naming a partner, a visitor signs in as
  // "/" would send them; signed in, home (partner-ways-in.spec.ts opens it with a ref, axe included).
  "/welcome": everyone("302 /", { anonymous: "302 /login", admin: "302 /admin" }),
  // Open to everyone: the links in e-mails, the spec's 404, privacy, the end of a deletion.
  "/forgot-password": everyone("200"),
  "/reset-password": everyone("200"),
  "/verify-email": everyone("200"),
  "/privacy": everyone("200"),
  // What a family can count on if the service stops, at its English and its Swedish address (ADR 046).
  "/continuity": everyone("200"),
  "/kontinuitet": everyone("200"),
  "/account/deleted": everyone("200"),
  // A memory writer's delete link (here without its token, which the page explains).
  "/memories/delete": everyone("200"),
  // A page's invitation, here without its token: the page says the link does not work.
  "/invitation": everyone("200"),
  "/404": everyone("404"),
  // The own account: customers (admins are customers too); a partner account has its dashboard.
  "/account": {
    anonymous: "302 /login?redirectTo=%2Faccount",
    customerA: "200",
    customerB: "200",
    partnerA: "302 /partner/dashboard",
    partnerB: "302 /partner/dashboard",
    admin: "200",
  },
  // Paying for A's page: only A; anyone else is sent to the page itself.
  "/k/:id/checkout/card": {
    anonymous: "302 /login?redirectTo=%2Fk%2F{A}%2Fcheckout%2Fcard",
    customerA: "200",
    customerB: "302 /k/{A}",
    partnerA: "302 /k/{A}",
    partnerB: "302 /k/{A}",
    admin: "302 /k/{A}",
  },
  "/k/:id/checkout/faktura": {
    anonymous: "302 /login?redirectTo=%2Fk%2F{A}%2Fcheckout%2Ffaktura",
    customerA: "200",
    customerB: "302 /k/{A}",
    partnerA: "302 /k/{A}",
    partnerB: "302 /k/{A}",
    admin: "302 /k/{A}",
  },
  // Deciding A's page's memories: A, or an admin; anyone else finds no such page.
  "/k/:id/memories": {
    anonymous: "302 /login?redirectTo=%2Fk%2F{A}%2Fmemories",
    customerA: "200",
    customerB: "404",
    partnerA: "404",
    partnerB: "404",
    admin: "200",
  },
  // Arranging A's page's photos: A (or an editor), or an admin; anyone else finds no such page.
  "/k/:id/albums": {
    anonymous: "302 /login?redirectTo=%2Fk%2F{A}%2Falbums",
    customerA: "200",
    customerB: "404",
    partnerA: "404",
    partnerB: "404",
    admin: "200",
  },
  // A year given to A's page (ADR 044): any customer's screen (A is told there that the owner pays at
  // the checkout); a partner's account pays nothing and goes to the page.
  "/k/:id/gift": {
    anonymous: "302 /login?redirectTo=%2Fk%2F{A}%2Fgift",
    customerA: "200",
    customerB: "200",
    partnerA: "302 /k/{A}",
    partnerB: "302 /k/{A}",
    admin: "200",
  },
  // A thank-you without a gift of the viewer's is a 404.
  "/k/:id/gift/thanks": {
    anonymous: "302 /login?redirectTo=%2Fk%2F{A}%2Fgift%2Fthanks",
    customerA: "404",
    customerB: "404",
    partnerA: "302 /k/{A}",
    partnerB: "302 /k/{A}",
    admin: "404",
  },
  // A confirmation without an order of the viewer's is a 404 to everyone signed in.
  "/k/:id/checkout/confirm": {
    anonymous: "302 /login?redirectTo=%2Fk%2F{A}%2Fcheckout%2Fconfirm",
    customerA: "404",
    customerB: "404",
    partnerA: "404",
    partnerB: "404",
    admin: "404",
  },
  // A checkout link that does not exist.
  "/checkout-link/:token": {
    anonymous: "302 /login?redirectTo=%2Fcheckout-link%2Fno-such-link-token",
    customerA: "404",
    customerB: "404",
    partnerA: "404",
    partnerB: "404",
    admin: "404",
  },
  // The suite's fixtures exist because this server runs with E2E_FIXTURES=on (a 404 in production:
  // tests/api/server-lifecycle.test.ts).
  "/__e2e/:fixture": everyone("200"),
  // A photo that is not on A's page (photos-public.spec.ts opens shown ones, axe included).
  "/k/:id/photos/:photoId": everyone("404"),
  // A first name nobody added, a path nobody claims.
  "/:name": everyone("404"),
  "/*": everyone("404"),
  // Public: the code form, A's live page, the trial pages.
  "/k": everyone("200"),
  "/k/:id": everyone("200"),
  "/gratis-provperiod": everyone("200"),
  "/extended-trial": everyone("200"),
  // Previews for admins and partners.
  "/preview/extended-trial": {
    anonymous: "302 /login?redirectTo=%2Fpreview%2Fextended-trial",
    customerA: "302 /",
    customerB: "302 /",
    partnerA: "200",
    partnerB: "200",
    admin: "200",
  },
  // The partner side: partner accounts only; others sign in with one.
  "/partner": {
    anonymous: "302 /partner/signin",
    customerA: "302 /partner/signin",
    customerB: "302 /partner/signin",
    partnerA: "302 /partner/dashboard",
    partnerB: "302 /partner/dashboard",
    admin: "302 /partner/signin",
  },
  "/partner/signin": everyone("200", {
    partnerA: "302 /partner/dashboard",
    partnerB: "302 /partner/dashboard",
  }),
  "/partner/signup": everyone("200", {
    partnerA: "302 /partner/dashboard",
    partnerB: "302 /partner/dashboard",
  }),
  "/partner/dashboard": {
    anonymous: "302 /partner/signin?redirectTo=%2Fpartner%2Fdashboard",
    customerA: "302 /partner/signin",
    customerB: "302 /partner/signin",
    partnerA: "200",
    partnerB: "200",
    admin: "302 /partner/signin",
  },
  // The users page needs the organisation's name, which it has from the start: the admin's partner
  // name (A has since changed it). The rule's other side, an unnamed organisation, is in its unit test.
  "/partner/dashboard/users": {
    anonymous: "302 /partner/signin?redirectTo=%2Fpartner%2Fdashboard%2Fusers",
    customerA: "302 /partner/signin",
    customerB: "302 /partner/signin",
    partnerA: "200",
    partnerB: "200",
    admin: "302 /partner/signin",
  },
  // The pages a partner makes for its families: like the users page, it needs the organisation's name
  // (its e-mails to families carry it).
  "/partner/dashboard/pages": {
    anonymous: "302 /partner/signin?redirectTo=%2Fpartner%2Fdashboard%2Fpages",
    customerA: "302 /partner/signin",
    customerB: "302 /partner/signin",
    partnerA: "200",
    partnerB: "200",
    admin: "302 /partner/signin",
  },
  // Every admin page: the admin only; a visitor signs in first (coming back to the address asked
  // for), anyone else goes home. Unknown orders, invoices and admin paths are 404s, and only the admin
  // learns that.
  "/admin": adminOnly("/admin"),
  "/admin/change-password": adminOnly("/admin/change-password"),
  "/admin/profiles/list": adminOnly("/admin/profiles/list"),
  "/admin/profiles/new": adminOnly("/admin/profiles/new"),
  "/admin/profile-admin": adminOnly("/admin/profile-admin"),
  "/admin/first-names": adminOnly("/admin/first-names"),
  "/admin/partner/whitelist": adminOnly("/admin/partner/whitelist"),
  "/admin/orders": adminOnly("/admin/orders"),
  "/admin/checkout-link": adminOnly("/admin/checkout-link"),
  "/admin/capway/creditor": adminOnly("/admin/capway/creditor"),
  "/admin/capway/new-invoice": adminOnly("/admin/capway/new-invoice"),
  "/admin/capway/invoices": adminOnly("/admin/capway/invoices"),
  "/admin/capway/bgmax": adminOnly("/admin/capway/bgmax"),
  "/admin/address-pdf-maker": adminOnly("/admin/address-pdf-maker"),
  "/admin/qr/manager": adminOnly("/admin/qr/manager"),
  "/admin/memories/reports": adminOnly("/admin/memories/reports"),
  "/admin/orders/:orderNumber": adminOnly("/admin/orders/KM-999999", "404"),
  "/admin/capway/invoices/:id": adminOnly(
    "/admin/capway/invoices/00000000-0000-4000-8000-000000000000",
    "404",
  ),
  "/admin/*": adminOnly("/admin/no-such-page", "404"),
};

/** Customer A's live page, and a session for each signed-in kind of viewer. */
export type Viewers = { pageOfA: string; tokens: Partial<Record<Actor, string>> };

/**
 * The viewers of the table: customer A owns a live page; B is another customer; two partners of two
 * organisations (A renamed, B under the admin's name); the admin.
 */
export async function makeViewers(browser: Browser, label = "Matrix"): Promise<Viewers> {
  const { id: pageOfA, token: tokenOfA } = await ownedPage(browser, { displayName: `${label} Page` });
  const partners = { partnerA: newUser(), partnerB: newUser() } as const;
  // The admin lets both partners in; its session is the admin's token.
  const adminToken = await asAdmin(browser, async (request, token) => {
    for (const [actor, { email }] of Object.entries(partners)) {
      const added = await request.post("/api/admin/partner-whitelist", {
        data: { email, partnerName: `${label} ${actor} ${randomInt(1e9)}` },
        headers: { Authorization: `Bearer ${token}`, Origin: appUrl },
      });
      expect(added.status()).toBe(201);
    }
    return token;
  });
  const tokens: Partial<Record<Actor, string>> = { customerA: tokenOfA, admin: adminToken };
  const scratch = await browser.newContext({ extraHTTPHeaders: ownAddress() });
  try {
    tokens.customerB = (await signUpByApi(scratch, newUser())).access_token;
  } finally {
    await scratch.close();
  }
  for (const actor of ["partnerA", "partnerB"] as const) {
    // From a client of its own: no session cookie of the customer signed up above rides along.
    const client = await playwrightRequest.newContext({ baseURL: appUrl, extraHTTPHeaders: ownAddress() });
    const signedUp = await client.post("/api/partner/signup", { data: partners[actor] });
    expect(signedUp.status()).toBe(201);
    const token = ((await signedUp.json()) as { session: { access_token: string } }).session.access_token;
    tokens[actor] = token;
    // Both organisations have the admin's partner name; A changes its own.
    if (actor === "partnerA") {
      const named = await client.put("/api/partner/organisation", {
        data: { name: `${label} Partner ${randomInt(1e9)}` },
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(named.status()).toBe(200);
    }
    await client.dispose();
  }
  return { pageOfA, tokens };
}
