// A profile's life: claiming, the owner's edits and walkthrough, publishing, and status changes with
// their history. Making them (one or a batch) is ./create-profiles, reading one ./profile-view, the
// admin's list ./profile-list.
import { and, desc, eq } from "drizzle-orm";
import { freeTrialDays } from "../../../contract/pricing";
import type {
  ChapterInput,
  ProfileContent,
  ProfileContentPatch,
  ProfileMetadata,
  ProfileStatus,
  ProfileView,
  WalkthroughStepRequest,
} from "../../../contract/profiles";
import type { Database, Executor } from "../../db/client";
import {
  partnerMadePages,
  profileEditors,
  profileStatusHistory,
  profiles,
  users,
  walkthroughSteps,
} from "../../db/schema";
import { audit, type RequestOrigin, pageMissing, refuse, hasRole, type Actor } from "../core";
import { pageChanged, recordEvent, transaction } from "../core";
import { releaseRemovedChapters, withChapterIds } from "./chapters";
import { changeStatus } from "./status-machine";
import { type ProfileRow, fullContent, toView } from "./profile-view";

const isAdmin = (actor: Actor) => hasRole(actor, "admin");

/** Claims a profile for its new owner: only an unclaimed one, unless an admin assigns it. */
export async function claimProfile(
  db: Database,
  input: { profileId: string; ownerUserId: string },
  actor: Actor,
  origin: RequestOrigin,
): Promise<ProfileView> {
  if (input.ownerUserId !== actor.id && !isAdmin(actor)) {
    throw refuse("page.claim-for-yourself");
  }
  return transaction(db, async (tx) => {
    const [row] = await tx.select().from(profiles).where(eq(profiles.id, input.profileId)).for("update");
    if (!row) throw pageMissing();
    if (row.status !== "unclaimed" && !isAdmin(actor)) {
      throw refuse("page.has-owner");
    }
    // A page a partner made and then took back is claimed by nobody until the partner sends it again
    // (decisions "Pages a family can start, and funeral homes that hand them out").
    if (row.status === "unclaimed" && !isAdmin(actor)) {
      const [made] = await tx
        .select({ takenBackAt: partnerMadePages.takenBackAt })
        .from(partnerMadePages)
        .where(eq(partnerMadePages.profileId, row.id));
      if (made?.takenBackAt) throw refuse("partner.page-taken-back");
    }
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.ownerUserId));
    if (!owner) throw refuse("page.no-such-owner");
    const now = new Date();
    const fields = { ownerUserId: owner.id, claimedAt: row.claimedAt ?? now, updatedAt: now };
    if (row.status === "unclaimed") {
      // Claimed by its owner, or given to one by an admin.
      const cause = actor.id === owner.id && !isAdmin(actor) ? "owner" : "admin";
      await changeStatus(tx, {
        profile: row,
        to: "draft",
        cause,
        reason: "claimed",
        actorUserId: actor.id,
        fields,
        now,
      });
    } else {
      await tx.update(profiles).set(fields).where(eq(profiles.id, row.id));
    }
    const [updated] = await tx.select().from(profiles).where(eq(profiles.id, row.id));
    await audit(tx, {
      action: "profile.claim",
      actorUserId: actor.id,
      targetUserId: owner.id,
      details: { profileId: row.id },
      ...origin,
    });
    recordEvent(tx, pageChanged(row.id));
    return toView(tx, updated as ProfileRow);
  });
}

/** The refusals of a change only the page's owner may make, one per change (ADR 032). */
export type OwnerOnlyRefusal =
  | "page.owner-only"
  | "family.owner-only-invite"
  | "family.owner-only-hand-over"
  | "family.owner-only-remove"
  | "family.owner-only-withdraw";

/** The refusals of a change only the page's owner or its editors may make, one per change. */
export type EditorsOnlyRefusal =
  | "page.editors-only"
  | "page.editors-only-images"
  | "memory.editors-only"
  | "reminders.editors-only"
  | "qr.editors-only"
  | "video.editors-only"
  | "photos.editors-only"
  | "keepsake.editors-only";

/**
 * Only the page's owner (or an admin) may pay for it, invite or remove its editors, delete it or hand
 * it over (decisions, "The memorial itself"). Refuses with `refusal`, which names the change, otherwise.
 */
export function assertOwnsProfile(
  profile: Pick<ProfileRow, "ownerUserId" | "status">,
  actor: Actor,
  refusal: OwnerOnlyRefusal = "page.owner-only",
): void {
  if (isAdmin(actor)) return;
  if (profile.ownerUserId !== actor.id) {
    throw refuse(refusal);
  }
  if (profile.status === "suspended") throw refuse("page.suspended");
}

// The refusal for a page code that names no page is core's pageMissing (ADR 032), for every feature.
export { pageMissing } from "../core";

/** Is this user one of the page's editors? */
export async function isProfileEditor(db: Executor, profileId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: profileEditors.userId })
    .from(profileEditors)
    .where(and(eq(profileEditors.profileId, profileId), eq(profileEditors.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/**
 * May this actor change this profile (its content, settings, walkthrough, images, memories)? Its
 * owner and its editors may, unless the page is suspended; an admin always may. Throws a
 * with `refusal` (which names the change) otherwise.
 */
export async function assertMayEditProfile(
  db: Executor,
  profile: Pick<ProfileRow, "id" | "ownerUserId" | "status">,
  actor: Actor,
  refusal: EditorsOnlyRefusal = "page.editors-only",
): Promise<void> {
  if (isAdmin(actor) || profile.ownerUserId === actor.id) return assertOwnsProfile(profile, actor);
  if (!(await isProfileEditor(db, profile.id, actor.id))) {
    throw refuse(refusal);
  }
  if (profile.status === "suspended") throw refuse("page.suspended");
}

/** The profile, locked for the change, if the actor may change it. */
async function editable(tx: Executor, id: string, actor: Actor): Promise<ProfileRow> {
  const [row] = await tx.select().from(profiles).where(eq(profiles.id, id)).for("update");
  if (!row) throw pageMissing("id");
  await assertMayEditProfile(tx, row, actor);
  return row;
}

export async function updateProfileContent(
  db: Database,
  id: string,
  patch: ProfileContentPatch,
  actor: Actor,
): Promise<ProfileView> {
  return transaction(db, async (tx) => {
    const row = await editable(tx, id, actor);
    const { chapters, ...fields } = patch;
    const content: Partial<ProfileContent> = { ...row.content, ...fields };
    if (chapters) {
      content.chapters = withChapterIds(chapters);
      await releaseRemovedChapters(tx, { profileId: id, kept: content.chapters });
    }
    const [updated] = await tx
      .update(profiles)
      .set({ content, updatedAt: new Date() })
      .where(eq(profiles.id, id))
      .returning();
    recordEvent(tx, pageChanged(id));
    return toView(tx, updated as ProfileRow);
  });
}

export async function updateProfileMetadata(
  db: Database,
  id: string,
  patch: Partial<ProfileMetadata>,
  actor: Actor,
): Promise<ProfileView> {
  return transaction(db, async (tx) => {
    const row = await editable(tx, id, actor);
    const metadata = { ...row.metadata, ...patch };
    const [updated] = await tx
      .update(profiles)
      .set({ metadata, updatedAt: new Date() })
      .where(eq(profiles.id, id))
      .returning();
    recordEvent(tx, pageChanged(id));
    return toView(tx, updated as ProfileRow);
  });
}

/**
 * Saves one walkthrough step: its fields go into the profile and the step is marked done, in one
 * transaction. Publishing starts the free trial (once per profile) and makes the page live.
 */
export async function saveWalkthroughStep(
  db: Database,
  request: WalkthroughStepRequest,
  actor: Actor,
  now = new Date(),
): Promise<ProfileView> {
  const { profileId, step, ...fields } = request;
  return transaction(db, async (tx) => {
    const row = await editable(tx, profileId, actor);
    const changes: Partial<typeof profiles.$inferInsert> = { updatedAt: now };
    if (step === "publish") {
      const content = fullContent(row.content);
      if (!content.displayName.trim()) {
        throw refuse("page.unnamed");
      }
      if ("visibility" in fields && fields.visibility) {
        changes.metadata = { ...row.metadata, visibility: fields.visibility };
      }
    } else if (step !== "welcome") {
      const { chapters, ...rest } = fields as typeof fields & { chapters?: ChapterInput[] };
      changes.content = { ...row.content, ...rest };
      if (chapters) {
        changes.content.chapters = withChapterIds(chapters);
        await releaseRemovedChapters(tx, { profileId, kept: changes.content.chapters });
      }
    }
    if (step === "publish" && row.status === "draft" && !row.trialStartedAt) {
      await changeStatus(tx, {
        profile: row,
        to: "trial",
        cause: "owner",
        reason: "trial_started_on_publish",
        actorUserId: actor.id,
        fields: {
          ...changes,
          trialStartedAt: now,
          trialEndsAt: new Date(now.getTime() + freeTrialDays * 24 * 60 * 60 * 1000),
        },
        now,
      });
    } else {
      await tx.update(profiles).set(changes).where(eq(profiles.id, profileId));
    }
    const [updated] = await tx.select().from(profiles).where(eq(profiles.id, profileId));
    await tx
      .insert(walkthroughSteps)
      .values({ profileId, step, data: fields, completedAt: now })
      .onConflictDoUpdate({
        target: [walkthroughSteps.profileId, walkthroughSteps.step],
        set: { data: fields, completedAt: now },
      });
    recordEvent(tx, pageChanged(profileId));
    return toView(tx, updated as ProfileRow);
  });
}

/** An admin sets any status; the change is kept in the history and the audit log. */
export async function setProfileStatus(
  db: Database,
  input: { id: string; status: ProfileStatus; reason?: string },
  actor: Actor,
  origin: RequestOrigin,
): Promise<ProfileView> {
  if (!isAdmin(actor)) throw refuse("page.status-admin-only");
  return transaction(db, async (tx) => {
    const [row] = await tx.select().from(profiles).where(eq(profiles.id, input.id)).for("update");
    if (!row) throw pageMissing("id");
    if (row.status !== input.status) {
      await changeStatus(tx, {
        profile: row,
        to: input.status,
        cause: "admin",
        reason: null,
        note: input.reason ?? null,
        actorUserId: actor.id,
        now: new Date(),
      });
    }
    const [updated] = await tx.select().from(profiles).where(eq(profiles.id, input.id));
    await audit(tx, {
      action: "admin.profile_status",
      actorUserId: actor.id,
      targetUserId: row.ownerUserId,
      details: { profileId: row.id, from: row.status, to: input.status, reason: input.reason ?? null },
      ...origin,
    });
    recordEvent(tx, pageChanged(input.id));
    return toView(tx, updated as ProfileRow);
  });
}

export async function profileHistory(db: Executor, id: string) {
  const rows = await db
    .select({
      at: profileStatusHistory.at,
      from: profileStatusHistory.fromStatus,
      to: profileStatusHistory.toStatus,
      actorEmail: users.email,
      reasonCode: profileStatusHistory.reasonCode,
      reason: profileStatusHistory.reason,
    })
    .from(profileStatusHistory)
    .leftJoin(users, eq(users.id, profileStatusHistory.actorUserId))
    .where(eq(profileStatusHistory.profileId, id))
    .orderBy(desc(profileStatusHistory.at), desc(profileStatusHistory.id));
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}

export async function ownerEmailOf(
  db: Executor,
  row: { ownerUserId: string | null },
): Promise<string | null> {
  if (!row.ownerUserId) return null;
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, row.ownerUserId));
  return owner?.email ?? null;
}
