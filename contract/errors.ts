// The one error shape every API answer uses: { error: { code, message, fields?, refusal?, params? } }.
// `code` is the kind clients branch on (and its status); a refusal of the business adds its code from
// contract/refusals.ts and that refusal's parameters, which the browser turns into text (ADR 032).
import { z } from "./zod";

export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Field path (dot-separated) to what is wrong with it, for bad input. */
    fields: z.record(z.string(), z.string()).optional(),
    /** Why the business refused, a code of contract/refusals.ts (its text is `refusals.<code>`). */
    refusal: z.string().optional(),
    /** The refusal's parameters, as its entry in contract/refusals.ts types them. */
    params: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const errorCodes = {
  notFound: "not_found",
  invalidJson: "invalid_json",
  invalidRequest: "invalid_request",
  payloadTooLarge: "payload_too_large",
  /** A JSON body sent in a character set other than UTF-8 (415). */
  unsupportedCharset: "unsupported_charset",
  unavailable: "unavailable",
  internal: "internal_error",
} as const;
