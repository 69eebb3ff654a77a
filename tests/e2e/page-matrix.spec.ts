// Issue 15, part 1 (pages): every page of the route table (app/routes.ts), asked for as each kind of
// viewer, answers what is written down for it here: a status, and where a redirect sends. The list is
// generated from the route table, so a page added without its row fails this test.
import { randomInt } from "node:crypto";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import routes from "../../app/routes";
import { expect, test } from "./support/fixtures";
import { newUser, signInByApi, signUpByApi } from "./support/accounts";
import { asAdmin, ownedPage } from "./support/pages";
import { admin, appUrl } from "./support/ports";

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };

/** Every page's path pattern, as the route table nests them ("" is the home page). */
function pagePatterns(entries: RouteEntry[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? (prefix ? `${prefix}/${entry.path}` : entry.path) : prefix;
    const own = entry.path !== undefined || entry.index ? [here] : [];
    return [...own, ...pagePatterns(entry.children ?? [], here)];
  });
}

const actors = ["anonymous", "customerA", "customerB", "partnerA", "partnerB", "admin"] as const;
type Actor = (typeof actors)[number];

/** A concrete address for each pattern: A's page, things that do not exist, a path nobody claims. */
function concrete(pattern: string, pageOfA: string): string {
  const path = pattern
    .replace(":id/checkout", `${pageOfA}/checkout`)
    .replace(/^k\/:id$/, `k/${pageOfA}`)
    .replace(":token", "no-such-link-token")
    .replace(":fixture", "flags")
    .replace(":orderNumber", "KM-999999")
    .replace("capway/invoices/:id", "capway/invoices/00000000-0000-4000-8000-000000000000")
    .replace(/^:name$/, "Kalle")
    .replace(/^\*$/, "no-such-page")
    .replace(/^admin\/\*$/, "admin/no-such-page");
  return `/${path}`;
}

/** Cookies a script may read: none of them says who the visitor is (the language). */
const readableCookies = new Set(["locale"]);

/**
 * What is wrong with an answer's headers (issue 15, part 6): every page with an enforced CSP with a
 * nonce and nothing unsafe, the security headers, every cookie HttpOnly (but the language) and
 * SameSite, and a signed-in viewer's page never stored by a cache. (Secure cookies and HSTS need
 * https: tests/api/auth-security.test.ts checks them with an https PUBLIC_URL.)
 */
function headerProblems(headers: Record<string, string>, signedIn: boolean, status: number): string[] {
  const problems: string[] = [];
  const csp = headers["content-security-policy"] ?? "";
  if (status !== 302) {
    if (!/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/.test(csp)) problems.push(`script-src: ${csp}`);
    for (const unsafe of ["unsafe-inline", "unsafe-eval", "*"]) {
      if (csp.split(/[ ;]/).includes(unsafe) || csp.includes(`'${unsafe}'`))
        problems.push(`CSP allows ${unsafe}`);
    }
    for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'"]) {
      if (!csp.includes(directive)) problems.push(`CSP lacks ${directive}`);
    }
    if (signedIn && !/private|no-store/.test(headers["cache-control"] ?? "")) {
      problems.push(`signed-in page cacheable: ${headers["cache-control"]}`);
    }
  }
  const expectedHeaders: Record<string, string> = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
  };
  for (const [name, value] of Object.entries(expectedHeaders)) {
    if (headers[name] !== value) problems.push(`${name}: ${headers[name]}`);
  }
  for (const cookie of (headers["set-cookie"] ?? "").split("\n").filter(Boolean)) {
    const name = cookie.split("=")[0] ?? "";
    if (!readableCookies.has(name) && !/;\s*HttpOnly/i.test(cookie))
      problems.push(`cookie not HttpOnly: ${name}`);
    if (!/;\s*SameSite=(Lax|Strict)/i.test(cookie)) problems.push(`cookie without SameSite: ${name}`);
  }
  return problems;
}

/** What one viewer gets: the status, and for a redirect where it sends (path and query). */
async function answer(
  context: APIRequestContext,
  path: string,
  signedIn: boolean,
): Promise<{ cell: string; problems: string[] }> {
  const response = await context.get(path, { maxRedirects: 0 });
  const location = response.headers()["location"];
  const cell = location ? `${response.status()} ${location.replace(appUrl, "")}` : String(response.status());
  return { cell, problems: headerProblems(response.headers(), signedIn, response.status()) };
}

test("every page answers each kind of viewer as written down, with the security headers", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // Customer A owns a live page; B is another customer; two partners of two organisations; the admin.
  const { id: pageOfA, token: tokenOfA } = await ownedPage(browser, { displayName: "Matrix Page" });
  const tokens: Partial<Record<Actor, string>> = { customerA: tokenOfA };
  const scratch = await browser.newContext();
  try {
    const page = await scratch.newPage();
    tokens.customerB = (await signUpByApi(page, newUser())).access_token;
    for (const actor of ["partnerA", "partnerB"] as const) {
      const partner = newUser();
      await asAdmin(browser, async (request, token) => {
        const added = await request.post("/api/admin/partner-whitelist", {
          data: { email: partner.email, partnerName: `Matrix ${actor} ${randomInt(1e9)}` },
          headers: { Authorization: `Bearer ${token}`, Origin: appUrl },
        });
        expect(added.status()).toBe(201);
      });
      // From a client of its own: no session cookie of the customer signed up above rides along.
      const client = await playwrightRequest.newContext({ baseURL: appUrl });
      const signedUp = await client.post("/api/partner/signup", { data: partner });
      expect(signedUp.status()).toBe(201);
      const token = ((await signedUp.json()) as { session: { access_token: string } }).session.access_token;
      tokens[actor] = token;
      // A's organisation has its name, so A reaches the users page; B's has none yet.
      if (actor === "partnerA") {
        const named = await client.put("/api/partner/organisation", {
          data: { name: `Matrix Partner ${randomInt(1e9)}` },
          headers: { Authorization: `Bearer ${token}` },
        });
        expect(named.status()).toBe(200);
      }
      await client.dispose();
    }
    tokens.admin = (await signInByApi(page, admin)).access_token;
  } finally {
    await scratch.close();
  }

  const contexts = new Map<Actor, APIRequestContext>();
  for (const actor of actors) {
    const token = tokens[actor];
    contexts.set(
      actor,
      await playwrightRequest.newContext({
        baseURL: appUrl,
        extraHTTPHeaders: {
          "X-Forwarded-For": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
          Cookie: [token ? `kammare_session=${token}` : "", "analytics_consent=granted"]
            .filter(Boolean)
            .join("; "),
        },
      }),
    );
  }
  const patterns = pagePatterns(routes as RouteEntry[]);
  const actual: Record<string, Record<Actor, string>> = {};
  const problems: string[] = [];
  try {
    for (const pattern of patterns) {
      const path = concrete(pattern, pageOfA);
      const row = {} as Record<Actor, string>;
      for (const actor of actors) {
        const got = await answer(contexts.get(actor)!, path, actor !== "anonymous");
        row[actor] = got.cell.replaceAll(pageOfA, "{A}");
        problems.push(...got.problems.map((problem) => `${path} as ${actor}: ${problem}`));
      }
      actual[`/${pattern}`] = row;
    }
  } finally {
    for (const context of contexts.values()) await context.dispose();
  }
  expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
  for (const [pattern, row] of Object.entries(actual)) expect.soft(row, pattern).toEqual(expected[pattern]);
  expect(problems).toEqual([]);
});

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
const expected: Record<string, Record<Actor, string>> = {
  // The home page: a visitor signs in; an owner goes to the first page; anyone else sees how to claim one.
  "/": {
    anonymous: "302 /login",
    customerA: "302 /k/{A}",
    customerB: "200",
    partnerA: "200",
    partnerB: "200",
    admin: "200",
  },
  // Signing in or up: once signed in, home.
  "/login": {
    anonymous: "200",
    customerA: "302 /",
    customerB: "302 /",
    partnerA: "302 /",
    partnerB: "302 /",
    admin: "302 /",
  },
  "/new": {
    anonymous: "200",
    customerA: "302 /",
    customerB: "302 /",
    partnerA: "302 /",
    partnerB: "302 /",
    admin: "302 /",
  },
  // Open to everyone: the links in e-mails, the spec's 404, privacy, the end of a deletion.
  "/forgot-password": {
    anonymous: "200",
    customerA: "200",
    customerB: "200",
    partnerA: "200",
    partnerB: "200",
    admin: "200",
  },
  "/reset-password": {
    anonymous: "200",
    customerA: "200",
    customerB: "200",
    partnerA: "200",
    partnerB: "200",
    admin: "200",
  },
  "/verify-email": {
    anonymous: "200",
    customerA: "200",
    customerB: "200",
    partnerA: "200",
    partnerB: "200",
    admin: "200",
  },
  "/privacy": {
    anonymous: "200",
    customerA: "200",
    customerB: "200",
    partnerA: "200",
    partnerB: "200",
    admin: "200",
  },
  "/account/deleted": {
    anonymous: "200",
    customerA: "200",
    customerB: "200",
    partnerA: "200",
    partnerB: "200",
    admin: "200",
  },
  "/404": {
    anonymous: "404",
    customerA: "404",
    customerB: "404",
    partnerA: "404",
    partnerB: "404",
    admin: "404",
  },
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
  "/__e2e/:fixture": {
    anonymous: "200",
    customerA: "200",
    customerB: "200",
    partnerA: "200",
    partnerB: "200",
    admin: "200",
  },
  // A first name nobody added, a path nobody claims.
  "/:name": {
    anonymous: "404",
    customerA: "404",
    customerB: "404",
    partnerA: "404",
    partnerB: "404",
    admin: "404",
  },
  "/*": {
    anonymous: "404",
    customerA: "404",
    customerB: "404",
    partnerA: "404",
    partnerB: "404",
    admin: "404",
  },
  // Public: the code form, A's live page, the trial pages.
  "/k": {
    anonymous: "200",
    customerA: "200",
    customerB: "200",
    partnerA: "200",
    partnerB: "200",
    admin: "200",
  },
  "/k/:id": {
    anonymous: "200",
    customerA: "200",
    customerB: "200",
    partnerA: "200",
    partnerB: "200",
    admin: "200",
  },
  "/gratis-provperiod": {
    anonymous: "200",
    customerA: "200",
    customerB: "200",
    partnerA: "200",
    partnerB: "200",
    admin: "200",
  },
  "/extended-trial": {
    anonymous: "200",
    customerA: "200",
    customerB: "200",
    partnerA: "200",
    partnerB: "200",
    admin: "200",
  },
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
  "/partner/signin": {
    anonymous: "200",
    customerA: "200",
    customerB: "200",
    partnerA: "302 /partner/dashboard",
    partnerB: "302 /partner/dashboard",
    admin: "200",
  },
  "/partner/signup": {
    anonymous: "200",
    customerA: "200",
    customerB: "200",
    partnerA: "302 /partner/dashboard",
    partnerB: "302 /partner/dashboard",
    admin: "200",
  },
  "/partner/dashboard": {
    anonymous: "302 /partner/signin?redirectTo=%2Fpartner%2Fdashboard",
    customerA: "302 /partner/signin",
    customerB: "302 /partner/signin",
    partnerA: "200",
    partnerB: "200",
    admin: "302 /partner/signin",
  },
  // The users page needs the organisation's name: A has set it, B has not.
  "/partner/dashboard/users": {
    anonymous: "302 /partner/signin?redirectTo=%2Fpartner%2Fdashboard%2Fusers",
    customerA: "302 /partner/signin",
    customerB: "302 /partner/signin",
    partnerA: "200",
    partnerB: "302 /partner/dashboard",
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
  "/admin/orders/:orderNumber": adminOnly("/admin/orders/KM-999999", "404"),
  "/admin/capway/invoices/:id": adminOnly(
    "/admin/capway/invoices/00000000-0000-4000-8000-000000000000",
    "404",
  ),
  "/admin/*": adminOnly("/admin/no-such-page", "404"),
};
