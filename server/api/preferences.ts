// Preference calls that need no account: the language (`locale` cookie) and the answer to the
// analytics question (`analytics_consent` cookie, ADR 016). A plain HTML form may post either too (the
// light public page has no JavaScript to send JSON): it is sent back to the page it came from.
import { Hono, type Context } from "hono";
import { setCookie } from "hono/cookie";
import {
  analyticsConsentCookieName,
  analyticsConsentMaxAgeSeconds,
  type AnalyticsConsent,
} from "../../contract/consent";
import { localeCookieMaxAgeSeconds, localeCookieName, type Locale } from "../../contract/locale";
import {
  setAnalyticsConsentFormSchema,
  setAnalyticsConsentRequestSchema,
  setLocaleFormSchema,
  setLocaleRequestSchema,
} from "../../contract/preferences";
import { safeReturnPath } from "../../contract/return-path";
import type { ApiEnv } from "../http/env";
import { readForm, readJson } from "../http/errors";

export function preferenceRoutes(deps: { secure: boolean }) {
  const remember = (c: Context, locale: Locale) =>
    setCookie(c, localeCookieName, locale, {
      path: "/",
      maxAge: localeCookieMaxAgeSeconds,
      sameSite: "Lax",
      secure: deps.secure,
    });
  // The server renders the answer into every page (the light page's script gets it as an attribute),
  // so no script needs to read the cookie.
  const rememberConsent = (c: Context, consent: AnalyticsConsent) =>
    setCookie(c, analyticsConsentCookieName, consent, {
      path: "/",
      httpOnly: true,
      maxAge: analyticsConsentMaxAgeSeconds,
      sameSite: "Lax",
      secure: deps.secure,
    });
  return new Hono<ApiEnv>()
    .post("/locale", async (c) => {
      if (isForm(c)) {
        const { locale, redirectTo } = await readForm(c, setLocaleFormSchema);
        remember(c, locale);
        return c.redirect(safeReturnPath(redirectTo) ?? "/", 303);
      }
      const { locale } = await readJson(c, setLocaleRequestSchema);
      remember(c, locale);
      return c.body(null, 204);
    })
    .post("/analytics-consent", async (c) => {
      if (isForm(c)) {
        const { consent, redirectTo } = await readForm(c, setAnalyticsConsentFormSchema);
        rememberConsent(c, consent);
        return c.redirect(safeReturnPath(redirectTo) ?? "/", 303);
      }
      const { consent } = await readJson(c, setAnalyticsConsentRequestSchema);
      rememberConsent(c, consent);
      return c.body(null, 204);
    });
}

const isForm = (c: Context) =>
  (c.req.header("content-type") ?? "").startsWith("application/x-www-form-urlencoded");
