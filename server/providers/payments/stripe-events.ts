// Stripe's webhook events translated into our PaymentEvent, for the `stripe` payment provider
// (stripe.ts): which order each concerns, the amount, the period paid for, and what happened.
import type Stripe from "stripe";
import { z } from "zod";
import type { PaymentEvent, PaymentEventType } from "./types";

// The fields we read of each event's object, checked rather than trusted: a webhook is input from
// outside. Both shapes of the API versions in use are accepted (the webhook endpoint's version, set
// in Stripe's dashboard, decides): since 2025-03-31 an invoice names its subscription under
// parent.subscription_details and a subscription's period sits on its items.
const rawEventSchema = z.record(z.string(), z.unknown());
const metadataSchema = z.record(z.string(), z.string()).nullish();
const idOrObject = z.union([z.string(), z.object({ id: z.string() })]).nullish();

const sessionSchema = z.object({
  id: z.string(),
  client_reference_id: z.string().nullish(),
  metadata: metadataSchema,
  subscription: idOrObject,
  amount_total: z.number().int().nullish(),
  payment_status: z.string().nullish(),
});

const invoiceSchema = z.object({
  id: z.string(),
  amount_paid: z.number().int(),
  amount_due: z.number().int(),
  subscription: idOrObject,
  parent: z
    .object({
      subscription_details: z.object({ subscription: idOrObject, metadata: metadataSchema }).nullish(),
    })
    .nullish(),
  lines: z.object({ data: z.array(z.object({ period: z.object({ end: z.number().int() }) })) }).nullish(),
  last_finalization_error: z.object({ code: z.string().nullish() }).nullish(),
});

const subscriptionSchema = z.object({
  id: z.string(),
  metadata: metadataSchema,
  current_period_end: z.number().int().nullish(),
  trial_end: z.number().int().nullish(),
  items: z.object({ data: z.array(z.object({ current_period_end: z.number().int().nullish() })) }).nullish(),
});

/** A verified Stripe event as our PaymentEvent: what it means for an order, and the raw event to store. */
export function translateStripeEvent(event: Stripe.Event): PaymentEvent {
  const base = {
    provider: "stripe" as const,
    eventId: event.id,
    occurredAt: isoFromSeconds(event.created) ?? new Date().toISOString(),
    raw: rawEventSchema.parse(event),
  };
  const object: unknown = event.data.object;
  const none = {
    orderNumber: null,
    providerReference: null,
    providerSubscriptionId: null,
    amountOre: null,
    failureCode: null,
    periodEnd: null,
  };

  switch (event.type) {
    case "checkout.session.completed": {
      const session = read(sessionSchema, object, event);
      // Completed with payment_status "unpaid" means a payment still under way (never the case for
      // cards, which settle at once): the invoice.paid that follows books it. Nothing to pay (a trial
      // comes first): the card is kept and the first invoice.paid at the trial's end books the charge.
      const type =
        session.payment_status === "no_payment_required" || session.amount_total === 0
          ? "checkout_completed"
          : session.payment_status !== "unpaid"
            ? "payment_succeeded"
            : "ignored";
      return {
        ...base,
        ...none,
        type,
        orderNumber: session.client_reference_id ?? session.metadata?.orderNumber ?? null,
        providerReference: session.id,
        providerSubscriptionId: idOf(session.subscription),
        // 0 when a free trial comes first: the checkout is done, the first charge is at the trial's end.
        amountOre: session.amount_total ?? null,
      };
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = read(invoiceSchema, object, event);
      const details = invoice.parent?.subscription_details;
      const common = {
        ...base,
        ...none,
        orderNumber: details?.metadata?.orderNumber ?? null,
        providerReference: invoice.id,
        providerSubscriptionId: idOf(details?.subscription) ?? idOf(invoice.subscription),
      };
      if (event.type === "invoice.payment_failed") {
        // The card's decline code lives on the payment, not in the invoice event; a finalization
        // error is the only reason the event itself carries.
        const failureCode = invoice.last_finalization_error?.code ?? "payment_failed";
        return { ...common, type: "payment_failed", amountOre: invoice.amount_due, failureCode };
      }
      const periodEnds = (invoice.lines?.data ?? []).map((line) => line.period.end);
      return {
        ...common,
        // The 0 SEK invoice Stripe issues when a trial starts pays for no period.
        type: invoice.amount_paid > 0 ? "payment_succeeded" : "ignored",
        amountOre: invoice.amount_paid,
        periodEnd: periodEnds.length > 0 ? isoFromSeconds(Math.max(...periodEnds)) : null,
      };
    }
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.trial_will_end": {
      const subscription = read(subscriptionSchema, object, event);
      const types: Record<typeof event.type, PaymentEventType> = {
        "customer.subscription.updated": "subscription_updated",
        "customer.subscription.deleted": "subscription_cancelled",
        "customer.subscription.trial_will_end": "trial_will_end",
      };
      const periodEnd =
        event.type === "customer.subscription.trial_will_end"
          ? subscription.trial_end
          : (subscription.items?.data[0]?.current_period_end ?? subscription.current_period_end);
      return {
        ...base,
        ...none,
        type: types[event.type],
        orderNumber: subscription.metadata?.orderNumber ?? null,
        providerSubscriptionId: subscription.id,
        periodEnd: isoFromSeconds(periodEnd),
      };
    }
    default:
      // Whatever else the endpoint is subscribed to: acknowledged and stored, nothing booked.
      return { ...base, ...none, type: "ignored" };
  }
}

function read<T>(schema: z.ZodType<T>, object: unknown, event: Stripe.Event): T {
  const result = schema.safeParse(object);
  if (!result.success) {
    throw new Error(
      `Stripe event ${event.id} (${event.type}) has an unexpected shape: ${result.error.message}`,
    );
  }
  return result.data;
}

/** The id of a Stripe reference, which is an id or, expanded, the object itself. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

function isoFromSeconds(seconds: number | null | undefined): string | null {
  return typeof seconds === "number" ? new Date(seconds * 1000).toISOString() : null;
}
