// The invoice provider interface: where an issued invoice goes besides the customer's e-mail. The
// built-in `none` keeps invoices in our own books only (we print, e-mail and match BgMax payments
// ourselves); `capway` hands each issued invoice to Capway through the Aptic invoice API, which then
// sends, reminds and collects. Off by default (INVOICE_PROVIDER=none).

/** A line of an invoice as the invoicing domain computes it, for the provider and the PDF alike. */
export type InvoiceLine = {
  description: string;
  /** Up to three decimals. */
  quantity: number;
  /** The price of one, excluding VAT. */
  unitPriceOre: number;
  vatRatePercent: number;
  netOre: number;
  vatOre: number;
};

/** An issued invoice as a provider needs it: everything is already computed by the invoicing domain. */
export type IssuedInvoice = {
  /** Our own id (uuid): the provider's externalReferenceCode, so sending twice updates, never doubles. */
  id: string;
  /** The creditor's sequential number, printed on the invoice. */
  number: number;
  ocr: string;
  /** Calendar dates, YYYY-MM-DD. */
  issueDate: string;
  dueDate: string;
  currency: "SEK";
  language: "sv-SE" | "en-US";
  customer: {
    name: string;
    /** Street lines, then "postcode city" as the last line. */
    addressLines: string[];
    postcode: string | null;
    city: string | null;
    email: string;
  };
  lines: InvoiceLine[];
  netOre: number;
  vatOre: number;
  totalOre: number;
  /** The creditor's organisation number (Capway's client is the creditor). */
  creditorOrgNumber: string;
};

export type InvoiceDelivery = {
  /** The provider's own id for the invoice, kept on our invoice row. */
  providerReference: string;
};

export type InvoiceProvider = {
  name: "none" | "capway";
  /**
   * Hands an issued invoice over. Idempotent by `invoice.id`: a retry after a timeout updates the same
   * invoice at the provider. Throws InvoiceProviderError when the provider refuses or cannot be reached.
   */
  deliver(invoice: IssuedInvoice): Promise<InvoiceDelivery | null>;
};

export class InvoiceProviderError extends Error {
  constructor(
    message: string,
    /** The provider's HTTP status, when it answered. */
    readonly status: number | null,
  ) {
    super(message);
    this.name = "InvoiceProviderError";
  }
}

/** The built-in provider: nothing leaves our own books. */
export const noInvoiceProvider: InvoiceProvider = {
  name: "none",
  deliver: async () => null,
};
