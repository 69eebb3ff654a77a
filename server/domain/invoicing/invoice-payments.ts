// Payments of invoices, from the bank file (BgMax) or booked by an admin: paid in full (by one payment
// or several), the invoice is paid, its order too, and a page that went past due or expired is active
// again, for a new period if the one the invoice paid for is over.
import { eq } from "drizzle-orm";
import { swedishDate } from "../../../contract/calendar-days";
import type { AdminInvoiceDetail } from "../../../contract/invoices";
import { isTermPlan, termEnd } from "../../../contract/pricing";
import type { Executor } from "../../db/client";
import { invoicePayments, invoices, orders, profiles } from "../../db/schema";
import { audit, type RequestOrigin, refuse, type Actor } from "../core";
import { addInterval, applyPaymentToPage, unpaidInvoiceStatuses } from "../billing";
import { pageChanged, recordEvent, transaction } from "../core";
import { owedOre, type InvoiceRow, type InvoicingDeps } from "./invoice-rows";
import { reactivatedStatuses } from "./issuing";
import { requireDetail } from "./invoice-views";

export type InvoicePaymentInput = {
  /** Negative for money the bank took back. */
  amountOre: number;
  paidOn: string;
  source: "bgmax" | "manual";
  reference: string | null;
  bgmaxImportId?: string | null;
  bankSerial?: string | null;
  actorId: string | null;
};

export type InvoicePaymentOutcome = {
  /** This payment settled the invoice. */
  nowPaid: boolean;
  /** This (negative) payment left a paid invoice short again. */
  reopened: boolean;
  owedOre: number;
  paidOre: number;
  /** The page this payment brought back to active (recorded as `page.changed` too, ADR 033). */
  reactivatedProfileId: string | null;
};

/** The payment's row; with no invoice for money whose reference matched none (the import's report). */
export async function storeInvoicePayment(
  tx: Executor,
  invoiceId: string | null,
  payment: InvoicePaymentInput,
  now: Date,
): Promise<void> {
  await tx.insert(invoicePayments).values({
    invoiceId,
    amountOre: payment.amountOre,
    paidOn: payment.paidOn,
    source: payment.source,
    reference: payment.reference,
    bgmaxImportId: payment.bgmaxImportId ?? null,
    bankSerial: payment.bankSerial ?? null,
    createdByUserId: payment.actorId,
    createdAt: now,
  });
}

/**
 * Books one payment on an invoice locked by the caller (SELECT … FOR UPDATE), in the caller's
 * transaction: the payment row, the invoice's paid sum and status, and when that settles it, its
 * order and its page.
 */
export async function bookInvoicePayment(
  tx: Executor,
  invoice: InvoiceRow,
  payment: InvoicePaymentInput,
  now: Date,
): Promise<InvoicePaymentOutcome> {
  await storeInvoicePayment(tx, invoice.id, payment, now);
  const owed = owedOre(invoice);
  const paidOre = invoice.paidOre + payment.amountOre;
  const wasPaid = invoice.status === "paid";
  const isPaid = paidOre >= owed;
  const changes: Partial<typeof invoices.$inferInsert> = { paidOre };
  const outcome: InvoicePaymentOutcome = {
    nowPaid: isPaid && !wasPaid,
    reopened: !isPaid && wasPaid,
    owedOre: owed,
    paidOre,
    reactivatedProfileId: null,
  };
  if (outcome.nowPaid) {
    changes.status = "paid";
    // The day the money came, at noon UTC: the same day in Swedish time and in UTC, all year.
    changes.paidAt = new Date(`${payment.paidOn}T12:00:00Z`);
  } else if (outcome.reopened) {
    changes.status = invoice.dueDate && invoice.dueDate < swedishDate(now) ? "overdue" : "sent";
    changes.paidAt = null;
  }
  await tx.update(invoices).set(changes).where(eq(invoices.id, invoice.id));

  const [order] = invoice.orderId
    ? await tx.select().from(orders).where(eq(orders.id, invoice.orderId)).for("update")
    : [];
  if (order && outcome.nowPaid) {
    await tx.update(orders).set({ status: "paid", paidAt: now }).where(eq(orders.id, order.id));
  } else if (order && outcome.reopened) {
    await tx.update(orders).set({ status: "pending", paidAt: null }).where(eq(orders.id, order.id));
  }
  if (outcome.nowPaid && invoice.profileId) {
    const [profile] = await tx
      .select()
      .from(profiles)
      .where(eq(profiles.id, invoice.profileId))
      .for("update");
    if (profile && reactivatedStatuses.has(profile.status)) {
      const lapsed = !profile.paidUntil || profile.paidUntil <= now;
      const interval = order?.plan === "monthly" ? "month" : "year";
      // A prepaid term paid after its page lapsed: its years from that day, as its order then says.
      const term = order && isTermPlan(order.plan) ? order.plan : null;
      const newEnd = term ? termEnd(now, term) : addInterval(now, interval);
      // A gift's year, too (ADR 044): its receipt and the giver's account name the stretch.
      if (lapsed && (term || order?.gift) && order) {
        await tx.update(orders).set({ termFrom: now, termUntil: newEnd }).where(eq(orders.id, order.id));
      }
      await applyPaymentToPage(tx, {
        profile,
        to: "active",
        reason: "invoice_paid",
        paidUntil: lapsed ? newEnd : undefined,
        orderNumber: order?.orderNumber ?? `invoice ${invoice.number}`,
        actorUserId: payment.actorId,
        now,
      });
      outcome.reactivatedProfileId = profile.id;
      recordEvent(tx, pageChanged(profile.id));
    }
  }
  return outcome;
}

export async function lockedInvoice(tx: Executor, id: string): Promise<InvoiceRow> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
  if (!row || row.number === null) throw refuse("invoice.missing");
  return row;
}

/** The admin books money received outside the bank file (in full or in part). Audited. */
export async function recordInvoicePayment(
  deps: InvoicingDeps,
  {
    id,
    input,
    actor,
    origin,
  }: {
    id: string;
    input: { amountOre: number; paidOn: string; reference: string | null };
    actor: Actor;
    origin: RequestOrigin;
  },
): Promise<AdminInvoiceDetail> {
  const now = deps.now ?? new Date();
  await transaction(deps.db, async (tx) => {
    const invoice = await lockedInvoice(tx, id);
    if (!unpaidInvoiceStatuses.includes(invoice.status) || invoice.creditsInvoiceId) {
      throw refuse(invoice.status === "paid" ? "invoice.paid-already" : "invoice.not-payable");
    }
    if (input.paidOn > swedishDate(now)) {
      throw refuse("invoice.paid-in-future");
    }
    const booked = await bookInvoicePayment(
      tx,
      invoice,
      { ...input, source: "manual", actorId: actor.id },
      now,
    );
    await audit(tx, {
      action: "admin.invoice_payment",
      actorUserId: actor.id,
      targetUserId: invoice.customerUserId,
      details: {
        invoiceId: invoice.id,
        number: invoice.number,
        amountOre: input.amountOre,
        nowPaid: booked.nowPaid,
      },
      ...origin,
    });
  });
  return requireDetail(deps.db, id, now);
}
