// Payloads of the preference calls.
import { analyticsConsents } from "./consent";
import { locales } from "./locale";
import { text, z } from "./zod";

export const localeSchema = z.enum(locales);

export const setLocaleRequestSchema = z.object({ locale: localeSchema });
export type SetLocaleRequest = z.infer<typeof setLocaleRequestSchema>;

/** The same call from a plain HTML form (the light public page): the page to return to. */
export const setLocaleFormSchema = setLocaleRequestSchema.extend({
  redirectTo: text("redirectTo").max(2000).optional(),
});

export const setAnalyticsConsentRequestSchema = z.object({ consent: z.enum(analyticsConsents) });
export type SetAnalyticsConsentRequest = z.infer<typeof setAnalyticsConsentRequestSchema>;

/** The same call from a plain HTML form (the banner on the light public page, the privacy page). */
export const setAnalyticsConsentFormSchema = setAnalyticsConsentRequestSchema.extend({
  redirectTo: text("redirectTo").max(2000).optional(),
});
