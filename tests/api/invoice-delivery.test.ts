// With INVOICE_PROVIDER=capway, an invoice the admin issues is handed to Capway (through the real
// adapter, against the local stand-in of the Aptic API) after it is committed; a hand-over that fails
// is kept on the invoice and done by the next sweep, once.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { adminInvoiceAnswerSchema } from "../../contract/invoices";
import { loadConfig } from "../../server/config";
import { invoices } from "../../server/db/schema";
import { runLifecycle } from "../../server/domain/lifecycle";
import { createOutboxSender } from "../../server/providers/email";
import { createCapwayProvider } from "../../server/providers/invoicing/capway";
import type { InvoiceProvider } from "../../server/providers/invoicing/types";
import { call, siteOrigin } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { startApticStandIn, type ApticStandIn } from "../support/aptic-stand-in";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const clientId = "kammare-test";
const clientSecret = "stand-in-secret-0123456789";
let standIn: ApticStandIn;
// The app is made before the stand-in listens: the provider reaches it through this late binding.
let capway: InvoiceProvider | undefined;
const provider: InvoiceProvider = {
  name: "capway",
  deliver: (invoice) => {
    if (!capway) throw new Error("the stand-in is not running");
    return capway.deliver(invoice);
  },
};

beforeAll(async () => {
  standIn = await startApticStandIn({ clientId, clientSecret });
  capway = createCapwayProvider({ apiUrl: standIn.url, tokenUrl: standIn.tokenUrl, clientId, clientSecret });
});
afterAll(async () => {
  await standIn.close();
});

describeOnEngines(
  "handing invoices to Capway",
  { app: { invoiceProvider: provider } },
  ({ app, db, admin }) => {
    const issue = async (name: string) => {
      const response = await call(app, "/api/admin/invoices", {
        bearer: admin.token,
        json: {
          customer: {
            name,
            street: "Storgatan 1",
            postcode: "123 45",
            city: "Ort",
            email: "kund@example.com",
          },
          lines: [{ description: "Minnesplakett", quantity: 1, unitPriceOre: 39_900, vatRatePercent: 25 }],
        },
      });
      expect(response.status).toBe(200);
      return adminInvoiceAnswerSchema.parse(await response.json()).invoice;
    };

    it("hands an issued invoice over with its number, OCR and amounts, and keeps Capway's id", async () => {
      const created = await call(app, "/api/admin/creditor", {
        method: "PUT",
        bearer: admin.token,
        origin: siteOrigin,
        json: {
          name: "Kammare AB",
          orgNumber: "5560125790",
          vatNumber: "SE556012579001",
          addressLines: ["Storgatan 1", "111 22 Stockholm"],
          bankgiro: "54029681",
          seat: "Stockholm",
          fSkatt: true,
          email: "faktura@kammare.se",
          termsDays: 30,
          reminderFeeOre: 6_000,
        },
      });
      expect(created.status).toBe(200);
      const invoice = await issue("Astrid Lindqvist");
      const stored = standIn.invoices.get(invoice.id);
      expect(stored).toMatchObject({ externalReferenceCode: invoice.id, revision: 1 });
      expect(JSON.stringify(stored)).toContain(invoice.ocr);
      expect(JSON.stringify(stored)).toContain("Astrid Lindqvist");
      const [row] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
      expect(row).toMatchObject({ providerReference: stored?.id, providerError: null });
    });

    it("keeps a failed hand-over's reason, and the sweep hands it over once", async () => {
      standIn.answerNext({ status: 503, body: { message: "maintenance" } });
      const invoice = await issue("Bertil Ek");
      expect(standIn.invoices.has(invoice.id)).toBe(false);
      const [failed] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
      expect(failed?.providerReference).toBeNull();
      expect(failed?.providerError).toContain("503");

      const email = createOutboxSender({
        dir: mkdtempSync(path.join(tmpdir(), "kammare-delivery-")),
        from: "Kammare <no-reply@localhost>",
      });
      const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:3000" });
      await runLifecycle({ db, email, config, invoiceProvider: provider });
      await runLifecycle({ db, email, config, invoiceProvider: provider });
      expect(standIn.invoices.get(invoice.id)?.revision).toBe(1);
      const [after] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
      expect(after).toMatchObject({
        providerReference: standIn.invoices.get(invoice.id)?.id,
        providerError: null,
      });
    });
  },
);
