// The admin's creditor, the company's invoicing identity (GET and PUT /api/admin/creditor), on every
// test database engine: the first save creates it, later ones update it, numbers come back in their
// printed forms, wrong check digits are a 400 naming the field, and the invoice counter is never touched.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creditorAnswerSchema, creditorSchema } from "../../contract/creditor";
import { auditLog, creditors } from "../../server/db/schema";
import { call, expectError, siteOrigin } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { creditorForm } from "../support/creditor-row";

const company = {
  ...creditorForm,
  // Written as people write them: the VAT number in lower case with spaces, an empty address line.
  vatNumber: "se 5560125790 01",
  addressLines: ["Storgatan 1", "", "111 22 Stockholm"],
};

describeOnEngines("the creditor", ({ app, db, admin, customer }) => {
  const read = (token?: string) => call(app, "/api/admin/creditor", { bearer: token });
  const save = (body: unknown, token: string | undefined = admin.token) =>
    call(app, "/api/admin/creditor", { method: "PUT", bearer: token, json: body, origin: siteOrigin });

  describe("set up and edit", () => {
    it("answers null before one is set up, then creates it with the numbers in their printed forms", async () => {
      const before = await read(admin.token);
      expect(before.status).toBe(200);
      expect(creditorAnswerSchema.parse(await before.json())).toEqual({ creditor: null });

      const created = await save(company);
      expect(created.status).toBe(200);
      const creditor = creditorSchema.parse(await created.json());
      expect(creditor).toMatchObject({
        name: "Kammare AB",
        orgNumber: "556012-5790",
        vatNumber: "SE556012579001",
        addressLines: ["Storgatan 1", "111 22 Stockholm"],
        bankgiro: "5402-9681",
        plusgiro: null,
        reminderFeeOre: 6_000,
        nextInvoiceNumber: 1,
      });

      const again = creditorAnswerSchema.parse(await (await read(admin.token)).json());
      expect(again.creditor).toEqual(creditor);
    });

    it("updates the same creditor, keeps its invoice counter and audits who saved it", async () => {
      const { creditor: first } = creditorAnswerSchema.parse(await (await read(admin.token)).json());
      if (!first) throw new Error("the creditor is missing");
      // As if invoices had been issued: the form must not set the counter back.
      await db.update(creditors).set({ nextInvoiceNumber: 42 }).where(eq(creditors.id, first.id));

      const response = await save({
        ...company,
        name: "Kammare Sverige AB",
        plusgiro: "4340907",
        termsDays: 10,
        nextInvoiceNumber: 1,
      });
      expect(response.status).toBe(200);
      const updated = creditorSchema.parse(await response.json());
      expect(updated).toMatchObject({
        id: first.id,
        name: "Kammare Sverige AB",
        plusgiro: "43 40 90-7",
        termsDays: 10,
        nextInvoiceNumber: 42,
      });
      const rows = await db.select().from(creditors).where(eq(creditors.active, true));
      expect(rows).toHaveLength(1);

      const audited = await db.select().from(auditLog).where(eq(auditLog.action, "admin.creditor_save"));
      expect(audited.length).toBeGreaterThanOrEqual(2);
      expect(audited.every((entry) => entry.actorUserId === admin.id)).toBe(true);
    });
  });

  describe("bad input", () => {
    it.each([
      ["a wrong org number check digit", { orgNumber: "556012-5791" }, "orgNumber", "check digit is wrong"],
      ["a wrong bankgiro check digit", { bankgiro: "5402-9682" }, "bankgiro", "check digit"],
      ["a malformed VAT number", { vatNumber: "SE55601257900" }, "vatNumber", "VAT number"],
      ["another company's VAT number", { vatNumber: "SE556036079301" }, "vatNumber", "SE + the organisation"],
      ["no bankgiro nor plusgiro", { bankgiro: "", plusgiro: null }, "bankgiro", "bankgiro or a plusgiro"],
      ["a reminder fee above 60 SEK", { reminderFeeOre: 6_001 }, "reminderFeeOre", "reminder fee"],
      ["terms of 91 days", { termsDays: 91 }, "termsDays", "terms"],
      ["a wrong e-mail address", { email: "faktura@" }, "email", "e-mail"],
    ])("refuses %s with a 400 naming the field", async (_name, patch, field, message) => {
      const response = await save({ ...company, ...patch });
      const body = await expectError(response, 400, "invalid_request", field);
      expect(JSON.stringify(body)).toContain(message);
    });

    it("refuses a customer (403) and a visitor (401)", async () => {
      await expectError(await read(customer.token), 403, "forbidden");
      await expectError(await save(company, customer.token), 403, "forbidden");
      await expectError(await read(), 401, "unauthorized");
      const anonymous = await call(app, "/api/admin/creditor", {
        method: "PUT",
        json: company,
        origin: siteOrigin,
      });
      await expectError(anonymous, 401, "unauthorized");
    });
  });
});
