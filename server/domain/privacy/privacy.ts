// What the privacy page (/privacy) states, read from the settings the code itself uses: the retention
// periods the sweep applies, the session lifetime, and which outside services process data here.
import type { Config } from "../../config";
import { bookkeepingYears, retentionPeriods, type RetentionPeriods } from "./retention";
import { sessionLifetimeMs } from "../accounts";

export type PrivacyFacts = {
  controller: { name: string; orgNumber: string; address: string; email: string };
  retention: RetentionPeriods & { bookkeepingYears: number; sessionLifetimeDays: number };
  processors: {
    /** The analytics host, when analytics is configured. */
    analytics: string | null;
    payments: Config["PAYMENT_PROVIDER"];
    email: "smtp" | "outbox";
    invoicing: Config["INVOICE_PROVIDER"];
  };
};

export function privacyFacts(config: Config): PrivacyFacts {
  return {
    controller: {
      name: config.SELLER_NAME,
      orgNumber: config.SELLER_ORG_NUMBER,
      address: config.SELLER_ADDRESS,
      email: config.SELLER_EMAIL,
    },
    retention: {
      ...retentionPeriods(config),
      bookkeepingYears,
      sessionLifetimeDays: Math.round(sessionLifetimeMs / (24 * 60 * 60 * 1000)),
    },
    processors: {
      analytics: config.POSTHOG_KEY ? new URL(config.POSTHOG_HOST).host : null,
      payments: config.PAYMENT_PROVIDER,
      email: config.SMTP_URL ? "smtp" : "outbox",
      invoicing: config.INVOICE_PROVIDER,
    },
  };
}
