// Invitations to a page (ADR 029): the owner invites an address to help keep the page (`editor`) or
// to take it over (`handover`); the link carries a secret of which only the SHA-256 is kept; inviting
// the same address again sends a new link in place of the open one; the owner may withdraw it.
import { and, count, desc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import {
  invitationDays,
  maxEditorsPerPage,
  type InvitationKind,
  type OpenInvitation,
} from "../../../contract/family";
import { fallbackLocale, isLocale } from "../../../contract/locale";
import type { Database, Executor } from "../../db/client";
import { profileEditors, profileInvitations, users } from "../../db/schema";
import { audit, refuse, dayMs, newToken, tokenHash, type Actor, type RequestOrigin } from "../core";
import { recordEvent, transaction } from "../core";
import { ownedFamilyPage, pageNameOf } from "./access";

export type InvitationRow = typeof profileInvitations.$inferSelect;

/** The family's calls need the database (and a clock, for tests); their e-mails follow from events. */
export type FamilyDeps = {
  db: Database;
  now?: Date;
};

/** How an invitation names its inviter: the name they signed with, else their address. */
export const inviterOf = (row: { inviterName: string | null }, inviterEmail: string | null | undefined) =>
  row.inviterName ?? inviterEmail ?? null;

export function invitationView(row: InvitationRow, now: Date): OpenInvitation {
  return {
    id: row.id,
    email: row.email,
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt <= now,
    note: row.note,
  };
}

/** Not accepted and not withdrawn (it may still be past its date). */
export const openInvitation = and(
  isNull(profileInvitations.acceptedAt),
  isNull(profileInvitations.revokedAt),
);

/** The page's editors and its open, unexpired editor invitations: what the limit of ten counts. */
export async function editorSeatsTaken(tx: Executor, profileId: string, now: Date): Promise<number> {
  const [editors] = await tx
    .select({ n: count() })
    .from(profileEditors)
    .where(eq(profileEditors.profileId, profileId));
  const [invited] = await tx
    .select({ n: count() })
    .from(profileInvitations)
    .where(
      and(
        eq(profileInvitations.profileId, profileId),
        eq(profileInvitations.kind, "editor"),
        openInvitation,
        gt(profileInvitations.expiresAt, now),
      ),
    );
  return Number(editors?.n ?? 0) + Number(invited?.n ?? 0);
}

/**
 * The address an invitation goes to, spelled one way: an account's own spelling when the address
 * has one (so the invitation, the people list and the account never show it in two cases), and in
 * lower case otherwise (the spelling the new account will then have).
 */
async function invitedAddress(tx: Executor, typed: string): Promise<string> {
  const [account] = await tx
    .select({ email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${typed})`)
    .limit(1);
  return account?.email ?? typed.toLowerCase();
}

/**
 * The owner invites `email` to the page; the e-mail with the link goes out once the invitation is
 * kept (the `family.invited` event, ADR 033). An open invitation of the same kind to the same address
 * is withdrawn and replaced (a new link).
 */
export async function invite(
  deps: FamilyDeps,
  input: {
    profileId: string;
    email: string;
    kind: InvitationKind;
    inviterName?: string | null;
    note?: string | null;
  },
  actor: Actor,
  origin: RequestOrigin,
): Promise<{ invitation: OpenInvitation; replaced: boolean }> {
  const now = deps.now ?? new Date();
  const token = newToken();
  const change = input.kind === "handover" ? "family.owner-only-hand-over" : "family.owner-only-invite";
  const made = await transaction(deps.db, async (tx) => {
    const email = await invitedAddress(tx, input.email.trim());
    const page = await ownedFamilyPage(tx, input.profileId, actor, change);
    const [owner] = await tx
      .select({ email: users.email, locale: users.locale })
      .from(users)
      .where(eq(users.id, page.ownerUserId as string));
    if (owner && owner.email.toLowerCase() === email.toLowerCase()) {
      throw refuse("family.yourself");
    }
    const [editor] = await tx
      .select({ userId: profileEditors.userId })
      .from(profileEditors)
      .innerJoin(users, eq(users.id, profileEditors.userId))
      .where(and(eq(profileEditors.profileId, page.id), sql`lower(${users.email}) = lower(${email})`));
    if (editor && input.kind === "editor") {
      throw refuse("family.already-editor");
    }
    const sameOpen = and(
      eq(profileInvitations.profileId, page.id),
      eq(profileInvitations.kind, input.kind),
      sql`lower(${profileInvitations.email}) = lower(${email})`,
      openInvitation,
    );
    const replaced = await tx
      .update(profileInvitations)
      .set({ revokedAt: now })
      .where(sameOpen)
      .returning({ id: profileInvitations.id, expiresAt: profileInvitations.expiresAt });
    // A replaced invitation that still held a seat gives it to its replacement.
    if (input.kind === "editor" && (await editorSeatsTaken(tx, page.id, now)) >= maxEditorsPerPage) {
      throw refuse("family.too-many", { max: maxEditorsPerPage });
    }
    const [row] = await tx
      .insert(profileInvitations)
      .values({
        profileId: page.id,
        kind: input.kind,
        email,
        tokenHash: tokenHash(token),
        invitedByUserId: actor.id,
        inviterName: input.inviterName ?? null,
        note: input.note ?? null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + invitationDays * dayMs),
      })
      .returning();
    const invitation = row as InvitationRow;
    await audit(tx, {
      action: "family.invite",
      actorUserId: actor.id,
      targetUserId: page.ownerUserId,
      details: {
        profileId: page.id,
        invitationId: invitation.id,
        kind: input.kind,
        email,
        replaced: replaced.map((old) => old.id),
      },
      ...origin,
    });
    const [inviter = owner] = await tx
      .select({ email: users.email, locale: users.locale })
      .from(users)
      .where(eq(users.id, actor.id));
    recordEvent(tx, {
      type: "family.invited",
      invitationId: invitation.id,
      profileId: page.id,
      to: email,
      kind: input.kind,
      token,
      pageName: pageNameOf(page),
      inviter: inviterOf(invitation, inviter?.email) ?? "",
      note: invitation.note,
      locale: inviter?.locale && isLocale(inviter.locale) ? inviter.locale : fallbackLocale,
    });
    return { invitation, replaced: replaced.length > 0 };
  });
  return { invitation: invitationView(made.invitation, now), replaced: made.replaced };
}

/** The name the actor last signed an invitation with, to start their next one with it. */
export async function lastInviterName(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: profileInvitations.inviterName })
    .from(profileInvitations)
    .where(and(eq(profileInvitations.invitedByUserId, userId), isNotNull(profileInvitations.inviterName)))
    .orderBy(desc(profileInvitations.createdAt))
    .limit(1);
  return row?.name ?? null;
}

/** The owner withdraws an open invitation: its link stops working at once. */
export async function revokeInvitation(
  deps: Pick<FamilyDeps, "db" | "now">,
  input: { profileId: string; invitationId: string },
  actor: Actor,
  origin: RequestOrigin,
): Promise<void> {
  const now = deps.now ?? new Date();
  await transaction(deps.db, async (tx) => {
    const page = await ownedFamilyPage(tx, input.profileId, actor, "family.owner-only-withdraw");
    const [revoked] = await tx
      .update(profileInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(profileInvitations.id, input.invitationId),
          eq(profileInvitations.profileId, page.id),
          openInvitation,
        ),
      )
      .returning();
    if (!revoked) throw refuse("family.no-such-invitation");
    await audit(tx, {
      action: "family.invite_revoke",
      actorUserId: actor.id,
      targetUserId: page.ownerUserId,
      details: { profileId: page.id, invitationId: revoked.id, kind: revoked.kind, email: revoked.email },
      ...origin,
    });
  });
}
