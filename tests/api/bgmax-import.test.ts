// Importing Bankgirot's BgMax file: invoices are paid by their OCR reference, profiles waiting on
// the money come back, and the report says what matched, what did not and what is still owed; the
// same file imported again books nothing.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bgMaxImportSummarySchema } from "../../contract/bgmax";
import { makeOcr } from "../../contract/swedish-numbers";
import { invoicePayments, invoices, profileStatusHistory, profiles } from "../../server/db/schema";
import { importBgMax } from "../../server/domain/invoicing";
import { DomainError, onDomainEvents, type Actor } from "../../server/domain/core";
import { expectError } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { insertCreditor } from "../support/creditor-row";
import { buildBgMax, type BuildPayment } from "../support/bgmax-builder";

const now = new Date("2026-11-23T08:00:00Z");

describeOnEngines("BgMax import", (fixture) => {
  let creditorId = "";
  let nextNumber = 100;
  const admin = (): Actor => ({ id: fixture.admin.id, roles: ["customer", "admin"] });

  async function creditor(): Promise<string> {
    if (creditorId) return creditorId;
    creditorId = await insertCreditor(fixture.db);
    return creditorId;
  }

  async function invoice(values: {
    totalOre: number;
    reminderFeeOre?: number;
    profileId?: string;
    status?: "sent" | "overdue" | "paid" | "draft";
  }) {
    nextNumber += 1;
    const ocr = makeOcr(nextNumber);
    const [row] = await fixture.db
      .insert(invoices)
      .values({
        creditorId: await creditor(),
        number: nextNumber,
        ocr,
        profileId: values.profileId ?? null,
        customerName: "Ingrid Åberg",
        customerAddressLines: ["Storgatan 1", "123 45 Ort"],
        customerEmail: "ingrid@example.com",
        issueDate: "2026-10-20",
        dueDate: "2026-11-19",
        status: values.status ?? "sent",
        netOre: Math.round(values.totalOre * 0.8),
        vatOre: values.totalOre - Math.round(values.totalOre * 0.8),
        totalOre: values.totalOre,
        reminderFeeOre: values.reminderFeeOre ?? 0,
        paidOre: values.status === "paid" ? values.totalOre : 0,
      })
      .returning();
    if (!row) throw new Error("no invoice");
    return row;
  }

  async function profile(id: string, status: "past_due" | "expired" | "active") {
    await fixture.db.insert(profiles).values({
      id,
      status,
      ownerUserId: fixture.customer.id,
      content: { displayName: "Ingrid Åberg" },
      metadata: { language: "sv-SE" },
    });
  }

  function file(payments: BuildPayment[], options: { depositDate?: string; test?: boolean } = {}): Buffer {
    return buildBgMax({
      test: options.test,
      sections: [
        { recipientBankgiro: "54029681", depositDate: options.depositDate ?? "2026-11-21", payments },
      ],
    });
  }

  async function load(id: string) {
    const [row] = await fixture.db.select().from(invoices).where(eq(invoices.id, id));
    return row;
  }

  it("marks an invoice paid in full and brings its past-due profile back to active", async () => {
    await profile("BGMX0001", "past_due");
    const bill = await invoice({
      totalOre: 49000,
      reminderFeeOre: 6000,
      profileId: "BGMX0001",
      status: "overdue",
    });
    const changed: string[] = [];
    const stop = onDomainEvents(fixture.db, (event) => {
      if ("profileId" in event) changed.push(event.profileId);
    });
    const summary = await importBgMax(
      fixture.db,
      file([{ reference: bill.ocr ?? "", amountOre: 55000, payerName: "Ingrid Åberg" }]),
      admin(),
      { now },
    ).finally(stop);
    expect(summary.matched).toEqual([
      { invoiceNumber: bill.number, ocr: bill.ocr, amountOre: 55000, nowPaid: true },
    ]);
    expect(summary).toMatchObject({
      sections: 1,
      payments: 1,
      partial: [],
      unmatched: [],
      overpaid: [],
      totalOre: 55000,
    });
    const paid = await load(bill.id);
    expect(paid).toMatchObject({ status: "paid", paidOre: 55000 });
    expect(paid?.paidAt?.toISOString().slice(0, 10)).toBe("2026-11-21");
    const [page] = await fixture.db.select().from(profiles).where(eq(profiles.id, "BGMX0001"));
    expect(page?.status).toBe("active");
    const history = await fixture.db
      .select()
      .from(profileStatusHistory)
      .where(eq(profileStatusHistory.profileId, "BGMX0001"));
    expect(history).toEqual([
      expect.objectContaining({
        fromStatus: "past_due",
        toStatus: "active",
        reasonCode: "invoice_paid",
        actorUserId: fixture.admin.id,
      }),
    ]);
    expect(changed).toEqual(["BGMX0001"]);
  });

  it("keeps a partly paid invoice open, and a second payment settles it", async () => {
    await profile("BGMX0002", "expired");
    const bill = await invoice({ totalOre: 49000, profileId: "BGMX0002" });
    const first = await importBgMax(
      fixture.db,
      file([{ reference: bill.ocr ?? "", amountOre: 20000 }]),
      admin(),
      {
        now,
      },
    );
    expect(first.partial).toEqual([
      { invoiceNumber: bill.number, ocr: bill.ocr, amountOre: 20000, remainingOre: 29000 },
    ]);
    expect(first.matched[0]?.nowPaid).toBe(false);
    expect(await load(bill.id)).toMatchObject({ status: "sent", paidOre: 20000, paidAt: null });
    const [still] = await fixture.db.select().from(profiles).where(eq(profiles.id, "BGMX0002"));
    expect(still?.status).toBe("expired");

    const second = await importBgMax(
      fixture.db,
      file([{ reference: bill.ocr ?? "", amountOre: 29000 }], { depositDate: "2026-11-22" }),
      admin(),
      { now },
    );
    expect(second.matched).toEqual([
      { invoiceNumber: bill.number, ocr: bill.ocr, amountOre: 29000, nowPaid: true },
    ]);
    expect(second.partial).toEqual([]);
    expect(await load(bill.id)).toMatchObject({ status: "paid", paidOre: 49000 });
    const [page] = await fixture.db.select().from(profiles).where(eq(profiles.id, "BGMX0002"));
    expect(page?.status).toBe("active");
  });

  it("reports unmatched and overpaid payments, and books them all", async () => {
    const settled = await invoice({ totalOre: 10000, status: "paid" });
    const open = await invoice({ totalOre: 10000 });
    const draft = await invoice({ totalOre: 10000, status: "draft" });
    const before = (await fixture.db.select().from(invoicePayments)).length;
    const summary = await importBgMax(
      fixture.db,
      file([
        { reference: settled.ocr ?? "", amountOre: 10000 },
        { reference: open.ocr ?? "", amountOre: 12500 },
        { reference: makeOcr(999999), amountOre: 3000, payerName: "Okänd Betalare" },
        { reference: "faktura 12", referenceType: "other", amountOre: 4000, payerName: "Fri Text" },
        { reference: draft.ocr ?? "", amountOre: 10000 },
      ]),
      admin(),
      { now },
    );
    expect(summary.overpaid).toEqual([
      { invoiceNumber: settled.number, ocr: settled.ocr, amountOre: 10000, excessOre: 10000 },
      { invoiceNumber: open.number, ocr: open.ocr, amountOre: 12500, excessOre: 2500 },
    ]);
    expect(summary.unmatched).toEqual([
      { reference: makeOcr(999999), amountOre: 3000, payerName: "Okänd Betalare" },
      { reference: "faktura 12", amountOre: 4000, payerName: "Fri Text" },
      { reference: draft.ocr, amountOre: 10000, payerName: null },
    ]);
    expect(summary.totalOre).toBe(39500);
    expect(await load(open.id)).toMatchObject({ status: "paid", paidOre: 12500 });
    expect(await load(draft.id)).toMatchObject({ status: "draft", paidOre: 0 });
    const rows = (await fixture.db.select().from(invoicePayments)).slice(0);
    expect(rows).toHaveLength(before + 5);
    const unmatchedRows = rows.filter((row) => row.invoiceId === null);
    expect(unmatchedRows.map((row) => row.amountOre).sort()).toEqual([10000, 3000, 4000]);
  });

  it("takes a deduction off what the invoice has been paid", async () => {
    const bill = await invoice({ totalOre: 10000 });
    await importBgMax(fixture.db, file([{ reference: bill.ocr ?? "", amountOre: 10000 }]), admin(), {
      now,
    });
    const summary = await importBgMax(
      fixture.db,
      // A deposit is never negative: the return is taken from another payer's money.
      file(
        [
          { reference: "", amountOre: 15000, payerName: "Annan Betalare" },
          { kind: "deduction", deductionCode: 0, reference: bill.ocr ?? "", amountOre: 10000 },
        ],
        {
          depositDate: "2026-11-25",
        },
      ),
      admin(),
      { now },
    );
    expect(summary.deductions).toEqual([
      { reference: bill.ocr, amountOre: 10000, invoiceNumber: bill.number },
    ]);
    expect(summary.totalOre).toBe(5000);
    expect(await load(bill.id)).toMatchObject({ status: "overdue", paidOre: 0, paidAt: null });
  });

  it("refuses the same file a second time and books nothing twice", async () => {
    const bill = await invoice({ totalOre: 20000 });
    const bytes = file([{ reference: bill.ocr ?? "", amountOre: 10000 }]);
    await importBgMax(fixture.db, bytes, admin(), { now });
    const again = importBgMax(fixture.db, bytes, admin(), { now: new Date("2026-11-24T08:00:00Z") });
    await expect(again).rejects.toBeInstanceOf(DomainError);
    await expect(importBgMax(fixture.db, bytes, admin(), { now })).rejects.toMatchObject({
      code: "conflict",
      message: "This BgMax file was already imported on 2026-11-23.",
    });
    expect(
      await fixture.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, bill.id)),
    ).toHaveLength(1);
    expect(await load(bill.id)).toMatchObject({ status: "sent", paidOre: 10000 });
  });

  it("names the line of a malformed file, and refuses a test file", async () => {
    const before = (await fixture.db.select().from(invoicePayments)).length;
    const lines = file([{ reference: makeOcr(5), amountOre: 1000 }])
      .toString("latin1")
      .split("\n");
    lines[2] = `${lines[2]?.slice(0, 37)}12AB5678${lines[2]?.slice(45)}`;
    await expect(
      importBgMax(fixture.db, Buffer.from(lines.join("\n"), "latin1"), admin(), { now }),
    ).rejects.toMatchObject({
      code: "invalid_request",
      field: "file",
      message: expect.stringContaining("line 3"),
    });
    await expect(
      importBgMax(fixture.db, file([{ reference: makeOcr(5), amountOre: 1000 }], { test: true }), admin(), {
        now,
      }),
    ).rejects.toMatchObject({ code: "invalid_request", message: expect.stringContaining("test file") });
    expect(await fixture.db.select().from(invoicePayments)).toHaveLength(before);
  });

  describe("POST /api/admin/invoices/bgmax", () => {
    const upload = (
      body: Uint8Array<ArrayBuffer> | string,
      token: string,
      type = "application/octet-stream",
    ) =>
      fixture.app.request("/api/admin/invoices/bgmax", {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": type },
        body,
      });

    it("imports the file sent as the body and answers the report; the same file again is a 409", async () => {
      await profile("BGMX0003", "past_due");
      const bill = await invoice({ totalOre: 29900, profileId: "BGMX0003", status: "overdue" });
      const bytes = new Uint8Array(
        file([{ reference: bill.ocr ?? "", amountOre: 29900 }], { depositDate: "2026-11-26" }),
      );
      const response = await upload(bytes, fixture.admin.token);
      expect(response.status).toBe(200);
      const summary = bgMaxImportSummarySchema.parse(await response.json());
      expect(summary.matched).toEqual([
        { invoiceNumber: bill.number, ocr: bill.ocr, amountOre: 29900, nowPaid: true },
      ]);
      const [page] = await fixture.db.select().from(profiles).where(eq(profiles.id, "BGMX0003"));
      expect(page?.status).toBe("active");
      await expectError(await upload(bytes, fixture.admin.token), 409, "conflict", "file");
    });

    it("answers 400 naming the line of a malformed file, and refuses JSON and non-admins", async () => {
      const broken = await upload("01BGMAX\n", fixture.admin.token, "text/plain");
      await expectError(broken, 400, "invalid_request", "file");
      await expectError(
        await upload("{}", fixture.admin.token, "application/json"),
        400,
        "invalid_request",
        "file",
      );
      const bytes = new Uint8Array(
        file([{ reference: makeOcr(7), amountOre: 100 }], { depositDate: "2026-11-27" }),
      );
      expect((await upload(bytes, fixture.customer.token)).status).toBe(403);
    });
  });
});
