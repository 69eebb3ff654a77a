// Each page's choices for memories and candles: moderation (review, open or off), candles on or off,
// links allowed in a memory or not. A page without a row has the defaults.
import { eq } from "drizzle-orm";
import { defaultMemorySettings, type MemorySettings } from "../../../contract/memories";
import type { Database, Executor } from "../../db/client";
import { memorySettings } from "../../db/schema";
import type { Actor } from "../core";
import { editableProfile } from "./access";

export async function memorySettingsOf(db: Executor, profileId: string): Promise<MemorySettings> {
  const [row] = await db
    .select({
      moderation: memorySettings.moderation,
      candlesOn: memorySettings.candlesOn,
      allowLinks: memorySettings.allowLinks,
    })
    .from(memorySettings)
    .where(eq(memorySettings.profileId, profileId));
  return row ?? { ...defaultMemorySettings };
}

export async function updateMemorySettings(
  db: Database,
  input: Partial<MemorySettings> & { profileId: string },
  actor: Actor,
): Promise<MemorySettings> {
  return db.transaction(async (tx) => {
    const { profileId, ...patch } = input;
    await editableProfile(tx, profileId, actor);
    const settings = { ...(await memorySettingsOf(tx, profileId)), ...patch };
    await tx
      .insert(memorySettings)
      .values({ profileId, ...settings })
      .onConflictDoUpdate({ target: memorySettings.profileId, set: { ...settings, updatedAt: new Date() } });
    return settings;
  });
}
