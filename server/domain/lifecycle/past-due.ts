// When a past-due page rests if nothing is paid, said once: the sweep moves it by this rule
// (status-rules.ts), and the owner is told the date to pay by (decisions "Where money meets people":
// every state says what happens next). The sandbox's last retry of a failed card, 7 days after the
// charge was due, falls on the same day with the default GRACE_DAYS.
import { and, desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { profileStatusHistory, profiles } from "../../db/schema";

import { dayMs } from "../core";

/** The day a page past due since `since` rests, GRACE_DAYS on. */
export function restsOn(since: Date, graceDays: number): Date {
  return new Date(since.getTime() + graceDays * dayMs);
}

/** Since when the page is past due: its latest move there (else its row's last change). */
export async function pastDueSince(db: Executor, profile: { id: string; updatedAt: Date }): Promise<Date> {
  const [entry] = await db
    .select({ at: profileStatusHistory.at })
    .from(profileStatusHistory)
    .where(and(eq(profileStatusHistory.profileId, profile.id), eq(profileStatusHistory.toStatus, "past_due")))
    .orderBy(desc(profileStatusHistory.at))
    .limit(1);
  return entry?.at ?? profile.updatedAt;
}

/** The day the page rests unless it is paid before: null when it is not past due. */
export async function pastDueRestsOn(
  db: Executor,
  profileId: string,
  graceDays: number,
): Promise<Date | null> {
  const [row] = await db
    .select({ id: profiles.id, status: profiles.status, updatedAt: profiles.updatedAt })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  if (row?.status !== "past_due") return null;
  return restsOn(await pastDueSince(db, row), graceDays);
}
