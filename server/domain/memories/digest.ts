// The owner's daily digest of new memories (ADR 026): after the first memory's own e-mail, at most
// one e-mail a day per page, and only when memories came since the last one. Run by the lifecycle
// sweep; each digest is claimed by a conditional update before it is sent, so two processes sweeping
// at once send it once.
import { and, eq, gt, isNotNull, lte, or, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { memories, memorySettings } from "../../db/schema";
import type { EmailSender } from "../../providers/email/types";
import { dayMs } from "../core";
import { pageKeepers } from "./emails";

/** Sends the digests that are due; answers the pages they were about. */
export async function sendMemoryDigests(
  db: Database,
  sender: EmailSender,
  { publicUrl, now = new Date() }: { publicUrl: string; now?: Date },
): Promise<string[]> {
  const dayAgo = new Date(now.getTime() - dayMs);
  const since = sql`coalesce(${memorySettings.digestMailedAt}, ${memorySettings.firstMemoryMailedAt})`;
  const due = await db
    .select({ profileId: memorySettings.profileId, since: memorySettings.digestMailedAt })
    .from(memorySettings)
    .where(
      and(
        isNotNull(memorySettings.firstMemoryMailedAt),
        or(isNull(memorySettings.digestMailedAt), lte(memorySettings.digestMailedAt, dayAgo)),
        sql`exists (select 1 from ${memories} m where m.profile_id = ${memorySettings.profileId}
          and m.created_at > ${since})`,
      ),
    );
  const sent: string[] = [];
  for (const page of due) {
    const claimed = await db
      .update(memorySettings)
      .set({ digestMailedAt: now })
      .where(
        and(
          eq(memorySettings.profileId, page.profileId),
          page.since ? eq(memorySettings.digestMailedAt, page.since) : isNull(memorySettings.digestMailedAt),
        ),
      )
      .returning({ profileId: memorySettings.profileId });
    if (claimed.length === 0) continue;
    const after = page.since ?? new Date(0);
    const [counts] = await db
      .select({
        count: sql<number>`count(*)::int`,
        pending: sql<number>`count(*) filter (where ${memories.state} = 'pending')::int`,
      })
      .from(memories)
      .where(and(eq(memories.profileId, page.profileId), gt(memories.createdAt, after)));
    const keepers = await pageKeepers(db, page.profileId);
    if (keepers.length === 0 || !counts || Number(counts.count) === 0) continue;
    // The owner and the page's editors, each in their own language.
    for (const { email, t, name } of keepers) {
      await sender.send({
        to: email,
        subject: t("email.memoryDigest.subject", { name }),
        text: t("email.memoryDigest.body", {
          name,
          count: Number(counts.count),
          pending: Number(counts.pending),
          link: `${publicUrl}/k/${page.profileId}/memories`,
        }),
      });
    }
    sent.push(page.profileId);
  }
  return sent;
}
