// A refused post's draft from the light page (ADR 011): a form without script is answered with a
// redirect back to the page, and what the visitor wrote must come back into the form without being
// in the address (where it would sit in the browser's history and the servers' logs). It is kept here
// under a secret the redirect carries, for a short while, and read back by the page.
import { and, eq, gt, lt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { memoryDrafts } from "../../db/schema";
import { consume, newToken, tokenHash } from "../core";

/** How long a draft waits to be read back (the redirect follows at once; a reload may come later). */
export const draftMinutes = 60;
/** Drafts one address may leave an hour: a robot refused again and again fills no table. */
const draftsPerAddressPerHour = 20;

/** Keeps the fields (empty ones left out) and answers the secret for the page's address, or null. */
export async function keepDraft(
  db: Database,
  input: { profileId: string; fields: Record<string, string>; ip: string | null; now?: Date },
): Promise<string | null> {
  const now = input.now ?? new Date();
  const fields = Object.fromEntries(Object.entries(input.fields).filter(([, value]) => value !== ""));
  if (Object.keys(fields).length === 0) return null;
  try {
    await consume(
      db,
      [
        {
          key: `memory-draft:ip:${input.ip ?? "unknown"}`,
          max: draftsPerAddressPerHour,
          windowSeconds: 3600,
        },
      ],
      now,
    );
  } catch {
    // Past the limit the refusal still goes back to the page, only without its text.
    return null;
  }
  // The old ones go as new ones come: the table holds an hour's drafts at most.
  await db
    .delete(memoryDrafts)
    .where(lt(memoryDrafts.createdAt, new Date(now.getTime() - draftMinutes * 60_000)));
  const token = newToken();
  await db
    .insert(memoryDrafts)
    .values({ tokenHash: tokenHash(token), profileId: input.profileId, fields, createdAt: now });
  return token;
}

/** Drops the drafts past their hour (the retention sweep: a quiet site writes no new one to do it). */
export async function pruneDrafts(db: Database, now = new Date()): Promise<number> {
  const removed = await db
    .delete(memoryDrafts)
    .where(lt(memoryDrafts.createdAt, new Date(now.getTime() - draftMinutes * 60_000)))
    .returning({ tokenHash: memoryDrafts.tokenHash });
  return removed.length;
}

/** The draft kept under `token` for this page, while it is fresh; null otherwise. */
export async function readDraft(
  db: Database,
  input: { profileId: string; token: string; now?: Date },
): Promise<Record<string, string> | null> {
  if (!input.token || input.token.length > 200) return null;
  const now = input.now ?? new Date();
  const [row] = await db
    .select({ fields: memoryDrafts.fields })
    .from(memoryDrafts)
    .where(
      and(
        eq(memoryDrafts.tokenHash, tokenHash(input.token)),
        eq(memoryDrafts.profileId, input.profileId),
        gt(memoryDrafts.createdAt, new Date(now.getTime() - draftMinutes * 60_000)),
      ),
    );
  return row?.fields ?? null;
}
