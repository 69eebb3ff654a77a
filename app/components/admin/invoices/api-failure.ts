// The failure of an admin invoice call: its HTTP status, error code, named fields, refusal and message (a PDF
// call's error body too, read by errorBodyOf).
import { errorBodyOf, failureOf, type Failure } from "../../../lib/failure";

/** With the refusal's code and parameters when the business refused (ADR 032). */
export type InvoiceCallFailure = Failure & { status?: number; message?: string };

export async function invoiceFailureOf(caught: unknown): Promise<InvoiceCallFailure> {
  const error = caught as { status?: unknown; data?: unknown } | null;
  const status = typeof error?.status === "number" ? error.status : undefined;
  const data = await errorBodyOf(caught);
  const failure = failureOf({ data });
  const message = (data as { error?: { message?: unknown } } | undefined)?.error?.message;
  return { status, ...failure, message: typeof message === "string" ? message : undefined };
}
