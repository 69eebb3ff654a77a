// A page's calendar file (ADR 029): the birthday and the day of death as yearly all-day events, and
// the ceremony as a timed event in Swedish time, for anyone who can see the page (a resting page still
// shows its dates). Its texts are in the page's language.
import { eq } from "drizzle-orm";
import { isCalendarDate } from "../../../contract/calendar-days";
import { isLocale } from "../../../contract/locale";
import { defaultMetadata } from "../../../contract/profiles";
import { i18nFor } from "../../../i18n";
import type { Database } from "../../db/client";
import { profiles } from "../../db/schema";
import { refuse, pageMissing } from "../core";
import { remindedStatuses } from "./access";
import { writeCalendar, type CalendarEvent } from "./icalendar";

/** A ceremony's length in the calendar, where none is given: an hour. */
export const ceremonyMinutes = 60;

export type CalendarFile = { filename: string; body: string };

const noCalendar = () => refuse("calendar.no-days");

/** The page's days as an iCalendar file; `not_found` for a page visitors cannot see, or without days. */
export async function pageCalendar(
  db: Database,
  profileId: string,
  { publicUrl, now = new Date() }: { publicUrl: string; now?: Date },
): Promise<CalendarFile> {
  const [page] = await db
    .select({
      id: profiles.id,
      status: profiles.status,
      content: profiles.content,
      metadata: profiles.metadata,
    })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  if (!page || !remindedStatuses.includes(page.status)) {
    throw pageMissing("id");
  }
  const { content } = page;
  // A page without a language of its own is in the site's default one (Swedish), as it renders.
  const language = isLocale(page.metadata.language) ? page.metadata.language : defaultMetadata.language;
  const { t } = i18nFor(language);
  const name = content.displayName?.trim() || page.id;
  const link = `${publicUrl}/k/${page.id}`;
  const host = new URL(publicUrl).host;
  const uid = (what: string) => `${what}-${page.id}@${host}`;
  const inMemory = t("calendarFile.inMemory", { name, link });
  const events: CalendarEvent[] = [];
  if (content.birthDate && isCalendarDate(content.birthDate)) {
    events.push({
      kind: "yearly",
      uid: uid("birthday"),
      date: content.birthDate,
      summary: t("calendarFile.birthday", { name }),
      description: inMemory,
      url: link,
    });
  }
  if (content.deathDate && isCalendarDate(content.deathDate)) {
    events.push({
      kind: "yearly",
      uid: uid("death-day"),
      date: content.deathDate,
      summary: t("calendarFile.deathDay", { name }),
      description: inMemory,
      url: link,
    });
  }
  const { ceremony } = content;
  if (ceremony && isCalendarDate(ceremony.date)) {
    events.push({
      kind: "timed",
      uid: uid("ceremony"),
      date: ceremony.date,
      time: ceremony.time,
      minutes: ceremonyMinutes,
      summary: t("calendarFile.ceremony", { name }),
      location: [ceremony.place, ceremony.address]
        .map((part) => part.trim())
        .filter(Boolean)
        .join(", "),
      description: [
        ceremony.note.trim(),
        ceremony.livestreamUrl ? t("calendarFile.livestream", { url: ceremony.livestreamUrl }) : "",
        inMemory,
      ]
        .filter(Boolean)
        .join("\n\n"),
      url: link,
    });
  }
  if (events.length === 0) throw noCalendar();
  return {
    filename: `kammare-${page.id}.ics`,
    body: writeCalendar({ name: t("calendarFile.name", { name }), events, now }),
  };
}
