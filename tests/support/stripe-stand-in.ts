// A local stand-in of the few Stripe API calls Kammare makes, for tests of the `stripe` provider
// through the official `stripe` package (pointed here by its host/port/protocol options). Like Stripe
// it takes form-encoded bodies with nested keys (line_items[0][price_data][unit_amount]=4900), checks
// the secret key, answers Stripe-shaped JSON and errors, and honours Idempotency-Key: the same key
// with the same parameters answers the first response again, with other parameters it is refused.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { billingRoutes, createBilling, type StandInBilling } from "./stripe-stand-in-billing";

/** A form body decoded into nested objects; `[0]`, `[1]`... become arrays. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export type RecordedRequest = {
  method: string;
  path: string;
  idempotencyKey: string | null;
  /** The form body as sent, and decoded. */
  form: string;
  body: FormObject;
  status: number;
};

export type StandInSession = {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete";
  payment_status: "unpaid" | "paid" | "no_payment_required";
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string | null;
  cancel_url: string | null;
  subscription: string | null;
  invoice: string | null;
  /** Payment mode: the payment intent that paid it, once complete. */
  payment_intent: string | null;
  url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
};

export type StandInSubscription = {
  id: string;
  object: "subscription";
  status: "trialing" | "active" | "canceled";
  customer: string;
  metadata: Record<string, string>;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  trial_end: number | null;
  /** The schedule managing it (a change of plan waiting), as Stripe names it. */
  schedule: string | null;
  items: {
    object: "list";
    data: Array<{
      id: string;
      object: "subscription_item";
      current_period_start: number;
      current_period_end: number;
      price: {
        id: string;
        object: "price";
        product: string;
        currency: string;
        unit_amount: number;
        recurring: { interval: string };
      };
    }>;
  };
  created: number;
  livemode: false;
};

export type StripeStandIn = {
  /** e.g. http://127.0.0.1:40123: the provider's apiUrl. */
  url: string;
  requests: RecordedRequest[];
  sessions: Map<string, StandInSession>;
  subscriptions: Map<string, StandInSubscription>;
  /** Invoices, refunds, schedules and portal sessions: what the customer's self-service made. */
  billing: StandInBilling;
  /** What Stripe does when the customer pays on the hosted page: the subscription starts. */
  completeSession(sessionId: string): { session: StandInSession; subscription: StandInSubscription };
  /** The customer pays a payment-mode session (a one-time payment): a payment intent, no subscription. */
  completePayment(sessionId: string): StandInSession;
  close(): Promise<void>;
};

export type Answer = { status: number; body: unknown };
type Stored = { fingerprint: string; answer: Answer };

const now = () => Math.floor(Date.now() / 1000);
const day = 24 * 60 * 60;

/** Stripe's ids: a prefix and random letters and digits. */
export function stripeId(prefix: string, length = 24): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return prefix + Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join("");
}

export function stripeError(status: number, type: string, message: string, param?: string): Answer {
  return { status, body: { error: { type, message, ...(param ? { param } : {}) } } };
}

type Container = FormObject | FormValue[];

function getIn(container: Container, key: string): FormValue | undefined {
  return Array.isArray(container) ? container[Number(key)] : container[key];
}

function setIn(container: Container, key: string, value: FormValue): void {
  if (Array.isArray(container)) container[Number(key)] = value;
  else container[key] = value;
}

/** Decodes `a[b][0][c]=1` into { a: { b: [{ c: "1" }] } }, as Stripe reads its form bodies. */
export function decodeForm(form: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(form)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== "");
    let node: Container = root;
    for (let index = 0; index < path.length - 1; index++) {
      let next = getIn(node, path[index]!);
      if (next === undefined || typeof next === "string") {
        next = /^\d+$/.test(path[index + 1]!) ? [] : {};
        setIn(node, path[index]!, next);
      }
      node = next;
    }
    setIn(node, path[path.length - 1]!, value);
  }
  return root;
}

export function text(value: FormValue | undefined): string | null {
  return typeof value === "string" ? value : null;
}

export function record(value: FormValue | undefined): Record<string, string> {
  if (!value || typeof value === "string" || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, entry]) => (typeof entry === "string" ? [[key, entry]] : [])),
  );
}

export function object(value: FormValue | undefined): FormObject {
  return value && typeof value !== "string" && !Array.isArray(value) ? value : {};
}

export async function startStripeStandIn({ secretKey }: { secretKey: string }): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, StandInSession>();
  const subscriptions = new Map<string, StandInSubscription>();
  // What each session's subscription will be when the customer completes the checkout.
  const pendingTerms = new Map<string, { subscriptionData: FormObject; lineItem: FormObject }>();
  const idempotent = new Map<string, Stored>();
  const billing = createBilling(subscriptions);

  function createSession(body: FormObject): Answer {
    const mode = text(body.mode);
    if (mode === "payment") return createPaymentSession(body);
    if (mode !== "subscription") {
      return stripeError(
        400,
        "invalid_request_error",
        "The stand-in makes subscription and payment sessions.",
        "mode",
      );
    }
    const items = Array.isArray(body.line_items) ? body.line_items : [];
    const lineItem = object(items[0]);
    const priceData = object(lineItem.price_data);
    const unitAmount = Number(text(priceData.unit_amount));
    const quantity = Number(text(lineItem.quantity) ?? "1");
    const interval = text(object(priceData.recurring).interval);
    if (!Number.isInteger(unitAmount) || unitAmount < 0) {
      return stripeError(
        400,
        "invalid_request_error",
        "Invalid integer",
        "line_items[0][price_data][unit_amount]",
      );
    }
    if (interval !== "month" && interval !== "year") {
      return stripeError(
        400,
        "invalid_request_error",
        "Invalid recurring interval",
        "line_items[0][price_data][recurring][interval]",
      );
    }
    for (const field of ["success_url", "cancel_url"] as const) {
      if (!text(body[field])) return stripeError(400, "invalid_request_error", `Missing ${field}`, field);
    }
    const subscriptionData = object(body.subscription_data);
    // As Stripe: with a free trial first nothing is due at checkout. A trial_end must be at least
    // 48 hours ahead (Stripe's rule for Checkout Sessions).
    const trialEndParam = Number(text(subscriptionData.trial_end) ?? "0");
    if (trialEndParam > 0 && trialEndParam < now() + 2 * day) {
      return stripeError(
        400,
        "invalid_request_error",
        "subscription_data[trial_end] must be at least 48 hours in the future.",
        "subscription_data[trial_end]",
      );
    }
    const trial = Number(text(subscriptionData.trial_period_days) ?? "0") > 0 || trialEndParam > 0;
    const id = stripeId("cs_test_", 58);
    const created = now();
    const session: StandInSession = {
      id,
      object: "checkout.session",
      mode: "subscription",
      status: "open",
      payment_status: "unpaid",
      amount_subtotal: trial ? 0 : unitAmount * quantity,
      amount_total: trial ? 0 : unitAmount * quantity,
      currency: text(priceData.currency) ?? "sek",
      customer: null,
      customer_email: text(body.customer_email),
      client_reference_id: text(body.client_reference_id),
      metadata: record(body.metadata),
      success_url: text(body.success_url),
      cancel_url: text(body.cancel_url),
      subscription: null,
      invoice: null,
      payment_intent: null,
      url: `https://checkout.stripe.com/c/pay/${id}`,
      created,
      expires_at: created + day,
      livemode: false,
    };
    sessions.set(id, session);
    pendingTerms.set(id, { subscriptionData, lineItem });
    return { status: 200, body: session };
  }

  /** As Stripe: a payment-mode session takes a one-time price (recurring is refused) and no subscription_data. */
  function createPaymentSession(body: FormObject): Answer {
    const items = Array.isArray(body.line_items) ? body.line_items : [];
    const lineItem = object(items[0]);
    const priceData = object(lineItem.price_data);
    const unitAmount = Number(text(priceData.unit_amount));
    if (!Number.isInteger(unitAmount) || unitAmount <= 0) {
      return stripeError(
        400,
        "invalid_request_error",
        "Invalid integer",
        "line_items[0][price_data][unit_amount]",
      );
    }
    if (priceData.recurring !== undefined) {
      return stripeError(
        400,
        "invalid_request_error",
        "You specified `payment` mode but passed a recurring price.",
        "line_items[0][price_data][recurring]",
      );
    }
    if (body.subscription_data !== undefined) {
      return stripeError(
        400,
        "invalid_request_error",
        "subscription_data can only be used in subscription mode.",
        "subscription_data",
      );
    }
    for (const field of ["success_url", "cancel_url"] as const) {
      if (!text(body[field])) return stripeError(400, "invalid_request_error", `Missing ${field}`, field);
    }
    const id = stripeId("cs_test_", 58);
    const created = now();
    const amount = unitAmount * Number(text(lineItem.quantity) ?? "1");
    const session: StandInSession = {
      id,
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_subtotal: amount,
      amount_total: amount,
      currency: text(priceData.currency) ?? "sek",
      customer: null,
      customer_email: text(body.customer_email),
      client_reference_id: text(body.client_reference_id),
      metadata: record(body.metadata),
      success_url: text(body.success_url),
      cancel_url: text(body.cancel_url),
      subscription: null,
      invoice: null,
      payment_intent: null,
      url: `https://checkout.stripe.com/c/pay/${id}`,
      created,
      expires_at: created + day,
      livemode: false,
    };
    sessions.set(id, session);
    return { status: 200, body: session };
  }

  function updateSubscription(id: string, body: FormObject): Answer {
    const subscription = subscriptions.get(id);
    if (!subscription) {
      return stripeError(404, "invalid_request_error", `No such subscription: '${id}'`, "id");
    }
    const cancel = text(body.cancel_at_period_end);
    if (cancel === "true" && subscription.schedule) {
      // As Stripe: a subscription a schedule manages is changed through the schedule.
      return stripeError(
        400,
        "invalid_request_error",
        `The subscription is managed by the subscription schedule \`${subscription.schedule}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
      );
    }
    if (cancel !== null) {
      subscription.cancel_at_period_end = cancel === "true";
      subscription.cancel_at = subscription.cancel_at_period_end
        ? subscription.items.data[0]!.current_period_end
        : null;
    }
    const trialEnd = text(body.trial_end);
    if (trialEnd !== null) {
      // As Stripe: a new trial end must lie ahead; it ends the current (trial) period there.
      const at = Number(trialEnd);
      if (!Number.isInteger(at) || at <= now()) {
        return stripeError(400, "invalid_request_error", "trial_end must be in the future.", "trial_end");
      }
      subscription.trial_end = at;
      subscription.status = "trialing";
      subscription.items.data[0]!.current_period_end = at;
    }
    subscription.metadata = { ...subscription.metadata, ...record(body.metadata) };
    return { status: 200, body: subscription };
  }

  function route(method: string, path: string, body: FormObject): Answer {
    if (method === "POST" && path === "/v1/checkout/sessions") return createSession(body);
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (sessionPath && method === "GET") {
      const found = sessions.get(decodeURIComponent(sessionPath[1]!));
      return found
        ? { status: 200, body: found }
        : stripeError(404, "invalid_request_error", `No such checkout.session: '${sessionPath[1]}'`, "id");
    }
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subscription && method === "POST")
      return updateSubscription(decodeURIComponent(subscription[1]!), body);
    if (subscription && method === "GET") {
      const found = subscriptions.get(decodeURIComponent(subscription[1]!));
      return found
        ? { status: 200, body: found }
        : stripeError(404, "invalid_request_error", `No such subscription: '${subscription[1]}'`, "id");
    }
    return (
      billingRoutes(billing, method, path, body) ??
      stripeError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`)
    );
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = Buffer.concat(chunks).toString("utf8");
    const method = request.method ?? "GET";
    const url = new URL(request.url ?? "/", "http://stand-in");
    const path = url.pathname;
    const idempotencyKey = request.headers["idempotency-key"];
    const key = typeof idempotencyKey === "string" ? idempotencyKey : null;
    // GET and DELETE carry their parameters in the query string, as the client library sends them.
    const body = { ...decodeForm(url.search.slice(1)), ...decodeForm(form) };
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "request-id": stripeId("req_", 14),
    };

    let answer: Answer;
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      answer = stripeError(401, "invalid_request_error", "Invalid API Key provided.");
    } else if (key && method === "POST") {
      const fingerprint = `${method} ${path} ${form}`;
      const stored = idempotent.get(key);
      if (!stored) {
        answer = route(method, path, body);
        idempotent.set(key, { fingerprint, answer });
      } else if (stored.fingerprint === fingerprint) {
        answer = stored.answer;
        headers["idempotent-replayed"] = "true";
      } else {
        answer = stripeError(
          400,
          "idempotency_error",
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        );
      }
    } else {
      answer = route(method, path, body);
    }
    requests.push({ method, path, idempotencyKey: key, form, body, status: answer.status });
    response.writeHead(answer.status, headers);
    response.end(JSON.stringify(answer.body));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { type: "api_error", message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    subscriptions,
    billing,
    completeSession(sessionId) {
      const session = sessions.get(sessionId);
      const terms = pendingTerms.get(sessionId);
      if (!session || !terms) throw new Error(`No such checkout session: ${sessionId}`);
      const priceData = object(terms.lineItem.price_data);
      const trialDays = Number(text(terms.subscriptionData.trial_period_days) ?? "0");
      const interval = text(object(priceData.recurring).interval) ?? "month";
      const start = now();
      const trialEndParam = Number(text(terms.subscriptionData.trial_end) ?? "0");
      const trialEnd = trialDays > 0 ? start + trialDays * day : trialEndParam > 0 ? trialEndParam : null;
      const periodEnd = trialEnd ?? start + (interval === "year" ? 365 : 30) * day;
      const subscription: StandInSubscription = {
        id: stripeId("sub_test_"),
        object: "subscription",
        status: trialEnd ? "trialing" : "active",
        customer: stripeId("cus_test_", 14),
        metadata: record(terms.subscriptionData.metadata),
        cancel_at_period_end: false,
        cancel_at: null,
        trial_end: trialEnd,
        schedule: null,
        items: {
          object: "list",
          data: [
            {
              id: stripeId("si_test_", 14),
              object: "subscription_item",
              current_period_start: start,
              current_period_end: periodEnd,
              price: {
                id: stripeId("price_test_", 14),
                object: "price",
                product: stripeId("prod_test_", 14),
                currency: text(priceData.currency) ?? "sek",
                unit_amount: Number(text(priceData.unit_amount)),
                recurring: { interval },
              },
            },
          ],
        },
        created: start,
        livemode: false,
      };
      subscriptions.set(subscription.id, subscription);
      // Paid at once (no trial first): the first invoice, paid by a payment intent, as Stripe makes it.
      const invoice = trialEnd ? null : billing.payInvoice(subscription, session.amount_total);
      Object.assign(session, {
        status: "complete",
        payment_status: trialEnd ? "no_payment_required" : "paid",
        customer: subscription.customer,
        subscription: subscription.id,
        invoice: invoice?.id ?? null,
        url: null,
      });
      return { session, subscription };
    },
    completePayment(sessionId) {
      const session = sessions.get(sessionId);
      if (!session || session.mode !== "payment") throw new Error(`No payment session: ${sessionId}`);
      const paymentIntent = stripeId("pi_test_");
      billing.payments.push({ payment_intent: paymentIntent, amount: session.amount_total });
      Object.assign(session, {
        status: "complete",
        payment_status: "paid",
        customer: stripeId("cus_test_", 14),
        payment_intent: paymentIntent,
        url: null,
      });
      return session;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
