// The admin dashboard's API (ADR 015): each figure rises when its event happens (a sign-up through the
// API, a claim, a trial, a paid order by card and by invoice, an overdue invoice); days are Swedish ones
// (a row at 23:59 on Saturday is not Sunday's, across the switch to summer time); the month counts days
// before the 30-day series; pages by status match the table; memories waiting and reports open (issue
// 24) follow their rows and the admin's decision; only an admin may read it.
import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { adminDashboardSchema, dashboardDays, type AdminDashboard } from "../../contract/admin-dashboard";
import { makeOcr } from "../../contract/swedish-numbers";
import { invoices, memories, memoryReports, profiles, users } from "../../server/db/schema";
import { adminDashboard, historyTtlMs } from "../../server/domain/dashboard";
import { newProfileId } from "../../server/domain/profiles";
import { call, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { insertCreditor } from "../support/creditor-row";
import { insertOrder } from "../support/order-row";

describeOnEngines("the admin dashboard", ({ app, db, accounts, admin, customer }) => {
  let nextInvoice = 9000;

  async function dashboard(): Promise<AdminDashboard> {
    const response = await call(app, "/api/admin/dashboard", { bearer: admin.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    return adminDashboardSchema.parse(await response.json());
  }

  async function page(owner: Account | null, values: Partial<typeof profiles.$inferInsert> = {}) {
    const id = newProfileId();
    await db
      .insert(profiles)
      .values({ id, status: owner ? "active" : "unclaimed", ownerUserId: owner?.id ?? null, ...values });
    return id;
  }

  const paidOrder = (
    profileId: string,
    owner: Account,
    method: "card" | "invoice",
    amountOre: number,
    paidAt: Date,
  ) => insertOrder(db, { profileId, customerUserId: owner.id, method, amountOre, paidAt });

  it("rises with each event of today, in today's, this month's and the last day's figures", async () => {
    const before = await dashboard();
    expect(before.figures.signups.days).toHaveLength(dashboardDays);
    const now = new Date();

    const owner = await accounts.signUp();
    await page(owner, { claimedAt: now, status: "trial", trialStartedAt: now });
    await page(owner, { claimedAt: now, status: "extended_trial", extendedTrialStartedAt: now });
    const paid = await page(owner, { claimedAt: now });
    await paidOrder(paid, owner, "card", 9_900, now);
    await paidOrder(paid, owner, "invoice", 49_000, now);
    // Paid and then refunded (a withdrawal): no revenue.
    await insertOrder(db, { profileId: paid, customerUserId: owner.id, method: "card", status: "refunded" });
    await page(null);

    const after = await dashboard();
    const rose = (name: keyof AdminDashboard["figures"], by: number) => {
      expect(after.figures[name].today, name).toBe(before.figures[name].today + by);
      expect(after.figures[name].month, name).toBe(before.figures[name].month + by);
      expect(after.figures[name].days.at(-1), name).toBe(before.figures[name].days.at(-1)! + by);
    };
    rose("signups", 1);
    rose("claims", 3);
    rose("trials", 2);
    rose("conversions", 2);
    expect(after.revenue.today.card).toBe(before.revenue.today.card + 9_900);
    expect(after.revenue.today.invoice).toBe(before.revenue.today.invoice + 49_000);
    expect(after.revenue.month.card).toBe(before.revenue.month.card + 9_900);
    expect(after.revenue.days.at(-1)).toBe(before.revenue.days.at(-1)! + 58_900);
    expect(after.profilesByStatus.unclaimed).toBe(before.profilesByStatus.unclaimed + 1);
    expect(after.profilesByStatus.active).toBe(before.profilesByStatus.active + 1);
    expect(after.profilesByStatus.extended_trial).toBe(before.profilesByStatus.extended_trial + 1);
    expect(after.profilesByStatus.trial).toBe(before.profilesByStatus.trial + 1);
    expect(after.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(after.monthStart).toBe(`${after.today.slice(0, 7)}-01`);
  });

  it("counts pages by status as the table holds them", async () => {
    const rows = await db.select({ status: profiles.status }).from(profiles);
    const counted = (await dashboard()).profilesByStatus;
    for (const [status, n] of Object.entries(counted)) {
      expect(n, status).toBe(rows.filter((row) => row.status === status).length);
    }
  });

  it("keeps Swedish days: 23:59 on Saturday is not Sunday's, across the switch to summer time", async () => {
    // Sunday 30 March 2025: clocks go from 02:00 CET to 03:00 CEST. Midnight was 23:00 UTC the day before.
    const saturdayLate = new Date("2025-03-29T22:59:59Z");
    const sundayEarly = new Date("2025-03-29T23:00:00Z");
    const firstOfMarch = new Date("2025-02-28T23:30:00Z");
    for (const at of [saturdayLate, sundayEarly, firstOfMarch]) {
      await db
        .insert(users)
        .values({ email: `${randomUUID()}@example.com`, passwordHash: "x", createdAt: at });
    }
    const owner = await accounts.signUp();
    const id = await page(owner);
    await paidOrder(id, owner, "card", 1_000, saturdayLate);
    await paidOrder(id, owner, "invoice", 2_000, sundayEarly);

    const sunday = await adminDashboard(db, new Date("2025-03-30T20:00:00Z"));
    expect(sunday.today).toBe("2025-03-30");
    expect(sunday.monthStart).toBe("2025-03-01");
    expect(sunday.figures.signups.today).toBe(1);
    expect(sunday.figures.signups.days.slice(-2)).toEqual([1, 1]);
    // 1 March is 29 days before 30 March: the first day of the series, and of the month.
    expect(sunday.figures.signups.days[0]).toBe(1);
    expect(sunday.figures.signups.month).toBe(3);
    expect(sunday.revenue.today).toEqual({ card: 0, invoice: 2_000 });
    expect(sunday.revenue.month).toEqual({ card: 1_000, invoice: 2_000 });
    expect(sunday.figures.conversions.today).toBe(1);

    // On 31 March the series starts on 2 March: the month still counts 1 March.
    const monday = await adminDashboard(db, new Date("2025-03-31T10:00:00Z"));
    expect(monday.figures.signups.days.reduce((sum, n) => sum + n, 0)).toBe(2);
    expect(monday.figures.signups.month).toBe(3);
    expect(monday.figures.signups.today).toBe(0);
  });

  it("counts finished days once a while (today always live): a late booking for yesterday shows within the TTL", async () => {
    const noon = new Date("2025-06-10T10:00:00Z");
    const yesterday = new Date("2025-06-09T10:00:00Z");
    const owner = await accounts.signUp();
    const id = await page(owner);
    const first = await adminDashboard(db, noon);
    await paidOrder(id, owner, "invoice", 3_000, yesterday);
    await paidOrder(id, owner, "card", 4_000, new Date("2025-06-10T09:00:00Z"));
    const soon = await adminDashboard(db, new Date(noon.getTime() + 60_000));
    // Today's payment at once; yesterday's, booked late, not yet.
    expect(soon.revenue.today.card).toBe(first.revenue.today.card + 4_000);
    expect(soon.figures.conversions.days.at(-2)).toBe(first.figures.conversions.days.at(-2));
    const later = await adminDashboard(db, new Date(noon.getTime() + historyTtlMs + 1));
    expect(later.figures.conversions.days.at(-2)).toBe(first.figures.conversions.days.at(-2)! + 1);
    expect(later.revenue.month.invoice).toBe(first.revenue.month.invoice + 3_000);
  });

  it("counts unpaid invoices past their due date and what they still ask for", async () => {
    const before = await dashboard();
    const creditorId = await insertCreditor(db);
    const invoice = (dueDate: string, status: "sent" | "overdue" | "paid", paidOre = 0) => {
      nextInvoice += 1;
      return db.insert(invoices).values({
        creditorId,
        number: nextInvoice,
        ocr: makeOcr(nextInvoice),
        customerName: "Kund",
        customerAddressLines: ["Gatan 1", "123 45 Ort"],
        customerEmail: "kund@example.com",
        status,
        dueDate,
        netOre: 40_000,
        vatOre: 10_000,
        totalOre: 50_000,
        paidOre,
      });
    };
    await invoice("2020-01-10", "overdue", 20_000);
    await invoice("2020-01-10", "sent");
    await invoice("2020-01-10", "paid", 50_000);
    await invoice("2999-01-10", "sent");
    const after = await dashboard();
    expect(after.overdueInvoices.count).toBe(before.overdueInvoices.count + 2);
    expect(after.overdueInvoices.amountOre).toBe(before.overdueInvoices.amountOre + 30_000 + 50_000);
  });

  it("counts memories waiting for their family and reports waiting for an admin, until decided", async () => {
    const before = await dashboard();
    expect(before.memories.pending).toBeGreaterThanOrEqual(0);
    const owner = await accounts.signUp();
    const id = await page(owner, { status: "trial" });
    const memory = (state: "pending" | "shown" | "hidden" | "removed") => ({
      profileId: id,
      writerName: "Karin",
      body: `A ${state} memory.`,
      state,
    });
    const written = await db
      .insert(memories)
      .values([memory("pending"), memory("pending"), memory("shown"), memory("hidden"), memory("removed")])
      .returning();
    const shown = written.find((row) => row.state === "shown");
    const report = (reporterHash: string, state: "open" | "kept" | "hidden" = "open") => ({
      memoryId: shown!.id,
      reason: "Not true.",
      reporterHash,
      state,
    });
    // A memory has one open report at a time, whatever the addresses that made it.
    const [open] = await db
      .insert(memoryReports)
      .values([report(randomUUID()), report(randomUUID(), "kept")])
      .returning();

    const after = await dashboard();
    expect(after.memories.pending).toBe(before.memories.pending + 2);
    expect(after.memories.openReports).toBe(before.memories.openReports + 1);

    // Hiding the memory answers its open report.
    const decided = await call(app, "/api/admin/memory-reports/decision", {
      bearer: admin.token,
      json: { reportId: open!.id, decision: "hide" },
    });
    expect(decided.status).toBe(200);
    const later = await dashboard();
    expect(later.memories.openReports).toBe(before.memories.openReports);
    expect(later.memories.pending).toBe(before.memories.pending + 2);
  });

  it("answers only admins: 401 without a session, 403 for a customer", async () => {
    expect((await call(app, "/api/admin/dashboard")).status).toBe(401);
    expect((await call(app, "/api/admin/dashboard", { bearer: customer.token })).status).toBe(403);
  });
});
