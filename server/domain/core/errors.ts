// The business's typed failures; routers map each code to an HTTP status. A refusal the viewer is told
// about carries its code from contract/refusals.ts and parameters (ADR 032): made by `refuse`.
import type { Refusal } from "../../../contract/refusals";

export type DomainErrorCode =
  | "invalid_credentials"
  | "email_taken"
  | "wrong_password"
  | "password_is_email"
  | "invalid_token"
  | "not_found"
  | "rate_limited"
  | "forbidden"
  | "conflict"
  // A link that worked once and no longer does (an invitation past its date, or withdrawn).
  | "gone"
  // A card the payment provider refuses to charge or keep.
  | "card_declined"
  | "invalid_request";

export class DomainError extends Error {
  /** Why, as a code of the one list with its parameters, when the domain refused with one (`refuse`). */
  refusal?: Refusal;

  constructor(
    readonly code: DomainErrorCode,
    message: string,
    /** The request field the failure is about, when there is one. */
    readonly field?: string,
    /** For rate_limited: seconds until another attempt is allowed. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "DomainError";
  }
}
