// Paying by invoice, over the API on every engine: the owner's invoice checkout (number, OCR, PDF by
// e-mail, the page active at once), who may download the PDF, the admin's manual invoice with several
// VAT rates, payments in part and in full, reminders with one fee at most, credit notes, the list's
// filters; and the sweep over simulated time (overdue, reminder, past due, expired, paid back).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, swedishDate } from "../../contract/calendar-days";
import { customerOrderListSchema } from "../../contract/admin-orders";
import { customerOrderSchema } from "../../contract/checkout";
import {
  adminInvoiceAnswerSchema,
  adminInvoiceListSchema,
  customerInvoiceSchema,
  type ManualInvoiceRequest,
} from "../../contract/invoices";
import { isValidOcr } from "../../contract/swedish-numbers";
import { loadConfig } from "../../server/config";
import type { Database } from "../../server/db/client";
import { invoices, orders, profileStatusHistory, profiles } from "../../server/db/schema";
import { checkoutByInvoice } from "../../server/domain/invoicing";
import { runLifecycle } from "../../server/domain/lifecycle";
import { createOutboxSender, readOutbox } from "../../server/providers/email";
import { noInvoiceProvider } from "../../server/providers/invoicing/types";
import { call, expectError, siteOrigin, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { billingAddress } from "../support/checkout-samples";
import { ownedPageWith } from "../support/named-draft";
import { pdfText } from "../support/pdf-text";
import { creditorForm } from "../support/creditor-row";

const company = { ...creditorForm, phone: null, lateInterestText: null };
const billing = billingAddress;
const dayMs = 24 * 60 * 60 * 1000;

describeOnEngines("paying by invoice", ({ app, db, accounts, admin, customer, mailbox }) => {
  const ownedPage = (status: "trial" | "past_due" | "expired" = "trial", owner?: Account) =>
    ownedPageWith({ db, accounts, admin }, { status, metadata: { language: "sv-SE" } }, owner);
  const faktura = (owner: Account, json: unknown) =>
    call(app, "/api/checkout/faktura", { bearer: owner.token, json });
  const adminCall = (path: string, json?: unknown) =>
    call(app, path, { bearer: admin.token, json, method: json === undefined ? "GET" : "POST" });
  const detail = async (response: Response) => {
    expect(response.status).toBe(200);
    return adminInvoiceAnswerSchema.parse(await response.json()).invoice;
  };

  it("refuses an invoice checkout with a clear 409 until a creditor is set up", async () => {
    const { id, owner } = await ownedPage();
    await expectError(await faktura(owner, { profileId: id, plan: "yearly", billing }), 409, "conflict");
    const created = await call(app, "/api/admin/creditor", {
      method: "PUT",
      bearer: admin.token,
      json: company,
      origin: siteOrigin,
    });
    expect(created.status).toBe(200);
  });

  describe("the owner's invoice checkout", () => {
    it("issues the invoice at once, e-mails it with its PDF, and makes the page active for the plan's year", async () => {
      const { id, owner } = await ownedPage();
      const before = Date.now();
      const response = await faktura(owner, { profileId: id, plan: "yearly", billing });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { order: unknown; invoice: unknown };
      const order = customerOrderSchema.parse(body.order);
      const invoice = customerInvoiceSchema.parse(body.invoice);
      expect(order).toMatchObject({ method: "invoice", status: "pending", amountOre: 49_000, vatOre: 9_800 });
      expect(isValidOcr(invoice.ocr)).toBe(true);
      expect(invoice).toMatchObject({
        status: "sent",
        totalOre: 49_000,
        toPayOre: 49_000,
        bankgiro: "5402-9681",
        email: billing.email,
        issueDate: swedishDate(new Date(before)),
        dueDate: addDays(swedishDate(new Date(before)), 30),
      });

      const [page] = await db.select().from(profiles).where(eq(profiles.id, id));
      expect(page?.status).toBe("active");
      const paidDays = ((page?.paidUntil?.getTime() ?? 0) - before) / dayMs;
      expect(paidDays).toBeGreaterThanOrEqual(364);
      expect(paidDays).toBeLessThanOrEqual(366.1);
      const history = await db
        .select()
        .from(profileStatusHistory)
        .where(eq(profileStatusHistory.profileId, id))
        .orderBy(profileStatusHistory.at);
      expect(history.at(-1)).toMatchObject({
        fromStatus: "trial",
        toStatus: "active",
        reasonCode: "invoice_issued",
      });

      const mail = (await mailbox()).find(
        (each) => each.to === billing.email && each.text.includes(invoice.ocr),
      );
      expect(mail?.subject).toBe(`Faktura ${invoice.number} från Kammare AB`);
      const pdf = mail?.attachments.find((attachment) => attachment.contentType === "application/pdf");
      expect(pdf).toBeDefined();
      const text = pdfText(new Uint8Array(pdf?.content ?? []));
      for (const required of [
        "Godkänd för F-skatt",
        "556012-5790",
        "SE556012579001",
        "5402-9681",
        invoice.ocr,
        invoice.dueDate,
        "Ingrid Åberg",
        "123 45 Överum",
        `Kammare ${id}, 12 månader`,
        "490,00",
        "98,00",
      ]) {
        expect(text).toContain(required);
      }
    });

    it("checks the billing address (a Swedish postcode), the owner, and one unpaid invoice per page", async () => {
      const { id, owner } = await ownedPage();
      const bad = await faktura(owner, {
        profileId: id,
        plan: "monthly",
        billing: { ...billing, postcode: "1234", email: "not-an-address" },
      });
      const error = await expectError(bad, 400, "invalid_request");
      expect(Object.keys(error.error.fields ?? {})).toEqual(
        expect.arrayContaining(["billing.postcode", "billing.email"]),
      );
      await expectError(
        await faktura(customer, { profileId: id, plan: "monthly", billing }),
        403,
        "forbidden",
      );

      expect((await faktura(owner, { profileId: id, plan: "monthly", billing })).status).toBe(200);
      // Active now, on an invoice still unpaid: nothing more to pay for.
      await expectError(await faktura(owner, { profileId: id, plan: "monthly", billing }), 409, "conflict");
      const rows = await db.select().from(invoices).where(eq(invoices.profileId, id));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.totalOre).toBe(4_900);
    });

    it("lets the invoice's customer and an admin download the PDF; anyone else is told it does not exist", async () => {
      const { id, owner } = await ownedPage();
      const body = (await (await faktura(owner, { profileId: id, plan: "monthly", billing })).json()) as {
        invoice: unknown;
      };
      const invoice = customerInvoiceSchema.parse(body.invoice);
      // The page's orders lead to the invoice (an invoice order has no card receipt).
      const listed = await call(app, `/api/kammare/orders?profileId=${id}`, { bearer: owner.token });
      expect(customerOrderListSchema.parse(await listed.json()).orders).toEqual([
        expect.objectContaining({ method: "invoice", invoiceUrl: invoice.pdfPath, receiptUrl: null }),
      ]);
      const own = await call(app, invoice.pdfPath, { bearer: owner.token });
      expect(own.status).toBe(200);
      expect(own.headers.get("content-type")).toBe("application/pdf");
      expect(own.headers.get("cache-control")).toContain("no-store");
      expect(pdfText(new Uint8Array(await own.arrayBuffer()))).toContain(invoice.ocr);
      expect((await call(app, invoice.pdfPath, { bearer: admin.token })).status).toBe(200);
      await expectError(await call(app, invoice.pdfPath, { bearer: customer.token }), 404, "not_found");
      await expectError(await call(app, invoice.pdfPath), 401, "unauthorized");
      await expectError(
        await call(app, "/api/kammare/invoices/not-a-uuid/invoice.pdf", { bearer: owner.token }),
        400,
        "invalid_request",
      );
    });
  });

  describe("the admin's invoices", () => {
    const manual = (profileId?: string): ManualInvoiceRequest => ({
      customer: { ...billing, name: "Föreningen Minnet", email: "kassor@minnet.example" },
      profileId,
      language: "sv-SE",
      lines: [
        { description: "Minnesplakett i mässing", quantity: 2, unitPriceOre: 39_900, vatRatePercent: 25 },
        { description: "Minnesbok, tryckt", quantity: 1.5, unitPriceOre: 10_000, vatRatePercent: 6 },
      ],
    });

    it("issues a manual invoice with VAT per rate and the next number, and only admins may", async () => {
      await expectError(
        await call(app, "/api/admin/invoices", { bearer: customer.token, json: manual() }),
        403,
        "forbidden",
      );
      const [last] = await db.select({ number: invoices.number }).from(invoices).orderBy(invoices.number);
      const issued = await detail(await adminCall("/api/admin/invoices", manual()));
      expect(issued.number).toBeGreaterThan(last?.number ?? 0);
      // 2 × 399.00 = 798.00 at 25 % (VAT 199.50); 1.5 × 100.00 = 150.00 at 6 % (VAT 9.00).
      // The sum to pay is rounded to whole kronor (öresavrundning): 1 156.50 + 0.50.
      expect(issued).toMatchObject({ netOre: 94_800, vatOre: 20_850, totalOre: 115_700, status: "sent" });
      expect(issued.lines.map((line) => [line.netOre, line.vatOre])).toEqual([
        [79_800, 19_950],
        [15_000, 900],
      ]);
      const pdf = await call(app, issued.pdfPath, { bearer: admin.token });
      const text = pdfText(new Uint8Array(await pdf.arrayBuffer()));
      expect(text).toContain("Moms 25");
      expect(text).toContain("Moms 6");
      expect(text).toContain("1 156,50");
      expect(text).toContain("1 157,00");
    });

    it("refuses a bad line with the line's field named, and previews without storing or numbering", async () => {
      const bad = await adminCall("/api/admin/invoices", {
        ...manual(),
        lines: [{ description: "", quantity: 0, unitPriceOre: -1, vatRatePercent: 7 }],
      });
      const error = await expectError(bad, 400, "invalid_request");
      expect(Object.keys(error.error.fields ?? {})).toEqual(
        expect.arrayContaining([
          "lines.0.description",
          "lines.0.quantity",
          "lines.0.unitPriceOre",
          "lines.0.vatRatePercent",
        ]),
      );
      const count = (await db.select().from(invoices)).length;
      const preview = await adminCall("/api/admin/invoices/preview.pdf", manual());
      expect(preview.status).toBe(200);
      const text = pdfText(new Uint8Array(await preview.arrayBuffer()));
      expect(text).toContain("Faktura (förhandsvisning)");
      expect(text).toContain("Föreningen Minnet");
      expect((await db.select().from(invoices)).length).toBe(count);
    });

    it("books part payments, then the rest: paid, and the expired page it was for is active again", async () => {
      const { id } = await ownedPage("expired");
      const issued = await detail(await adminCall("/api/admin/invoices", manual(id)));
      const today = swedishDate(new Date());
      const part = await detail(
        await adminCall(`/api/admin/invoices/${issued.id}/payments`, { amountOre: 50_000, paidOn: today }),
      );
      expect(part).toMatchObject({ status: "sent", paidOre: 50_000, toPayOre: 65_700 });
      const [stillExpired] = await db.select().from(profiles).where(eq(profiles.id, id));
      expect(stillExpired?.status).toBe("expired");

      await expectError(
        await adminCall(`/api/admin/invoices/${issued.id}/payments`, {
          amountOre: 1,
          paidOn: addDays(today, 2),
        }),
        400,
        "invalid_request",
      );
      const paid = await detail(
        await adminCall(`/api/admin/invoices/${issued.id}/payments`, { amountOre: 65_700, paidOn: today }),
      );
      expect(paid).toMatchObject({ status: "paid", toPayOre: 0, canRecordPayment: false });
      expect(paid.payments.map((payment) => payment.amountOre)).toEqual([50_000, 65_700]);
      const [page] = await db.select().from(profiles).where(eq(profiles.id, id));
      expect(page?.status).toBe("active");
      expect((page?.paidUntil?.getTime() ?? 0) - Date.now()).toBeGreaterThan(360 * dayMs);
      await expectError(
        await adminCall(`/api/admin/invoices/${issued.id}/payments`, { amountOre: 100, paidOn: today }),
        409,
        "conflict",
      );
    });

    it("reminds only past the due date, adds the 60 SEK fee once, and e-mails each reminder", async () => {
      const issued = await detail(await adminCall("/api/admin/invoices", manual()));
      expect(issued.canRemind).toBe(false);
      await expectError(await adminCall(`/api/admin/invoices/${issued.id}/reminder`, {}), 409, "conflict");
      await db
        .update(invoices)
        .set({ dueDate: addDays(swedishDate(new Date()), -3) })
        .where(eq(invoices.id, issued.id));
      const first = await detail(await adminCall(`/api/admin/invoices/${issued.id}/reminder`, {}));
      expect(first).toMatchObject({
        status: "overdue",
        reminderFeeOre: 6_000,
        remindersSent: 1,
        toPayOre: 121_700,
      });
      const second = await detail(await adminCall(`/api/admin/invoices/${issued.id}/reminder`, {}));
      expect(second).toMatchObject({ reminderFeeOre: 6_000, remindersSent: 2, reminderAddsFeeOre: 0 });
      const reminders = (await mailbox()).filter(
        (mail) => mail.subject === `Påminnelse: faktura ${issued.number} från Kammare AB`,
      );
      expect(reminders).toHaveLength(2);
      const text = pdfText(new Uint8Array(reminders[0]?.attachments[0]?.content ?? []));
      expect(text).toContain("Påminnelseavgift");
      expect(text).toContain("1 217,00");
    });

    it("credits an unpaid invoice with a numbered credit note; a paid one or a credit note cannot be", async () => {
      const { id, owner } = await ownedPage();
      const checkout = (await (await faktura(owner, { profileId: id, plan: "yearly", billing })).json()) as {
        invoice: unknown;
      };
      const invoice = customerInvoiceSchema.parse(checkout.invoice);
      const credited = await detail(
        await adminCall(`/api/admin/invoices/${invoice.id}/credit`, { reason: "Ångrat köp" }),
      );
      expect(credited).toMatchObject({ status: "credited", toPayOre: 0, canCredit: false });
      expect(credited.creditNumber).toBeGreaterThan(invoice.number);
      const [note] = await db.select().from(invoices).where(eq(invoices.creditsInvoiceId, invoice.id));
      expect(note).toMatchObject({ number: credited.creditNumber, totalOre: -49_000, status: "credited" });
      // What the invoice paid for is not paid any more.
      const [page] = await db.select().from(profiles).where(eq(profiles.id, id));
      expect(page?.paidUntil?.getTime()).toBeLessThanOrEqual(Date.now());
      const [order] = await db.select().from(orders).where(eq(orders.profileId, id));
      expect(order?.status).toBe("cancelled");
      const mail = (await mailbox()).find((each) => each.subject.startsWith(`Kreditfaktura ${note?.number}`));
      expect(pdfText(new Uint8Array(mail?.attachments[0]?.content ?? []))).toContain(`Krediterar faktura`);

      await expectError(await adminCall(`/api/admin/invoices/${invoice.id}/credit`, {}), 409, "conflict");
      await expectError(await adminCall(`/api/admin/invoices/${note?.id}/credit`, {}), 409, "conflict");
      const paid = await detail(await adminCall("/api/admin/invoices", manual()));
      await adminCall(`/api/admin/invoices/${paid.id}/payments`, {
        amountOre: 100,
        paidOn: swedishDate(new Date()),
      });
      await expectError(await adminCall(`/api/admin/invoices/${paid.id}/credit`, {}), 409, "conflict");
    });

    it("lists invoices by status, due date and customer, with what the filter leaves outstanding", async () => {
      const unique = await detail(
        await adminCall("/api/admin/invoices", {
          ...manual(),
          customer: { ...billing, name: "Svea 100%_Unik", email: "svea@unik.example" },
        }),
      );
      const list = async (query: string) => {
        const response = await adminCall(`/api/admin/invoices?${query}`);
        expect(response.status).toBe(200);
        return adminInvoiceListSchema.parse(await response.json());
      };
      const byName = await list("customer=100%25_unik");
      expect(byName.invoices.map((each) => each.id)).toEqual([unique.id]);
      expect(byName.outstandingOre).toBe(115_700);
      expect((await list(`customer=${unique.ocr}`)).invoices.map((each) => each.id)).toEqual([unique.id]);
      expect((await list("customer=100__unik")).invoices).toEqual([]);
      const credited = await list("status=credited");
      expect(credited.invoices.length).toBeGreaterThanOrEqual(2);
      expect(credited.invoices.every((each) => each.status === "credited")).toBe(true);
      const overdue = await list("due=overdue");
      expect(overdue.invoices.every((each) => each.dueDate < swedishDate(new Date()))).toBe(true);
      expect(overdue.invoices.length).toBeGreaterThanOrEqual(1);
      await expectError(await adminCall("/api/admin/invoices?status=lost"), 400, "invalid_request");
      await expectError(await call(app, "/api/admin/invoices", { bearer: customer.token }), 403, "forbidden");
    });
  });

  describe("the sweep over simulated time", () => {
    const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:3000", GRACE_DAYS: "7" });
    function sweeper(database: Database) {
      const outbox = mkdtempSync(path.join(tmpdir(), "kammare-invoices-"));
      const email = createOutboxSender({ dir: outbox, from: "Kammare <no-reply@localhost>" });
      return {
        email,
        run: (now: Date) => runLifecycle({ db: database, email, config, now }),
        mails: (to: string) => readOutbox(outbox).then((all) => all.filter((mail) => mail.to === to)),
      };
    }

    it("overdue the day after the due date (one reminder), past due 7 days on, expired 30 after; paying brings it back", async () => {
      const sweep = sweeper(db);
      const { id, owner } = await ownedPage();
      const issuedAt = new Date("2031-01-10T09:00:00Z");
      const to = `sweep-${id.toLowerCase()}@example.com`;
      const { invoice } = await checkoutByInvoice(
        {
          db,
          email: sweep.email,
          provider: noInvoiceProvider,
          publicUrl: "http://localhost:3000",
          now: issuedAt,
        },
        {
          profileId: id,
          plan: "monthly",
          billing: { ...billing, careOf: null, email: to, postcode: "123 45" },
        },
        { id: owner.id, roles: ["customer"] },
      );
      expect(invoice.dueDate).toBe("2031-02-09");
      const statusAt = async (iso: string) => {
        await sweep.run(new Date(iso));
        const [row] = await db.select().from(profiles).where(eq(profiles.id, id));
        const [bill] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
        return { page: row?.status, invoice: bill?.status, reminders: bill?.remindersSent };
      };

      expect(await statusAt("2031-02-09T20:00:00Z")).toEqual({
        page: "active",
        invoice: "sent",
        reminders: 0,
      });
      // 00:30 on 10 February in Stockholm: the day after the due date.
      expect(await statusAt("2031-02-09T23:30:00Z")).toEqual({
        page: "active",
        invoice: "overdue",
        reminders: 1,
      });
      expect(await statusAt("2031-02-12T12:00:00Z")).toMatchObject({ page: "active", reminders: 1 });
      const mails = await sweep.mails(to);
      expect(mails.map((mail) => mail.subject)).toEqual([
        `Faktura ${invoice.number} från Kammare AB`,
        `Påminnelse: faktura ${invoice.number} från Kammare AB`,
      ]);
      // The month it paid for ran out on 10 February, but the invoice's own terms decide: past due
      // 7 days after the due date, expired 30 days after that.
      expect((await statusAt("2031-02-15T12:00:00Z")).page).toBe("active");
      expect((await statusAt("2031-02-16T12:00:00Z")).page).toBe("past_due");
      expect((await statusAt("2031-03-17T12:00:00Z")).page).toBe("past_due");
      expect((await statusAt("2031-03-18T12:00:00Z")).page).toBe("expired");
      const reasons = await db
        .select({ to: profileStatusHistory.toStatus, reason: profileStatusHistory.reasonCode })
        .from(profileStatusHistory)
        .where(eq(profileStatusHistory.profileId, id))
        .orderBy(profileStatusHistory.at);
      expect(reasons.slice(-3)).toEqual([
        { to: "active", reason: "invoice_issued" },
        { to: "past_due", reason: "invoice_overdue" },
        { to: "expired", reason: "invoice_unpaid" },
      ]);

      // While the invoice is unpaid, paying another way is refused: the invoice is what is owed.
      for (const [path, json] of [
        ["/api/checkout/card", { profileId: id, plan: "monthly" }],
        ["/api/checkout/faktura", { profileId: id, plan: "monthly", billing }],
      ] as const) {
        const refused = await expectError(
          await call(app, path, { bearer: owner.token, json }),
          409,
          "conflict",
          "profileId",
        );
        expect(refused.error.message).toContain(`unpaid invoice (number ${invoice.number})`);
        // The refusal names itself, with the number for the screen to say in the viewer's language.
        expect(refused.error).toMatchObject({
          refusal: "checkout.unpaid-invoice",
          params: { invoiceNumber: invoice.number },
        });
      }

      // Paid at last (booked by an admin): the page is active again.
      const paid = await adminCall(`/api/admin/invoices/${invoice.id}/payments`, {
        amountOre: invoice.totalOre,
        paidOn: swedishDate(new Date()),
      });
      expect(paid.status).toBe(200);
      const [back] = await db.select().from(profiles).where(eq(profiles.id, id));
      expect(back?.status).toBe("active");
      expect(await sweep.mails(to)).toHaveLength(2);
    });
  });
});
