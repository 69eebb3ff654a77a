// Preference calls that need no account: the language, kept in the `locale` cookie.
import { Hono } from "hono";
import { setCookie } from "hono/cookie";
import { localeCookieMaxAgeSeconds, localeCookieName } from "../../contract/locale";
import { setLocaleRequestSchema } from "../../contract/preferences";
import type { ApiEnv } from "../http/env";
import { readJson } from "../http/errors";

export function preferenceRoutes(deps: { secure: boolean }) {
  return new Hono<ApiEnv>().post("/locale", async (c) => {
    const { locale } = await readJson(c, setLocaleRequestSchema);
    setCookie(c, localeCookieName, locale, {
      path: "/",
      maxAge: localeCookieMaxAgeSeconds,
      sameSite: "Lax",
      secure: deps.secure,
    });
    return c.body(null, 204);
  });
}
