// Who may see and decide a page's memories: whoever may change the page (its owner, its editors, an
// admin), the profiles feature's one rule.
import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { memories, profiles } from "../../db/schema";
import { refuse, DomainError, type Actor } from "../core";
import { assertMayEditProfile, pageMissing } from "../profiles";

export { pageMissing };

export async function editableProfile(tx: Executor, profileId: string, actor: Actor) {
  const [row] = await tx
    .select({ id: profiles.id, ownerUserId: profiles.ownerUserId, status: profiles.status })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  if (!row) throw pageMissing();
  await assertMayEditProfile(tx, row, actor, "memory.editors-only");
  return row;
}

/** The memory, locked for a decision, if the actor may decide the memories of its page. */
export async function decidableMemory(tx: Executor, memoryId: string, actor: Actor) {
  const [row] = await tx.select().from(memories).where(eq(memories.id, memoryId)).for("update");
  if (!row) throw refuse("memory.missing");
  await editableProfile(tx, row.profileId, actor).catch((error: unknown) => {
    // Someone else's memory is as unknown to this actor as one that does not exist.
    if (error instanceof DomainError && error.code === "forbidden") {
      throw refuse("memory.missing");
    }
    throw error;
  });
  return row;
}
