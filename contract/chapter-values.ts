// The fixed values of a page's life chapters (decisions "A life in pictures"): their limits, and how a
// chapter's period is read for the time line. No zod here: the editor and the public page use them.

/** At most this many chapters on a page. */
export const maxChapters = 30;
export const maxChapterTitle = 120;
/** A period is a year ("1962"), two years ("1962–1975") or a few words ("The Stockholm years"). */
export const maxChapterPeriod = 60;
/** A chapter's text has the story's limit. */
export const maxChapterText = 20_000;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isChapterId(value: string): boolean {
  return uuidPattern.test(value);
}

/**
 * A new chapter's id (a version 4 UUID), made where the chapter is added. `crypto.randomUUID` exists
 * only in secure contexts (https, localhost); elsewhere the same id is made from random bytes.
 */
export function newChapterId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A period as the time line shows it: years kept as years (for `<time>`), a dash between two. */
export type PeriodParts = { from: string; to: string | null } | { words: string };

/**
 * Reads "1962", "1962-1975", "1962 – 1975" or "1962–" (still going on) as years; anything else is the
 * family's own words, shown as typed.
 */
export function periodParts(period: string): PeriodParts {
  const trimmed = period.trim();
  const years = /^(\d{4})(?:\s*[-–—]\s*(\d{4})?)?$/.exec(trimmed);
  if (!years) return { words: trimmed };
  const [, from = "", to] = years;
  const dashed = /[-–—]/.test(trimmed);
  return { from, to: dashed ? (to ?? "") : null };
}
