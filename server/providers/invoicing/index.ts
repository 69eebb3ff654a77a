// Picks the invoice provider from the configuration (INVOICE_PROVIDER): `none` (the default) keeps
// issued invoices in our own books only; `capway` also hands each one to Capway (capway.ts).
import type { Config } from "../../config";
import { createCapwayProvider } from "./capway";
import { noInvoiceProvider, type InvoiceProvider } from "./types";

export { createCapwayProvider, type CapwayInvoiceProvider, type CapwayOptions } from "./capway";
export { InvoiceProviderError, noInvoiceProvider } from "./types";
export type { InvoiceDelivery, InvoiceProvider, IssuedInvoice } from "./types";

export type InvoiceProviderConfig = Pick<
  Config,
  | "INVOICE_PROVIDER"
  | "CAPWAY_API_URL"
  | "CAPWAY_TOKEN_URL"
  | "CAPWAY_CLIENT_ID"
  | "CAPWAY_CLIENT_SECRET"
  | "CAPWAY_SCOPE"
>;

export function createInvoiceProvider(
  config: InvoiceProviderConfig,
  overrides: { fetch?: typeof fetch } = {},
): InvoiceProvider {
  switch (config.INVOICE_PROVIDER) {
    case "none":
      return noInvoiceProvider;
    case "capway": {
      const { CAPWAY_API_URL, CAPWAY_TOKEN_URL, CAPWAY_CLIENT_ID, CAPWAY_CLIENT_SECRET } = config;
      // loadConfig refuses capway without these; this guards a hand-made config.
      if (!CAPWAY_API_URL || !CAPWAY_TOKEN_URL || !CAPWAY_CLIENT_ID || !CAPWAY_CLIENT_SECRET) {
        throw new Error(
          "INVOICE_PROVIDER=capway needs CAPWAY_API_URL, CAPWAY_TOKEN_URL, CAPWAY_CLIENT_ID and CAPWAY_CLIENT_SECRET.",
        );
      }
      return createCapwayProvider({
        apiUrl: CAPWAY_API_URL,
        tokenUrl: CAPWAY_TOKEN_URL,
        clientId: CAPWAY_CLIENT_ID,
        clientSecret: CAPWAY_CLIENT_SECRET,
        scope: config.CAPWAY_SCOPE,
        fetch: overrides.fetch,
      });
    }
  }
}
