// Credit notes (a whole invoice nothing has been paid on, credited by the next number) and reminders
// (the sweep's one without a fee; an admin's, the first with the creditor's fee).
import { eq } from "drizzle-orm";
import { swedishDate } from "../../../contract/calendar-days";
import { maxReminderFeeOre } from "../../../contract/creditor";
import type { AdminInvoiceDetail } from "../../../contract/invoices";
import { invoices, orders, profiles } from "../../db/schema";
import { audit, type RequestOrigin, refuse, type Actor } from "../core";
import { unpaidInvoiceStatuses } from "../billing";
import { pageChanged, recordEvent, transaction } from "../core";
import { deliverInvoice, emailInvoice } from "./invoice-delivery";
import { creditorOf, isPastDue, linesOf, localeOfInvoice, type InvoicingDeps } from "./invoice-rows";
import { insertInvoice } from "./issuing";
import { requireDetail } from "./invoice-views";
import { lockedInvoice } from "./invoice-payments";

/** Credits a whole invoice nothing has been paid on: a credit note, and the page's period ends. Audited. */
export async function creditInvoice(
  deps: InvoicingDeps,
  {
    id,
    input,
    actor,
    origin,
  }: { id: string; input: { reason: string | null }; actor: Actor; origin: RequestOrigin },
): Promise<AdminInvoiceDetail> {
  const now = deps.now ?? new Date();
  const note = await transaction(deps.db, async (tx) => {
    const invoice = await lockedInvoice(tx, id);
    if (invoice.creditsInvoiceId) throw refuse("invoice.credit-note");
    if (invoice.status === "credited") throw refuse("invoice.credited-already");
    if (!unpaidInvoiceStatuses.includes(invoice.status) || invoice.paidOre !== 0) {
      throw refuse("invoice.partly-paid");
    }
    const lines = await linesOf(tx, invoice.id);
    // The seller that issued the invoice issues its credit note, in the same number series.
    const note = await insertInvoice(
      tx,
      await creditorOf(tx, invoice),
      {
        customer: {
          name: invoice.customerName,
          addressLines: invoice.customerAddressLines,
          email: invoice.customerEmail,
        },
        customerUserId: invoice.customerUserId,
        profileId: invoice.profileId,
        orderId: invoice.orderId,
        language: localeOfInvoice(invoice),
        termsDays: 0,
        lines: lines.map((line) => ({
          description: line.description,
          quantity: -line.quantityMilli / 1000,
          unitPriceOre: line.unitPriceOre,
          vatRatePercent: line.vatRatePercent,
        })),
        createdByUserId: actor.id,
        creditsInvoiceId: invoice.id,
        status: "credited",
      },
      now,
    );
    await tx.update(invoices).set({ status: "credited" }).where(eq(invoices.id, invoice.id));
    if (invoice.orderId) {
      await tx.update(orders).set({ status: "cancelled" }).where(eq(orders.id, invoice.orderId));
    }
    if (invoice.profileId) {
      // What the invoice paid for is not paid: the period ends now, and the sweep takes it from there.
      const [profile] = await tx
        .select()
        .from(profiles)
        .where(eq(profiles.id, invoice.profileId))
        .for("update");
      if (profile?.paidUntil && profile.paidUntil > now && invoice.orderId) {
        await tx.update(profiles).set({ paidUntil: now, updatedAt: now }).where(eq(profiles.id, profile.id));
        recordEvent(tx, pageChanged(profile.id));
      }
    }
    await audit(tx, {
      action: "admin.invoice_credit",
      actorUserId: actor.id,
      targetUserId: invoice.customerUserId,
      details: {
        invoiceId: invoice.id,
        number: invoice.number,
        creditNote: note.number,
        reason: input.reason,
      },
      ...origin,
    });
    return note;
  });
  await deliverInvoice(deps, note.id);
  return requireDetail(deps.db, id, now);
}

/**
 * The admin sends a reminder of an unpaid invoice past its due date; the first reminder an admin sends
 * adds the creditor's fee (at most 60 SEK, once per invoice). The e-mail goes out before the commit,
 * so a reminder that could not be sent adds no fee.
 */
export async function sendInvoiceReminder(
  deps: InvoicingDeps,
  id: string,
  actor: Actor,
  origin: RequestOrigin,
): Promise<AdminInvoiceDetail> {
  const now = deps.now ?? new Date();
  await deps.db.transaction(async (tx) => {
    const invoice = await lockedInvoice(tx, id);
    if (invoice.creditsInvoiceId || !isPastDue(invoice, swedishDate(now))) {
      throw refuse("invoice.not-past-due");
    }
    const creditor = await creditorOf(tx, invoice);
    const fee = invoice.reminderFeeOre === 0 ? Math.min(creditor.reminderFeeOre, maxReminderFeeOre) : 0;
    const [updated] = await tx
      .update(invoices)
      .set({
        status: "overdue",
        reminderFeeOre: invoice.reminderFeeOre + fee,
        remindersSent: invoice.remindersSent + 1,
        lastReminderAt: now,
      })
      .where(eq(invoices.id, invoice.id))
      .returning();
    if (!updated) throw new Error("the reminder was not stored");
    await audit(tx, {
      action: "admin.invoice_reminder",
      actorUserId: actor.id,
      targetUserId: invoice.customerUserId,
      details: { invoiceId: invoice.id, number: invoice.number, feeOre: fee },
      ...origin,
    });
    await emailInvoice(deps, tx, updated, "reminder");
  });
  return requireDetail(deps.db, id, now);
}
