// A partner's colleagues (ADR 029): the members of its organisation and the addresses invited into it.
// An invitation is a whitelist entry tied to the organisation (organisationId set), so the invitee's
// partner sign-up joins it (signup.ts); it comes with the invitation e-mail. Any member may invite,
// withdraw a pending invitation, and remove another member: that ends the member's partner access
// (membership, the partner role, their sessions, their whitelist entry). Every call works on the
// caller's own organisation, found from their account; audited.
import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import type { ColleagueInvitation, PartnerColleagues } from "../../../contract/partner-colleagues";
import type { Database, Executor } from "../../db/client";
import { partnerMembers, partnerWhitelist, users } from "../../db/schema";
import { revokeUserSessions } from "../accounts";
import { audit, type RequestOrigin, recordEvent, refuse, transaction } from "../core";
import { accountLocale, organisationDisplayName } from "./invitations";
import { requireOrganisation } from "./organisation";
import { lower } from "./whitelist";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Viewer = { id: string; email: string };

/** Whether an address belongs to an account that is a member of some organisation. */
// Written out in full: drizzle leaves a column unqualified in a statement of one table, and inside the
// subquery "email" would be the user's.
const signedUp = sql<boolean>`exists (select 1 from ${users} u join ${partnerMembers} m on m.user_id = u.id
  where lower(u.email) = lower("partner_whitelist"."email"))`;

/**
 * The organisation's pending invitations: entries tied to it, and entries of one of its partner names
 * not yet tied to any (they join it at sign-up), whose address has not signed up.
 */
function pendingOf(organisationId: string) {
  const names = sql`(select lower(w.partner_name) from ${partnerWhitelist} w where w.organisation_id = ${organisationId})`;
  return and(
    or(
      eq(partnerWhitelist.organisationId, organisationId),
      and(isNull(partnerWhitelist.organisationId), sql`${lower(partnerWhitelist.partnerName)} in ${names}`),
    ),
    sql`not ${signedUp}`,
  );
}

async function invitationsOf(
  db: Executor,
  organisationId: string,
  id?: string,
): Promise<ColleagueInvitation[]> {
  const rows = await db
    .select({
      id: partnerWhitelist.id,
      email: partnerWhitelist.email,
      invitedAt: partnerWhitelist.addedAt,
      // Only a colleague is named: an admin who added the address is "Kammare" to the partner.
      invitedBy: sql<
        string | null
      >`(select u.email from ${users} u join ${partnerMembers} m on m.user_id = u.id
        where u.id = "partner_whitelist"."added_by_user_id" and m.organisation_id = ${organisationId})`,
    })
    .from(partnerWhitelist)
    .where(and(pendingOf(organisationId), id ? eq(partnerWhitelist.id, id) : undefined))
    .orderBy(asc(partnerWhitelist.addedAt), asc(lower(partnerWhitelist.email)));
  return rows.map((row) => ({ ...row, invitedAt: row.invitedAt.toISOString() }));
}

export async function partnerColleagues(db: Executor, viewer: Viewer): Promise<PartnerColleagues> {
  const organisation = await requireOrganisation(db, viewer.id);
  const [members, invitations] = await Promise.all([
    db
      .select({ userId: users.id, email: users.email, joinedAt: partnerMembers.joinedAt })
      .from(partnerMembers)
      .innerJoin(users, eq(users.id, partnerMembers.userId))
      .where(eq(partnerMembers.organisationId, organisation.id))
      .orderBy(asc(partnerMembers.joinedAt), asc(users.email)),
    invitationsOf(db, organisation.id),
  ]);
  return {
    members: members.map((row) => ({
      userId: row.userId,
      email: row.email,
      joinedAt: row.joinedAt.toISOString(),
      you: row.userId === viewer.id,
    })),
    invitations,
  };
}

/**
 * Invites an address into the caller's organisation: a whitelist entry tied to it, and, once that is
 * committed, the e-mail in the inviter's language (the `partner.invited` event, ADR 033).
 */
export async function inviteColleague(
  db: Database,
  { viewer, email, origin }: { viewer: Viewer; email: string; origin: RequestOrigin },
): Promise<ColleagueInvitation> {
  return transaction(db, async (tx) => {
    const organisation = await requireOrganisation(tx, viewer.id);
    const [member] = await tx
      .select({ id: users.id })
      .from(partnerMembers)
      .innerJoin(users, eq(users.id, partnerMembers.userId))
      .where(
        and(
          eq(partnerMembers.organisationId, organisation.id),
          eq(sql`lower(${users.email})`, email.toLowerCase()),
        ),
      )
      .limit(1);
    if (member) throw refuse("partner.colleague-member");
    const name = (await organisationDisplayName(tx, organisation.id)) ?? organisation.slug;
    const [row] = await tx
      .insert(partnerWhitelist)
      .values({ email, partnerName: name, organisationId: organisation.id, addedByUserId: viewer.id })
      .onConflictDoNothing()
      .returning({ id: partnerWhitelist.id });
    if (!row) throw refuse("partner.colleague-invited");
    await audit(tx, {
      action: "partner.colleague_invite",
      actorUserId: viewer.id,
      details: { organisationId: organisation.id, entryId: row.id, email },
      ...origin,
    });
    const [invitation] = await invitationsOf(tx, organisation.id, row.id);
    if (!invitation) throw new Error("the invitation was not made");
    recordEvent(tx, {
      type: "partner.invited",
      entryId: row.id,
      to: invitation.email,
      organisation: name,
      invitedBy: viewer.email,
      locale: await accountLocale(tx, viewer.id),
    });
    return invitation;
  });
}

/** Withdraws a pending invitation of the caller's organisation (its address may no longer sign up). */
export async function withdrawInvitation(
  db: Database,
  viewer: Viewer,
  id: string,
  origin: RequestOrigin,
): Promise<void> {
  const missing = () => refuse("partner.invitation-missing");
  if (!uuidPattern.test(id)) throw missing();
  await db.transaction(async (tx) => {
    const organisation = await requireOrganisation(tx, viewer.id);
    const [removed] = await tx
      .delete(partnerWhitelist)
      .where(and(eq(partnerWhitelist.id, id), pendingOf(organisation.id)))
      .returning({ email: partnerWhitelist.email });
    if (!removed) throw missing();
    await audit(tx, {
      action: "partner.invitation_withdraw",
      actorUserId: viewer.id,
      details: { organisationId: organisation.id, entryId: id, email: removed.email },
      ...origin,
    });
  });
}

/**
 * Removes another member from the caller's organisation. Their partner access ends: the membership,
 * the partner role, their whitelist entries (so the address is no pending invitation either) and every
 * session go; the account itself stays (the admin's user tool can give it a role again).
 */
export async function removeColleague(
  db: Database,
  viewer: Viewer,
  userId: string,
  origin: RequestOrigin,
): Promise<void> {
  const missing = () => refuse("partner.colleague-missing");
  if (!uuidPattern.test(userId)) throw missing();
  await db.transaction(async (tx) => {
    const organisation = await requireOrganisation(tx, viewer.id);
    const [member] = await tx
      .select({ email: users.email })
      .from(partnerMembers)
      .innerJoin(users, eq(users.id, partnerMembers.userId))
      .where(and(eq(partnerMembers.userId, userId), eq(partnerMembers.organisationId, organisation.id)));
    if (!member) throw missing();
    if (userId === viewer.id) throw refuse("partner.remove-yourself");
    await tx.delete(partnerMembers).where(eq(partnerMembers.userId, userId));
    await tx
      .update(users)
      .set({ roles: sql`array_remove(${users.roles}, 'partner')` })
      .where(eq(users.id, userId));
    const entries = await tx
      .delete(partnerWhitelist)
      .where(eq(lower(partnerWhitelist.email), member.email.toLowerCase()))
      .returning({ id: partnerWhitelist.id });
    const sessions = await revokeUserSessions(tx, userId);
    await audit(tx, {
      action: "partner.colleague_remove",
      actorUserId: viewer.id,
      targetUserId: userId,
      details: {
        organisationId: organisation.id,
        email: member.email,
        whitelistEntries: entries.map((entry) => entry.id),
        sessionsRevoked: sessions,
      },
      ...origin,
    });
  });
}
