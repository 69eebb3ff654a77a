// What the admin's BgMax import answers (POST /api/admin/invoices/bgmax) and keeps with the import:
// the report of a Bankgirot payment file, payment by payment, for the admin to follow up by hand.
import { z } from "./zod";

/** The largest BgMax file the import takes: a day's file of tens of thousands of payments fits. */
export const maxBgMaxFileBytes = 5 * 1024 * 1024;

const invoiceRef = { invoiceNumber: z.number().int().nullable(), ocr: z.string() };

export const bgMaxImportSummarySchema = z.object({
  /** The file's SHA-256, which refuses the same file a second time. */
  fileKey: z.string(),
  sections: z.number().int(),
  payments: z.number().int(),
  /** Every payment booked on an invoice; `nowPaid` when it settled the invoice. */
  matched: z.array(z.object({ ...invoiceRef, amountOre: z.number().int(), nowPaid: z.boolean() })),
  /** Matched payments after which the invoice still owes `remainingOre`. */
  partial: z.array(z.object({ ...invoiceRef, amountOre: z.number().int(), remainingOre: z.number().int() })),
  /** Payments whose reference matched no open or paid invoice (booked without one). */
  unmatched: z.array(
    z.object({ reference: z.string(), amountOre: z.number().int(), payerName: z.string().nullable() }),
  ),
  /** Payments that left an invoice paid more than owed, by `excessOre`. */
  overpaid: z.array(z.object({ ...invoiceRef, amountOre: z.number().int(), excessOre: z.number().int() })),
  /** Money the bank took back (deduction records), from the invoice it matched if any. */
  deductions: z.array(
    z.object({
      reference: z.string(),
      amountOre: z.number().int(),
      invoiceNumber: z.number().int().nullable(),
    }),
  ),
  /** Payments minus deductions, in öre. */
  totalOre: z.number().int(),
});
export type BgMaxImportSummary = z.infer<typeof bgMaxImportSummarySchema>;
