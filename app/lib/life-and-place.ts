// Life and place (ADR 029) as people read them: days written out in a language, the span of a life,
// whether a ceremony is still ahead, and the links that open a grave in the visitor's own map app.
import { addDays } from "../../contract/calendar-days";
import type { Ceremony } from "../../contract/profiles";

/** A YYYY-MM-DD day written out ("12 mars 1931", "March 12, 1931"); `full` adds the weekday. */
export function formatDay(date: string, locale: string, style: "long" | "full" = "long"): string {
  const [year, month, day] = date.split("-").map(Number);
  // The day itself, not a moment: read in UTC so no time zone moves it to the day before.
  return new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: "UTC" }).format(
    Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1),
  );
}

/** An HH:MM time as the language writes it ("13:00", "1:00 PM"). */
export function formatTime(time: string, locale: string): string {
  const [hours, minutes] = time.split(":").map(Number);
  return new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(
    Date.UTC(2000, 0, 1, hours ?? 0, minutes ?? 0),
  );
}

/** The first letter in upper case (a Swedish weekday starting a line). */
export function upperFirst(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/**
 * The span of a life from its dates: "12 mars 1931 – 4 juni 2024"; with one date only, the words
 * for born or died (`born`/`died` get the date written out); nothing without dates.
 */
export function lifeSpan(
  birthDate: string | null,
  deathDate: string | null,
  locale: string,
  words: { born: (date: string) => string; died: (date: string) => string },
): string {
  if (birthDate && deathDate) return `${formatDay(birthDate, locale)} – ${formatDay(deathDate, locale)}`;
  if (birthDate) return words.born(formatDay(birthDate, locale));
  if (deathDate) return words.died(formatDay(deathDate, locale));
  return "";
}

/** A ceremony is shown at the top of the page until the day after it ends (Swedish days). */
export function ceremonyIsAhead(ceremony: Pick<Ceremony, "date">, today: string): boolean {
  return today <= addDays(ceremony.date, 1);
}

/** A coordinate as a link carries it: a plain decimal, at most 6 places (about 10 cm). */
function decimal(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}

/** `geo:` opens the phone's own map app at the spot (RFC 5870). */
export function geoLink(latitude: number, longitude: number): string {
  return `geo:${decimal(latitude)},${decimal(longitude)}`;
}

/** OpenStreetMap's page with a marker at the spot, zoomed in to the graves. */
export function openStreetMapLink(latitude: number, longitude: number): string {
  const lat = decimal(latitude);
  const lng = decimal(longitude);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=18/${lat}/${lng}`;
}

/** OpenStreetMap's search for a place by name (a cemetery, an address) when there is no spot. */
export function openStreetMapSearch(query: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}

/** A coordinate as typed: a comma may be the decimal mark ("59,3293"); empty is none; NaN is wrong. */
export function parseCoordinate(typed: string): number | null {
  const value = typed.trim().replace(",", ".");
  if (!value) return null;
  return /^[-+]?\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
}
