// A page's people (ADR 029): its owner, its editors and (for the owner) the open invitations; the
// owner removes an editor, an editor leaves the page by themselves.
import { and, asc, desc, eq } from "drizzle-orm";
import { maxEditorsPerPage, type PagePeople } from "../../../contract/family";
import type { Database, Executor } from "../../db/client";
import { profileEditors, profileInvitations, profiles, users } from "../../db/schema";
import { audit, refuse, DomainError, type Actor, type RequestOrigin } from "../core";
import { familyPage, ownedFamilyPage, pageNameOf, roleOn, type FamilyPage } from "./access";
import { invitationView, lastInviterName, openInvitation } from "./invitations";

/** The page's people as its owner, an editor or an admin sees them (editors see no invitations). */
export async function pagePeople(
  db: Executor,
  profileId: string,
  actor: Actor,
  now = new Date(),
): Promise<PagePeople> {
  const page = await familyPage(db, profileId);
  const role = await roleOn(db, page, actor);
  const people = await peopleOf(db, page, role, now);
  return role === "owner" ? { ...people, inviterName: await lastInviterName(db, actor.id) } : people;
}

/** The same for the admin's screen of a page, without a role check (the admin area's guard did it). */
export async function pagePeopleForAdmin(db: Executor, profileId: string, now = new Date()) {
  return peopleOf(db, await familyPage(db, profileId), "admin", now);
}

async function peopleOf(
  db: Executor,
  page: FamilyPage,
  role: PagePeople["viewerRole"],
  now: Date,
): Promise<PagePeople> {
  const [owner] = page.ownerUserId
    ? await db
        .select({ userId: users.id, email: users.email, claimedAt: profiles.claimedAt })
        .from(users)
        .innerJoin(profiles, eq(profiles.id, page.id))
        .where(eq(users.id, page.ownerUserId))
    : [];
  const editors = await db
    .select({ userId: users.id, email: users.email, addedAt: profileEditors.addedAt })
    .from(profileEditors)
    .innerJoin(users, eq(users.id, profileEditors.userId))
    .where(eq(profileEditors.profileId, page.id))
    .orderBy(asc(profileEditors.addedAt));
  const invitations =
    role === "editor"
      ? []
      : await db
          .select()
          .from(profileInvitations)
          .where(and(eq(profileInvitations.profileId, page.id), openInvitation))
          .orderBy(desc(profileInvitations.createdAt));
  return {
    profileId: page.id,
    pageName: pageNameOf(page),
    viewerRole: role,
    owner: owner
      ? { userId: owner.userId, email: owner.email, since: owner.claimedAt?.toISOString() ?? null }
      : null,
    editors: editors.map((editor) => ({
      userId: editor.userId,
      email: editor.email,
      since: editor.addedAt.toISOString(),
    })),
    invitations: invitations.map((row) => invitationView(row, now)),
    maxEditors: maxEditorsPerPage,
    inviterName: null,
  };
}

async function dropEditor(tx: Executor, profileId: string, userId: string): Promise<void> {
  const removed = await tx
    .delete(profileEditors)
    .where(and(eq(profileEditors.profileId, profileId), eq(profileEditors.userId, userId)))
    .returning({ userId: profileEditors.userId });
  if (removed.length === 0) throw refuse("family.no-such-editor");
}

/** The owner removes an editor: they lose the page's editing at once. */
export async function removeEditor(
  db: Database,
  input: { profileId: string; userId: string },
  actor: Actor,
  origin: RequestOrigin,
): Promise<void> {
  await db.transaction(async (tx) => {
    const page = await ownedFamilyPage(tx, input.profileId, actor, "family.owner-only-remove");
    await dropEditor(tx, page.id, input.userId);
    await audit(tx, {
      action: "family.editor_remove",
      actorUserId: actor.id,
      targetUserId: input.userId,
      details: { profileId: page.id },
      ...origin,
    });
  });
}

/** An editor leaves a page they help keep (an old owner after a hand-over, too). */
export async function leavePage(
  db: Database,
  input: { profileId: string },
  actor: Actor,
  origin: RequestOrigin,
): Promise<void> {
  await db.transaction(async (tx) => {
    const page = await familyPage(tx, input.profileId, true);
    if (page.ownerUserId === actor.id) {
      throw refuse("family.owner-cannot-leave");
    }
    await dropEditor(tx, page.id, actor.id).catch((error: unknown) => {
      if (error instanceof DomainError) throw refuse("family.no-such-editor", {}, { field: "profileId" });
      throw error;
    });
    await audit(tx, {
      action: "family.editor_leave",
      actorUserId: actor.id,
      targetUserId: page.ownerUserId,
      details: { profileId: page.id },
      ...origin,
    });
  });
}
