// A private page's door, the family's side (ADR 043): the visitor password (set and changed, never
// shown back), whether the door shows the portrait, and the invitations e-mailed to let someone in.
// Whoever may edit the page (its owner, editors, an admin) keeps its door.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { isLocale, fallbackLocale } from "../../../contract/locale";
import {
  maxPageInvitations,
  type PageDoor,
  type DoorOutcome,
  type PrivatePageSettings,
  type UpdatePrivatePageRequest,
} from "../../../contract/private-pages";
import type { Database, Executor } from "../../db/client";
import { pageVisitorInvitations, privatePageDoors, profiles, users } from "../../db/schema";
import { hashPassword } from "../accounts";
import { newToken, pageMissing, recordEvent, refuse, tokenHash, transaction, type Actor } from "../core";
import { assertMayEditProfile } from "../profiles";
import { makePass } from "./visitor-access";

async function keptPage(tx: Executor, profileId: string, actor: Actor) {
  const [row] = await tx
    .select({
      id: profiles.id,
      ownerUserId: profiles.ownerUserId,
      status: profiles.status,
      content: profiles.content,
      metadata: profiles.metadata,
    })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .for("update");
  if (!row) throw pageMissing();
  await assertMayEditProfile(tx, row, actor);
  return row;
}

async function settingsOf(db: Executor, profileId: string): Promise<PrivatePageSettings> {
  const [door] = await db.select().from(privatePageDoors).where(eq(privatePageDoors.profileId, profileId));
  const invitations = await db
    .select()
    .from(pageVisitorInvitations)
    .where(and(eq(pageVisitorInvitations.profileId, profileId), isNull(pageVisitorInvitations.revokedAt)))
    .orderBy(asc(pageVisitorInvitations.createdAt), asc(pageVisitorInvitations.id));
  return {
    passwordSet: Boolean(door?.passwordHash),
    passwordChangedAt: door?.passwordChangedAt?.toISOString() ?? null,
    showPortrait: door?.showPortrait ?? false,
    invitations: invitations.map((row) => ({
      id: row.id,
      email: row.email,
      createdAt: row.createdAt.toISOString(),
      usedAt: row.usedAt?.toISOString() ?? null,
    })),
  };
}

export async function privatePageSettings(
  db: Database,
  profileId: string,
  actor: Actor,
): Promise<PrivatePageSettings> {
  return transaction(db, async (tx) => {
    await keptPage(tx, profileId, actor);
    return settingsOf(tx, profileId);
  });
}

/** A new password shuts out every visitor let in by the old one (their passes are bound to its hash). */
export async function updatePrivatePage(
  db: Database,
  input: UpdatePrivatePageRequest,
  actor: Actor,
  now = new Date(),
): Promise<PrivatePageSettings> {
  // Hashed before the transaction: argon2id takes a moment, and no row needs to wait for it.
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  return transaction(db, async (tx) => {
    await keptPage(tx, input.profileId, actor);
    const changes = {
      ...(passwordHash ? { passwordHash, passwordChangedAt: now } : {}),
      ...(input.showPortrait === undefined ? {} : { showPortrait: input.showPortrait }),
      updatedAt: now,
    };
    await tx
      .insert(privatePageDoors)
      .values({ profileId: input.profileId, ...changes })
      .onConflictDoUpdate({ target: privatePageDoors.profileId, set: changes });
    return settingsOf(tx, input.profileId);
  });
}

/** Invites an address to see the page: the e-mail with its link goes after the commit. */
export async function invitePageVisitor(
  db: Database,
  input: { profileId: string; email: string },
  actor: Actor,
): Promise<PrivatePageSettings> {
  return transaction(db, async (tx) => {
    const page = await keptPage(tx, input.profileId, actor);
    const [open] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(pageVisitorInvitations)
      .where(and(eq(pageVisitorInvitations.profileId, page.id), isNull(pageVisitorInvitations.revokedAt)));
    if ((open?.count ?? 0) >= maxPageInvitations) throw refuse("request.too-many");
    const token = newToken();
    const [made] = await tx
      .insert(pageVisitorInvitations)
      .values({
        profileId: page.id,
        email: input.email,
        tokenHash: tokenHash(token),
        invitedByUserId: actor.id,
      })
      .returning({ id: pageVisitorInvitations.id });
    const [inviter] = await tx.select({ email: users.email }).from(users).where(eq(users.id, actor.id));
    const language = page.metadata.language;
    recordEvent(tx, {
      type: "page-visitor.invited",
      invitationId: made?.id ?? "",
      profileId: page.id,
      to: input.email,
      token,
      pageName: page.content.displayName ?? "",
      inviter: inviter?.email ?? "",
      locale: language && isLocale(language) ? language : fallbackLocale,
    });
    return settingsOf(tx, page.id);
  });
}

/** Revokes an invitation: its link, and every browser it let in, are shut out at once. */
export async function revokePageVisitor(
  db: Database,
  input: { profileId: string; invitationId: string },
  actor: Actor,
  now = new Date(),
): Promise<PrivatePageSettings> {
  return transaction(db, async (tx) => {
    await keptPage(tx, input.profileId, actor);
    const revoked = await tx
      .update(pageVisitorInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(pageVisitorInvitations.id, input.invitationId),
          eq(pageVisitorInvitations.profileId, input.profileId),
          isNull(pageVisitorInvitations.revokedAt),
        ),
      )
      .returning({ id: pageVisitorInvitations.id });
    if (revoked.length === 0) throw refuse("private.invitation-missing");
    return settingsOf(tx, input.profileId);
  });
}

/**
 * An invitation's link opened: answers the pass for the cookie, or refuses a revoked (gone) or
 * unknown (missing) link. The token is the key; whoever holds the link is let in.
 */
export async function enterByInvitation(
  db: Database,
  input: { page: string; token: string },
  now = new Date(),
): Promise<string> {
  const [row] = await db
    .select({ id: pageVisitorInvitations.id, revokedAt: pageVisitorInvitations.revokedAt })
    .from(pageVisitorInvitations)
    .where(
      and(
        eq(pageVisitorInvitations.tokenHash, tokenHash(input.token)),
        eq(pageVisitorInvitations.profileId, input.page),
      ),
    );
  if (!row) throw refuse("private.invitation-missing", {}, { field: "token" });
  if (row.revokedAt) throw refuse("private.invitation-revoked");
  await db.update(pageVisitorInvitations).set({ usedAt: now }).where(eq(pageVisitorInvitations.id, row.id));
  return makePass(db, input.page, { invitationId: row.id }, now);
}

/** What the door of a private page shows: the name, and the portrait only if the family allowed it. */
export async function pageDoor(
  db: Database,
  page: { id: string; content: { displayName?: string; portraitImageUrl?: string | null } },
  outcome: { outcome: DoorOutcome | null; retryAfter: number | null },
): Promise<PageDoor> {
  const [door] = await db
    .select({ showPortrait: privatePageDoors.showPortrait })
    .from(privatePageDoors)
    .where(eq(privatePageDoors.profileId, page.id));
  return {
    id: page.id,
    name: page.content.displayName ?? "",
    portraitImageUrl: door?.showPortrait ? (page.content.portraitImageUrl ?? null) : null,
    ...outcome,
  };
}
