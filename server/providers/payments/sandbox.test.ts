// The sandbox's outcomes by test number, its signature, and the card checks the form and API share.
import { describe, expect, it } from "vitest";
import { expiryProblem, passesLuhn } from "../../../contract/checkout";
import { createSandboxProvider, sandboxOutcome, sandboxSignatureHeader } from "./sandbox";
import { WebhookSignatureError } from "./types";

describe("sandbox provider", () => {
  it("follows the decisions' test numbers; any other valid number succeeds", () => {
    expect(sandboxOutcome("4242424242424242")).toBe("succeeded");
    expect(sandboxOutcome("4000000000000002")).toBe("declined");
    expect(sandboxOutcome("4000000000003220")).toBe("requires_confirmation");
    expect(sandboxOutcome("5555555555554444")).toBe("succeeded");
  });

  it("accepts its own signed webhook and refuses a changed body, another secret or an old signature", async () => {
    let now = new Date("2026-03-01T12:00:00Z");
    const sandbox = createSandboxProvider({ secret: "0123456789abcdef0123", now: () => now });
    const data = { orderNumber: "KM-000007", reference: "sbx_x", amountOre: 4900, failureCode: null };
    const { body, headers } = sandbox.webhook("payment_succeeded", data);
    expect(headers.get(sandboxSignatureHeader)).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = await sandbox.parseWebhook(body, headers);
    expect(event).toMatchObject({ provider: "sandbox", type: "payment_succeeded", orderNumber: "KM-000007" });
    await expect(sandbox.parseWebhook(body.replace("4900", "1"), headers)).rejects.toThrow(
      WebhookSignatureError,
    );
    const other = createSandboxProvider({ secret: "another-secret-000000", now: () => now });
    await expect(other.parseWebhook(body, headers)).rejects.toThrow(WebhookSignatureError);
    now = new Date(now.getTime() + 10 * 60_000);
    await expect(sandbox.parseWebhook(body, headers)).rejects.toThrow(/too old/);
  });
});

describe("card checks", () => {
  it("Luhn: the test numbers pass, a changed digit fails", () => {
    expect(passesLuhn("4242424242424242")).toBe(true);
    expect(passesLuhn("4000000000003220")).toBe(true);
    expect(passesLuhn("4242424242424241")).toBe(false);
    expect(passesLuhn("42424242")).toBe(false);
  });

  it("expiry MM/YY: valid through its month", () => {
    const now = new Date("2026-05-20T00:00:00Z");
    expect(expiryProblem("05/26", now)).toBeNull();
    expect(expiryProblem("04/26", now)).toBe("past");
    expect(expiryProblem("13/30", now)).toBe("format");
    expect(expiryProblem("5/30", now)).toBe("format");
  });
});
