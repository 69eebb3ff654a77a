// Every page of the route table (app/routes.ts), asked for as each kind of
// viewer, answers what is written down for it in support/page-table.ts: a status, and where a redirect
// sends. The list is generated from the route table, so a page added without its row fails this test.
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { actors, concrete, expected, makeViewers, routePatterns, type Actor } from "./support/page-table";
import { ownAddress } from "./support/client-address";
import { appUrl } from "./support/ports";

/** Cookies a script may read: none of them says who the visitor is (the language). */
const readableCookies = new Set(["locale"]);

/**
 * What is wrong with an answer's headers: every page with an enforced CSP with a
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
  const { pageOfA, tokens } = await makeViewers(browser);
  const contexts = new Map<Actor, APIRequestContext>();
  for (const actor of actors) {
    const token = tokens[actor];
    contexts.set(
      actor,
      await playwrightRequest.newContext({
        baseURL: appUrl,
        extraHTTPHeaders: {
          ...ownAddress(),
          Cookie: [token ? `kammare_session=${token}` : "", "analytics_consent=granted"]
            .filter(Boolean)
            .join("; "),
        },
      }),
    );
  }
  const actual: Record<string, Record<Actor, string>> = {};
  const problems: string[] = [];
  try {
    for (const pattern of routePatterns) {
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
