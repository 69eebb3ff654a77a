// Retention (ADR 016): what the scheduled sweep removes once it is no longer needed, each
// after a period from the configuration. The privacy page states the same periods, read from here.
// The sweep runs in one process at a time (runExclusive); running it again at once removes nothing.
import { dayMs, pruneRateLimits } from "../core";
import { and, lt, or, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import {
  auditLog,
  emailVerificationTokens,
  passwordResetTokens,
  profileImages,
  sessions,
} from "../../db/schema";
import type { ImageStore } from "../../providers/images/index";
import { pruneOutbox } from "../../providers/email/outbox";
import { imageKeysOf } from "../profiles";
import { pruneDrafts } from "../memories";

/** Swedish bookkeeping law (Bokföringslagen 7 kap. 2 §): orders, invoices and receipts are kept this long. */
export const bookkeepingYears = 7;

export type RetentionPeriods = {
  sessionDays: number;
  linkDays: number;
  rateLimitHours: number;
  outboxDays: number;
  auditDays: number;
  unusedImageDays: number;
};

export function retentionPeriods(config: Config): RetentionPeriods {
  return {
    sessionDays: config.RETENTION_SESSION_DAYS,
    linkDays: config.RETENTION_LINK_DAYS,
    rateLimitHours: config.RETENTION_RATE_LIMIT_HOURS,
    outboxDays: config.RETENTION_OUTBOX_DAYS,
    auditDays: config.RETENTION_AUDIT_DAYS,
    unusedImageDays: config.RETENTION_UNUSED_IMAGE_DAYS,
  };
}

export type RetentionSweepResult = {
  sessions: number;
  passwordResetLinks: number;
  verificationLinks: number;
  rateLimitCounters: number;
  auditEntries: number;
  unusedImages: number;
  outboxFiles: number;
  /** Refused visitors' forms kept to be filled in again (an hour: server/domain/memories/drafts.ts). */
  memoryDrafts: number;
};

export type RetentionDeps = {
  db: Database;
  images: ImageStore;
  /** The built-in e-mail provider's folder; null when e-mail goes out by SMTP (nothing kept here). */
  outboxDir: string | null;
  periods: RetentionPeriods;
};

const before = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** Ended before `cutoff`: expired then, or closed (used, revoked) then; a null time never matches. */
const endedBefore = (expiresAt: PgColumn, closedAt: PgColumn, cutoff: Date) =>
  or(lt(expiresAt, cutoff), lt(closedAt, cutoff));

/** Removes everything past its period at `now`; answers how many of each it removed. */
export async function sweepRetention(
  { db, images, outboxDir, periods }: RetentionDeps,
  now: Date = new Date(),
): Promise<RetentionSweepResult> {
  const sessionCutoff = before(now, periods.sessionDays * dayMs);
  const linkCutoff = before(now, periods.linkDays * dayMs);
  const ended = await db
    .delete(sessions)
    .where(endedBefore(sessions.expiresAt, sessions.revokedAt, sessionCutoff))
    .returning({ id: sessions.id });
  const resets = await db
    .delete(passwordResetTokens)
    .where(endedBefore(passwordResetTokens.expiresAt, passwordResetTokens.usedAt, linkCutoff))
    .returning({ id: passwordResetTokens.tokenHash });
  const verifications = await db
    .delete(emailVerificationTokens)
    .where(endedBefore(emailVerificationTokens.expiresAt, emailVerificationTokens.usedAt, linkCutoff))
    .returning({ id: emailVerificationTokens.tokenHash });
  const counters = await pruneRateLimits(db, before(now, periods.rateLimitHours * 60 * 60 * 1000));
  const audit = await db
    .delete(auditLog)
    .where(lt(auditLog.at, before(now, periods.auditDays * dayMs)))
    .returning({ id: auditLog.id });
  const unusedImages = await removeUnusedImages(db, images, before(now, periods.unusedImageDays * dayMs));
  const outboxFiles = outboxDir ? await pruneOutbox(outboxDir, before(now, periods.outboxDays * dayMs)) : 0;
  const memoryDrafts = await pruneDrafts(db, now);
  return {
    sessions: ended.length,
    passwordResetLinks: resets.length,
    verificationLinks: verifications.length,
    rateLimitCounters: counters,
    auditEntries: audit.length,
    unusedImages,
    outboxFiles,
    memoryDrafts,
  };
}

/**
 * Images uploaded before `uploadedBefore` that their page no longer shows: not in its content, its
 * metadata or its walkthrough. The rows go first; the files after, so a file is never missing for a row.
 */
async function removeUnusedImages(db: Database, images: ImageStore, uploadedBefore: Date): Promise<number> {
  const removed = await db
    .delete(profileImages)
    .where(
      and(
        lt(profileImages.createdAt, uploadedBefore),
        sql`not exists (
          select 1 from profiles p
          where p.id = ${profileImages.profileId}
            and (strpos(p.content::text, ${profileImages.id}::text) > 0
              or strpos(p.metadata::text, ${profileImages.id}::text) > 0)
        )`,
        sql`not exists (
          select 1 from walkthrough_steps w
          where w.profile_id = ${profileImages.profileId}
            and strpos(w.data::text, ${profileImages.id}::text) > 0
        )`,
      ),
    )
    .returning({ variants: profileImages.variants });
  for (const row of removed) {
    for (const key of imageKeysOf(row.variants)) await images.delete(key);
  }
  return removed.length;
}
