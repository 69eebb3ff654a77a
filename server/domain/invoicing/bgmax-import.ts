// Books a Bankgirot BgMax file: every payment is matched to an invoice by its OCR reference, added
// to what the invoice has been paid, and the invoice (and its profile) is settled when paid in full.
// One transaction per file, keyed by the file's SHA-256, so the same file never books twice.
//
// Decisions:
// - Only references Bankgirot checked as OCR (reference code 2) are matched; a free-text reference
//   may hold any number, so it is reported as unmatched for the admin to book by hand.
// - Invoices that are sent, overdue or already paid match; a payment to a paid invoice, or one that
//   takes paid_ore above what is owed, is reported as overpaid (the money is booked on the invoice).
//   Drafts and credited invoices do not match: money for them is reported as unmatched.
// - A deduction (21 record, e.g. a payment the bank returned) with a matching OCR reduces the
//   invoice's paid_ore and is booked as a negative payment; if that leaves a paid invoice short,
//   it is open again (sent, or overdue after its due date). The profile is left to the sweep.
// - Every payment gets an invoice_payments row, with no invoice when unmatched, so the report can
//   be rebuilt from the table and nothing is lost.
import { eq } from "drizzle-orm";
import type { BgMaxImportSummary } from "../../../contract/bgmax";
import { normalizeOcr } from "../../../contract/swedish-numbers";
import type { Database } from "../../db/client";
import { bgmaxImports, invoices } from "../../db/schema";
import { BgMaxFormatError, bgMaxFileKey, type BgMaxFile, type BgMaxPayment } from "./bgmax-file";
import { parseBgMax } from "./bgmax";
import { refuse, type Actor } from "../core";
import { transaction } from "../core";
import { bookInvoicePayment, storeInvoicePayment, type InvoicePaymentInput } from "./invoice-payments";

export type BgMaxImportDeps = {
  now?: Date;
  /** Bankgirot's test files ("T") carry no real money; only tests and trials may book them. */
  allowTestFiles?: boolean;
};

const MATCHABLE_STATUSES = new Set(["sent", "overdue", "paid"]);

function parse(content: Buffer): BgMaxFile {
  try {
    return parseBgMax(content);
  } catch (error) {
    if (error instanceof BgMaxFormatError) {
      throw refuse("bgmax.invalid", { line: error.line, reason: error.reason });
    }
    throw error;
  }
}

export type { BgMaxImportSummary };

export async function importBgMax(
  db: Database,
  content: Buffer,
  actor: Actor,
  deps: BgMaxImportDeps = {},
): Promise<BgMaxImportSummary> {
  const file = parse(content);
  if (file.test && !deps.allowTestFiles) {
    throw refuse("bgmax.test-file");
  }
  const now = deps.now ?? new Date();
  const fileKey = bgMaxFileKey(content);
  const summary: BgMaxImportSummary = {
    fileKey,
    sections: file.sections.length,
    payments: 0,
    matched: [],
    partial: [],
    unmatched: [],
    overpaid: [],
    deductions: [],
    totalOre: 0,
  };

  // Each page a payment brings back to active is recorded as changed (in bookInvoicePayment), and
  // acted on once the whole file is booked (ADR 033).
  await transaction(db, async (tx) => {
    // Claim the file first: a concurrent import of the same bytes waits on the unique key and then
    // finds it taken, so two admins pressing at once still book it once.
    const [claimed] = await tx
      .insert(bgmaxImports)
      .values({ fileKey, importedByUserId: actor.id, importedAt: now, summary: {} })
      .onConflictDoNothing({ target: bgmaxImports.fileKey })
      .returning({ id: bgmaxImports.id });
    if (!claimed) {
      const [earlier] = await tx
        .select({ importedAt: bgmaxImports.importedAt })
        .from(bgmaxImports)
        .where(eq(bgmaxImports.fileKey, fileKey));
      throw earlier
        ? refuse("bgmax.imported", { importedOn: earlier.importedAt.toISOString().slice(0, 10) })
        : refuse("bgmax.imported-before");
    }

    async function book(payment: BgMaxPayment, depositDate: string): Promise<void> {
      summary.payments += 1;
      const signedOre = payment.kind === "deduction" ? -payment.amountOre : payment.amountOre;
      summary.totalOre += signedOre;
      const ocr = payment.referenceType === "ocr" ? normalizeOcr(payment.reference) : "";
      const [invoice] = ocr
        ? await tx.select().from(invoices).where(eq(invoices.ocr, ocr)).for("update")
        : [];
      const match = invoice && MATCHABLE_STATUSES.has(invoice.status) ? invoice : undefined;
      const booking: InvoicePaymentInput = {
        amountOre: signedOre,
        paidOn: depositDate,
        source: "bgmax",
        reference: payment.reference || null,
        bgmaxImportId: claimed?.id,
        bankSerial: payment.serial,
        actorId: actor.id,
      };
      if (!match) {
        await storeInvoicePayment(tx, null, booking, now);
        if (payment.kind === "deduction") {
          summary.deductions.push({
            reference: payment.reference,
            amountOre: payment.amountOre,
            invoiceNumber: null,
          });
        } else {
          summary.unmatched.push({
            reference: payment.reference,
            amountOre: payment.amountOre,
            payerName: payment.payerName ?? null,
          });
        }
        return;
      }
      const booked = await bookInvoicePayment(tx, match, booking, now);
      const { owedOre, paidOre, nowPaid } = booked;
      const isPaid = paidOre >= owedOre;

      const facts = { invoiceNumber: match.number, ocr };
      if (payment.kind === "deduction") {
        summary.deductions.push({
          reference: payment.reference,
          amountOre: payment.amountOre,
          invoiceNumber: match.number,
        });
        return;
      }
      summary.matched.push({ ...facts, amountOre: payment.amountOre, nowPaid });
      if (!isPaid)
        summary.partial.push({ ...facts, amountOre: payment.amountOre, remainingOre: owedOre - paidOre });
      if (paidOre > owedOre)
        summary.overpaid.push({ ...facts, amountOre: payment.amountOre, excessOre: paidOre - owedOre });
    }
    for (const section of file.sections) {
      for (const payment of section.payments) await book(payment, section.depositDate);
    }
    await tx.update(bgmaxImports).set({ summary }).where(eq(bgmaxImports.id, claimed.id));
  });
  return summary;
}
