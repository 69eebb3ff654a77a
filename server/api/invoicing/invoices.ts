// Invoices: the admin's calls (mounted in the admin area: list, issue, preview, one invoice, payments,
// credit notes, reminders) and the invoice PDF for its customer or an admin (the signed-in /kammare
// area; the domain decides who may see it). Guards: server/http/guards.ts. Rules: contract/invoices.ts.
import { Hono } from "hono";
import {
  adminInvoiceListQuerySchema,
  creditInvoiceRequestSchema,
  invoiceIdSchema,
  invoicePaymentRequestSchema,
  manualInvoiceRequestSchema,
  type AdminInvoiceAnswer,
  type AdminInvoiceList,
} from "../../../contract/invoices";
import {
  adminInvoiceDetail,
  creditInvoice,
  invoicePdfForViewer,
  issueManualInvoice,
  listInvoices,
  previewManualInvoice,
  recordInvoicePayment,
  sendInvoiceReminder,
  type InvoiceFile,
  type InvoicingDeps,
} from "../../domain/invoicing";
import { requestOrigin } from "../../http/auth";
import type { SignedInEnv } from "../../http/guards";
import { fieldErrors, invalidInput, readJson } from "../../http/errors";
import { refuse } from "../../domain/core";
import { listQueryInput } from "../profiles/admin-profiles";

/** An invoice id from the path; anything else is an invoice that does not exist. */
function invoiceId(value: string | undefined): string {
  const parsed = invoiceIdSchema.safeParse(value);
  if (!parsed.success) throw refuse("invoice.missing");
  return parsed.data;
}

function pdfResponse(file: InvoiceFile, disposition: "attachment" | "inline"): Response {
  return new Response(new Uint8Array(file.content), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `${disposition}; filename="${file.filename}"`,
      // A customer's document: never kept by a shared cache.
      "Cache-Control": "private, no-store",
    },
  });
}

export function adminInvoiceRoutes(deps: InvoicingDeps) {
  const { db } = deps;
  return new Hono<SignedInEnv>()
    .get("/invoices", async (c) => {
      const parsed = adminInvoiceListQuerySchema.safeParse(listQueryInput(c.req.query()));
      if (!parsed.success) throw invalidInput(fieldErrors(parsed.error.issues), "query");
      return c.json((await listInvoices(db, parsed.data)) satisfies AdminInvoiceList);
    })
    .post("/invoices", async (c) => {
      const input = await readJson(c, manualInvoiceRequestSchema);
      const invoice = await issueManualInvoice(deps, input, c.get("viewer"), requestOrigin(c));
      return c.json({ invoice } satisfies AdminInvoiceAnswer);
    })
    .post("/invoices/preview.pdf", async (c) => {
      const input = await readJson(c, manualInvoiceRequestSchema);
      const content = await previewManualInvoice(db, input);
      return pdfResponse({ filename: "preview.pdf", content, contentType: "application/pdf" }, "inline");
    })
    .get("/invoices/:id", async (c) => {
      const invoice = await adminInvoiceDetail(db, invoiceId(c.req.param("id")));
      if (!invoice) throw refuse("invoice.missing");
      return c.json({ invoice } satisfies AdminInvoiceAnswer);
    })
    .post("/invoices/:id/payments", async (c) => {
      // The body is checked first: bad input is a 400 whichever invoice it names.
      const input = await readJson(c, invoicePaymentRequestSchema);
      const id = invoiceId(c.req.param("id"));
      const invoice = await recordInvoicePayment(deps, {
        id,
        input,
        actor: c.get("viewer"),
        origin: requestOrigin(c),
      });
      return c.json({ invoice } satisfies AdminInvoiceAnswer);
    })
    .post("/invoices/:id/credit", async (c) => {
      // The body is checked first: bad input is a 400 whichever invoice it names.
      const input = await readJson(c, creditInvoiceRequestSchema);
      const id = invoiceId(c.req.param("id"));
      const invoice = await creditInvoice(deps, {
        id,
        input,
        actor: c.get("viewer"),
        origin: requestOrigin(c),
      });
      return c.json({ invoice } satisfies AdminInvoiceAnswer);
    })
    .post("/invoices/:id/reminder", async (c) => {
      const id = invoiceId(c.req.param("id"));
      const invoice = await sendInvoiceReminder(deps, id, c.get("viewer"), requestOrigin(c));
      return c.json({ invoice } satisfies AdminInvoiceAnswer);
    });
}

export function customerInvoiceRoutes({ db }: Pick<InvoicingDeps, "db">) {
  return new Hono<SignedInEnv>().get("/invoices/:id/invoice.pdf", async (c) => {
    const parsed = invoiceIdSchema.safeParse(c.req.param("id"));
    if (!parsed.success) throw invalidInput({ id: parsed.error.issues[0]?.message ?? "" });
    return pdfResponse(await invoicePdfForViewer(db, parsed.data, c.get("viewer")), "attachment");
  });
}
