// The admin dashboard's list of what is not set up, from the settings the site really runs with.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { setupGaps } from "./setup-gaps";

describe("setupGaps", () => {
  it("names card payments off on an https site with no provider, the creditor and e-mail", () => {
    const config = loadConfig({ PUBLIC_URL: "https://kammare.example" });
    expect(setupGaps(config, { hasCreditor: false })).toEqual([
      "card_payments_off",
      "no_creditor",
      "email_outbox_only",
    ]);
  });

  it("names the sandbox as test mode on an https site that names it, and as a sandbox on a local one", () => {
    const staging = loadConfig({
      PUBLIC_URL: "https://staging.kammare.example",
      PAYMENT_PROVIDER: "sandbox",
    });
    expect(setupGaps(staging, { hasCreditor: true })).toEqual([
      "card_payments_test_mode",
      "email_outbox_only",
    ]);
    expect(setupGaps(loadConfig({}), { hasCreditor: true })).toEqual([
      "card_payments_sandbox",
      "email_outbox_only",
    ]);
  });

  it("is empty for a site with Stripe, a creditor and SMTP", () => {
    const config = loadConfig({
      PUBLIC_URL: "https://kammare.example",
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_live_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      SMTP_URL: "smtp://user:pass@mail.example:587",
    });
    expect(setupGaps(config, { hasCreditor: true })).toEqual([]);
  });

  it("names video when ffmpeg was not found at start, and not when it was", () => {
    const config = loadConfig({});
    expect(setupGaps(config, { hasCreditor: true, videoUploads: false })).toContain("video_off");
    expect(setupGaps(config, { hasCreditor: true, videoUploads: true })).not.toContain("video_off");
  });
});
