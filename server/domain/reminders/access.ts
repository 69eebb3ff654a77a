// Who a page's reminders are for: the statuses whose pages still remind (live, or resting after a
// lapse; not a draft, an unclaimed, a suspended or a removed page), and the people who may ask for them
// (its owner and its editors; an admin's role alone does not make a page theirs to be reminded of).
import { eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { ProfileStatus } from "../../../contract/profiles";
import type { Executor } from "../../db/client";
import { profileEditors, profiles } from "../../db/schema";
import { pageMissing, type Actor } from "../core";
import { assertMayEditProfile, liveStatuses } from "../profiles";

/** Pages whose dates are still reminded of and shown in a calendar: live, or resting (`expired`). */
export const remindedStatuses: readonly ProfileStatus[] = [...liveStatuses, "expired"];

/** SQL: `userId` is the page's owner or one of its editors (now, as the statement runs). */
export function keepsPage(userId: SQL | string): SQL {
  return or(
    eq(profiles.ownerUserId, sql`${userId}::uuid`),
    sql`exists (select 1 from ${profileEditors} e where e.profile_id = ${profiles.id}
      and e.user_id = ${userId}::uuid)`,
  ) as SQL;
}

/** The page, if the actor keeps it (its owner or an editor, as themselves): throws not_found/forbidden. */
export async function pageKeptBy(db: Executor, profileId: string, actor: Actor) {
  const [row] = await db
    .select({ id: profiles.id, ownerUserId: profiles.ownerUserId, status: profiles.status })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  if (!row) throw pageMissing();
  // The reminders are the person's own: an admin is asked as the person they are, not as an admin.
  const person: Actor = { id: actor.id, roles: actor.roles.filter((role) => role !== "admin") };
  await assertMayEditProfile(db, row, person, "reminders.editors-only");
  return row;
}

/** SQL: the page (profiles) is one whose dates are still reminded of. */
export const remindedPage = (): SQL => inArray(profiles.status, [...remindedStatuses]);
