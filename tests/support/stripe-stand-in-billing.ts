// The stand-in's side of a customer's self-service, as Stripe's API answers it: paid invoices and
// their payments (what a refund names), refunds, cancelling a subscription now, subscription
// schedules (a change of plan from the next period) and billing portal sessions (a new card).
// Each refuses what Stripe refuses in the cases Kammare meets: an unknown object, a refund larger
// than the payment or of a payment refunded already, a second schedule on one subscription.
import {
  object,
  record,
  stripeError,
  stripeId,
  text,
  type Answer,
  type FormObject,
  type FormValue,
  type StandInSubscription,
} from "./stripe-stand-in";

export type StandInInvoice = {
  id: string;
  object: "invoice";
  status: "paid";
  subscription: string;
  customer: string;
  amount_paid: number;
  currency: string;
  /** The payment intent that paid it (Stripe lists it as the invoice's payment). */
  payment_intent: string;
};

export type StandInRefund = {
  id: string;
  object: "refund";
  amount: number;
  payment_intent: string;
  reason: string | null;
  metadata: Record<string, string>;
  status: "succeeded";
};

export type StandInSchedulePhase = {
  start_date: number;
  end_date: number | null;
  items: FormValue[];
  duration: FormObject | null;
};

export type StandInSchedule = {
  id: string;
  object: "subscription_schedule";
  subscription: string;
  status: "active" | "released";
  end_behavior: string;
  phases: StandInSchedulePhase[];
};

export type StandInPortalSession = {
  id: string;
  object: "billing_portal.session";
  customer: string;
  return_url: string | null;
  flow: { type: string } | null;
  url: string;
};

export type StandInBilling = {
  invoices: StandInInvoice[];
  /** One-time payments (a Checkout Session in payment mode): its payment intent and amount. */
  payments: { payment_intent: string; amount: number }[];
  refunds: StandInRefund[];
  schedules: Map<string, StandInSchedule>;
  portalSessions: StandInPortalSession[];
  /** Stripe charges the subscription: a paid invoice with its payment intent. */
  payInvoice(subscription: StandInSubscription, amount: number): StandInInvoice;
  subscriptions: Map<string, StandInSubscription>;
};

const list = (url: string, data: unknown[]) => ({ object: "list", url, has_more: false, data });
const noSuch = (what: string, id: string, param = "id") =>
  stripeError(404, "invalid_request_error", `No such ${what}: '${id}'`, param);

export function createBilling(subscriptions: Map<string, StandInSubscription>): StandInBilling {
  return {
    invoices: [],
    payments: [],
    refunds: [],
    schedules: new Map(),
    portalSessions: [],
    subscriptions,
    payInvoice(subscription, amount) {
      const invoice: StandInInvoice = {
        id: stripeId("in_test_"),
        object: "invoice",
        status: "paid",
        subscription: subscription.id,
        customer: subscription.customer,
        amount_paid: amount,
        currency: subscription.items.data[0]?.price.currency ?? "sek",
        payment_intent: stripeId("pi_test_"),
      };
      this.invoices.push(invoice);
      return invoice;
    },
  };
}

/** Answers the self-service calls; null for a path that is not one of them. */
export function billingRoutes(
  billing: StandInBilling,
  method: string,
  path: string,
  body: FormObject,
): Answer | null {
  if (method === "GET" && path === "/v1/invoices") return listInvoices(billing, body);
  if (method === "GET" && path === "/v1/invoice_payments") return listInvoicePayments(billing, body);
  if (method === "POST" && path === "/v1/refunds") return createRefund(billing, body);
  if (method === "POST" && path === "/v1/billing_portal/sessions") return createPortalSession(billing, body);
  if (method === "POST" && path === "/v1/subscription_schedules") return createSchedule(billing, body);
  const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
  if (subscription && method === "DELETE") return cancelNow(billing, decodeURIComponent(subscription[1]!));
  const schedule = /^\/v1\/subscription_schedules\/([^/]+?)(\/release)?$/.exec(path);
  if (schedule && method === "POST") {
    const id = decodeURIComponent(schedule[1]!);
    return schedule[2] ? releaseSchedule(billing, id) : updateSchedule(billing, id, body);
  }
  return null;
}

function listInvoices(billing: StandInBilling, query: FormObject): Answer {
  const subscription = text(query.subscription);
  const status = text(query.status);
  const limit = Number(text(query.limit) ?? "10");
  const found = billing.invoices
    .filter(
      (invoice) =>
        (!subscription || invoice.subscription === subscription) && (!status || invoice.status === status),
    )
    .reverse()
    .slice(0, limit)
    // Since 2025-03-31 an invoice carries no payment_intent; its payments are listed apart.
    .map(({ payment_intent: _paymentIntent, ...invoice }) => invoice);
  return { status: 200, body: list("/v1/invoices", found) };
}

function listInvoicePayments(billing: StandInBilling, query: FormObject): Answer {
  const invoiceId = text(query.invoice);
  const invoice = billing.invoices.find((candidate) => candidate.id === invoiceId);
  if (!invoiceId || !invoice) return noSuch("invoice", invoiceId ?? "", "invoice");
  const payment = {
    id: stripeId("inpay_test_"),
    object: "invoice_payment",
    invoice: invoice.id,
    amount_paid: invoice.amount_paid,
    currency: invoice.currency,
    status: "paid",
    payment: { type: "payment_intent", payment_intent: invoice.payment_intent },
  };
  const status = text(query.status);
  return { status: 200, body: list("/v1/invoice_payments", !status || status === "paid" ? [payment] : []) };
}

function createRefund(billing: StandInBilling, body: FormObject): Answer {
  const paymentIntent = text(body.payment_intent);
  const invoice =
    billing.invoices.find((candidate) => candidate.payment_intent === paymentIntent) ??
    billing.payments
      .filter((payment) => payment.payment_intent === paymentIntent)
      .map((payment) => ({ amount_paid: payment.amount }))[0];
  if (!paymentIntent || !invoice) return noSuch("payment_intent", paymentIntent ?? "", "payment_intent");
  const refunded = billing.refunds
    .filter((refund) => refund.payment_intent === paymentIntent)
    .reduce((sum, refund) => sum + refund.amount, 0);
  const amount = Number(text(body.amount) ?? String(invoice.amount_paid - refunded));
  if (refunded > 0 && refunded >= invoice.amount_paid) {
    return stripeError(
      400,
      "invalid_request_error",
      `Charge for ${paymentIntent} has already been refunded.`,
    );
  }
  if (!Number.isInteger(amount) || amount <= 0 || amount > invoice.amount_paid - refunded) {
    return stripeError(
      400,
      "invalid_request_error",
      `Refund amount (${amount}) is greater than unrefunded amount on charge (${invoice.amount_paid - refunded}).`,
      "amount",
    );
  }
  const refund: StandInRefund = {
    id: stripeId("re_test_"),
    object: "refund",
    amount,
    payment_intent: paymentIntent,
    reason: text(body.reason),
    metadata: record(body.metadata),
    status: "succeeded",
  };
  billing.refunds.push(refund);
  return { status: 200, body: refund };
}

function cancelNow(billing: StandInBilling, id: string): Answer {
  const subscription = billing.subscriptions.get(id);
  if (!subscription) return noSuch("subscription", id);
  subscription.status = "canceled";
  subscription.cancel_at_period_end = false;
  if (subscription.schedule) {
    const schedule = billing.schedules.get(subscription.schedule);
    if (schedule) schedule.status = "released";
    subscription.schedule = null;
  }
  return { status: 200, body: subscription };
}

function createPortalSession(billing: StandInBilling, body: FormObject): Answer {
  const customer = text(body.customer);
  const known = [...billing.subscriptions.values()].some(
    (subscription) => subscription.customer === customer,
  );
  if (!customer || !known) return noSuch("customer", customer ?? "", "customer");
  const flowType = text(object(body.flow_data).type);
  const session: StandInPortalSession = {
    id: stripeId("bps_test_", 14),
    object: "billing_portal.session",
    customer,
    return_url: text(body.return_url),
    flow: flowType ? { type: flowType } : null,
    url: `https://billing.stripe.com/p/session/test_${stripeId("", 20)}`,
  };
  billing.portalSessions.push(session);
  return { status: 200, body: session };
}

function createSchedule(billing: StandInBilling, body: FormObject): Answer {
  const from = text(body.from_subscription);
  const subscription = from ? billing.subscriptions.get(from) : undefined;
  if (!from || !subscription) return noSuch("subscription", from ?? "", "from_subscription");
  if (subscription.schedule) {
    return stripeError(
      400,
      "invalid_request_error",
      `You cannot migrate a subscription that is already attached to a schedule: \`${subscription.schedule}\`.`,
      "from_subscription",
    );
  }
  const item = subscription.items.data[0]!;
  const schedule: StandInSchedule = {
    id: stripeId("sub_sched_test_", 14),
    object: "subscription_schedule",
    subscription: subscription.id,
    status: "active",
    end_behavior: "release",
    phases: [
      {
        start_date: item.current_period_start,
        end_date: item.current_period_end,
        items: [{ price: item.price.id, quantity: "1" }],
        duration: null,
      },
    ],
  };
  billing.schedules.set(schedule.id, schedule);
  subscription.schedule = schedule.id;
  return { status: 200, body: schedule };
}

function updateSchedule(billing: StandInBilling, id: string, body: FormObject): Answer {
  const schedule = billing.schedules.get(id);
  if (!schedule || schedule.status !== "active") return noSuch("subscription_schedule", id);
  const phases = Array.isArray(body.phases) ? body.phases.map(object) : [];
  const current = schedule.phases[0]!;
  // As Stripe: the phase under way cannot be moved; its start must stay where it is.
  if (Number(text(phases[0]?.start_date)) !== current.start_date) {
    return stripeError(
      400,
      "invalid_request_error",
      "You can not modify the start date of the current phase.",
      "phases[0][start_date]",
    );
  }
  const product = billing.subscriptions.get(schedule.subscription)?.items.data[0]?.price.product;
  for (const [index, phase] of phases.entries()) {
    const items = Array.isArray(phase.items) ? phase.items : [];
    const priceData = object(object(items[0]).price_data);
    if (!text(object(items[0]).price) && text(priceData.product) !== product) {
      return stripeError(
        400,
        "invalid_request_error",
        `No such product: '${text(priceData.product) ?? ""}'`,
        `phases[${index}][items][0][price_data][product]`,
      );
    }
  }
  schedule.end_behavior = text(body.end_behavior) ?? schedule.end_behavior;
  schedule.phases = phases.map((phase, index) => ({
    start_date: index === 0 ? current.start_date : Number(text(phase.start_date) ?? current.end_date),
    end_date: text(phase.end_date) ? Number(text(phase.end_date)) : null,
    items: Array.isArray(phase.items) ? phase.items : [],
    duration: phase.duration ? object(phase.duration) : null,
  }));
  return { status: 200, body: schedule };
}

function releaseSchedule(billing: StandInBilling, id: string): Answer {
  const schedule = billing.schedules.get(id);
  if (!schedule || schedule.status !== "active") return noSuch("subscription_schedule", id);
  schedule.status = "released";
  const subscription = billing.subscriptions.get(schedule.subscription);
  if (subscription) subscription.schedule = null;
  return { status: 200, body: schedule };
}
