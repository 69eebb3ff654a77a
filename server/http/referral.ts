// The referral cookie: a page visit through a partner's link (`/?ref={slug}`, `/k/{id}?ref={slug}`, or a
// checkout link the partner passes on, `/checkout-link/{token}?ref={slug}`) remembers the partner for
// 90 days, for sign-up, claiming and a checkout link's checkout to attribute (server/domain/profiles/attribution.ts).
// Only a slug of an existing organisation is kept, and the first partner's cookie is not replaced while
// it lasts (first touch wins). The page cache never keeps such an answer: it has a query string and a
// Set-Cookie (server/http/page-cache.ts), and it is marked private here for any cache on the way.
import type { MiddlewareHandler } from "hono";
import { readCookie } from "../../contract/cookie";
import {
  referralCookieMaxAgeSeconds,
  referralCookieName,
  referralQueryParameter,
} from "../../contract/partners";
import type { Database } from "../db/client";
import { organisationIdBySlug } from "../domain/profiles";
import type { ApiEnv } from "./env";
import { withHeadersChanged } from "./responses";

/**
 * The pages a referral link may point at: the front page, a profile's page, a checkout link, and the
 * welcome the front page sends a visitor to (so a welcome opened again, or shared, still counts).
 */
const referralPages = /^\/(?:k\/[^/]+|checkout-link\/[^/]+|welcome)?$/;

export function referralCookieHeader(slug: string, secure: boolean): string {
  return [
    `${referralCookieName}=${encodeURIComponent(slug)}`,
    `Max-Age=${referralCookieMaxAgeSeconds}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

export function referralCookie({ db, secure }: { db: Database; secure: boolean }): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const slug = c.req.query(referralQueryParameter);
    if (!slug || (c.req.method !== "GET" && c.req.method !== "HEAD") || !referralPages.test(c.req.path)) {
      return next();
    }
    const cookieHeader = c.req.header("cookie");
    const [current, given] = await Promise.all([
      organisationIdBySlug(db, readCookie(cookieHeader, referralCookieName)),
      organisationIdBySlug(db, slug),
    ]);
    await next();
    if (current || !given || c.res.status >= 400) return;
    c.res = withHeadersChanged(c.res, (headers) => {
      headers.append("Set-Cookie", referralCookieHeader(slug, secure));
      headers.set("Cache-Control", "private, no-store");
    });
  };
}
