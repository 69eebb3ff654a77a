// What a page's memories look like to its visitors (shown ones, newest first, a page at a time) and
// to whoever decides them (every state, with counts and the reports still open).
import { and, desc, eq, sql } from "drizzle-orm";
import {
  isMemoryPosition,
  memoriesPageSize,
  memoryStates,
  type MemoryState,
  type OwnerMemories,
  type OwnerMemory,
  type PublicMemories,
  type PublicMemory,
} from "../../../contract/memories";
import type { Database, Executor } from "../../db/client";
import { memories, memoryReports } from "../../db/schema";
import type { Actor } from "../core";
import { editableProfile } from "./access";
import { candleNamesWaitingOn, candleSummary, ownerCandles } from "./candle-names";
import { memorySettingsOf } from "./settings";
import { photosOfMemories } from "./memory-photos";

type MemoryRow = typeof memories.$inferSelect;

function publicMemory(row: MemoryRow, photos: PublicMemory["photos"] = []): PublicMemory {
  return {
    id: row.id,
    name: row.writerName,
    relation: row.relation,
    text: row.body,
    reply: row.reply,
    createdAt: row.createdAt.toISOString(),
    photos,
  };
}

/**
 * A position in the list: the last memory's time and id ("2026-11-26T06:00:00.123456Z_{uuid}"). The
 * time is to the microsecond, as the column keeps it: a Date's milliseconds would skip the memories
 * written within the same millisecond as the last one shown, but a few microseconds before it.
 */
const position = sql<string>`to_char(${memories.createdAt} at time zone 'UTC',
  'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || ${memories.id}`;

/** The shown memories after `before` (a position; from the newest without it), and the candles. */
export async function publicMemories(
  db: Database,
  profileId: string,
  before?: string,
): Promise<PublicMemories> {
  const settings = await memorySettingsOf(db, profileId);
  // The API and the page check `before` already; what is no position (31 February, an id that is no
  // uuid) would be the database's error here, so it is none: the list starts from the newest.
  const [beforeTime, beforeId] = before && isMemoryPosition(before) ? before.split("_") : [];
  const after =
    beforeTime && beforeId
      ? sql`(${memories.createdAt}, ${memories.id}) < (${beforeTime}::timestamptz, ${beforeId}::uuid)`
      : undefined;
  const rows =
    settings.moderation === "off"
      ? []
      : await db
          .select({ memory: memories, position })
          .from(memories)
          .where(and(eq(memories.profileId, profileId), eq(memories.state, "shown"), after))
          .orderBy(desc(memories.createdAt), desc(memories.id))
          .limit(memoriesPageSize + 1);
  const page = rows.slice(0, memoriesPageSize);
  const last = page.at(-1);
  // Only the photos the family approved, without their state: visitors see nothing of the others.
  const photos = await photosOfMemories(db, { memoryIds: page.map((row) => row.memory.id) });
  return {
    moderation: settings.moderation,
    candlesOn: settings.candlesOn,
    memories: page.map((row) =>
      publicMemory(
        row.memory,
        (photos.get(row.memory.id) ?? []).map(({ state: _state, ...photo }) => photo),
      ),
    ),
    next: rows.length > memoriesPageSize && last ? last.position : null,
    candles: settings.candlesOn ? await candleSummary(db, profileId) : { count: 0, latestNames: [] },
  };
}

export async function ownerMemories(
  db: Database,
  input: { profileId: string; state?: MemoryState },
  actor: Actor,
): Promise<OwnerMemories> {
  await editableProfile(db, input.profileId, actor);
  const rows = await db
    .select()
    .from(memories)
    .where(
      and(
        eq(memories.profileId, input.profileId),
        input.state ? eq(memories.state, input.state) : sql`${memories.state} <> 'removed'`,
      ),
    )
    .orderBy(desc(memories.createdAt), desc(memories.id))
    .limit(500);
  const counted = await db
    .select({ state: memories.state, count: sql<number>`count(*)::int` })
    .from(memories)
    .where(eq(memories.profileId, input.profileId))
    .groupBy(memories.state);
  const counts = Object.fromEntries(memoryStates.map((state) => [state, 0])) as Record<MemoryState, number>;
  for (const row of counted) counts[row.state] = Number(row.count);
  // Counted in a query of their own, joined: a subquery in a one-table select would get the memory's
  // id unqualified ("id"), which inside it names the report's own id, and every count would be 0.
  // A report counts the addresses that made it (one open report per memory holds them all).
  const reported = await db
    .select({
      memoryId: memoryReports.memoryId,
      count: sql<number>`sum(greatest(cardinality(${memoryReports.reporterHashes}), 1))::int`,
    })
    .from(memoryReports)
    .innerJoin(memories, eq(memories.id, memoryReports.memoryId))
    .where(and(eq(memories.profileId, input.profileId), eq(memoryReports.state, "open")))
    .groupBy(memoryReports.memoryId);
  const openReports = new Map(reported.map((row) => [row.memoryId, Number(row.count)]));
  const photos = await photosOfMemories(db, { memoryIds: rows.map((row) => row.id), all: true });
  return {
    settings: await memorySettingsOf(db, input.profileId),
    counts,
    memories: rows.map((row) => ownerMemory(row, openReports.get(row.id) ?? 0, photos.get(row.id) ?? [])),
    candles: await ownerCandles(db, input.profileId),
  };
}

export function ownerMemory(
  row: MemoryRow,
  openReports = 0,
  photos: OwnerMemory["photos"] = [],
): OwnerMemory {
  return {
    ...publicMemory(row),
    photos,
    state: row.state,
    email: row.writerEmail,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    openReports,
  };
}

/** The memories and candle names of a page waiting for a decision (the owner bar's count). */
export async function memoriesWaitingOn(db: Executor, profileId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(memories)
    .where(and(eq(memories.profileId, profileId), eq(memories.state, "pending")));
  return Number(row?.count ?? 0) + (await candleNamesWaitingOn(db, profileId));
}
