// Preference calls that need no account: the language, kept in the `locale` cookie. A plain HTML
// form may post it too (the light public page has no JavaScript to send JSON): it is sent back to
// the page it came from.
import { Hono, type Context } from "hono";
import { setCookie } from "hono/cookie";
import { localeCookieMaxAgeSeconds, localeCookieName, type Locale } from "../../contract/locale";
import { setLocaleFormSchema, setLocaleRequestSchema } from "../../contract/preferences";
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
  return new Hono<ApiEnv>().post("/locale", async (c) => {
    if ((c.req.header("content-type") ?? "").startsWith("application/x-www-form-urlencoded")) {
      const { locale, redirectTo } = await readForm(c, setLocaleFormSchema);
      remember(c, locale);
      return c.redirect(safeReturnPath(redirectTo) ?? "/", 303);
    }
    const { locale } = await readJson(c, setLocaleRequestSchema);
    remember(c, locale);
    return c.body(null, 204);
  });
}
