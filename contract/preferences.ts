// Payloads of the preference calls.
import { locales } from "./locale";
import { z } from "./zod";

export const localeSchema = z.enum(locales);

export const setLocaleRequestSchema = z.object({ locale: localeSchema });
export type SetLocaleRequest = z.infer<typeof setLocaleRequestSchema>;
