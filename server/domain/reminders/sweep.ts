// The reminders the lifecycle sweep sends (ADR 029): the grave right's end to the page's owner six
// months before it (once per page and end date: a new date is a new occasion), and to each owner or
// editor who asked, a week before the birthday and the day of death each year and before the ceremony.
//
// Once per occasion, however many processes sweep: a reminder is claimed by inserting its row of
// reminders_sent (the key is page, person, kind and day; a second insert does nothing), in one
// statement that checks again that the page still reminds and the person still keeps it. Only the
// process whose insert went in sends. A send that fails deletes its row again, so a later sweep tries
// once more; a process that dies between the claim and the send loses that one reminder rather than
// ever sending it twice.
import { and, eq, gte, inArray, or, sql, type SQL } from "drizzle-orm";
import { addDays, isCalendarDate, swedishDate } from "../../../contract/calendar-days";
import {
  anniversaryReminderDays,
  graveRightReminderMonths,
  type ReminderKind,
} from "../../../contract/family-values";
import type { Ceremony, ProfileContent } from "../../../contract/profiles";
import type { Database } from "../../db/client";
import { anniversarySubscriptions, profiles, remindersSent, users } from "../../db/schema";
import type { Logger } from "../../logger";
import type { EmailMessage, EmailSender } from "../../providers/email/types";
import { keepsPage, remindedPage } from "./access";
import { anniversaryEmail, graveRightEmail, type Anniversary } from "./emails";
import {
  addMonths,
  graveRightReminderDue,
  isWithinReminderWindow,
  monthDaysWithin,
  nextAnniversary,
} from "./occasions";

export type ReminderDeps = {
  db: Database;
  email: EmailSender;
  publicUrl: string;
  /** The sweep's clock; its day in Sweden decides what is due. */
  now?: Date;
  logger?: Pick<Logger, "warn">;
};

export type SentReminder = { profileId: string; userId: string; kind: ReminderKind; occasion: string };

type Content = Partial<ProfileContent>;

const pageName = (content: Content, id: string) => content.displayName?.trim() || id;
const contentText = (field: string) => sql<string | null>`${profiles.content}->>${sql.raw(`'${field}'`)}`;
const birthDate = contentText("birthDate");
const deathDate = contentText("deathDate");
const graveRightEndsOn = contentText("graveRightEndsOn");
const ceremonyDate = sql<string | null>`${profiles.content}->'ceremony'->>'date'`;

/** Sends every reminder due at the sweep's time; answers those sent. */
export async function sendDueReminders(deps: ReminderDeps): Promise<SentReminder[]> {
  const today = swedishDate(deps.now ?? new Date());
  return [...(await sendGraveRightReminders(deps, today)), ...(await sendAnniversaryReminders(deps, today))];
}

/**
 * Claims the reminder (its row in reminders_sent) if `still` holds of the page now and nobody claimed
 * it; sends it; gives the claim back if sending fails. Answers whether it was sent.
 */
async function sendOnce(
  deps: ReminderDeps,
  reminder: SentReminder,
  still: SQL,
  message: EmailMessage,
): Promise<boolean> {
  const { db } = deps;
  const at = (deps.now ?? new Date()).toISOString();
  const claimed = await db
    .insert(remindersSent)
    .select(
      db
        .select({
          profileId: profiles.id,
          userId: sql<string>`${reminder.userId}::uuid`.as("user_id"),
          kind: sql<ReminderKind>`${reminder.kind}::text`.as("kind"),
          occasion: sql<string>`${reminder.occasion}::date`.as("occasion"),
          sentAt: sql<Date>`${at}::timestamptz`.as("sent_at"),
        })
        .from(profiles)
        .where(and(eq(profiles.id, reminder.profileId), remindedPage(), still)),
    )
    .onConflictDoNothing()
    .returning({ profileId: remindersSent.profileId });
  if (claimed.length === 0) return false;
  try {
    await deps.email.send(message);
    return true;
  } catch (error) {
    await db
      .delete(remindersSent)
      .where(
        and(
          eq(remindersSent.profileId, reminder.profileId),
          eq(remindersSent.userId, reminder.userId),
          eq(remindersSent.kind, reminder.kind),
          eq(remindersSent.occasion, reminder.occasion),
        ),
      );
    deps.logger?.warn(
      { err: error, profileId: reminder.profileId, kind: reminder.kind },
      "reminder e-mail failed; retried next sweep",
    );
    return false;
  }
}

/** The owner of each page whose grave right ends within six months (and has not ended) is told once. */
async function sendGraveRightReminders(deps: ReminderDeps, today: string): Promise<SentReminder[]> {
  // A few days more than six months: the 31st's six months back may be the 28th (checked below).
  const horizon = addDays(addMonths(today, graveRightReminderMonths), 3);
  const due = await deps.db
    .select({
      id: profiles.id,
      ownerUserId: profiles.ownerUserId,
      content: profiles.content,
      email: users.email,
      locale: users.locale,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.ownerUserId))
    .where(
      and(
        remindedPage(),
        sql`${graveRightEndsOn} >= ${today}`,
        sql`${graveRightEndsOn} <= ${horizon}`,
        sql`not exists (select 1 from ${remindersSent} r where r.profile_id = ${profiles.id}
          and r.user_id = ${profiles.ownerUserId} and r.kind = 'grave_right'
          and r.occasion::text = ${graveRightEndsOn})`,
      ),
    )
    .orderBy(profiles.id);
  const sent: SentReminder[] = [];
  for (const page of due) {
    const endsOn = page.content.graveRightEndsOn;
    if (!page.ownerUserId || !endsOn || !isCalendarDate(endsOn) || graveRightReminderDue(endsOn) > today) {
      continue;
    }
    const reminder: SentReminder = {
      profileId: page.id,
      userId: page.ownerUserId,
      kind: "grave_right",
      occasion: endsOn,
    };
    const message = graveRightEmail(page, {
      name: pageName(page.content, page.id),
      link: `${deps.publicUrl}/k/${page.id}`,
      endsOn,
    });
    // Still this page's owner, and still this end date.
    const still = and(
      eq(profiles.ownerUserId, sql`${page.ownerUserId}::uuid`),
      sql`${graveRightEndsOn} = ${endsOn}`,
    ) as SQL;
    if (await sendOnce(deps, reminder, still, message)) sent.push(reminder);
  }
  return sent;
}

/** The occasions of a page within the reminder window from today. */
function occasionsOf(content: Content, today: string): Anniversary[] {
  const found: Anniversary[] = [];
  for (const [kind, date] of [
    ["birthday", content.birthDate],
    ["death_day", content.deathDate],
  ] as const) {
    if (!date || !isCalendarDate(date)) continue;
    const next = nextAnniversary(date, today);
    if (isWithinReminderWindow(next.on, today)) found.push({ kind, on: next.on, years: next.years });
  }
  const ceremony: Ceremony | null | undefined = content.ceremony;
  if (ceremony && isCalendarDate(ceremony.date) && isWithinReminderWindow(ceremony.date, today)) {
    found.push({ kind: "ceremony", on: ceremony.date, ceremony });
  }
  return found;
}

/** The SQL that the occasion is still the page's at the claim (the date was not changed meanwhile). */
function stillOn(occasion: Anniversary, content: Content): SQL {
  if (occasion.kind === "ceremony") return sql`${ceremonyDate} = ${occasion.on}`;
  const field = occasion.kind === "birthday" ? birthDate : deathDate;
  const date = occasion.kind === "birthday" ? content.birthDate : content.deathDate;
  return sql`${field} = ${date ?? ""}`;
}

/** Each subscriber still keeping the page hears of its birthday, day of death and ceremony a week ahead. */
async function sendAnniversaryReminders(deps: ReminderDeps, today: string): Promise<SentReminder[]> {
  const monthDays = monthDaysWithin(today);
  const inWindow = (date: SQL) =>
    sql`substr(${date}, 6) in (${sql.join(
      monthDays.map((day) => sql`${day}`),
      sql`, `,
    )})`;
  const subscriber = anniversarySubscriptions.userId;
  const candidates = await deps.db
    .select({
      profileId: profiles.id,
      userId: subscriber,
      content: profiles.content,
      email: users.email,
      locale: users.locale,
    })
    .from(anniversarySubscriptions)
    .innerJoin(profiles, eq(profiles.id, anniversarySubscriptions.profileId))
    .innerJoin(users, eq(users.id, subscriber))
    .where(
      and(
        remindedPage(),
        keepsPage(sql`${subscriber}`),
        or(
          inWindow(birthDate),
          inWindow(deathDate),
          and(
            sql`${ceremonyDate} >= ${today}`,
            sql`${ceremonyDate} <= ${addDays(today, anniversaryReminderDays)}`,
          ),
        ),
      ),
    )
    .orderBy(profiles.id, subscriber);
  if (candidates.length === 0) return [];
  // What was sent already (only reminders of days from today on can be due again): skipped at once.
  const done = new Set(
    (
      await deps.db
        .select({
          profileId: remindersSent.profileId,
          userId: remindersSent.userId,
          kind: remindersSent.kind,
          occasion: remindersSent.occasion,
        })
        .from(remindersSent)
        .where(
          and(
            inArray(remindersSent.profileId, [...new Set(candidates.map((row) => row.profileId))]),
            inArray(remindersSent.kind, ["birthday", "death_day", "ceremony"]),
            gte(remindersSent.occasion, today),
          ),
        )
    ).map((row) => `${row.profileId}|${row.userId}|${row.kind}|${row.occasion}`),
  );
  const sent: SentReminder[] = [];
  for (const row of candidates) {
    for (const occasion of occasionsOf(row.content, today)) {
      const reminder: SentReminder = {
        profileId: row.profileId,
        userId: row.userId,
        kind: occasion.kind,
        occasion: occasion.on,
      };
      if (done.has(`${reminder.profileId}|${reminder.userId}|${reminder.kind}|${reminder.occasion}`))
        continue;
      const message = anniversaryEmail(
        row,
        { name: pageName(row.content, row.profileId), link: `${deps.publicUrl}/k/${row.profileId}` },
        occasion,
      );
      // Still asked for, still the owner or an editor, still this day.
      const still = and(
        sql`exists (select 1 from ${anniversarySubscriptions} s where s.profile_id = ${profiles.id}
          and s.user_id = ${row.userId}::uuid)`,
        keepsPage(row.userId),
        stillOn(occasion, row.content),
      ) as SQL;
      if (await sendOnce(deps, reminder, still, message)) sent.push(reminder);
    }
  }
  return sent;
}
