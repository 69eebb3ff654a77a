// The invoicing calls (ADR 013): paying by invoice, the invoice PDF, the admin's invoices and
// creditor, and the import of Bankgirot's BgMax payment file.
import { z } from "../zod";
import { bgMaxImportSummarySchema } from "../bgmax";
import { customerOrderSchema } from "../checkout";
import { creditorAnswerSchema, creditorInputSchema, creditorSchema } from "../creditor";
import {
  adminInvoiceAnswerSchema,
  adminInvoiceListQuerySchema,
  adminInvoiceListSchema,
  creditInvoiceRequestSchema,
  customerInvoiceSchema,
  invoicePaymentRequestSchema,
  manualInvoiceRequestSchema,
  startInvoiceCheckoutRequestSchema,
} from "../invoices";
import { startGiftInvoiceRequestSchema } from "../gifts";
import type { Endpoint } from "./endpoint";

export const invoicingEndpoints = [
  {
    method: "post",
    path: "/api/admin/invoices/bgmax",
    summary:
      "Imports Bankgirot's BgMax payment file, sent as the request body (application/octet-stream or " +
      "text/plain, at most 5 MB), in one transaction: payments are matched to sent, overdue or paid " +
      "invoices by OCR reference and booked; an invoice paid in full becomes paid and its past-due or " +
      "expired page active again. Answers the report of matched, partial, unmatched and overpaid " +
      "payments (admin only).",
    auth: true,
    fileBody: ["application/octet-stream", "text/plain"],
    responses: {
      200: { description: "The import's report", schema: bgMaxImportSummarySchema },
      400: {
        description: "Not a BgMax file (the message names the line), a test file, or a wrong content type",
      },
      409: {
        description: "This file has been imported before (the message gives the date); nothing was booked",
      },
      413: { description: "The file is larger than 5 MB" },
    },
  },
  {
    method: "get",
    path: "/api/admin/creditor",
    summary: "The active creditor, the company's invoicing identity; null before one is set up (admin only).",
    auth: true,
    responses: { 200: { description: "The creditor or null", schema: creditorAnswerSchema } },
  },
  {
    method: "put",
    path: "/api/admin/creditor",
    summary:
      "Creates the active creditor or updates it; numbers are stored in their printed forms and the invoice " +
      "counter is left alone (admin only, audited).",
    auth: true,
    request: creditorInputSchema,
    responses: {
      200: { description: "The saved creditor", schema: creditorSchema },
      400: {
        description: "A field is missing or wrong (a check digit, a VAT number of another organisation)",
      },
    },
  },
  {
    method: "post",
    path: "/api/checkout/faktura",
    summary:
      "The owner pays a plan by invoice: the billing address is checked (Swedish postcode), the invoice is " +
      "issued at once (gapless number, OCR, due in the creditor's terms, VAT 25 %), e-mailed with its PDF, and " +
      "the page is active for the plan's period.",
    auth: true,
    request: startInvoiceCheckoutRequestSchema,
    responses: {
      200: {
        description: "The order and its invoice",
        schema: z.object({ order: customerOrderSchema, invoice: customerInvoiceSchema }),
      },
      400: { description: "A billing field is missing or wrong (the field is named)" },
      403: { description: "Not the page's owner" },
      409: { description: "The page cannot be paid for now, or invoices are not set up yet" },
    },
  },
  {
    method: "post",
    path: "/api/checkout/gift/faktura",
    summary:
      "A signed-in visitor gives a page a year by invoice, in their own name (ADR 044): the invoice is issued and " +
      "e-mailed to the giver, the page is active at once, and the owner and editors are told who gave it.",
    auth: true,
    request: startGiftInvoiceRequestSchema,
    responses: {
      200: {
        description: "The order and its invoice",
        schema: z.object({ order: customerOrderSchema, invoice: customerInvoiceSchema }),
      },
      400: { description: "A billing field is missing or wrong (the field is named)" },
      404: { description: "No page a visitor can see has this id" },
      409: { description: "The page takes no gift now, or invoices are not set up yet" },
    },
  },

  {
    method: "get",
    path: "/api/kammare/invoices/{id}/invoice.pdf",
    summary:
      "An invoice as an A4 PDF in its language, with every field Swedish law asks for (the invoice's customer " +
      "or an admin; anyone else is told it does not exist).",
    auth: true,
    responses: {
      200: { description: "The invoice (application/pdf, as an attachment)" },
      400: { description: "The id is not an invoice id" },
      404: { description: "No invoice with this id that the viewer may see" },
    },
  },
  {
    method: "get",
    path: "/api/admin/invoices",
    summary:
      "Invoices, newest first, 25 a page, filtered by status, due (overdue, due within 7 days) and customer " +
      "(name, e-mail, number, OCR or page code), with what the filter leaves outstanding (admin only).",
    auth: true,
    query: adminInvoiceListQuerySchema,
    responses: {
      200: { description: "The page of invoices", schema: adminInvoiceListSchema },
      400: { description: "A filter is not one of its values" },
    },
  },
  {
    method: "post",
    path: "/api/admin/invoices",
    summary:
      "Issues a manual invoice to any customer: several lines and VAT rates, totals per rate, gapless number " +
      "and OCR, e-mailed with its PDF (admin only, audited).",
    auth: true,
    request: manualInvoiceRequestSchema,
    responses: {
      200: { description: "The issued invoice", schema: adminInvoiceAnswerSchema },
      400: { description: "A field or line is missing or wrong (named, lines by index)" },
      409: { description: "No creditor is set up yet" },
    },
  },
  {
    method: "post",
    path: "/api/admin/invoices/preview.pdf",
    summary:
      "The same request as issuing, drawn as the PDF it would be, marked as a preview, without a number and " +
      "without storing anything (admin only).",
    auth: true,
    request: manualInvoiceRequestSchema,
    responses: {
      200: { description: "The preview (application/pdf)" },
      400: { description: "A field or line is missing or wrong" },
      409: { description: "No creditor is set up yet" },
    },
  },
  {
    method: "get",
    path: "/api/admin/invoices/{id}",
    summary: "One invoice with its lines, payments and what may be done with it now (admin only).",
    auth: true,
    responses: {
      200: { description: "The invoice", schema: adminInvoiceAnswerSchema },
      404: { description: "No invoice has this id" },
    },
  },
  {
    method: "post",
    path: "/api/admin/invoices/{id}/payments",
    summary:
      "Books money received for an invoice outside the bank file, in full or in part; paid in full, the " +
      "invoice is paid and its page active again (admin only, audited).",
    auth: true,
    request: invoicePaymentRequestSchema,
    responses: {
      200: { description: "The invoice after the payment", schema: adminInvoiceAnswerSchema },
      400: { description: "The amount or date is wrong" },
      404: { description: "No invoice has this id" },
      409: { description: "The invoice is a draft, credited or a credit note" },
    },
  },
  {
    method: "post",
    path: "/api/admin/invoices/{id}/credit",
    summary:
      "Credits an invoice in full: a credit note with the next number and negative lines; the invoice is " +
      "credited and owes nothing, and the period it paid for ends (admin only, audited).",
    auth: true,
    request: creditInvoiceRequestSchema,
    responses: {
      200: { description: "The credited invoice", schema: adminInvoiceAnswerSchema },
      404: { description: "No invoice has this id" },
      409: { description: "Already credited, paid in part or full, or a credit note itself" },
    },
  },
  {
    method: "post",
    path: "/api/admin/invoices/{id}/reminder",
    summary:
      "E-mails a reminder of an unpaid invoice past its due date with its PDF; the first reminder adds the " +
      "creditor's reminder fee (at most 60 SEK, once per invoice) (admin only, audited).",
    auth: true,
    responses: {
      200: { description: "The invoice after the reminder", schema: adminInvoiceAnswerSchema },
      404: { description: "No invoice has this id" },
      409: { description: "The invoice is not unpaid past its due date" },
    },
  },
] as const satisfies readonly Endpoint[];
