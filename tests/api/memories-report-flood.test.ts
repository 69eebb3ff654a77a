// Reports of one memory from many addresses, on every database engine: a memory has
// one open report in the admin's queue, which counts each address once (up to reportLimits) and keeps
// the first few reasons; an address is refused a second report of the same memory (409), whatever the
// admin decided meanwhile; reports sent at the same moment still make one row.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { memoryReportsSchema } from "../../contract/memories";
import { memoryReports } from "../../server/db/schema";
import { reportLimits } from "../../server/domain/memories";
import { call, expectError, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { memoryCalls, newAddress, proxiedConfig } from "../support/memories";

describeOnEngines("memories: a flood of reports", { app: { config: proxiedConfig } }, (fixture) => {
  const { app, db, admin } = fixture;
  const { page, report, ownerList, shownMemory } = memoryCalls(fixture);

  const rowsOf = (memoryId: string) =>
    db.select().from(memoryReports).where(eq(memoryReports.memoryId, memoryId));

  const openReportOf = async (memoryId: string) => {
    const response = await call(app, "/api/admin/memory-reports", { bearer: admin.token });
    expect(response.status).toBe(200);
    const open = memoryReportsSchema.parse(await response.json()).reports;
    return open.filter((row) => row.memory.id === memoryId);
  };

  const decideReport = (reportId: string, decision: "hide" | "keep", as: Account = admin) =>
    call(app, "/api/admin/memory-reports/decision", { bearer: as.token, json: { reportId, decision } });

  it("61 reports from 60 addresses: one row, each address counted once, the repeat refused", async () => {
    const { id, owner } = await page();
    const memory = await shownMemory(id, owner);
    const addresses = Array.from({ length: 60 }, () => newAddress());
    for (const [index, from] of addresses.entries()) {
      const answer = await report(memory, { reason: `Reason ${index + 1}` }, { from });
      expect(answer.status, `report ${index + 1}`).toBe(204);
    }
    await expectError(await report(memory, {}, { from: addresses[7] }), 409, "conflict", "memoryId");

    const rows = await rowsOf(memory.id);
    expect(rows).toHaveLength(1);
    const [open] = await openReportOf(memory.id);
    expect(open).toMatchObject({
      state: "open",
      reason: "Reason 1",
      reporters: reportLimits.addressesCounted,
      reasons: Array.from({ length: reportLimits.laterReasonsKept + 1 }, (_, index) => `Reason ${index + 1}`),
    });
    // The owner's list counts the addresses, as the admin's queue does.
    expect((await ownerList(id, owner)).memories[0]?.openReports).toBe(reportLimits.addressesCounted);
  }, 120_000);

  it("reports sent at the same moment from many addresses still make one row", async () => {
    const { id, owner } = await page();
    const memory = await shownMemory(id, owner);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => report(memory, {}, { from: newAddress() })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 12 }, () => 204));
    expect(await rowsOf(memory.id)).toHaveLength(1);
    expect((await openReportOf(memory.id))[0]?.reporters).toBe(12);
  });

  it("after the admin keeps it, a new address opens the next report; an earlier one stays refused", async () => {
    const { id, owner } = await page();
    const memory = await shownMemory(id, owner);
    const first = newAddress();
    expect((await report(memory, {}, { from: first })).status).toBe(204);
    expect((await report(memory, {}, { from: newAddress() })).status).toBe(204);
    const [open] = await openReportOf(memory.id);
    expect((await decideReport(open?.id ?? "", "keep")).status).toBe(200);
    expect(await openReportOf(memory.id)).toEqual([]);

    await expectError(await report(memory, {}, { from: first }), 409, "conflict", "memoryId");
    expect((await report(memory, { reason: "Still wrong." }, { from: newAddress() })).status).toBe(204);
    const [next] = await openReportOf(memory.id);
    expect(next).toMatchObject({ reporters: 1, reasons: ["Still wrong."] });
    expect((await rowsOf(memory.id)).map((row) => row.state).sort()).toEqual(["kept", "open"]);
  });
});
