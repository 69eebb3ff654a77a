// A small iCalendar writer (RFC 5545) for a page's days: all-day yearly events and timed events in
// Swedish time. Lines end in CRLF and are folded at 75 octets (never inside a UTF-8 character); text
// is escaped (backslash, semicolon, comma, newline).

export type AllDayYearly = {
  kind: "yearly";
  uid: string;
  /** The first day, YYYY-MM-DD; the event comes back each year on its month and day. */
  date: string;
  summary: string;
  description?: string;
  url?: string;
};

export type TimedEvent = {
  kind: "timed";
  uid: string;
  /** Local date and time in Europe/Stockholm: YYYY-MM-DD and HH:MM. */
  date: string;
  time: string;
  minutes: number;
  summary: string;
  location?: string;
  description?: string;
  url?: string;
};

export type CalendarEvent = AllDayYearly | TimedEvent;

export const calendarTimeZone = "Europe/Stockholm";

/** TEXT as RFC 5545 section 3.3.11 writes it. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** One content line, folded so that no line is longer than 75 octets (RFC 5545 section 3.1). */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  // A continuation line starts with a space, which counts towards its 75.
  let limit = 75;
  for (const char of line) {
    const size = Buffer.byteLength(char, "utf8");
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
      limit = 74;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const compactDate = (date: string) => date.replaceAll("-", "");

/** A UTC time as YYYYMMDDTHHMMSSZ. */
function utcStamp(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** The local time `minutes` after date and time, as YYYYMMDDTHHMMSS (a floating calendar addition). */
function localStamp(date: string, time: string, minutes = 0): string {
  const at = new Date(`${date}T${time}:00Z`);
  at.setUTCMinutes(at.getUTCMinutes() + minutes);
  return utcStamp(at).replace("Z", "");
}

/** Sweden's time zone as its rules have been since 1996 (EU summer time). */
const stockholmZone = [
  "BEGIN:VTIMEZONE",
  `TZID:${calendarTimeZone}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

function eventLines(event: CalendarEvent, stamp: string): string[] {
  const lines = ["BEGIN:VEVENT", `UID:${event.uid}`, `DTSTAMP:${stamp}`];
  if (event.kind === "yearly") {
    lines.push(
      `DTSTART;VALUE=DATE:${compactDate(event.date)}`,
      `DTEND;VALUE=DATE:${localStamp(event.date, "00:00", 24 * 60).slice(0, 8)}`,
      // A yearly rule on 29 February would skip three years in four: its day is the month's last.
      event.date.endsWith("-02-29") ? "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1" : "RRULE:FREQ=YEARLY",
      "TRANSP:TRANSPARENT",
    );
  } else {
    lines.push(
      `DTSTART;TZID=${calendarTimeZone}:${localStamp(event.date, event.time)}`,
      `DTEND;TZID=${calendarTimeZone}:${localStamp(event.date, event.time, event.minutes)}`,
    );
  }
  lines.push(`SUMMARY:${escapeText(event.summary)}`);
  if (event.kind === "timed" && event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.url) lines.push(`URL:${event.url}`);
  lines.push("END:VEVENT");
  return lines;
}

/** The whole file: a VCALENDAR of the events, stamped `now`. */
export function writeCalendar(input: { name: string; events: CalendarEvent[]; now: Date }): string {
  const stamp = utcStamp(input.now);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Kammare//Kammare//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(input.name)}`,
    ...(input.events.some((event) => event.kind === "timed") ? stockholmZone : []),
    ...input.events.flatMap((event) => eventLines(event, stamp)),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
