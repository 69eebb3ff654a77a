// Who owns a page, changed by a hand-over (ADR 029): the page's owner column, and nothing else. Its
// status is the status machine's alone (./status-machine): a hand-over leaves it as it is.
import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { profiles } from "../../db/schema";

/** Makes `toUserId` the owner of the page, inside the caller's transaction (which locked the row). */
export async function setProfileOwner(
  tx: Executor,
  input: { profileId: string; toUserId: string; now: Date },
): Promise<void> {
  await tx
    .update(profiles)
    .set({ ownerUserId: input.toUserId, updatedAt: input.now })
    .where(eq(profiles.id, input.profileId));
}
