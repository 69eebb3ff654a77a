// An invitation's link: read by whoever holds it (the invitation page), and accepted by the account of
// the invited address. An editor's invitation makes an editor; a hand-over makes the accepting account
// the page's owner and the old owner an editor (who may leave). The page's status is left as it is:
// the status machine is its only writer, and a hand-over is no change of status.
import { and, eq, ne } from "drizzle-orm";
import { maskEmail, type InvitationState, type InvitationView } from "../../../contract/family";
import type { Executor } from "../../db/client";
import { profileEditors, profileInvitations, users } from "../../db/schema";
import { audit, refuse, DomainError, tokenHash, type Actor, type RequestOrigin } from "../core";
import { pageChanged, recordEvent, transaction } from "../core";
import { endRenewalsAtHandOver, type SubscriptionDeps } from "../billing";
import { setProfileOwner } from "../profiles";
import { familyPage, pageNameOf } from "./access";
import { openInvitation, type FamilyDeps, type InvitationRow } from "./invitations";

export function invitationState(row: InvitationRow, now: Date): InvitationState {
  if (row.acceptedAt) return "used";
  if (row.revokedAt) return "revoked";
  if (row.expiresAt <= now) return "expired";
  return "open";
}

async function invitationByToken(tx: Executor, token: string, lock = false): Promise<InvitationRow> {
  const query = tx
    .select()
    .from(profileInvitations)
    .where(eq(profileInvitations.tokenHash, tokenHash(token)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw refuse("family.invitation-invalid");
  return row;
}

/** The invitation as its page shows it (any state), to whoever holds the link. */
export async function readInvitation(
  db: Executor,
  token: string,
  now = new Date(),
): Promise<InvitationView & { forEmail: string }> {
  const row = await invitationByToken(db, token);
  const page = await familyPage(db, row.profileId);
  const [inviter] = row.invitedByUserId
    ? await db.select({ email: users.email }).from(users).where(eq(users.id, row.invitedByUserId))
    : [];
  return {
    profileId: page.id,
    pageName: pageNameOf(page),
    kind: row.kind,
    invitedBy: inviter?.email ?? null,
    inviterName: row.inviterName,
    note: row.note,
    emailMasked: maskEmail(row.email),
    state: invitationState(row, now),
    expiresAt: row.expiresAt.toISOString(),
    forEmail: row.email,
  };
}

/** Each state but `open` refused with its own message: 410 for a link past its date or withdrawn. */
function refuseUnless(state: InvitationState): void {
  if (state === "used") throw refuse("family.invitation-used");
  if (state === "revoked") throw refuse("family.invitation-revoked");
  if (state === "expired") throw refuse("family.invitation-expired");
}

async function emailOf(tx: Executor, userId: string): Promise<string> {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw refuse("family.wrong-account");
  return user.email;
}

/** The checks an acceptance passes, before anything is written (the hand-over's cancellation too). */
function assertAcceptable(row: InvitationRow, actorEmail: string, now: Date): void {
  refuseUnless(invitationState(row, now));
  if (row.email.toLowerCase() !== actorEmail.toLowerCase()) {
    throw refuse("family.wrong-account");
  }
}

export type AcceptDeps = FamilyDeps & {
  /** For a hand-over: the old owner's card subscription is cancelled at its period's end. */
  subscriptions: Omit<SubscriptionDeps, "now">;
};

/**
 * The signed-in account of the invited address accepts. A hand-over first ends the old owner's
 * renewing card subscription at its period's end (they are never charged again for a page they no
 * longer own; the page keeps its paid time), then moves the page in one transaction, after whose
 * commit each side is e-mailed what it means for them (`page.handed-over`, ADR 033).
 */
export async function acceptInvitation(
  deps: AcceptDeps,
  token: string,
  actor: Actor,
  origin: RequestOrigin,
): Promise<{ profileId: string; role: "owner" | "editor" }> {
  const now = deps.now ?? new Date();
  const actorEmail = await emailOf(deps.db, actor.id);
  const first = await invitationByToken(deps.db, token);
  assertAcceptable(first, actorEmail, now);
  if (first.kind === "handover") {
    const page = await familyPage(deps.db, first.profileId);
    if (page.ownerUserId === actor.id) throw refuse("family.already-owner");
    if (page.ownerUserId) {
      const oldOwner: Actor = { id: page.ownerUserId, roles: ["customer"] };
      await endRenewalsAtHandOver({ ...deps.subscriptions, now }, page.id, oldOwner, origin).catch(
        (error: unknown) => {
          // No current subscription: nothing renews, nothing to cancel.
          if (error instanceof DomainError && error.code === "not_found") return;
          throw error;
        },
      );
    }
  }
  return transaction(deps.db, async (tx) => {
    const row = await invitationByToken(tx, token, true);
    assertAcceptable(row, actorEmail, now);
    const page = await familyPage(tx, row.profileId, true);
    // The owner's page is cached by who owns it and who edits it: either is a change of the page.
    recordEvent(tx, pageChanged(page.id));
    await tx
      .update(profileInvitations)
      .set({ acceptedAt: now, acceptedByUserId: actor.id })
      .where(eq(profileInvitations.id, row.id));
    if (row.kind === "editor") {
      if (page.ownerUserId === actor.id) throw refuse("family.already-owner");
      await tx
        .insert(profileEditors)
        .values({ profileId: page.id, userId: actor.id, addedByUserId: row.invitedByUserId, addedAt: now })
        .onConflictDoNothing();
      await audit(tx, {
        action: "family.invite_accept",
        actorUserId: actor.id,
        targetUserId: page.ownerUserId,
        details: { profileId: page.id, invitationId: row.id, kind: row.kind },
        ...origin,
      });
      return { profileId: page.id, role: "editor" as const };
    }
    if (page.ownerUserId === actor.id) throw refuse("family.already-owner");
    const oldOwner = page.ownerUserId;
    await setProfileOwner(tx, { profileId: page.id, toUserId: actor.id, now });
    recordEvent(tx, {
      type: "page.handed-over",
      profileId: page.id,
      fromUserId: oldOwner,
      toUserId: actor.id,
    });
    // The new owner is no editor of their own page; the old one becomes one (and may leave).
    await tx
      .delete(profileEditors)
      .where(and(eq(profileEditors.profileId, page.id), eq(profileEditors.userId, actor.id)));
    if (oldOwner) {
      await tx
        .insert(profileEditors)
        .values({ profileId: page.id, userId: oldOwner, addedByUserId: actor.id, addedAt: now })
        .onConflictDoNothing();
    }
    // Every invitation the old owner sent ends here, editors' seats and other hand-overs alike: the
    // new owner decides whom to let in and whom to hand the page to.
    await tx
      .update(profileInvitations)
      .set({ revokedAt: now })
      .where(
        and(eq(profileInvitations.profileId, page.id), ne(profileInvitations.id, row.id), openInvitation),
      );
    await audit(tx, {
      action: "family.handover",
      actorUserId: actor.id,
      targetUserId: oldOwner,
      details: {
        profileId: page.id,
        invitationId: row.id,
        from: oldOwner,
        to: actor.id,
        status: page.status,
      },
      ...origin,
    });
    return { profileId: page.id, role: "owner" as const };
  });
}
