// POST /api/webhooks/{provider}: a payment provider reports an event. The raw body is checked against
// its signature by the provider (400 when it does not match, never a 500), the event is stored and
// booked (server/domain/billing/booking.ts), and the answer is 200 once it is stored, also for a replay. The
// sandbox's card form calls `receiveWebhook` in-process with its signed body: the same path.
import { Hono } from "hono";
import { errorCodes } from "../../../contract/errors";
import type { Database } from "../../db/client";
import { bookPaymentEvent, hasPaidEveryPeriod, type Booking, type BookingDeps } from "../../domain/billing";
import type { ApiEnv } from "../../http/env";
import { errorBody } from "../../http/errors";
import { type PaymentProvider, WebhookSignatureError } from "../../providers/payments/types";

export type WebhookDeps = {
  db: Database;
  /** The providers whose webhooks are accepted, by name. */
  providers: ReadonlyMap<string, PaymentProvider>;
  booking: BookingDeps;
};

export type WebhookOutcome =
  { status: 200; booking: Booking } | { status: 400 | 404; code: string; message: string };

/** Checks, stores and books one webhook; what /api/webhooks/{provider} answers. */
export async function receiveWebhook(
  deps: WebhookDeps,
  providerName: string,
  rawBody: string,
  headers: Headers,
): Promise<WebhookOutcome> {
  const provider = deps.providers.get(providerName);
  if (!provider) {
    return { status: 404, code: errorCodes.notFound, message: `No payment provider ${providerName} here.` };
  }
  let event;
  try {
    event = await provider.parseWebhook(rawBody, headers);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      return { status: 400, code: "invalid_signature", message: error.message };
    }
    throw error;
  }
  const booking = await bookPaymentEvent(deps.db, event, deps.booking);
  // The last of the agreed periods is paid: the provider stops charging at the period's end (our
  // database keeps the iterations too, and the lifecycle ends the subscription then).
  if (booking.booked && event.providerSubscriptionId && provider.endAfterCurrentPeriod) {
    if (await hasPaidEveryPeriod(deps.db, provider.name, event.providerSubscriptionId)) {
      await provider.endAfterCurrentPeriod(event.providerSubscriptionId);
    }
  }
  return { status: 200, booking };
}

export function webhookRoutes(deps: WebhookDeps) {
  return new Hono<ApiEnv>().post("/:provider", async (c) => {
    const outcome = await receiveWebhook(
      deps,
      c.req.param("provider"),
      await c.req.text(),
      c.req.raw.headers,
    );
    if (outcome.status !== 200) return c.json(errorBody(outcome.code, outcome.message), outcome.status);
    const { booking } = outcome;
    if (!booking.booked)
      c.get("logger").info({ provider: c.req.param("provider") }, "payment event already booked");
    return c.json({ received: true, alreadyBooked: !booking.booked });
  });
}
