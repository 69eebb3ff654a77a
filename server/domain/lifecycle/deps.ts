// What the sweep is given: its settings, the database, the senders and providers, and its clock.
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { Logger } from "../../logger";
import type { EmailSender } from "../../providers/email/types";
import type { InvoiceProvider } from "../../providers/invoicing/types";
import type { PaymentEvent, SubscriptionCharge } from "../../providers/payments/types";

export type LifecycleConfig = Pick<
  Config,
  | "GRACE_DAYS"
  | "publicUrl"
  | "SELLER_NAME"
  | "SELLER_ORG_NUMBER"
  | "SELLER_VAT_NUMBER"
  | "SELLER_ADDRESS"
  | "SELLER_EMAIL"
>;

export type LifecycleDeps = {
  db: Database;
  email: EmailSender;
  config: LifecycleConfig;
  /** The sweep's clock; tests pass a simulated time. */
  now?: Date;
  logger?: Pick<Logger, "info" | "warn">;
  /** Where issued invoices are handed over; the sweep retries failed hand-overs. */
  invoiceProvider?: InvoiceProvider;
  /**
   * Charges a subscription's kept card, where we charge renewals ourselves (the sandbox's
   * chargeSubscription); absent when the provider charges its own (Stripe) or there is none.
   */
  charge?: (charge: SubscriptionCharge) => PaymentEvent;
};
