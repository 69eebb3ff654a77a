// The failure of an admin invoice call: its HTTP status, error code, named fields and message (a PDF
// call's error body too, read by errorBodyOf).
import { errorBodyOf, failureOf } from "../../../lib/failure";

export type InvoiceCallFailure = {
  status?: number;
  code?: string;
  message?: string;
  fields: Record<string, string>;
};

export async function invoiceFailureOf(caught: unknown): Promise<InvoiceCallFailure> {
  const error = caught as { status?: unknown; data?: unknown } | null;
  const status = typeof error?.status === "number" ? error.status : undefined;
  const data = await errorBodyOf(caught);
  const failure = failureOf({ data });
  const message = (data as { error?: { message?: unknown } } | undefined)?.error?.message;
  return { status, ...failure, message: typeof message === "string" ? message : undefined };
}
