// Starting a trial on a page by its owner: the 30-day free trial (/gratis-provperiod) and the 90-day
// extended trial (/extended-trial). Each is once per page and never after a paid period.
//
// Decision (ADR-lite): when may a trial start?
// - Free trial: on a `draft`, or on an `expired` page that never had a trial and never was paid for
//   (an admin may have expired it). Starting it puts the page live (`trial`), exactly as the first
//   publishing does today, so the two ways agree: the page needs a name first, and publishing it
//   later starts nothing more. Used means `trial_started_at` or `extended_trial_started_at` is set.
// - Extended trial: on a `draft`, a running free `trial` (a campaign lengthens it) or an `expired`
//   page, when it never had the extended trial and never was paid for, and the owner's e-mail is
//   verified. The 90 days count from now. Used means `extended_trial_started_at` is set. A partner may
//   give a page it made the extended trial (partner_made_pages.extended_trial): its family then starts
//   it without a verified address, the one condition a partner's word stands in for; the others hold.
// - Paid means the page has a paid order, or a paid-until date beyond its trial (an invoice issued,
//   an admin's date). A card saved for a trial's end pays nothing (decisions "Trials and payment"):
//   it covers the page only to the trial's end, and its first charge waits for the trial the owner
//   starts now (our own sandbox's charge moves to the new end; a provider that keeps its own trial
//   end, Stripe, is told the new one first).
// - Only the owner starts a trial; an admin changes statuses in the admin tools instead.
// The checks are one function per trial, used by the pages (to explain each page's state in the
// reader's language) and by the API (which refuses with the same reason in its message).
import { dayMs, pageMissing, refuse, type Actor } from "../core";
import type { RefusalCode } from "../../../contract/refusals";
import { pageChanged, recordEvent, transaction } from "../core";
import { and, asc, eq } from "drizzle-orm";
import type { ProfileView } from "../../../contract/profiles";
import type { ProfileStatus } from "../../../contract/profile-values";
import type { TrialRefusal } from "../../../contract/trials";
import type { Database, Executor } from "../../db/client";
import { orders, partnerMadePages, profiles, subscriptions, users } from "../../db/schema";
import type { PaymentProvider } from "../../providers/payments/types";
import { fullContent, profileView } from "./profile-view";
import { changeStatus, type ReasonOf } from "./status-machine";

type ProfileRow = typeof profiles.$inferSelect;

/** What the checks need to know of a page besides its row. */
export type TrialFacts = {
  row: Pick<
    ProfileRow,
    "ownerUserId" | "status" | "trialStartedAt" | "extendedTrialStartedAt" | "paidUntil" | "content"
  >;
  /** everPaid: a paid order, or a paid-until date beyond the trial. */
  paid: boolean;
  /** The partner that made the page gave its family the extended trial (partnerGivesExtendedTrial). */
  partnerGift?: boolean;
};

const freeTrialFrom: readonly ProfileStatus[] = ["draft", "expired"];
const extendedTrialFrom: readonly ProfileStatus[] = ["draft", "trial", "expired"];

/** Why the actor can't start the free trial on this page, or null when they can. */
export function freeTrialRefusal({ row, paid }: TrialFacts, actor: Pick<Actor, "id">): TrialRefusal | null {
  if (row.ownerUserId !== actor.id) return "not_owner";
  if (row.status === "suspended") return "suspended";
  if (paid) return "paid";
  if (row.trialStartedAt || row.extendedTrialStartedAt) return "trial_used";
  if (!freeTrialFrom.includes(row.status)) return "not_available";
  if (!fullContent(row.content).displayName.trim()) return "unnamed";
  return null;
}

/** Why the actor can't start the extended trial on this page, or null when they can. */
export function extendedTrialRefusal(
  { row, paid, partnerGift = false }: TrialFacts,
  actor: Pick<Actor, "id">,
  emailVerified: boolean,
): TrialRefusal | null {
  if (row.ownerUserId !== actor.id) return "not_owner";
  if (row.status === "suspended") return "suspended";
  if (paid) return "paid";
  if (row.extendedTrialStartedAt) return "trial_used";
  if (!extendedTrialFrom.includes(row.status)) return "not_available";
  if (!fullContent(row.content).displayName.trim()) return "unnamed";
  if (!emailVerified && !partnerGift) return "email_unverified";
  return null;
}

/** The API's refusal for each reason (ADR 032; the pages also have their own words, translated). */
const refusalCodes = {
  not_owner: "trial.not-owner",
  suspended: "trial.suspended",
  paid: "trial.paid",
  trial_used: "trial.used",
  not_available: "trial.not-available",
  unnamed: "trial.unnamed",
  email_unverified: "trial.email-unverified",
} as const satisfies Record<TrialRefusal, RefusalCode>;

function refuseTrial(reason: TrialRefusal): never {
  throw refuse(refusalCodes[reason]);
}

/**
 * Whether the page has ever been paid for: any paid order, or a paid-until date beyond its trial. A
 * card kept for the trial's end covers the page exactly to the trial's end, with nothing paid.
 */
export async function everPaid(
  db: Executor,
  row: Pick<ProfileRow, "id" | "paidUntil" | "trialEndsAt">,
): Promise<boolean> {
  if (row.paidUntil && (!row.trialEndsAt || row.paidUntil > row.trialEndsAt)) return true;
  const [paid] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.profileId, row.id), eq(orders.status, "paid")))
    .limit(1);
  return !!paid;
}

export async function isEmailVerified(db: Executor, userId: string): Promise<boolean> {
  const [user] = await db
    .select({ verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return !!user?.verifiedAt;
}

/** Whether the partner that made the page gave its family the extended trial. */
export async function partnerGivesExtendedTrial(db: Executor, profileId: string): Promise<boolean> {
  const [made] = await db
    .select({ extendedTrial: partnerMadePages.extendedTrial })
    .from(partnerMadePages)
    .where(eq(partnerMadePages.profileId, profileId))
    .limit(1);
  return made?.extendedTrial ?? false;
}

/** The facts of a page's row for the checks. */
async function factsOf(db: Executor, row: ProfileRow): Promise<TrialFacts> {
  const [paid, partnerGift] = await Promise.all([everPaid(db, row), partnerGivesExtendedTrial(db, row.id)]);
  return { row, paid, partnerGift };
}

/** The page's facts for the checks, or null when there is no such page. */
export async function trialFacts(db: Executor, profileId: string): Promise<TrialFacts | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, profileId)).limit(1);
  return row ? factsOf(db, row) : null;
}

/** What sets the two trials apart when one starts (the checks, the status and the log's reason). */
type TrialKind = {
  refusal: (facts: TrialFacts, actor: Pick<Actor, "id">, emailVerified: boolean) => TrialRefusal | null;
  status: ProfileStatus;
  reason: ReasonOf<"owner">;
  /** The extended trial asks for a verified e-mail address and records its own start date. */
  extended: boolean;
};

/** The card provider, told of a first charge that moves (absent: none is configured). */
export type TrialProvider = Pick<PaymentProvider, "moveTrialEnd"> | null;

const trialKinds: Record<"free" | "extended", TrialKind> = {
  free: { refusal: freeTrialRefusal, status: "trial", reason: "free_trial_started", extended: false },
  extended: {
    refusal: extendedTrialRefusal,
    status: "extended_trial",
    reason: "extended_trial_started",
    extended: true,
  },
};

async function startTrial(
  db: Database,
  {
    kind,
    profileId,
    actor,
    days,
    provider,
    now,
  }: {
    kind: TrialKind;
    profileId: string;
    actor: Actor;
    days: number;
    provider: TrialProvider;
    now: Date;
  },
): Promise<ProfileView> {
  const { extended } = kind;
  await transaction(db, async (tx) => {
    // Locked, so two clicks (or two tabs) start it once: the second sees it used.
    const [row] = await tx.select().from(profiles).where(eq(profiles.id, profileId)).for("update");
    if (!row) throw pageMissing();
    const facts = await factsOf(tx, row);
    const reason = kind.refusal(facts, actor, extended ? await isEmailVerified(tx, actor.id) : true);
    if (reason) refuseTrial(reason);
    const ends = new Date(now.getTime() + days * dayMs);
    const movedCard = await moveFirstCharge(tx, { row, ends, provider, now });
    await changeStatus(tx, {
      profile: row,
      to: kind.status,
      cause: "owner",
      reason: kind.reason,
      actorUserId: actor.id,
      fields: {
        trialEndsAt: ends,
        ...(extended ? { extendedTrialStartedAt: now } : { trialStartedAt: now }),
        ...(movedCard ? { paidUntil: ends } : {}),
      },
      now,
    });
    recordEvent(tx, pageChanged(profileId));
  });
  const view = await profileView(db, profileId);
  if (!view) throw pageMissing();
  return view;
}

/**
 * A card kept for the end of the trial that is now lengthened: its first charge, and what it covers
 * (the page's paid-until, answered true for the status change to write), move to the new end (paying
 * during a trial never wastes it). Where we charge ourselves (the sandbox) our row is the date; a
 * provider that keeps its own trial end (Stripe) is told first, as a cancel is (if it cannot, the
 * trial does not start and nothing here says it moved). Without such a provider call, its charge
 * stays on the date it was given, and so does our row.
 */
async function moveFirstCharge(
  tx: Executor,
  { row, ends, provider, now }: { row: ProfileRow; ends: Date; provider: TrialProvider; now: Date },
): Promise<boolean> {
  const waiting = await tx
    .select({
      id: subscriptions.id,
      provider: subscriptions.provider,
      providerSubscriptionId: subscriptions.providerSubscriptionId,
    })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.profileId, row.id),
        eq(subscriptions.status, "trialing"),
        eq(subscriptions.periodsPaid, 0),
      ),
    )
    .for("update");
  let moved = false;
  for (const subscription of waiting) {
    if (subscription.provider !== "sandbox") {
      if (!subscription.providerSubscriptionId || !provider?.moveTrialEnd) continue;
      await provider.moveTrialEnd(subscription.providerSubscriptionId, ends);
    }
    await tx
      .update(subscriptions)
      .set({ trialEndsAt: ends, nextChargeAt: ends, updatedAt: now })
      .where(eq(subscriptions.id, subscription.id));
    moved = true;
  }
  return moved;
}

/** Starts the free trial (`days` from configuration) on a page the actor owns. */
export function startFreeTrial(
  db: Database,
  {
    input,
    actor,
    days,
    provider = null,
    now = new Date(),
  }: { input: { profileId: string }; actor: Actor; days: number; provider?: TrialProvider; now?: Date },
): Promise<ProfileView> {
  return startTrial(db, { kind: trialKinds.free, profileId: input.profileId, actor, days, provider, now });
}

/** Starts the extended trial (`days` from configuration) on a page the actor owns. */
export function startExtendedTrial(
  db: Database,
  {
    input,
    actor,
    days,
    provider = null,
    now = new Date(),
  }: {
    input: { profileId: string; acceptTerms: true };
    actor: Actor;
    days: number;
    /** The card provider: a Stripe subscription waiting for the trial's end is moved there too. */
    provider?: TrialProvider;
    now?: Date;
  },
): Promise<ProfileView> {
  return startTrial(db, {
    kind: trialKinds.extended,
    profileId: input.profileId,
    actor,
    days,
    provider,
    now,
  });
}

/** One of the viewer's pages as the trial pages list it: why this trial can't start on it, if not. */
export type TrialChoice = {
  id: string;
  name: string;
  status: ProfileStatus;
  trialEndsAt: string | null;
  refusal: TrialRefusal | null;
};

/**
 * The viewer's pages, oldest first, each with the given trial's verdict, and whether the viewer's
 * e-mail is verified (the extended trial needs it; the page explains it once, not per page).
 */
export async function trialChoices(
  db: Executor,
  actor: Pick<Actor, "id">,
  trial: "free" | "extended",
): Promise<{ emailVerified: boolean; pages: TrialChoice[] }> {
  const rows = await db
    .select()
    .from(profiles)
    .where(eq(profiles.ownerUserId, actor.id))
    .orderBy(asc(profiles.createdAt), asc(profiles.id));
  const emailVerified = await isEmailVerified(db, actor.id);
  const pages: TrialChoice[] = [];
  for (const row of rows) {
    const facts = await factsOf(db, row);
    pages.push({
      id: row.id,
      name: fullContent(row.content).displayName,
      status: row.status,
      trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
      refusal: trialKinds[trial].refusal(facts, actor, emailVerified),
    });
  }
  return { emailVerified, pages };
}
