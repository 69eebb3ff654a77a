// The admin's queue of reported memories (/admin/memories/reports): one report per memory and round
// (the addresses that reported it counted on it), to hide the memory or keep it, audited.
import { and, desc, eq, sql } from "drizzle-orm";
import { reportStates, type MemoryReport, type ReportState } from "../../../contract/memories";
import type { Database, Executor } from "../../db/client";
import { memories, memoryReports } from "../../db/schema";
import { audit, refuse, hasRole, type Actor, type RequestOrigin } from "../core";
import { photosOfMemories } from "./memory-photos";

const onlyAdmins = (actor: Actor) => {
  if (!hasRole(actor, "admin")) throw refuse("memory.reports-admin-only");
};

async function reportRows(
  db: Executor,
  where: { id?: string; state?: ReportState },
): Promise<MemoryReport[]> {
  const rows = await db
    .select({ report: memoryReports, memory: memories })
    .from(memoryReports)
    .innerJoin(memories, eq(memories.id, memoryReports.memoryId))
    .where(
      and(
        where.id ? eq(memoryReports.id, where.id) : undefined,
        where.state ? eq(memoryReports.state, where.state) : undefined,
      ),
    )
    .orderBy(desc(memoryReports.createdAt))
    .limit(200);
  const photos = await photosOfMemories(db, { memoryIds: rows.map((row) => row.memory.id), all: true });
  return rows.map(({ report, memory }) => ({
    id: report.id,
    reason: report.reason,
    reasons: [report.reason, ...report.laterReasons],
    // A report written before its addresses were kept together (migration 0016) names one.
    reporters: Math.max(report.reporterHashes.length, 1),
    state: report.state,
    createdAt: report.createdAt.toISOString(),
    decidedAt: report.decidedAt?.toISOString() ?? null,
    memory: {
      id: memory.id,
      profileId: memory.profileId,
      name: memory.writerName,
      text: memory.body,
      state: memory.state,
      photos: photos.get(memory.id) ?? [],
    },
  }));
}

export async function memoryReportQueue(
  db: Database,
  input: { state?: ReportState },
  actor: Actor,
): Promise<{ reports: MemoryReport[]; counts: Record<ReportState, number> }> {
  onlyAdmins(actor);
  const counted = await db
    .select({ state: memoryReports.state, count: sql<number>`count(*)::int` })
    .from(memoryReports)
    .groupBy(memoryReports.state);
  const counts = Object.fromEntries(reportStates.map((state) => [state, 0])) as Record<ReportState, number>;
  for (const row of counted) counts[row.state] = Number(row.count);
  return { reports: await reportRows(db, { state: input.state ?? "open" }), counts };
}

export async function decideMemoryReport(
  db: Database,
  {
    input,
    actor,
    origin,
    now = new Date(),
  }: {
    input: { reportId: string; decision: "hide" | "keep" };
    actor: Actor;
    origin: RequestOrigin;
    now?: Date;
  },
): Promise<MemoryReport> {
  onlyAdmins(actor);
  return db.transaction(async (tx) => {
    const [report] = await tx
      .select()
      .from(memoryReports)
      .where(eq(memoryReports.id, input.reportId))
      .for("update");
    if (!report) throw refuse("memory.report-missing");
    const state: ReportState = input.decision === "hide" ? "hidden" : "kept";
    if (input.decision === "hide") {
      await tx
        .update(memories)
        .set({ state: "hidden", decidedByUserId: actor.id, decidedAt: now })
        .where(eq(memories.id, report.memoryId));
    }
    await tx
      .update(memoryReports)
      .set({ state, decidedByUserId: actor.id, decidedAt: now })
      .where(and(eq(memoryReports.memoryId, report.memoryId), eq(memoryReports.state, "open")));
    await audit(tx, {
      action: input.decision === "hide" ? "admin.memory_hidden" : "admin.memory_kept",
      actorUserId: actor.id,
      details: { reportId: report.id, memoryId: report.memoryId },
      ...origin,
    });
    const [decided] = await reportRows(tx, { id: report.id });
    if (!decided) throw refuse("memory.report-missing");
    return decided;
  });
}

/** The admin dashboard's figures: memories waiting for their owner, reports waiting for an admin. */
export async function memoryFigures(db: Executor): Promise<{ pendingMemories: number; openReports: number }> {
  const [pending] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(memories)
    .where(eq(memories.state, "pending"));
  const [reports] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(memoryReports)
    .where(eq(memoryReports.state, "open"));
  return { pendingMemories: Number(pending?.count ?? 0), openReports: Number(reports?.count ?? 0) };
}
