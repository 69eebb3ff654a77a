// The days reminders are about, as calendar days (YYYY-MM-DD, Swedish time decides what "today" is):
// a date's anniversary in a given year (29 February falls on 28 February in a year without one), the
// next anniversary from today, and the day the grave right's reminder becomes due.
import { addDays, daysBetween } from "../../../contract/calendar-days";
import { anniversaryReminderDays, graveRightReminderMonths } from "../../../contract/family-values";

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const pad = (value: number) => String(value).padStart(2, "0");

/** The number of days in a month (1-12) of a year. */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The anniversary of `date` in `year`; 29 February is kept on 28 February in a year without it. */
export function anniversaryIn(date: string, year: number): string {
  const month = Number(date.slice(5, 7));
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(year, month));
  return `${String(year).padStart(4, "0")}-${pad(month)}-${pad(day)}`;
}

/**
 * The first anniversary of `date` on or after `today`, never the day itself (a death entered on the
 * day it happened is no anniversary), with how many years it marks.
 */
export function nextAnniversary(date: string, today: string): { on: string; years: number } {
  const first = Number(date.slice(0, 4)) + 1;
  let year = Math.max(Number(today.slice(0, 4)), first);
  let on = anniversaryIn(date, year);
  if (on < today) on = anniversaryIn(date, (year += 1));
  return { on, years: year - Number(date.slice(0, 4)) };
}

/** Is a reminder for `occasion` due `today`: from a week before, up to the day itself? */
export function isWithinReminderWindow(occasion: string, today: string): boolean {
  const days = daysBetween(today, occasion);
  return days >= 0 && days <= anniversaryReminderDays;
}

/** `date` moved by whole months (negative: back); the 31st becomes the month's last day where needed. */
export function addMonths(date: string, months: number): string {
  const index = Number(date.slice(0, 4)) * 12 + (Number(date.slice(5, 7)) - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(year, month));
  return `${String(year).padStart(4, "0")}-${pad(month)}-${pad(day)}`;
}

/** The day the owner is told of the grave right's end: six months before it. */
export function graveRightReminderDue(endsOn: string): string {
  return addMonths(endsOn, -graveRightReminderMonths);
}

/**
 * The month-days (MM-DD) whose anniversaries fall within the reminder window from `today`, for the
 * database to find the dates by: 29 February counts where 28 February is its day that year.
 */
export function monthDaysWithin(today: string): string[] {
  const days: string[] = [];
  for (let offset = 0; offset <= anniversaryReminderDays; offset += 1) {
    const day = addDays(today, offset);
    days.push(day.slice(5));
    if (day.slice(5) === "02-28" && !isLeapYear(Number(day.slice(0, 4)))) days.push("02-29");
  }
  return days;
}
