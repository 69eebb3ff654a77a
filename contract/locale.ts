// The product's languages and the cookie that keeps the choice (spec section 9: 365 days).
// No zod here: every page's first render needs this, and zod is loaded only when a call needs it.
import { readCookie } from "./cookie";

export const locales = ["en-US", "sv-SE"] as const;
export type Locale = (typeof locales)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

export const fallbackLocale: Locale = "en-US";
export const localeCookieName = "locale";
export const localeCookieMaxAgeSeconds = 365 * 24 * 60 * 60;

/** The cookie's choice if valid, else the first supported language the browser asks for, else en-US. */
export function resolveLocale(cookieHeader: string | null, acceptLanguage: string | null): Locale {
  return requestedLocale(cookieHeader, acceptLanguage) ?? fallbackLocale;
}

/** The language a request asks for (the cookie's choice, else the browser's), or null when it names none we have. */
export function requestedLocale(cookieHeader: string | null, acceptLanguage: string | null): Locale | null {
  const fromCookie = readCookie(cookieHeader, localeCookieName);
  if (isLocale(fromCookie)) return fromCookie;
  const wanted = (acceptLanguage ?? "")
    .split(",")
    .map((entry) => {
      const [tag = "", ...params] = entry.trim().split(";");
      const q = params.find((p) => p.trim().startsWith("q="));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    const match = locales.find(
      (locale) => locale.toLowerCase() === tag || locale.slice(0, 2).toLowerCase() === tag.slice(0, 2),
    );
    if (match) return match;
  }
  return null;
}
