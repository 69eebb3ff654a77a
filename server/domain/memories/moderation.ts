// The owner's decisions on a page's memories: show, hide or remove one, reply to it.
import { and, eq } from "drizzle-orm";
import type { OwnerMemory } from "../../../contract/memories";
import type { Database, Executor } from "../../db/client";
import { memories, memoryReports } from "../../db/schema";
import type { Actor } from "../core";
import { decidableMemory } from "./access";
import { ownerMemory } from "./lists";
import { photosOfMemories } from "./memory-photos";

export async function decideMemory(
  db: Database,
  input: { memoryId: string; state: "shown" | "hidden" | "removed" },
  actor: Actor,
  now = new Date(),
): Promise<OwnerMemory> {
  return db.transaction(async (tx) => {
    await decidableMemory(tx, input.memoryId, actor);
    const [row] = await tx
      .update(memories)
      .set({ state: input.state, decidedByUserId: actor.id, decidedAt: now })
      .where(eq(memories.id, input.memoryId))
      .returning();
    // A memory taken down answers the reports about it still open; those an admin has decided keep
    // the admin's decision (the queue's "kept" list stays true).
    if (input.state !== "shown") {
      await tx
        .update(memoryReports)
        .set({ state: "hidden", decidedByUserId: actor.id, decidedAt: now })
        .where(and(eq(memoryReports.memoryId, input.memoryId), eq(memoryReports.state, "open")));
    }
    return ownerMemory(row as typeof memories.$inferSelect, 0, await photosOf(tx, input.memoryId));
  });
}

/** Every photo sent with the memory, for the answer of a decision on it. */
async function photosOf(tx: Executor, memoryId: string): Promise<OwnerMemory["photos"]> {
  return (await photosOfMemories(tx, { memoryIds: [memoryId], all: true })).get(memoryId) ?? [];
}

export async function replyToMemory(
  db: Database,
  input: { memoryId: string; reply: string },
  actor: Actor,
): Promise<OwnerMemory> {
  return db.transaction(async (tx) => {
    await decidableMemory(tx, input.memoryId, actor);
    const [row] = await tx
      .update(memories)
      .set({ reply: input.reply === "" ? null : input.reply })
      .where(eq(memories.id, input.memoryId))
      .returning();
    return ownerMemory(row as typeof memories.$inferSelect, 0, await photosOf(tx, input.memoryId));
  });
}
