// Profiles: creating them (one or a batch), claiming, the owner's edits and walkthrough, status
// changes with their history, and the admin list.
import { and, asc, desc, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import type { Role } from "../../contract/auth";
import { freeTrialDays } from "../../contract/pricing";
import {
  defaultMetadata,
  emptyContent,
  walkthroughSteps as stepOrder,
  type AdminProfileList,
  type AdminProfileListQuery,
  type AdminProfileRow,
  type ProfileContent,
  type ProfileContentPatch,
  type ProfileMetadata,
  type ProfileStatus,
  type ProfileView,
  type WalkthroughStep,
  type WalkthroughStepRequest,
} from "../../contract/profiles";
import type { Database, Executor } from "../db/client";
import { profileStatusCounts, profileStatusHistory, profiles, users, walkthroughSteps } from "../db/schema";
import { audit, type RequestOrigin } from "./audit";
import { DomainError } from "./errors";
import { newProfileId } from "./profile-ids";

export type Actor = { id: string; roles: Role[] };

type ProfileRow = typeof profiles.$inferSelect;

const isAdmin = (actor: Actor | null) => !!actor?.roles.includes("admin");

/** The statuses in which the public sees the page itself. */
export const liveStatuses: readonly ProfileStatus[] = ["trial", "extended_trial", "active", "past_due"];

export function fullContent(stored: Partial<ProfileContent>): ProfileContent {
  return { ...emptyContent, ...stored };
}

export function fullMetadata(stored: Partial<ProfileMetadata>): ProfileMetadata {
  return { ...defaultMetadata, ...stored };
}

type StepDone = { step: WalkthroughStep; completedAt: Date };

async function toView(db: Executor, row: ProfileRow): Promise<ProfileView> {
  const steps = await db
    .select({ step: walkthroughSteps.step, completedAt: walkthroughSteps.completedAt })
    .from(walkthroughSteps)
    .where(eq(walkthroughSteps.profileId, row.id));
  return viewOf(row, steps);
}

function viewOf(row: ProfileRow, steps: StepDone[]): ProfileView {
  steps.sort((a, b) => stepOrder.indexOf(a.step) - stepOrder.indexOf(b.step));
  return {
    id: row.id,
    status: row.status,
    ownerUserId: row.ownerUserId,
    content: fullContent(row.content),
    metadata: fullMetadata(row.metadata),
    walkthrough: steps.map((step) => ({ step: step.step, completedAt: step.completedAt.toISOString() })),
    trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
    paidUntil: row.paidUntil?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findProfile(db: Executor, id: string): Promise<ProfileRow | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, id)).limit(1);
  return row ?? null;
}

export async function profileView(db: Executor, id: string): Promise<ProfileView | null> {
  // One statement for the profile and its walkthrough: every uncached /k/{id} page reads this, and a
  // second statement on the embedded database cost about a tenth of the whole page (measured). Times
  // travel as epoch milliseconds (JSON would carry PostgreSQL's text), cut as Date parsing cuts them.
  const [found] = await db
    .select({
      row: profiles,
      steps: sql<{ step: WalkthroughStep; at: number }[]>`coalesce((
        select json_agg(json_build_object(
          'step', ${walkthroughSteps.step},
          'at', floor(extract(epoch from ${walkthroughSteps.completedAt}) * 1000)))
        from ${walkthroughSteps} where ${walkthroughSteps.profileId} = ${profiles.id}), '[]')`,
    })
    .from(profiles)
    .where(eq(profiles.id, id))
    .limit(1);
  if (!found) return null;
  return viewOf(
    found.row,
    found.steps.map((done) => ({ step: done.step, completedAt: new Date(done.at) })),
  );
}

async function recordStatus(
  tx: Executor,
  profileId: string,
  from: ProfileStatus | null,
  to: ProfileStatus,
  actorUserId: string | null,
  reason: string | null,
): Promise<void> {
  await tx
    .insert(profileStatusHistory)
    .values({ profileId, fromStatus: from, toStatus: to, actorUserId, reason });
}

// PostgreSQL takes at most 65,535 parameters in one statement; a batch of 10,000 rows of 7 values
// goes in several statements (of the one transaction).
const insertChunkRows = 2000;

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/**
 * Creates `count` profiles in one transaction: unclaimed, or owned by `ownerUserId` (a draft).
 * Ids are random; the rare clash with an existing id is retried with new ones.
 */
export async function createProfiles(
  db: Database,
  input: { count: number; ownerUserId?: string | null; partnerUserId?: string | null },
  actor: Actor,
  origin: RequestOrigin,
): Promise<ProfileRow[]> {
  const status: ProfileStatus = input.ownerUserId ? "draft" : "unclaimed";
  return db.transaction(async (tx) => {
    const created: ProfileRow[] = [];
    let missing = input.count;
    for (let attempt = 0; missing > 0; attempt++) {
      if (attempt > 5) throw new Error("could not find free profile ids");
      const ids = new Set<string>();
      while (ids.size < missing) ids.add(newProfileId());
      const now = new Date();
      for (const chunk of chunks([...ids], insertChunkRows)) {
        const rows = await tx
          .insert(profiles)
          .values(
            chunk.map((id) => ({
              id,
              status,
              ownerUserId: input.ownerUserId ?? null,
              partnerUserId: input.partnerUserId ?? null,
              claimedAt: input.ownerUserId ? now : null,
              content: {},
              metadata: {},
            })),
          )
          .onConflictDoNothing()
          .returning();
        created.push(...rows);
        missing -= rows.length;
      }
    }
    for (const chunk of chunks(created, insertChunkRows)) {
      await tx.insert(profileStatusHistory).values(
        chunk.map((row) => ({
          profileId: row.id,
          fromStatus: null,
          toStatus: status,
          actorUserId: actor.id,
          reason: "created",
        })),
      );
    }
    await audit(tx, {
      action: "admin.profiles_create",
      actorUserId: actor.id,
      targetUserId: input.ownerUserId ?? null,
      details: { count: created.length, status },
      ...origin,
    });
    return created;
  });
}

/** Claims a profile for its new owner: only an unclaimed one, unless an admin assigns it. */
export async function claimProfile(
  db: Database,
  input: { profileId: string; ownerUserId: string },
  actor: Actor,
  origin: RequestOrigin,
): Promise<ProfileView> {
  if (input.ownerUserId !== actor.id && !isAdmin(actor)) {
    throw new DomainError("forbidden", "You can claim a page only for yourself.", "owner");
  }
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(profiles).where(eq(profiles.id, input.profileId)).for("update");
    if (!row) throw new DomainError("not_found", "There is no page with this code.", "profileId");
    if (row.status !== "unclaimed" && !isAdmin(actor)) {
      throw new DomainError("conflict", "This page already has an owner.", "profileId");
    }
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.ownerUserId));
    if (!owner) throw new DomainError("not_found", "There is no such user.", "owner");
    const status: ProfileStatus = row.status === "unclaimed" ? "draft" : row.status;
    const now = new Date();
    const [updated] = await tx
      .update(profiles)
      .set({ ownerUserId: owner.id, status, claimedAt: row.claimedAt ?? now, updatedAt: now })
      .where(eq(profiles.id, row.id))
      .returning();
    if (status !== row.status) await recordStatus(tx, row.id, row.status, status, actor.id, "claimed");
    await audit(tx, {
      action: "profile.claim",
      actorUserId: actor.id,
      targetUserId: owner.id,
      details: { profileId: row.id },
      ...origin,
    });
    return toView(tx, updated as ProfileRow);
  });
}

/** The profile, if the actor may change it: its owner or an admin. */
async function editable(tx: Executor, id: string, actor: Actor): Promise<ProfileRow> {
  const [row] = await tx.select().from(profiles).where(eq(profiles.id, id)).for("update");
  if (!row) throw new DomainError("not_found", "There is no page with this code.", "id");
  if (row.ownerUserId !== actor.id && !isAdmin(actor)) {
    throw new DomainError("forbidden", "Only the page's owner can change it.");
  }
  if (row.status === "suspended" && !isAdmin(actor)) {
    throw new DomainError("forbidden", "This page is suspended.");
  }
  return row;
}

export async function updateProfileContent(
  db: Database,
  id: string,
  patch: ProfileContentPatch,
  actor: Actor,
): Promise<ProfileView> {
  return db.transaction(async (tx) => {
    const row = await editable(tx, id, actor);
    const content = { ...row.content, ...patch };
    const [updated] = await tx
      .update(profiles)
      .set({ content, updatedAt: new Date() })
      .where(eq(profiles.id, id))
      .returning();
    return toView(tx, updated as ProfileRow);
  });
}

export async function updateProfileMetadata(
  db: Database,
  id: string,
  patch: Partial<ProfileMetadata>,
  actor: Actor,
): Promise<ProfileView> {
  return db.transaction(async (tx) => {
    const row = await editable(tx, id, actor);
    const metadata = { ...row.metadata, ...patch };
    const [updated] = await tx
      .update(profiles)
      .set({ metadata, updatedAt: new Date() })
      .where(eq(profiles.id, id))
      .returning();
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
  return db.transaction(async (tx) => {
    const row = await editable(tx, profileId, actor);
    const changes: Partial<typeof profiles.$inferInsert> = { updatedAt: now };
    if (step === "publish") {
      const content = fullContent(row.content);
      if (!content.displayName.trim()) {
        throw new DomainError("conflict", "Give the page a name before publishing it.", "displayName");
      }
      if ("visibility" in fields && fields.visibility) {
        changes.metadata = { ...row.metadata, visibility: fields.visibility };
      }
      if (row.status === "draft" && !row.trialStartedAt) {
        changes.status = "trial";
        changes.trialStartedAt = now;
        changes.trialEndsAt = new Date(now.getTime() + freeTrialDays * 24 * 60 * 60 * 1000);
      }
    } else if (step !== "welcome") {
      changes.content = { ...row.content, ...fields };
    }
    const [updated] = await tx.update(profiles).set(changes).where(eq(profiles.id, profileId)).returning();
    if (changes.status && changes.status !== row.status) {
      await recordStatus(
        tx,
        profileId,
        row.status,
        changes.status,
        actor.id,
        "free trial started on publishing",
      );
    }
    await tx
      .insert(walkthroughSteps)
      .values({ profileId, step, data: fields, completedAt: now })
      .onConflictDoUpdate({
        target: [walkthroughSteps.profileId, walkthroughSteps.step],
        set: { data: fields, completedAt: now },
      });
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
  if (!isAdmin(actor)) throw new DomainError("forbidden", "Only an admin may change a page's status.");
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(profiles).where(eq(profiles.id, input.id)).for("update");
    if (!row) throw new DomainError("not_found", "There is no page with this code.", "id");
    const [updated] = await tx
      .update(profiles)
      .set({ status: input.status, updatedAt: new Date() })
      .where(eq(profiles.id, input.id))
      .returning();
    if (row.status !== input.status) {
      await recordStatus(tx, row.id, row.status, input.status, actor.id, input.reason ?? null);
    }
    await audit(tx, {
      action: "admin.profile_status",
      actorUserId: actor.id,
      targetUserId: row.ownerUserId,
      details: { profileId: row.id, from: row.status, to: input.status, reason: input.reason ?? null },
      ...origin,
    });
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

// The admin list: keyset pagination, so page 10,000 costs what page 1 costs.
type Cursor = { v: string; id: string };
const cursorTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

function decodeCursor(value: string | undefined): Cursor | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as Partial<Cursor>;
    if (typeof parsed.v === "string" && typeof parsed.id === "string") return { v: parsed.v, id: parsed.id };
  } catch {
    // fall through
  }
  throw new DomainError("invalid_request", "The page cursor is not valid.", "cursor");
}

export async function listProfiles(db: Database, query: AdminProfileListQuery): Promise<AdminProfileList> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(profiles.status, query.status));
  const q = query.q?.trim();
  let searching = false;
  if (q) {
    searching = true;
    if (q.includes("@")) {
      const owners = db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) like ${`${escapeLike(q.toLowerCase())}%`}`);
      conditions.push(inArray(profiles.ownerUserId, owners));
    } else {
      conditions.push(sql`${profiles.id} like ${`${escapeLike(q.toUpperCase())}%`}`);
    }
  }

  const column = {
    created_desc: profiles.createdAt,
    created_asc: profiles.createdAt,
    updated_desc: profiles.updatedAt,
    id_asc: null,
  }[query.sort];
  const descending = query.sort === "created_desc" || query.sort === "updated_desc";
  const cursor = decodeCursor(query.cursor);
  if (cursor) {
    if (column) {
      if (!cursorTimePattern.test(cursor.v) || Number.isNaN(Date.parse(cursor.v)))
        throw new DomainError("invalid_request", "The page cursor is not valid.", "cursor");
      // Compared at the database's full (microsecond) precision: a JavaScript Date would cut it to
      // milliseconds and skip or repeat rows of one batch.
      const at = sql`${cursor.v}::timestamptz`;
      // A row comparison, not `a < x or (a = x and id < y)`: the index (column, id) then starts the
      // scan at the cursor; with the OR it reads every row before it (245 ms mid-list at 1,000,000).
      conditions.push(
        descending
          ? sql`(${column}, ${profiles.id}) < (${at}, ${cursor.id})`
          : sql`(${column}, ${profiles.id}) > (${at}, ${cursor.id})`,
      );
    } else {
      conditions.push(gt(profiles.id, cursor.id));
    }
  }
  const order = column
    ? descending
      ? [desc(column), desc(profiles.id)]
      : [asc(column), asc(profiles.id)]
    : [asc(profiles.id)];

  const rows = await db
    .select({
      id: profiles.id,
      status: profiles.status,
      content: profiles.content,
      ownerEmail: users.email,
      createdAt: profiles.createdAt,
      updatedAt: profiles.updatedAt,
      sortValue: column
        ? sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
        : sql<string>`''`,
    })
    .from(profiles)
    .leftJoin(users, eq(users.id, profiles.ownerUserId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(...order)
    .limit(query.limit + 1);

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last ? encodeCursor({ v: last.sortValue, id: last.id }) : null;

  return {
    profiles: page.map((row): AdminProfileRow => ({
      id: row.id,
      status: row.status,
      displayName: row.content.displayName || null,
      ownerEmail: row.ownerEmail,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })),
    total: searching ? await countMatching(db, conditions, !!cursor) : await countByStatus(db, query.status),
    nextCursor,
  };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Totals without a search come from the trigger-kept counts: no scan of a million rows. */
async function countByStatus(db: Database, status: ProfileStatus | undefined): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${profileStatusCounts.count}), 0)::int` })
    .from(profileStatusCounts)
    .where(status ? eq(profileStatusCounts.status, status) : undefined);
  return row?.total ?? 0;
}

/** A search matches few rows (an id prefix, an owner's address): counting them is cheap. */
async function countMatching(db: Database, conditions: SQL[], hasCursor: boolean): Promise<number> {
  const filters = hasCursor ? conditions.slice(0, -1) : conditions;
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(profiles)
    .where(filters.length ? and(...filters) : undefined);
  return row?.total ?? 0;
}
