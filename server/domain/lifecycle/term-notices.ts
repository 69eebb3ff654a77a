// The reminders of a prepaid term's end (decisions "A page that lasts as long as the grave", ADR 041):
// six months and one month before a page's paid-until, when that date is a paid term's end, its owner
// is told (in their language, by the money e-mails' dispatcher: the sweep records `term.ending`). Each
// reminder is claimed once per page, end and distance in the audit log, under the page's row lock, so
// two sweeps at once remind once; a sweep that missed the six-month day sends only the one-month one.
import { and, eq, gt, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { termPlans } from "../../../contract/pricing";
import { auditLog, orders, profiles } from "../../db/schema";
import { dayMs, recordEvent, transaction } from "../core";
import type { LifecycleDeps } from "./deps";

export const termNoticeAction = "term_ending_notice";

function monthsBefore(date: Date, months: number): Date {
  const at = new Date(date);
  at.setUTCMonth(at.getUTCMonth() - months);
  return at;
}

/** Which reminder is due at `now` for time that ends at `paidUntil`: 6 or 1 (months), or none. */
export function termReminderDue(paidUntil: Date, now: Date): 6 | 1 | null {
  if (paidUntil <= now) return null;
  if (now >= monthsBefore(paidUntil, 1)) return 1;
  if (now >= monthsBefore(paidUntil, 6)) return 6;
  return null;
}

/** Reminds the owners of pages whose prepaid term ends within six months; answers the pages reminded. */
export async function sendTermEndingNotices(deps: Pick<LifecycleDeps, "db">, now: Date): Promise<string[]> {
  const { db } = deps;
  // Six months are at most 184 days: every page a reminder may be due for, decided again below.
  const due = await db
    .selectDistinct({ id: profiles.id })
    .from(profiles)
    .innerJoin(
      orders,
      and(
        eq(orders.profileId, profiles.id),
        eq(orders.termUntil, profiles.paidUntil),
        eq(orders.status, "paid"),
        inArray(orders.plan, [...termPlans]),
      ),
    )
    .where(
      and(
        inArray(profiles.status, ["active", "trial", "extended_trial"]),
        isNotNull(profiles.ownerUserId),
        gt(profiles.paidUntil, now),
        lte(profiles.paidUntil, new Date(now.getTime() + 185 * dayMs)),
      ),
    )
    .orderBy(profiles.id);
  const sent: string[] = [];
  for (const { id } of due) {
    const reminded = await transaction(db, async (tx) => {
      const [page] = await tx
        .select({ paidUntil: profiles.paidUntil, ownerUserId: profiles.ownerUserId, status: profiles.status })
        .from(profiles)
        .where(eq(profiles.id, id))
        .for("update");
      if (!page?.paidUntil || !page.ownerUserId || page.status === "suspended") return false;
      const monthsLeft = termReminderDue(page.paidUntil, now);
      if (!monthsLeft) return false;
      const paidUntil = page.paidUntil.toISOString();
      const [already] = await tx
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, termNoticeAction),
            sql`${auditLog.details}->>'profileId' = ${id}`,
            sql`${auditLog.details}->>'paidUntil' = ${paidUntil}`,
            sql`${auditLog.details}->>'monthsLeft' = ${String(monthsLeft)}`,
          ),
        )
        .limit(1);
      if (already) return false;
      await tx.insert(auditLog).values({
        action: termNoticeAction,
        at: now,
        targetUserId: page.ownerUserId,
        details: { profileId: id, paidUntil, monthsLeft: String(monthsLeft) },
      });
      recordEvent(tx, {
        type: "term.ending",
        customerUserId: page.ownerUserId,
        profileId: id,
        paidUntil: page.paidUntil,
        monthsLeft,
      });
      return true;
    });
    if (reminded) sent.push(id);
  }
  return sent;
}
