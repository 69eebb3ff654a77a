// The one writer of a page's status (decisions "Subscriptions a customer can trust", ADR 020). Every
// change, by time, payment, owner, admin or deletion, goes through `changeStatus` (or
// `createWithStatus` for new pages): it checks the change against the table below, writes the
// status with the fields that go with it, and one history row with a typed reason. A change the
// table does not allow is refused with a StatusTransitionError and nothing is written.
// The change is announced once, at commit, by the database (the `profile_changed` notification every
// process listens to); callers also record `page.changed`, which drops this process's cached copy
// right after the commit (ADR 033).
// A test (status-machine.test.ts) fails when any other server module writes `profiles.status`.
import { eq, inArray } from "drizzle-orm";
import { profileStatuses, type ProfileStatus, type StatusReasonCode } from "../../../contract/profile-values";
import type { Executor } from "../../db/client";
import { profileStatusHistory, profiles } from "../../db/schema";
import { DomainError, refuse } from "../core";

/** Who or what causes a change. */
export const statusCauses = ["time", "payment", "owner", "admin", "deletion"] as const;
export type StatusCause = (typeof statusCauses)[number];

/** A page that does not exist yet: the "from" of its creation. */
export const newPage = "new";
export type StatusFrom = ProfileStatus | typeof newPage;

/** The reasons each cause may give (an admin's own words go beside its reason, as free text). */
export const reasonsByCause = {
  time: [
    "trial_ended",
    "extended_trial_ended",
    "trial_converted",
    "paid_period_ended",
    "grace_ended",
    "invoice_overdue",
    "invoice_unpaid",
    "payment_failed",
    "payment_received",
    "subscription_cancelled",
  ],
  payment: [
    "paid",
    "subscription_started",
    "payment_failed",
    "payment_received",
    "invoice_issued",
    "invoice_paid",
  ],
  owner: [
    "created",
    "claimed",
    "trial_started_on_publish",
    "free_trial_started",
    "extended_trial_started",
    "withdrawn",
  ],
  admin: ["created", "claimed"],
  deletion: ["account_deleted"],
} as const satisfies Record<StatusCause, readonly StatusReasonCode[]>;

export type ReasonOf<Cause extends StatusCause> = (typeof reasonsByCause)[Cause][number];

const everyStatus = profileStatuses;
const trials = ["trial", "extended_trial"] as const;

/**
 * The allowed changes: from a status, to a status, by which causes. Whatever is not here is refused.
 * - Nothing but an admin lifts `suspended` or `removed` (a removed page only back to `unclaimed`).
 * - Payments bring a page to `active` (or keep it there) from a running or lapsed status, never from
 *   `draft` (publishing comes first), `unclaimed`, `suspended` or `removed`.
 * - Time ends trials and paid periods, runs grace out, and converts a trial that a payment covers.
 */
function buildTable(): Record<StatusFrom, Partial<Record<ProfileStatus, readonly StatusCause[]>>> {
  const table: Record<StatusFrom, Partial<Record<ProfileStatus, StatusCause[]>>> = {
    [newPage]: { unclaimed: ["admin"], draft: ["admin", "owner"] },
    unclaimed: { draft: ["owner", "admin"] },
    draft: { trial: ["owner"], extended_trial: ["owner"] },
    trial: {
      extended_trial: ["owner"],
      active: ["time", "payment"],
      past_due: ["time", "payment"],
      expired: ["time"],
    },
    extended_trial: { active: ["time", "payment"], past_due: ["time", "payment"], expired: ["time"] },
    // The owner withdrawing within 14 days of the first payment lets the page rest at once.
    active: { past_due: ["time", "payment"], expired: ["time", "owner"] },
    // A payment's last retry failing lets the page rest at once (decisions: dunning).
    past_due: { active: ["time", "payment"], expired: ["time", "payment", "owner"] },
    expired: { trial: ["owner"], extended_trial: ["owner"], active: ["payment"] },
    suspended: {},
    removed: {},
  };
  const add = (from: StatusFrom, to: ProfileStatus, cause: StatusCause) => {
    const causes = (table[from][to] ??= []);
    if (!causes.includes(cause)) causes.push(cause);
  };
  // An admin may set any status but `removed` (which only deleting the owner's account does), from any
  // status but `removed`; a removed page, erased and without an owner, an admin can only open again
  // as `unclaimed`, for its plaque to find a new owner (ADR 016). An unclaimed page has no owner, so
  // it leaves `unclaimed` only by a claim (to `draft`, above) or for `suspended`, which shows nothing
  // (decisions: an admin cannot make an unclaimed page live by a status change).
  for (const from of everyStatus) {
    if (from === "removed" || from === "unclaimed") continue;
    for (const to of everyStatus) if (to !== from && to !== "removed") add(from, to, "admin");
  }
  add("removed", "unclaimed", "admin");
  add("unclaimed", "suspended", "admin");
  // Deleting the owner's account removes every page it owns, whatever status an admin gave it.
  for (const from of everyStatus) if (from !== "removed") add(from, "removed", "deletion");
  // A payment renews a page that is paid already, or one still on its trial (which goes on).
  add("active", "active", "payment");
  for (const trial of trials) add(trial, trial, "payment");
  return table;
}

export const statusTransitions = buildTable();

/** Whether `cause` may change a page from `from` to `to` (the same status: fields only, e.g. a renewal). */
export function mayChangeStatus(from: StatusFrom, to: ProfileStatus, cause: StatusCause): boolean {
  return statusTransitions[from][to]?.includes(cause) ?? false;
}

/** The statuses a page without an owner may be in: none of them is live. */
const ownerlessStatuses: readonly ProfileStatus[] = ["unclaimed", "suspended", "removed"];

/**
 * Whether the change would give a page without an owner a status only an owned page has (a nameless
 * live page taking memories that nobody can claim). Only a claim, which sets the owner with the
 * status, gives an ownerless page one (decisions: unclaimed pages leave `unclaimed` only by a claim or
 * an admin's assignment to an owner). `unclaimed` means no owner; a page of another status whose
 * owner the caller read (a suspended page that was unclaimed) is judged by it.
 */
function makesOwnerlessPageLive(
  profile: { status: StatusFrom; ownerUserId?: string | null },
  to: ProfileStatus,
  reason: StatusReasonCode | null,
): boolean {
  if (reason === "claimed" || profile.status === to || ownerlessStatuses.includes(to)) return false;
  return profile.status === "unclaimed" || profile.ownerUserId === null;
}

/**
 * Whether an admin may set the page's status to `to` by hand (PUT /api/admin/profile), which is
 * what the admin's status control offers: the table's admin changes, less those that would make a
 * page without an owner live.
 */
export function adminMaySetStatus(
  profile: { status: ProfileStatus; ownerUserId: string | null },
  to: ProfileStatus,
): boolean {
  return mayChangeStatus(profile.status, to, "admin") && !makesOwnerlessPageLive(profile, to, null);
}

export class StatusTransitionError extends DomainError {
  constructor(
    readonly from: StatusFrom,
    readonly to: ProfileStatus,
    /** Who or what asked for it (not `cause`, which an Error has already). */
    readonly by: StatusCause,
  ) {
    super("conflict", statusRefusalMessage(from, to, by), "status");
    this.name = "StatusTransitionError";
  }
}

function statusRefusalMessage(from: StatusFrom, to: ProfileStatus, cause: StatusCause): string {
  if (from === "removed") {
    return "This page was removed with its owner's account; an admin can only make it unclaimed again.";
  }
  if (from === "suspended") return "This page is suspended; only an admin can change its status.";
  return `A page cannot go from ${from} to ${to} by ${cause}.`;
}

/** The fields that may change together with the status (never the status itself). */
export type StatusFields = Omit<Partial<typeof profiles.$inferInsert>, "status" | "id">;

export type StatusChangeRequest<Cause extends StatusCause = StatusCause> = {
  /**
   * The page as read under its row lock in this transaction; its owner when the caller read it (an
   * admin's change gives it, so a page without an owner is never made live).
   */
  profile: { id: string; status: ProfileStatus; ownerUserId?: string | null };
  to: ProfileStatus;
  cause: Cause;
  reason: ReasonOf<Cause> | null;
  /** An admin's own words, kept beside the reason. */
  note?: string | null;
  /** Who made the change; null for time and for a provider's report. */
  actorUserId?: string | null;
  /** Written with the status in the same statement. */
  fields?: StatusFields;
  now: Date;
};

export type StatusChange = {
  profileId: string;
  from: ProfileStatus;
  to: ProfileStatus;
  cause: StatusCause;
  reason: StatusReasonCode | null;
};

/**
 * Changes a page's status (or, to the same status, only its fields), in the caller's transaction.
 * Refuses a change the table does not allow. Answers the change, or null when the status stayed.
 */
export async function changeStatus<Cause extends StatusCause>(
  tx: Executor,
  request: StatusChangeRequest<Cause>,
): Promise<StatusChange | null> {
  const { profile, to, cause, now } = request;
  const reason: StatusReasonCode | null = request.reason;
  if (reason !== null && !(reasonsByCause[cause] as readonly StatusReasonCode[]).includes(reason)) {
    throw new Error(`The reason ${reason} is not one ${cause} gives.`);
  }
  if (cause === "admin" && makesOwnerlessPageLive(profile, to, reason)) {
    throw refuse("page.unclaimed-not-live");
  }
  if (!mayChangeStatus(profile.status, to, cause)) {
    throw new StatusTransitionError(profile.status, to, cause);
  }
  await tx
    .update(profiles)
    .set({ ...request.fields, status: to, updatedAt: now })
    .where(eq(profiles.id, profile.id));
  if (profile.status === to) return null;
  await tx.insert(profileStatusHistory).values({
    profileId: profile.id,
    fromStatus: profile.status,
    toStatus: to,
    actorUserId: request.actorUserId ?? null,
    reasonCode: reason,
    reason: request.note ?? null,
    at: now,
  });
  return { profileId: profile.id, from: profile.status, to, cause, reason };
}

/**
 * The same change for several pages of one status each (deleting an account removes all its pages),
 * checked page by page before anything is written.
 */
export async function changeStatusOfMany<Cause extends StatusCause>(
  tx: Executor,
  request: Omit<StatusChangeRequest<Cause>, "profile"> & {
    pages: { id: string; status: ProfileStatus }[];
  },
): Promise<StatusChange[]> {
  const { pages, to, cause, now } = request;
  if (pages.length === 0) return [];
  for (const page of pages) {
    if (!mayChangeStatus(page.status, to, cause)) throw new StatusTransitionError(page.status, to, cause);
  }
  await tx
    .update(profiles)
    .set({ ...request.fields, status: to, updatedAt: now })
    .where(
      inArray(
        profiles.id,
        pages.map((page) => page.id),
      ),
    );
  const moved = pages.filter((page) => page.status !== to);
  if (moved.length > 0) {
    await tx.insert(profileStatusHistory).values(
      moved.map((page) => ({
        profileId: page.id,
        fromStatus: page.status,
        toStatus: to,
        actorUserId: request.actorUserId ?? null,
        reasonCode: request.reason,
        reason: request.note ?? null,
        at: now,
      })),
    );
  }
  return moved.map((page) => ({ profileId: page.id, from: page.status, to, cause, reason: request.reason }));
}

// PostgreSQL takes at most 65,535 parameters in one statement; a batch of 10,000 rows goes in several
// statements (of the one transaction).
const insertChunkRows = 2000;

/**
 * Inserts new pages with their first status and its history row ("created"): the only way a page
 * gets a status when it is made. Rows whose id is taken already are skipped (not returned).
 */
export async function createWithStatus(
  tx: Executor,
  request: {
    rows: Omit<typeof profiles.$inferInsert, "status">[];
    status: ProfileStatus;
    cause: "admin" | "owner";
    actorUserId: string | null;
  },
): Promise<(typeof profiles.$inferSelect)[]> {
  const { status, cause } = request;
  if (!mayChangeStatus(newPage, status, cause)) throw new StatusTransitionError(newPage, status, cause);
  const created: (typeof profiles.$inferSelect)[] = [];
  for (let start = 0; start < request.rows.length; start += insertChunkRows) {
    const chunk = request.rows.slice(start, start + insertChunkRows);
    const rows = await tx
      .insert(profiles)
      .values(chunk.map((row) => ({ ...row, status })))
      .onConflictDoNothing()
      .returning();
    if (rows.length === 0) continue;
    await tx.insert(profileStatusHistory).values(
      rows.map((row) => ({
        profileId: row.id,
        fromStatus: null,
        toStatus: status,
        actorUserId: request.actorUserId,
        reasonCode: "created" as const,
      })),
    );
    created.push(...rows);
  }
  return created;
}
