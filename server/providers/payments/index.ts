// Picks the card payment provider from the configuration (PAYMENT_PROVIDER). The sandbox is built in;
// Stripe comes through the `stripe` hook (server/providers/payments/stripe.ts, wired by the app), so
// this module does not depend on it.
import type { Config } from "../../config";
import { createSandboxProvider, type SandboxProvider } from "./sandbox";
import type { PaymentProvider } from "./types";

export type PaymentProviders = {
  /** The provider checkouts go through; null when the site takes no card payments (PAYMENT_PROVIDER none). */
  card: PaymentProvider | null;
  /** The sandbox, when it is the provider: its card form reports through it. */
  sandbox: SandboxProvider | null;
  /** Every provider whose webhooks we accept, by the name in /api/webhooks/{provider}. */
  byName: Map<string, PaymentProvider>;
};

export type ProviderOverrides = {
  /** Makes the Stripe provider (createStripeProvider(config)); required when PAYMENT_PROVIDER=stripe. */
  stripe?: () => PaymentProvider;
  sandbox?: SandboxProvider;
};

export function createPaymentProviders(
  config: Pick<Config, "PAYMENT_PROVIDER" | "SANDBOX_WEBHOOK_SECRET">,
  overrides: ProviderOverrides = {},
): PaymentProviders {
  switch (config.PAYMENT_PROVIDER) {
    case "stripe": {
      if (!overrides.stripe) throw new Error("PAYMENT_PROVIDER=stripe, but no Stripe provider was wired in.");
      const stripe = overrides.stripe();
      return { card: stripe, sandbox: null, byName: new Map([["stripe", stripe]]) };
    }
    case "none":
      return { card: null, sandbox: null, byName: new Map() };
    case "sandbox": {
      const sandbox = overrides.sandbox ?? createSandboxProvider({ secret: config.SANDBOX_WEBHOOK_SECRET });
      return { card: sandbox, sandbox, byName: new Map([["sandbox", sandbox]]) };
    }
  }
}
