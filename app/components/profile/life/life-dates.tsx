// Under the name on the page: the dates of life, written out in the visitor's language ("12 mars 1931 –
// 4 juni 2024"), unless the subtitle already says them; and the link that adds the days to a calendar.
import { swedishDate } from "../../../../contract/calendar-days";
import type { ProfileContent } from "../../../../contract/profiles";
import { useTranslation } from "../../../lib/i18n";
import { ceremonyIsAhead, formatDay } from "../../../lib/life-and-place";
import { AddToCalendar } from "../add-to-calendar";

type Props = { content: ProfileContent; language: string };

function Day({ date, locale }: { date: string; locale: string }) {
  return <time dateTime={date}>{formatDay(date, locale)}</time>;
}

/** Whether the subtitle already writes out these dates (in the page's or the visitor's language). */
function subtitleSays(content: ProfileContent, locales: string[]): boolean {
  const dates = [content.birthDate, content.deathDate].filter((date): date is string => !!date);
  return locales.some((locale) => dates.every((date) => content.subtitle.includes(formatDay(date, locale))));
}

export function LifeDates({ content, language }: Props) {
  const { t, i18n } = useTranslation();
  const { birthDate, deathDate } = content;
  if (!birthDate && !deathDate) return null;
  if (subtitleSays(content, [i18n.language, language])) return null;
  const locale = i18n.language;
  return (
    <p
      lang={locale === language ? undefined : locale}
      data-testid="life-dates"
      className="text-base tracking-wide text-ink tabular-nums sm:text-lg"
    >
      {birthDate && deathDate ? (
        <>
          <Day date={birthDate} locale={locale} /> – <Day date={deathDate} locale={locale} />
        </>
      ) : birthDate ? (
        t("life.dates.born", { date: formatDay(birthDate, locale) })
      ) : (
        t("life.dates.died", { date: formatDay(deathDate ?? "", locale) })
      )}
    </p>
  );
}

/**
 * "Add to calendar" under the page's header, for a page with a day to remember; while the ceremony's
 * block shows at the top, the link is in it instead (one file holds the ceremony and the days).
 */
export function LifeCalendarLink({ id, content }: { id: string; content: ProfileContent }) {
  const ceremonyShown = !!content.ceremony && ceremonyIsAhead(content.ceremony, swedishDate(new Date()));
  if (ceremonyShown || (!content.birthDate && !content.deathDate && !content.ceremony)) return null;
  return (
    <div className="mt-1 print:hidden">
      <AddToCalendar profileId={id} />
    </div>
  );
}
