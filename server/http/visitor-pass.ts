// A private page's pass (ADR 043): the cookie that lets a visitor in, one per page, httpOnly and
// SameSite=Lax, 30 days; its value is made and checked only by server/domain/private-pages.
import type { Context } from "hono";
import { setCookie } from "hono/cookie";
import { readCookie } from "../../contract/cookie";
import { visitorAccessCookieName, visitorAccessDays } from "../../contract/private-pages";

/** The pass this request carries for the page, or null. */
export function visitorPassOf(headers: Headers, profileId: string): string | null {
  return readCookie(headers.get("cookie"), visitorAccessCookieName(profileId)) ?? null;
}

export function setVisitorPass(c: Context, profileId: string, pass: string, secure: boolean): void {
  setCookie(c, visitorAccessCookieName(profileId), pass, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure,
    maxAge: visitorAccessDays * 24 * 60 * 60,
  });
}
