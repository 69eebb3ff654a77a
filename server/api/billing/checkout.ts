// /api/checkout: the owner's card and invoice checkouts (signed-in area, server/http/guards.ts). Starting makes or
// continues the order and the provider's checkout; the sandbox's card form and confirmation step
// report their outcome as the sandbox's signed webhook, booked through receiveWebhook like any other.
// Card details are checked here and never stored or logged.
import { Hono } from "hono";
import {
  sandboxCards,
  sandboxConfirmRequestSchema,
  type CardOnFile,
  sandboxPayRequestSchema,
  startCardCheckoutRequestSchema,
} from "../../../contract/checkout";
import { readCookie } from "../../../contract/cookie";
import { freeTrialDays, type TermPrices } from "../../../contract/pricing";
import { startInvoiceCheckoutRequestSchema } from "../../../contract/invoices";
import { startGiftCardRequestSchema, startGiftInvoiceRequestSchema } from "../../../contract/gifts";
import { referralCookieName } from "../../../contract/partners";
import type { Database } from "../../db/client";
import { refuse } from "../../domain/core";
import { attribute, organisationIdBySlug } from "../../domain/profiles";
import { checkoutByInvoice, type InvoicingDeps } from "../../domain/invoicing";
import {
  createCardOrder,
  customerOrder,
  findCustomerOrderRow,
  firstChargeAt,
  giftPlan,
  orderPaymentRefusal,
} from "../../domain/billing";
import type { SignedInEnv } from "../../http/guards";
import { readJson } from "../../http/errors";
import { keptCard, sandboxOutcome, type SandboxProvider } from "../../providers/payments/sandbox";
import type { PaymentProvider } from "../../providers/payments/types";
import { receiveWebhook, type WebhookDeps } from "./webhooks";

export type CheckoutDeps = {
  db: Database;
  /** Null when the site takes no card payments (an https site with no provider named). */
  provider: PaymentProvider | null;
  /** Set when the sandbox is the provider: its card form's calls answer only then. */
  sandbox: SandboxProvider | null;
  publicUrl: string;
  webhooks: WebhookDeps;
  /** Paying by invoice: issuing, e-mailing and handing over the invoice. */
  invoicing: InvoicingDeps;
  /** The prepaid terms' prices as configured. */
  termPrices?: TermPrices;
};

export function checkoutRoutes(deps: CheckoutDeps) {
  const { db } = deps;

  /** The viewer's sandbox order that can still be paid, or the refusal. */
  async function sandboxOrder(orderNumber: string, viewerId: string) {
    if (!deps.sandbox) throw refuse("checkout.no-sandbox");
    const order = await findCustomerOrderRow(db, orderNumber, viewerId);
    if (!order) throw refuse("checkout.order-missing");
    if (order.provider !== "sandbox") {
      throw refuse("checkout.other-provider");
    }
    const refusal = await orderPaymentRefusal(db, order, new Date());
    if (refusal) throw refuse(refusal, {}, { field: "orderNumber" });
    return { order, sandbox: deps.sandbox };
  }

  async function report(
    sandbox: SandboxProvider,
    order: { orderNumber: string; providerReference: string | null; amountOre: number },
    type: "payment_succeeded" | "checkout_completed" | "payment_failed" | "requires_confirmation",
    failureCode: string | null,
    viewerId: string,
    card: CardOnFile | null = null,
  ) {
    const { body, headers } = sandbox.webhook(type, {
      orderNumber: order.orderNumber,
      reference: order.providerReference ?? "",
      amountOre: order.amountOre,
      failureCode,
      card,
    });
    const outcome = await receiveWebhook(deps.webhooks, "sandbox", body, headers);
    if (outcome.status !== 200) throw new Error(`The sandbox's own webhook was refused: ${outcome.message}`);
    return { order: await customerOrder(db, order.orderNumber, viewerId) };
  }

  /** The card went through: charged, or kept while a trial comes first (charged at the trial's end). */
  async function succeed(
    sandbox: SandboxProvider,
    order: Parameters<typeof report>[1] & Parameters<typeof firstChargeAt>[1],
    viewerId: string,
    card: CardOnFile,
  ) {
    const trialDays = deps.webhooks.booking.freeTrialDays ?? freeTrialDays;
    const later = await firstChargeAt(db, order, { now: new Date(), trialDays });
    return report(sandbox, order, later ? "checkout_completed" : "payment_succeeded", null, viewerId, card);
  }

  /** Paid, or with the card kept for a trial's end: a second click changes nothing. */
  const done = (order: { status: string }) => order.status === "paid" || order.status === "scheduled";

  return (
    new Hono<SignedInEnv>()
      .post("/card", async (c) => {
        const request = await readJson(c, startCardCheckoutRequestSchema);
        if (!deps.provider) {
          throw refuse("checkout.card-unavailable");
        }
        const { order, start } = await createCardOrder(
          db,
          {
            profileId: request.profileId,
            plan: request.plan,
            link: request.link,
            delivery: request.delivery,
          },
          c.get("viewer"),
          { provider: deps.provider, publicUrl: deps.publicUrl, termPrices: deps.termPrices },
        );
        if (request.link) {
          // A checkout link a partner passed on (its ?ref= set the cookie): the customer and the page
          // are that partner's, unless attributed already (first touch wins). After the order: a refused
          // checkout attributes nothing.
          const partner = await organisationIdBySlug(
            db,
            readCookie(c.req.header("cookie"), referralCookieName),
          );
          if (partner) {
            const customer = c.get("viewer").id;
            await attribute(db, {
              subject: { userId: customer },
              organisationId: partner,
              source: "checkout_link",
            });
            await attribute(db, {
              subject: { profileId: request.profileId },
              organisationId: partner,
              source: "checkout_link",
            });
          }
        }
        const next = start.kind === "redirect" ? { kind: start.kind, url: start.url } : { kind: start.kind };
        return c.json({ order, next });
      })
      // A year given to a page by a signed-in visitor (ADR 044): the card and invoice checkouts' own
      // paths, with the giver as the order's customer; the sandbox's card form pays it as any order.
      .post("/gift/card", async (c) => {
        const { profileId, anonymous, giverName } = await readJson(c, startGiftCardRequestSchema);
        if (!deps.provider) throw refuse("checkout.card-unavailable");
        const { order, start } = await createCardOrder(
          db,
          { profileId, gift: { anonymous, giverName } },
          c.get("viewer"),
          { provider: deps.provider, publicUrl: deps.publicUrl },
        );
        const next = start.kind === "redirect" ? { kind: start.kind, url: start.url } : { kind: start.kind };
        return c.json({ order, next });
      })
      .post("/gift/faktura", async (c) => {
        const { profileId, anonymous, giverName, billing } = await readJson(c, startGiftInvoiceRequestSchema);
        const input = { profileId, plan: giftPlan, billing, gift: { anonymous, giverName } };
        return c.json(await checkoutByInvoice(deps.invoicing, input, c.get("viewer")));
      })
      .post("/faktura", async (c) => {
        const request = await readJson(c, startInvoiceCheckoutRequestSchema);
        return c.json(await checkoutByInvoice(deps.invoicing, request, c.get("viewer")));
      })
      .post("/sandbox/pay", async (c) => {
        const request = await readJson(c, sandboxPayRequestSchema);
        const viewer = c.get("viewer");
        const { order, sandbox } = await sandboxOrder(request.orderNumber, viewer.id);
        // A second click after the payment went through: the paid order, nothing charged again.
        if (done(order)) return c.json({ order: await customerOrder(db, order.orderNumber, viewer.id) });
        const outcome = sandboxOutcome(request.cardNumber);
        const answer =
          outcome === "succeeded"
            ? await succeed(sandbox, order, viewer.id, keptCard(request.cardNumber))
            : outcome === "declined"
              ? await report(sandbox, order, "payment_failed", "card_declined", viewer.id)
              : await report(sandbox, order, "requires_confirmation", null, viewer.id);
        return c.json(answer);
      })
      .post("/sandbox/confirm", async (c) => {
        const request = await readJson(c, sandboxConfirmRequestSchema);
        const viewer = c.get("viewer");
        const { order, sandbox } = await sandboxOrder(request.orderNumber, viewer.id);
        if (done(order)) return c.json({ order: await customerOrder(db, order.orderNumber, viewer.id) });
        if (order.status !== "requires_confirmation") {
          throw refuse("checkout.not-awaiting-confirmation");
        }
        const answer = request.approve
          ? // The one test number that asks for confirmation: kept, it asks again at each renewal.
            await succeed(sandbox, order, viewer.id, keptCard(sandboxCards.requiresConfirmation))
          : await report(sandbox, order, "payment_failed", "confirmation_declined", viewer.id);
        return c.json(answer);
      })
  );
}
