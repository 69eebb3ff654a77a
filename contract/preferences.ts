// Payloads of the preference calls.
import { locales } from "./locale";
import { text, z } from "./zod";

export const localeSchema = z.enum(locales);

export const setLocaleRequestSchema = z.object({ locale: localeSchema });
export type SetLocaleRequest = z.infer<typeof setLocaleRequestSchema>;

/** The same call from a plain HTML form (the light public page): the page to return to. */
export const setLocaleFormSchema = setLocaleRequestSchema.extend({
  redirectTo: text("redirectTo").max(2000).optional(),
});
