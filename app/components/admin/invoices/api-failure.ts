// The failure of an admin invoice call: its HTTP status, error code, named fields and message. A call
// that asked for a PDF (a Blob) gets its error body as a Blob too; it is read as the JSON it is.
import { failureOf } from "../../../lib/validate";

export type InvoiceCallFailure = {
  status?: number;
  code?: string;
  message?: string;
  fields: Record<string, string>;
};

export async function invoiceFailureOf(caught: unknown): Promise<InvoiceCallFailure> {
  const error = caught as { status?: unknown; data?: unknown } | null;
  const status = typeof error?.status === "number" ? error.status : undefined;
  let data = error?.data;
  if (typeof Blob !== "undefined" && data instanceof Blob) {
    try {
      data = JSON.parse(await data.text()) as unknown;
    } catch {
      data = undefined;
    }
  }
  const failure = failureOf({ data });
  const message = (data as { error?: { message?: unknown } } | undefined)?.error?.message;
  return { status, ...failure, message: typeof message === "string" ? message : undefined };
}
