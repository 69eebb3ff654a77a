// A page's candles as its visitors and its owner see them (ADR 026): the count, which never waits,
// and the names, which wait for the owner where memories wait (a `review` page) or show at once (an
// `open` one); the owner's decision to show or hide a name.
import { and, count, desc, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import {
  latestCandleNames,
  type CandleSummary,
  type OwnerCandleName,
  type OwnerCandles,
} from "../../../contract/memories";
import type { Database, Executor } from "../../db/client";
import { candles } from "../../db/schema";
import { refuse, DomainError, type Actor, type RequestOrigin } from "../core";
import { audit, pageChanged, recordEvent, transaction } from "../core";
import { editableProfile } from "./access";

/** The candles the owner's screen lists at most: names waiting, names decided, and unnamed, each. */
const ownerNamesShown = 100;

type CandleRow = typeof candles.$inferSelect;

const named = (profileId: string) => and(eq(candles.profileId, profileId), isNotNull(candles.name));

function ownerCandleName(row: CandleRow): OwnerCandleName {
  return { id: row.id, name: row.name ?? "", state: row.nameState, createdAt: row.createdAt.toISOString() };
}

/** What visitors see: every candle counted, the latest shown names. */
export async function candleSummary(db: Executor, profileId: string): Promise<CandleSummary> {
  const [counted] = await db.select({ count: count() }).from(candles).where(eq(candles.profileId, profileId));
  const shown = await db
    .select({ name: candles.name })
    .from(candles)
    .where(and(named(profileId), eq(candles.nameState, "shown")))
    .orderBy(desc(candles.createdAt))
    .limit(latestCandleNames);
  return { count: Number(counted?.count ?? 0), latestNames: shown.map((row) => row.name ?? "") };
}

export async function candleNamesWaitingOn(db: Executor, profileId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(candles)
    .where(and(named(profileId), eq(candles.nameState, "pending")));
  return Number(row?.count ?? 0);
}

/**
 * What the owner sees: the same, with the names waiting for them, the latest they decided, and the
 * latest candles lit without a name.
 */
export async function ownerCandles(db: Executor, profileId: string): Promise<OwnerCandles> {
  const list = (state: "pending" | "decided") =>
    db
      .select()
      .from(candles)
      .where(
        and(
          named(profileId),
          state === "pending" ? eq(candles.nameState, "pending") : ne(candles.nameState, "pending"),
        ),
      )
      .orderBy(desc(candles.createdAt), desc(candles.id))
      .limit(ownerNamesShown);
  // A candle without a name is removed on its own too (one lit again and again by the same hand).
  const nameless = and(eq(candles.profileId, profileId), isNull(candles.name));
  const unnamed = await db
    .select({ id: candles.id, createdAt: candles.createdAt })
    .from(candles)
    .where(nameless)
    .orderBy(desc(candles.createdAt), desc(candles.id))
    .limit(ownerNamesShown);
  const [unnamedCount] = await db.select({ count: count() }).from(candles).where(nameless);
  return {
    ...(await candleSummary(db, profileId)),
    waiting: (await list("pending")).map(ownerCandleName),
    waitingCount: await candleNamesWaitingOn(db, profileId),
    decided: (await list("decided")).map(ownerCandleName),
    unnamed: unnamed.map((row) => ({ id: row.id, createdAt: row.createdAt.toISOString() })),
    unnamedCount: Number(unnamedCount?.count ?? 0),
  };
}

/** The candle, locked, if the actor may moderate its page's memories; else as unknown as none. */
async function decidableCandle(tx: Executor, candleId: string, actor: Actor): Promise<CandleRow> {
  const [row] = await tx.select().from(candles).where(eq(candles.id, candleId)).for("update");
  const missing = () => refuse("memory.candle-missing");
  if (!row) throw missing();
  await editableProfile(tx, row.profileId, actor).catch((error: unknown) => {
    // Someone else's candle is as unknown to this actor as one that does not exist.
    if (error instanceof DomainError && error.code === "forbidden") throw missing();
    throw error;
  });
  return row;
}

/**
 * Whoever moderates the page's memories (its owner, its editors, an admin: decisions, "The memorial
 * itself") removes a candle: it no longer counts, and its name (if any) goes with it. Audited.
 */
export async function removeCandle(
  db: Database,
  { candleId, actor, origin }: { candleId: string; actor: Actor; origin: RequestOrigin },
): Promise<{ candleId: string; profileId: string }> {
  return transaction(db, async (tx) => {
    const row = await decidableCandle(tx, candleId, actor);
    await tx.delete(candles).where(eq(candles.id, row.id));
    await audit(tx, {
      action: "memory.candle_remove",
      actorUserId: actor.id,
      details: { profileId: row.profileId, candleId: row.id, name: row.name },
      ...origin,
    });
    // The count changed: this process's copies go after the commit, the others' at the notice.
    recordEvent(tx, pageChanged(row.profileId));
    await tx.execute(sql`select pg_notify('profile_changed', ${row.profileId})`);
    return { candleId: row.id, profileId: row.profileId };
  });
}

/** The owner (an editor, an admin) shows or hides a candle's name; the count stays as it is. */
export async function decideCandleName(
  db: Database,
  input: { candleId: string; state: "shown" | "hidden" },
  actor: Actor,
): Promise<OwnerCandleName> {
  return db.transaction(async (tx) => {
    const row = await decidableCandle(tx, input.candleId, actor);
    const missing = () => refuse("memory.candle-missing");
    if (!row.name) throw missing();
    // A name shown or taken down is announced to every process by a trigger (migration 0016).
    const [decided] = await tx
      .update(candles)
      .set({ nameState: input.state })
      .where(eq(candles.id, input.candleId))
      .returning();
    if (!decided) throw missing();
    return ownerCandleName(decided);
  });
}
