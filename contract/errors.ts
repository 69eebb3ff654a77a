// The one error shape every API answer uses: { error: { code, message, fields? } }.
import { z } from "./zod";

export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Field path (dot-separated) to what is wrong with it, for bad input. */
    fields: z.record(z.string(), z.string()).optional(),
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
