// The API's and the form's own messages about an invoice field, as the screen's i18n keys. The schemas
// of contract/invoices.ts give English messages (invoiceMessages); each is known by name, so a field
// the API names (a dot path such as `lines.1.unitPriceOre` or `customer.postcode`) shows the same text
// in the reader's language as the browser's own check would.
import { invoiceMessageName } from "../../../../contract/invoices";

/** Field path → i18n key. */
export type InvoiceFieldErrors = Record<string, string>;

export function invoiceErrorKey(message: string): string {
  const name = invoiceMessageName(message);
  return `adminInvoices.errors.${name ?? "invalid"}`;
}

/** The browser's own check (a schema's issues), first message per field. */
export function errorsOfIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): InvoiceFieldErrors {
  const errors: InvoiceFieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join(".") || "body";
    errors[path] ??= invoiceErrorKey(issue.message);
  }
  return errors;
}

/** An API answer's named fields (path → English message). */
export function errorsOfFields(fields: Record<string, string>): InvoiceFieldErrors {
  return Object.fromEntries(
    Object.entries(fields).map(([path, message]) => [path, invoiceErrorKey(message)]),
  );
}
