// Preference calls that need no account: the language (`locale` cookie) and the answer to the
// analytics question (`analytics_consent` cookie, ADR 016). A plain HTML form may post either too (the
// light public page has no JavaScript to send JSON): it is sent back to the page it came from.
import { Hono, type Context } from "hono";
import { setCookie } from "hono/cookie";
import type { z } from "zod";
import { analyticsConsentCookieName, analyticsConsentMaxAgeSeconds } from "../../../contract/consent";
import { localeCookieMaxAgeSeconds, localeCookieName, type Locale } from "../../../contract/locale";
import {
  setAnalyticsConsentFormSchema,
  setAnalyticsConsentRequestSchema,
  setLocaleFormSchema,
  setLocaleRequestSchema,
} from "../../../contract/preferences";
import { safeReturnPath } from "../../../contract/return-path";
import type { Database } from "../../db/client";
import { rememberLocale } from "../../domain/accounts";
import type { ApiEnv } from "../../http/env";
import { readForm, readJson } from "../../http/errors";

type Preference<Json extends z.ZodType<Record<string, string>>> = {
  cookie: { name: string; maxAgeSeconds: number; httpOnly: boolean };
  json: Json;
  /** The same fields and the page to go back to. */
  form: z.ZodType<z.infer<Json> & { redirectTo?: string }>;
  /** The cookie's value, from the request's fields. */
  value: (fields: z.infer<Json>) => string;
  /** Also kept for the signed-in viewer's account (the language, for e-mails). */
  keep?: (viewerId: string, value: string) => Promise<void>;
};

/** One preference call: JSON answered 204, a plain form answered with a redirect back; both keep the cookie. */
function preferenceHandler<Json extends z.ZodType<Record<string, string>>>(
  secure: boolean,
  { cookie, json, form, value, keep }: Preference<Json>,
) {
  const remember = async (c: Context<ApiEnv>, fields: z.infer<Json>) => {
    setCookie(c, cookie.name, value(fields), {
      path: "/",
      httpOnly: cookie.httpOnly,
      maxAge: cookie.maxAgeSeconds,
      sameSite: "Lax",
      secure,
    });
    const viewer = c.get("viewer");
    if (viewer && keep) await keep(viewer.id, value(fields));
  };
  return async (c: Context<ApiEnv>) => {
    if ((c.req.header("content-type") ?? "").startsWith("application/x-www-form-urlencoded")) {
      const { redirectTo, ...fields } = await readForm(c, form);
      await remember(c, fields as z.infer<Json>);
      return c.redirect(safeReturnPath(redirectTo) ?? "/", 303);
    }
    await remember(c, await readJson(c, json));
    return c.body(null, 204);
  };
}

export function preferenceRoutes(deps: { secure: boolean; db: Database }) {
  return new Hono<ApiEnv>()
    .post(
      "/locale",
      preferenceHandler(deps.secure, {
        // Not HttpOnly, as before the consent existed; it says nothing about who the visitor is.
        cookie: { name: localeCookieName, maxAgeSeconds: localeCookieMaxAgeSeconds, httpOnly: false },
        json: setLocaleRequestSchema,
        form: setLocaleFormSchema,
        value: (fields) => fields.locale,
        keep: (viewerId, locale) => rememberLocale(deps.db, viewerId, locale as Locale),
      }),
    )
    .post(
      "/analytics-consent",
      preferenceHandler(deps.secure, {
        // The server renders the answer into every page (the light page's script gets it as an
        // attribute), so no script needs to read the cookie.
        cookie: {
          name: analyticsConsentCookieName,
          maxAgeSeconds: analyticsConsentMaxAgeSeconds,
          httpOnly: true,
        },
        json: setAnalyticsConsentRequestSchema,
        form: setAnalyticsConsentFormSchema,
        value: (fields) => fields.consent,
      }),
    );
}
