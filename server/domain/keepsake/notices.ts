// The e-mails that tell an owner where their keepsake is: when a page goes to rest (the lifecycle sweep
// has moved it to `expired`) and when they start deleting their account (ADR 045). The link leads to
// the page's keepsake panel through the sign-in, never to a file anyone holding the link could take.
import { and, desc, eq, isNotNull, ne, sql } from "drizzle-orm";
import { keepsakePagePath, type KeepsakeLinksAnswer } from "../../../contract/keepsake";
import { i18nFor } from "../../../i18n";
import type { Database } from "../../db/client";
import { auditLog, profiles, profileStatusHistory, users } from "../../db/schema";
import type { Logger } from "../../logger";
import type { EmailSender } from "../../providers/email/types";
import { customerLocale } from "../billing";
import { consume, dayMs, type Actor } from "../core";

export const keepsakeRestingAction = "keepsake_resting_notice";
/** A page that went to rest longer ago than this is not written about any more (a sweep long stopped). */
const restingNoticeDays = 30;
export const keepsakeLinksPerHour = 3;

export type KeepsakeNoticeDeps = {
  db: Database;
  email: EmailSender;
  publicUrl: string;
  logger?: Pick<Logger, "warn">;
};

/** The signed-in way to a page's keepsake: the sign-in, then the page's keepsake panel. */
export function keepsakeLink(publicUrl: string, profileId: string): string {
  return `${publicUrl}/login?redirectTo=${encodeURIComponent(keepsakePagePath(profileId))}`;
}

/**
 * Each page that went to rest (moved to `expired`) in the last 30 days has its owner told once per rest
 * where the keepsake is. Claimed in the audit log under the page's row lock (page and the time it went
 * to rest), and the claim given back when the e-mail could not be sent, so the next sweep tries again.
 */
export async function sendKeepsakeRestingNotices(deps: KeepsakeNoticeDeps, now: Date): Promise<string[]> {
  const { db } = deps;
  const since = new Date(now.getTime() - restingNoticeDays * dayMs);
  const due = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        eq(profiles.status, "expired"),
        isNotNull(profiles.ownerUserId),
        sql`exists (select 1 from ${profileStatusHistory} where ${profileStatusHistory.profileId} = ${profiles.id}
          and ${profileStatusHistory.toStatus} = 'expired' and ${profileStatusHistory.at} > ${since})`,
      ),
    )
    .orderBy(profiles.id);
  const sent: string[] = [];
  for (const { id } of due) {
    const claimed = await db.transaction(async (tx) => {
      const [page] = await tx
        .select({
          status: profiles.status,
          ownerUserId: profiles.ownerUserId,
          content: profiles.content,
          metadata: profiles.metadata,
        })
        .from(profiles)
        .where(eq(profiles.id, id))
        .for("update");
      if (!page?.ownerUserId || page.status !== "expired") return null;
      const [rested] = await tx
        .select({ at: profileStatusHistory.at })
        .from(profileStatusHistory)
        .where(and(eq(profileStatusHistory.profileId, id), eq(profileStatusHistory.toStatus, "expired")))
        .orderBy(desc(profileStatusHistory.at))
        .limit(1);
      if (!rested || rested.at <= since) return null;
      const restedAt = rested.at.toISOString();
      const [already] = await tx
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, keepsakeRestingAction),
            sql`${auditLog.details}->>'profileId' = ${id}`,
            sql`${auditLog.details}->>'restedAt' = ${restedAt}`,
          ),
        )
        .limit(1);
      if (already) return null;
      const [owner] = await tx
        .select({ email: users.email, locale: users.locale, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, page.ownerUserId));
      if (!owner || owner.deletedAt) return null;
      const [entry] = await tx
        .insert(auditLog)
        .values({
          action: keepsakeRestingAction,
          at: now,
          targetUserId: page.ownerUserId,
          details: { profileId: id, restedAt },
        })
        .returning({ id: auditLog.id });
      return {
        auditId: (entry as { id: string }).id,
        to: owner.email,
        name: page.content.displayName ?? "",
        locale: customerLocale(owner.locale, page.metadata.language),
      };
    });
    if (!claimed) continue;
    try {
      const { t } = i18nFor(claimed.locale);
      const values = { name: claimed.name || id, profileId: id, link: keepsakeLink(deps.publicUrl, id) };
      await deps.email.send({
        to: claimed.to,
        subject: t("keepsakeEmail.resting.subject", values),
        text: t("keepsakeEmail.resting.body", values),
      });
      sent.push(id);
    } catch (error) {
      await db.delete(auditLog).where(eq(auditLog.id, claimed.auditId));
      deps.logger?.warn({ err: error, profileId: id }, "keepsake e-mail failed; retried next sweep");
    }
  }
  return sent;
}

/**
 * A customer starting to delete their account is e-mailed a link to each of their pages' keepsake,
 * while the pages are still there: the deletion itself waits for their password (ADR 045).
 */
export async function sendKeepsakeLinks(
  deps: KeepsakeNoticeDeps,
  actor: Actor,
): Promise<KeepsakeLinksAnswer> {
  const { db } = deps;
  await consume(db, [{ key: `keepsake-links:${actor.id}`, max: keepsakeLinksPerHour, windowSeconds: 3600 }]);
  const [owner] = await db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.id, actor.id));
  const owned = await db
    .select({ id: profiles.id, content: profiles.content, metadata: profiles.metadata })
    .from(profiles)
    .where(
      and(
        eq(profiles.ownerUserId, actor.id),
        ne(profiles.status, "removed"),
        ne(profiles.status, "unclaimed"),
      ),
    )
    .orderBy(profiles.id);
  const pages = owned.map((page) => ({ id: page.id, name: page.content.displayName ?? "" }));
  if (!owner || pages.length === 0) return { pages: [] };
  const locale = customerLocale(owner.locale, owned[0]?.metadata.language);
  const { t } = i18nFor(locale);
  const links = pages
    .map((page) => `${page.name || page.id}: ${keepsakeLink(deps.publicUrl, page.id)}`)
    .join("\n");
  await deps.email.send({
    to: owner.email,
    subject: t("keepsakeEmail.links.subject", { count: pages.length }),
    text: t("keepsakeEmail.links.body", { count: pages.length, links }),
  });
  return { pages };
}
