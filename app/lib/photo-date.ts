// When a photo was taken, as the family knows it ("1962", "1962-06", "1962-06-21"), said in the
// viewer's language: "1962", "June 1962" / "juni 1962", "21 June 1962" / "21 juni 1962".
import { formatDay } from "./life-and-place";

const monthFormatters = new Map<string, Intl.DateTimeFormat>();

export function formatTaken(taken: string, locale: string): string {
  const [year = 1970, month, day] = taken.split("-").map(Number);
  if (!month) return String(year);
  if (day) return formatDay(taken, locale);
  let formatter = monthFormatters.get(locale);
  if (!formatter) {
    // A month of a year, not a moment: read in UTC so no time zone moves it.
    formatter = new Intl.DateTimeFormat(locale, { year: "numeric", month: "long", timeZone: "UTC" });
    monthFormatters.set(locale, formatter);
  }
  return formatter.format(Date.UTC(year, month - 1, 1));
}
