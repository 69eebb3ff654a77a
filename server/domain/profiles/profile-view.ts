// Reading a profile: its row, and the view of it the owner, the admin and the public page are given
// (content and metadata with their defaults, the walkthrough's steps done).
import { eq, sql } from "drizzle-orm";
import {
  defaultMetadata,
  emptyContent,
  walkthroughSteps as stepOrder,
  type ProfileContent,
  type ProfileMetadata,
  type ProfileStatus,
  type ProfileView,
  type WalkthroughStep,
} from "../../../contract/profiles";
import type { Executor } from "../../db/client";
import { oncePerHandle } from "../../db/prepared";
import { profiles, walkthroughSteps } from "../../db/schema";

export type ProfileRow = typeof profiles.$inferSelect;

/** The statuses in which the public sees the page itself. */
export const liveStatuses: readonly ProfileStatus[] = ["trial", "extended_trial", "active", "past_due"];

export function fullContent(stored: Partial<ProfileContent>): ProfileContent {
  return { ...emptyContent, ...stored };
}

export function fullMetadata(stored: Partial<ProfileMetadata>): ProfileMetadata {
  return { ...defaultMetadata, ...stored };
}

type StepDone = { step: WalkthroughStep; completedAt: Date };

export async function toView(db: Executor, row: ProfileRow): Promise<ProfileView> {
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

// One statement for the profile and its walkthrough: every uncached /k/{id} page reads this, and a
// second statement on the embedded database cost about a tenth of the whole page (measured). Times
// travel as epoch milliseconds (JSON would carry PostgreSQL's text), cut as Date parsing cuts them.
const profileViewStatement = oncePerHandle((db: Executor) =>
  db
    .select({
      row: profiles,
      steps: sql<{ step: WalkthroughStep; at: number }[]>`coalesce((
        select json_agg(json_build_object(
          'step', ${walkthroughSteps.step},
          'at', floor(extract(epoch from ${walkthroughSteps.completedAt}) * 1000)))
        from ${walkthroughSteps} where ${walkthroughSteps.profileId} = ${profiles.id}), '[]')`,
    })
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder("id")))
    .limit(1)
    .prepare("profile_view"),
);

export async function profileView(db: Executor, id: string): Promise<ProfileView | null> {
  const [found] = await profileViewStatement(db).execute({ id });
  if (!found) return null;
  return viewOf(
    found.row,
    found.steps.map((done) => ({ step: done.step, completedAt: new Date(done.at) })),
  );
}

// PostgreSQL takes at most 65,535 parameters in one statement; a batch of 10,000 rows goes in several
// statements (of the one transaction).
