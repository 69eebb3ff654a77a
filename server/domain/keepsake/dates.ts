// Calendar dates in the keepsake as its reader says them ("12 mars 1931", "March 12, 1931"): a date of
// birth or death is a day, not an instant, so it is formatted in UTC and never moves a day. And where
// the person rests, said alike by the book and the offline copy.
import type { Locale } from "../../../contract/locale";
import type { ProfileContent } from "../../../contract/profiles";
import type { i18nFor } from "../../../i18n";

export function formatCalendarDate(isoDate: string, locale: Locale): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(date);
}

/** "12 mars 1931 – 4 maj 2024", one side alone when only one is known, or empty. */
export function lifeDates(content: Pick<ProfileContent, "birthDate" | "deathDate">, locale: Locale): string {
  const born = content.birthDate ? formatCalendarDate(content.birthDate, locale) : "";
  const died = content.deathDate ? formatCalendarDate(content.deathDate, locale) : "";
  if (born && died) return `${born} – ${died}`;
  return born ? `* ${born}` : died ? `† ${died}` : "";
}

/** Where the page's person rests, in one line for the book and the offline copy alike:
 * "Norra kyrkogården, kvarter 12, grav 4", each part only when the family gave it. */
export function restingPlaceWhere(
  place: NonNullable<ProfileContent["restingPlace"]>,
  t: ReturnType<typeof i18nFor>["t"],
): string {
  return [
    place.cemetery,
    place.block && t("keepsakeFile.block", { block: place.block }),
    place.grave && t("keepsakeFile.grave", { grave: place.grave }),
  ]
    .filter(Boolean)
    .join(", ");
}
