// The visitor's answer to the analytics question (ADR 016), kept in a cookie for 365 days
// like the language. Until it is "granted" analytics keeps nothing on the device. No zod here: every
// page's first render reads it, the light page's script included.
import { readCookie } from "./cookie";
import { localeCookieMaxAgeSeconds } from "./locale";

export const analyticsConsents = ["granted", "denied"] as const;
export type AnalyticsConsent = (typeof analyticsConsents)[number];

export const analyticsConsentCookieName = "analytics_consent";
export const analyticsConsentMaxAgeSeconds = localeCookieMaxAgeSeconds;

export function isAnalyticsConsent(value: unknown): value is AnalyticsConsent {
  return typeof value === "string" && (analyticsConsents as readonly string[]).includes(value);
}

/** The visitor's answer, or null when they have not answered yet (the banner is shown). */
export function readAnalyticsConsent(cookieHeader: string | null | undefined): AnalyticsConsent | null {
  const value = readCookie(cookieHeader ?? null, analyticsConsentCookieName);
  return isAnalyticsConsent(value) ? value : null;
}
