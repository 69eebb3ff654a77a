// Invoices (faktura, ADR 013): the customer's invoice checkout, the admin's manual invoice and invoice
// list, payments, credits and reminders. The screens and the API share these schemas, so a form refuses
// what the server would refuse, with the same message (named for the screen's i18n key).
import { emailAddressPattern, emailMaxLength } from "./account-rules";
import { cardPlans } from "./checkout";
import { maxReminderFeeOre } from "./creditor";
import { profileIdSchema } from "./profiles";
import { isValidPostcode, normalizePostcode, SWEDISH_VAT_RATES } from "./swedish-numbers";
import { isCalendarDate } from "./calendar-days";
import { text, z } from "./zod";

export const invoiceStatuses = ["draft", "sent", "paid", "overdue", "credited"] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/** Decisions ("Invoice"): an unpaid invoice makes its page `past_due` this many days after the due date… */
export const invoicePastDueAfterDays = 7;
/** …and `expired` this many days after that. */
export const invoiceExpiresAfterPastDueDays = 30;
/** Decisions ("Invoice"): the invoice checkout's invoice is due in 30 days (manual ones: the creditor's terms). */
export const invoiceCheckoutTermsDays = 30;
/** Lines a manual invoice may have. */
export const maxInvoiceLines = 50;
/** The largest unit price a line takes (10 million kronor): beyond it is a typing slip. */
export const maxUnitPriceOre = 1_000_000_000;
export const maxQuantity = 100_000;

/**
 * Every message the schemas give, by a name the screens turn into an i18n key
 * (`invoices.errors.<name>`): the API answers in English, the screens in the reader's language.
 */
export const invoiceMessages = {
  nameRequired: "Enter the name the invoice is made out to.",
  streetRequired: "Enter the street address.",
  postcodeInvalid: "The postcode is five digits, like 123 45.",
  cityRequired: "Enter the city.",
  emailInvalid: "Enter a valid e-mail address.",
  tooLong: "This is too long.",
  linesRequired: "Add at least one line.",
  tooManyLines: `An invoice has at most ${maxInvoiceLines} lines.`,
  descriptionRequired: "Describe what is invoiced.",
  quantityInvalid: `The quantity is more than 0 and at most ${maxQuantity}, with up to three decimals.`,
  unitPriceInvalid: "The price is a sum in kronor and öre, 0 or more.",
  vatRateInvalid: "The VAT rate is 25, 12, 6 or 0 %.",
  totalNotPositive: "The invoice's total must be more than 0.",
  amountInvalid: "The amount is more than 0 kronor.",
  dateInvalid: "The date is YYYY-MM-DD.",
  termsDaysInvalid: "The terms are 1 to 90 days.",
} as const;
export type InvoiceMessage = keyof typeof invoiceMessages;

/** The name of a message a schema gave, for the screen's i18n key; undefined for another one. */
export function invoiceMessageName(message: string): InvoiceMessage | undefined {
  return (Object.keys(invoiceMessages) as InvoiceMessage[]).find((key) => invoiceMessages[key] === message);
}

const line = (what: string, max: number) => text(what).trim().max(max, invoiceMessages.tooLong);
const required = (what: string, message: string, max = 200) => line(what, max).min(1, message);

/** Who an invoice is made out to, in the Swedish address form (street, "123 45 City"). */
export const billingAddressSchema = z.object({
  name: required("The name", invoiceMessages.nameRequired),
  /** A second line for c/o, a company's department, a box number. */
  careOf: line("The c/o line", 200)
    .nullish()
    .transform((value) => (value ? value : null)),
  street: required("The street address", invoiceMessages.streetRequired),
  postcode: text("The postcode", { error: invoiceMessages.postcodeInvalid })
    .trim()
    .refine(isValidPostcode, invoiceMessages.postcodeInvalid)
    .transform(normalizePostcode),
  city: required("The city", invoiceMessages.cityRequired, 100),
  email: text("The e-mail address", { error: invoiceMessages.emailInvalid })
    .trim()
    .max(emailMaxLength, invoiceMessages.emailInvalid)
    .regex(emailAddressPattern, invoiceMessages.emailInvalid),
});
export type BillingAddressInput = z.input<typeof billingAddressSchema>;
export type BillingAddress = z.output<typeof billingAddressSchema>;

/** The printed address lines: name apart, c/o, street, then "postcode city". */
export function addressLinesOf(
  address: Pick<BillingAddress, "careOf" | "street" | "postcode" | "city">,
): string[] {
  return [address.careOf, address.street, `${address.postcode} ${address.city}`].filter(
    (entry): entry is string => !!entry,
  );
}

/** POST /api/checkout/faktura: the owner pays a plan by invoice. */
export const startInvoiceCheckoutRequestSchema = z.object({
  profileId: profileIdSchema,
  plan: z.enum(cardPlans, { error: "plan is monthly, yearly, term10 or term25." }),
  billing: billingAddressSchema,
});
export type StartInvoiceCheckoutRequest = z.input<typeof startInvoiceCheckoutRequestSchema>;

/** An invoice as its customer sees it (the checkout's answer, the confirmation page). */
export const customerInvoiceSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  ocr: z.string(),
  status: z.enum(invoiceStatuses),
  issueDate: z.string(),
  dueDate: z.string(),
  totalOre: z.number().int(),
  /** What is left to pay: the total and any reminder fee, less what has been paid. */
  toPayOre: z.number().int(),
  bankgiro: z.string().nullable(),
  plusgiro: z.string().nullable(),
  email: z.string(),
  /** GET: the invoice as PDF, for its customer and admins. */
  pdfPath: z.string(),
});
export type CustomerInvoice = z.infer<typeof customerInvoiceSchema>;

export function invoicePdfPath(id: string): string {
  return `/api/kammare/invoices/${encodeURIComponent(id)}/invoice.pdf`;
}

export const invoiceIdSchema = z.uuid({ error: "The invoice id is not one we made." });

// --- The admin's side -------------------------------------------------------------------------

/** 1.5 hours, 0.25 kg: quantities are kept in thousandths (invoice_lines.quantity_milli). */
function hasAtMostThreeDecimals(value: number): boolean {
  return Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6;
}

/** A line as the admin types it: the price excluding VAT, in öre. */
export const invoiceLineInputSchema = z.object({
  description: required("The description", invoiceMessages.descriptionRequired, 300),
  quantity: z
    .number({ error: invoiceMessages.quantityInvalid })
    .gt(0, invoiceMessages.quantityInvalid)
    .max(maxQuantity, invoiceMessages.quantityInvalid)
    .refine(hasAtMostThreeDecimals, invoiceMessages.quantityInvalid),
  unitPriceOre: z
    .number({ error: invoiceMessages.unitPriceInvalid })
    .int(invoiceMessages.unitPriceInvalid)
    .min(0, invoiceMessages.unitPriceInvalid)
    .max(maxUnitPriceOre, invoiceMessages.unitPriceInvalid),
  vatRatePercent: z
    .number({ error: invoiceMessages.vatRateInvalid })
    .refine(
      (rate) => (SWEDISH_VAT_RATES as readonly number[]).includes(rate),
      invoiceMessages.vatRateInvalid,
    ),
});
export type InvoiceLineInput = z.input<typeof invoiceLineInputSchema>;

/** POST /api/admin/invoices (issue) and /api/admin/invoices/preview.pdf (the same, drawn, not issued). */
export const manualInvoiceRequestSchema = z.object({
  customer: billingAddressSchema,
  /** The customer's account, when they have one: the invoice then shows on their account. */
  customerUserId: z.uuid({ error: "customerUserId is a user's id." }).nullish(),
  /** A page the invoice pays for: paying it keeps the page active. */
  profileId: profileIdSchema.nullish(),
  language: z.enum(["sv-SE", "en-US"], { error: "language is sv-SE or en-US." }).default("sv-SE"),
  termsDays: z
    .number({ error: invoiceMessages.termsDaysInvalid })
    .int(invoiceMessages.termsDaysInvalid)
    .min(1, invoiceMessages.termsDaysInvalid)
    .max(90, invoiceMessages.termsDaysInvalid)
    .nullish(),
  lines: z
    .array(invoiceLineInputSchema, { error: invoiceMessages.linesRequired })
    .min(1, invoiceMessages.linesRequired)
    .max(maxInvoiceLines, invoiceMessages.tooManyLines),
});
export type ManualInvoiceRequest = z.input<typeof manualInvoiceRequestSchema>;
export type ManualInvoice = z.output<typeof manualInvoiceRequestSchema>;

export const adminInvoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number(),
  unitPriceOre: z.number().int(),
  vatRatePercent: z.number().int(),
  netOre: z.number().int(),
  vatOre: z.number().int(),
});

export const invoicePaymentSchema = z.object({
  id: z.string(),
  amountOre: z.number().int(),
  paidOn: z.string(),
  source: z.enum(["bgmax", "manual"]),
  reference: z.string().nullable(),
  createdAt: z.string(),
});

/** A row of the admin's invoice list. */
export const adminInvoiceSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  ocr: z.string(),
  status: z.enum(invoiceStatuses),
  customerName: z.string(),
  customerEmail: z.string(),
  customerUserId: z.string().nullable(),
  profileId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  issueDate: z.string(),
  dueDate: z.string(),
  totalOre: z.number().int(),
  reminderFeeOre: z.number().int(),
  paidOre: z.number().int(),
  /** Total and reminder fee less what is paid; 0 once settled or credited. */
  toPayOre: z.number().int(),
  remindersSent: z.number().int(),
  /** The credit note's number for a credited invoice; the credited invoice's for a credit note. */
  creditNumber: z.number().int().nullable(),
  isCreditNote: z.boolean(),
});
export type AdminInvoiceSummary = z.infer<typeof adminInvoiceSummarySchema>;

export const adminInvoiceDetailSchema = adminInvoiceSummarySchema.extend({
  customerAddressLines: z.array(z.string()),
  language: z.enum(["sv-SE", "en-US"]),
  netOre: z.number().int(),
  vatOre: z.number().int(),
  lines: z.array(adminInvoiceLineSchema),
  payments: z.array(invoicePaymentSchema),
  pdfPath: z.string(),
  /** What the admin may do now. */
  canCredit: z.boolean(),
  canRemind: z.boolean(),
  /** Whether a reminder now would add the fee (only the first one does). */
  reminderAddsFeeOre: z.number().int(),
  canRecordPayment: z.boolean(),
});
export type AdminInvoiceDetail = z.infer<typeof adminInvoiceDetailSchema>;

/** The list's due filter: overdue now, due within 7 days, or any. */
export const invoiceDueFilters = ["overdue", "due_soon"] as const;
export const adminInvoiceListQuerySchema = z.object({
  status: z.enum(invoiceStatuses, { error: "status is draft, sent, paid, overdue or credited." }).optional(),
  due: z.enum(invoiceDueFilters, { error: "due is overdue or due_soon." }).optional(),
  /** A customer's name or e-mail (part of it), an invoice number, an OCR or a page's code. */
  customer: text("The search").trim().max(200, "The search has at most 200 characters.").optional(),
  page: z.coerce
    .number({ error: "page is a number from 1." })
    .int("page is a number from 1.")
    .min(1, "page is a number from 1.")
    .max(10_000, "page is at most 10000.")
    .default(1),
});
export type AdminInvoiceListQuery = z.input<typeof adminInvoiceListQuerySchema>;

export const adminInvoicePageSize = 25;

export const adminInvoiceListSchema = z.object({
  invoices: z.array(adminInvoiceSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Sums over every invoice the filter finds, not only this page. */
  outstandingOre: z.number().int(),
});
export type AdminInvoiceList = z.infer<typeof adminInvoiceListSchema>;

export const adminInvoiceAnswerSchema = z.object({ invoice: adminInvoiceDetailSchema });
export type AdminInvoiceAnswer = z.infer<typeof adminInvoiceAnswerSchema>;

const isoDate = text("The date", { error: invoiceMessages.dateInvalid })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, invoiceMessages.dateInvalid)
  .refine(isCalendarDate, invoiceMessages.dateInvalid);

/** POST /api/admin/invoices/{id}/payments: money received outside BgMax (full or part). */
export const invoicePaymentRequestSchema = z.object({
  amountOre: z
    .number({ error: invoiceMessages.amountInvalid })
    .int(invoiceMessages.amountInvalid)
    .min(1, invoiceMessages.amountInvalid)
    .max(maxUnitPriceOre, invoiceMessages.amountInvalid),
  paidOn: isoDate,
  reference: line("The reference", 100)
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type InvoicePaymentRequest = z.input<typeof invoicePaymentRequestSchema>;

/** POST /api/admin/invoices/{id}/credit: a credit note for the whole invoice. */
export const creditInvoiceRequestSchema = z.object({
  reason: line("The reason", 300)
    .nullish()
    .transform((value) => (value ? value : null)),
});

/** Decisions: at most one reminder fee per invoice, and never more than 60 SEK. */
export const reminderFeeCapOre = maxReminderFeeOre;
