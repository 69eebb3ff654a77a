// Dates and times for people. Pages are rendered on the server and hydrated in the browser, so both
// must print the same text: one fixed time zone, the market's (Sweden), not the machine's.
export const displayTimeZone = "Europe/Stockholm";

const formatters = new Map<string, Intl.DateTimeFormat>();

/** "21 Nov 2026, 00:05" in the page's language, Swedish time. */
export function formatDateTime(iso: string, locale: string): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: displayTimeZone,
    });
    formatters.set(locale, formatter);
  }
  return formatter.format(new Date(iso));
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** "20 November 2026" (long) or "20 Nov 2026" (medium) in the page's language, Swedish time. */
export function formatDate(iso: string, locale: string, style: "long" | "medium" = "medium"): string {
  const key = `${locale}|${style}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: displayTimeZone });
    dateFormatters.set(key, formatter);
  }
  return formatter.format(new Date(iso));
}
