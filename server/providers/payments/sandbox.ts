// The built-in offline card provider (decisions "Trials and payment"): our own card form takes the
// card, the test numbers decide the outcome, and the result is reported as a signed webhook to our own
// /api/webhooks/sandbox, handled like a real provider's, so one code path books every payment.
//
// The signature is Stripe's scheme: header `Sandbox-Signature: t={unix seconds},v1={hex}` where v1 is
// HMAC-SHA256 over `{t}.{raw body}` with SANDBOX_WEBHOOK_SECRET; a signature older than five minutes
// is refused too, so a captured webhook cannot be replayed later with a new order.
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import {
  sandboxCards,
  sandboxOutcomes,
  type CardOnFile,
  type SandboxOutcome,
} from "../../../contract/checkout";
import { z } from "../../../contract/zod";
import {
  paymentEventTypes,
  WebhookSignatureError,
  type CheckoutStart,
  type PaymentEvent,
  type PaymentProvider,
  type SubscriptionCharge,
} from "./types";

export const sandboxSignatureHeader = "Sandbox-Signature";
const toleranceSeconds = 5 * 60;

export type { SandboxOutcome };

export function sandboxOutcome(cardDigits: string): SandboxOutcome {
  if (cardDigits === sandboxCards.declined) return "declined";
  if (cardDigits === sandboxCards.requiresConfirmation) return "requires_confirmation";
  return "succeeded";
}

/** The sandbox's webhook body: what happened to which order. */
const sandboxEventSchema = z.object({
  id: z.string().min(1),
  type: z.enum(paymentEventTypes),
  created: z.number().int(),
  data: z.object({
    orderNumber: z.string(),
    reference: z.string(),
    amountOre: z.number().int(),
    failureCode: z.string().nullable(),
    // The card the checkout keeps for later charges (its last digits and the test number's outcome).
    card: z
      .object({ last4: z.string().regex(/^\d{4}$/), sandboxOutcome: z.enum(sandboxOutcomes).optional() })
      .nullable()
      .optional(),
  }),
});
export type SandboxEventBody = z.infer<typeof sandboxEventSchema>;

export type SandboxProvider = PaymentProvider & {
  name: "sandbox";
  /** The webhook the sandbox sends about an order: its raw body and signed headers. */
  webhook(type: SandboxEventBody["type"], data: SandboxEventBody["data"]): { body: string; headers: Headers };
};

export type SandboxOptions = {
  /** SANDBOX_WEBHOOK_SECRET; a random one (good for one process) when unset. */
  secret?: string;
  now?: () => Date;
};

function sign(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

/** The card the sandbox keeps of a checkout: the last four digits and what its test number does. */
export function keptCard(cardDigits: string): CardOnFile {
  return { last4: cardDigits.slice(-4), sandboxOutcome: sandboxOutcome(cardDigits) };
}

/**
 * The sandbox charges a subscription's kept card (the lifecycle sweep calls it when a charge is due):
 * the test number decides, as at the checkout. A card that asks for confirmation cannot be confirmed
 * with nobody there, so it fails as Stripe's off-session charges do (authentication_required).
 */
export function chargeKeptCard(charge: SubscriptionCharge): PaymentEvent {
  const outcome = charge.card?.sandboxOutcome ?? "declined";
  const failureCode =
    outcome === "succeeded" ? null : outcome === "declined" ? "card_declined" : "authentication_required";
  const eventId = `evt_sbx_${randomUUID()}`;
  return {
    provider: "sandbox",
    eventId,
    type: failureCode ? "payment_failed" : "payment_succeeded",
    orderNumber: charge.orderNumber,
    providerReference: null,
    providerSubscriptionId: null,
    amountOre: charge.amountOre,
    failureCode,
    periodEnd: failureCode ? null : charge.periodEnd.toISOString(),
    card: charge.card,
    occurredAt: charge.now.toISOString(),
    raw: {
      id: eventId,
      type: "subscription_charge",
      subscriptionId: charge.subscriptionId,
      amountOre: charge.amountOre,
      outcome,
      periodEnd: charge.periodEnd.toISOString(),
    },
  };
}

export function createSandboxProvider(options: SandboxOptions = {}): SandboxProvider {
  const secret = options.secret ?? randomBytes(32).toString("hex");
  const now = options.now ?? (() => new Date());
  return {
    name: "sandbox",
    // Our own card form is the checkout; the reference ties the sandbox's events to the order.
    startCheckout: (request): Promise<CheckoutStart> =>
      Promise.resolve({ kind: "card-form", reference: `sbx_${request.idempotencyKey}` }),

    webhook(type, data) {
      const created = Math.floor(now().getTime() / 1000);
      // A checkout is paid (or its card kept) once, as a Stripe Checkout Session completes once: the
      // same order paid from six tabs at once is one event, booked once, and five replays of it.
      const once = type === "payment_succeeded" || type === "checkout_completed";
      const body = JSON.stringify({
        id: once ? `evt_sbx_${type}_${data.orderNumber}` : `evt_sbx_${randomUUID()}`,
        type,
        created,
        data,
      } satisfies SandboxEventBody);
      const headers = new Headers({
        "Content-Type": "application/json",
        [sandboxSignatureHeader]: `t=${created},v1=${sign(secret, created, body)}`,
      });
      return { body, headers };
    },

    parseWebhook(rawBody, headers): Promise<PaymentEvent> {
      const header = headers.get(sandboxSignatureHeader) ?? "";
      const parts = new Map(
        header.split(",").map((part) => {
          const at = part.indexOf("=");
          return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
        }),
      );
      const timestamp = Number(parts.get("t"));
      const given = parts.get("v1") ?? "";
      if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) {
        return Promise.reject(
          new WebhookSignatureError("The Sandbox-Signature header is missing or malformed."),
        );
      }
      const expected = Buffer.from(sign(secret, timestamp, rawBody), "hex");
      if (!timingSafeEqual(expected, Buffer.from(given, "hex"))) {
        return Promise.reject(new WebhookSignatureError());
      }
      if (Math.abs(now().getTime() / 1000 - timestamp) > toleranceSeconds) {
        return Promise.reject(new WebhookSignatureError("The webhook's signature is too old."));
      }
      let parsed: SandboxEventBody;
      try {
        parsed = sandboxEventSchema.parse(JSON.parse(rawBody));
      } catch {
        // Signed by us but not our shape: treated like a forgery, never a 500.
        return Promise.reject(new WebhookSignatureError("The webhook's body is not a sandbox event."));
      }
      return Promise.resolve({
        provider: "sandbox",
        eventId: parsed.id,
        type: parsed.type,
        orderNumber: parsed.data.orderNumber,
        providerReference: parsed.data.reference,
        providerSubscriptionId: null,
        amountOre: parsed.data.amountOre,
        failureCode: parsed.data.failureCode,
        periodEnd: null,
        card: parsed.data.card ?? null,
        occurredAt: new Date(parsed.created * 1000).toISOString(),
        raw: JSON.parse(rawBody) as Record<string, unknown>,
      });
    },

    chargeSubscription: chargeKeptCard,
  };
}
