// Calendar days as Swedish invoices count them: dates are YYYY-MM-DD in Swedish time (an invoice
// issued at 00:30 on 1 December in Stockholm is dated 1 December, though it is still 30 November in
// UTC), and days are added on the calendar, not as 24-hour spans.
const swedishDay = new Intl.DateTimeFormat("sv-SE", {
  timeZone: "Europe/Stockholm",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The day it is in Sweden at `at`, as YYYY-MM-DD. */
export function swedishDate(at: Date): string {
  return swedishDay.format(at);
}

/** `date` plus `days` calendar days (negative to go back). */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** YYYY-MM-DD naming a day that exists (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}
