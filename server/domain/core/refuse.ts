// The domain says no with a code from the one list and its parameters, never a sentence (ADR 032): the
// kind (and so the status) and the field come from the list, the message is the refusal's English text
// for logs and API users, and the browser says the code's text in the viewer's language.
import { refusals, type Refusal, type RefusalCode, type RefusalParams } from "../../../contract/refusals";
import { i18nFor } from "../../../i18n";
import { DomainError, type DomainErrorCode } from "./errors";

type RefuseOptions = {
  /** The request field at fault, when the call names it otherwise than the list does. */
  field?: string;
  /** For a rate_limited refusal: seconds until another attempt is allowed (the Retry-After header). */
  retryAfterSeconds?: number;
};

/** A refusal without parameters needs none written. */
type Arguments<C extends RefusalCode> =
  Record<never, never> extends RefusalParams<C>
    ? [params?: RefusalParams<C>, options?: RefuseOptions]
    : [params: RefusalParams<C>, options?: RefuseOptions];

/** The refusal's English text with its parameters: the answer's `message`. */
export function refusalMessage(refusal: Refusal): string {
  return i18nFor("en-US").t(`refusals.${refusal.code}`, refusal.params);
}

/** The DomainError of a refusal: `throw refuse("checkout.unpaid-invoice", { invoiceNumber })`. */
export function refuse<C extends RefusalCode>(code: C, ...[params, options]: Arguments<C>): DomainError {
  const spec = refusals[code];
  // The list's kinds are the domain's codes (a kind the domain lacks fails here, at compile time).
  const kind: DomainErrorCode = spec.kind;
  const refusal = { code, params: params ?? {} } as Refusal;
  const field = options?.field ?? ("field" in spec ? spec.field : undefined);
  const error = new DomainError(kind, refusalMessage(refusal), field, options?.retryAfterSeconds);
  error.refusal = refusal;
  return error;
}

/** The refusal for a page code that names no page; the field is the call's `profileId` unless given. */
export const pageMissing = (field?: string) => refuse("page.missing", {}, field ? { field } : undefined);
