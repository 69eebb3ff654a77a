// The ceremony on the page: at the top until the day after it ends (Swedish days, as the page cache keys
// them), with when and where, the livestream and a note; after that one line lower down, as a past event.
import { swedishDate } from "../../../../contract/calendar-days";
import type { Ceremony } from "../../../../contract/profiles";
import { useTranslation } from "../../../lib/i18n";
import {
  ceremonyIsAhead,
  formatDay,
  formatTime,
  openStreetMapSearch,
  upperFirst,
} from "../../../lib/life-and-place";
import { buttonClass } from "../../button";
import { AddToCalendar } from "../add-to-calendar";

type Props = {
  id: string;
  scope: string;
  ceremony: Ceremony | null;
  /** The walkthrough's preview: no calendar link. */
  preview?: boolean;
  /** Today in Sweden (YYYY-MM-DD); the server's day when not given. */
  today?: string;
};

/** The ceremony still ahead (or on its day, or the day after): a block at the top of the page. */
export function UpcomingCeremony({ id, scope, ceremony, preview = false, today }: Props) {
  const { t, i18n } = useTranslation();
  if (!ceremony || !ceremonyIsAhead(ceremony, today ?? swedishDate(new Date()))) return null;
  const locale = i18n.language;
  return (
    <section
      aria-labelledby={`${scope}-ceremony`}
      lang={locale}
      data-testid="ceremony-upcoming"
      className="mx-auto mt-8 w-full max-w-[42.5rem] px-5 print:mt-4"
    >
      <div className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-line border-l-4 border-l-[var(--profile-colour)] bg-raised p-5 shadow-sm sm:p-6">
        <h2
          id={`${scope}-ceremony`}
          className="font-sans text-xs font-semibold uppercase tracking-[0.14em] text-muted"
        >
          {t("life.ceremony.heading")}
        </h2>
        <p className="font-serif text-xl font-semibold leading-snug text-ink sm:text-2xl">
          <time dateTime={`${ceremony.date}T${ceremony.time}`}>
            {upperFirst(
              t("life.ceremony.when", {
                date: formatDay(ceremony.date, locale, "full"),
                time: formatTime(ceremony.time, locale),
              }),
            )}
          </time>
        </p>
        <div className="flex flex-col text-ink">
          <p className="font-medium">{ceremony.place}</p>
          {ceremony.address && (
            <>
              <p className="text-muted">{ceremony.address}</p>
              <a
                href={openStreetMapSearch(ceremony.address)}
                rel="noopener noreferrer"
                className="mt-1 self-start text-sm text-ink underline underline-offset-4 hover:text-[var(--profile-accent)] print:hidden"
              >
                {t("life.ceremony.directions")}
              </a>
            </>
          )}
        </div>
        {ceremony.note && <p className="whitespace-pre-line text-ink">{ceremony.note}</p>}
        {(ceremony.livestreamUrl || !preview) && (
          <div className="flex flex-wrap gap-2 pt-1 print:hidden">
            {ceremony.livestreamUrl && (
              <a
                href={ceremony.livestreamUrl}
                rel="noopener noreferrer nofollow"
                data-testid="livestream"
                className={buttonClass("primary")}
              >
                <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
                  <path d="M6 4.5v11l9-5.5z" />
                </svg>
                {t("life.ceremony.watch")}
              </a>
            )}
            {!preview && <AddToCalendar profileId={id} />}
          </div>
        )}
      </div>
    </section>
  );
}

/** The ceremony once its day (and the day after) is over: one line lower down the page. */
export function PastCeremony({ scope, ceremony, today }: Omit<Props, "id" | "preview">) {
  const { t, i18n } = useTranslation();
  if (!ceremony || ceremonyIsAhead(ceremony, today ?? swedishDate(new Date()))) return null;
  const locale = i18n.language;
  return (
    <section
      aria-labelledby={`${scope}-ceremony-past`}
      lang={locale}
      data-testid="ceremony-past"
      className="mx-auto mt-10 flex w-full max-w-[42.5rem] flex-col gap-2 px-5 print:mt-5"
    >
      <h2
        id={`${scope}-ceremony-past`}
        className="font-sans text-xs font-semibold uppercase tracking-[0.14em] text-muted"
      >
        {t("life.ceremony.pastHeading")}
      </h2>
      <p className="text-ink">
        {t("life.ceremony.held", { date: formatDay(ceremony.date, locale) })}{" "}
        <span className="text-muted">{[ceremony.place, ceremony.address].filter(Boolean).join(", ")}</span>
      </p>
    </section>
  );
}
