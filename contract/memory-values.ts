// The zod-free part of the memories' contract (ADR 026): states, limits, outcomes. The browser's
// modules import these from here, so a page that only shows memories does not load zod.

export const memoryStates = ["pending", "shown", "hidden", "removed"] as const;
export type MemoryState = (typeof memoryStates)[number];

/** Per page: `review` (nothing shows until approved; the default), `open` (shows at once), `off`. */
export const moderationModes = ["review", "open", "off"] as const;
export type ModerationMode = (typeof moderationModes)[number];

/** A candle's name: `pending` until the owner approves it (where memories wait), `shown`, or `hidden`. */
export const candleNameStates = ["pending", "shown", "hidden"] as const;
export type CandleNameState = (typeof candleNameStates)[number];

export const reportStates = ["open", "kept", "hidden"] as const;
export type ReportState = (typeof reportStates)[number];

export const memoryTextMaxLength = 2000;
export const writerNameMaxLength = 80;
export const relationMaxLength = 60;
export const candleNameMaxLength = 60;
export const replyMaxLength = 1000;
export const reportReasonMaxLength = 500;
/** Shown memories per page of the list, newest first. */
export const memoriesPageSize = 10;
/** The names of the latest candles shown beside the count. */
export const latestCandleNames = 5;
/**
 * A memory (or a report) posted sooner than this after its page was rendered is a robot's. A candle
 * has no such wait: lighting one is a single tap, made at once by a visitor who came to do just that;
 * the hidden field, the limits per address and page, and the name's moderation still guard it.
 */
export const minimumSecondsBeforePost = 3;
/** A form's signed render time is good for this long (a page kept open overnight still works). */
export const formTokenMaxAgeHours = 48;

/** What a plain form's redirect says on the page (`?memory=…`): the outcome, for the page's message. */
export const memoryOutcomes = [
  "shown",
  "pending",
  "candle",
  /** Lit and counted; the name shows once the owner has approved it. */
  "candleWaiting",
  "reported",
  "deleted",
  "invalid",
  "tooSoon",
  "expired",
  "links",
  "limited",
  "closed",
  /** A photo with the memory was not an image we take (or too large, or too many). */
  "photos",
] as const;
export type MemoryOutcome = (typeof memoryOutcomes)[number];

/** Where on the page an outcome is said (`?at=`), and the anchor the page scrolls to. */
export const memoryFormAnchors = { list: "memories", candles: "candles", write: "write-memory" } as const;
export type MemoryFormPlace = keyof typeof memoryFormAnchors;

/** The address's field that names a refused form's draft, kept on the server (never its text). */
export const memoryDraftParam = "draft";

/**
 * A position in a page's list of memories (`?before=`): the last one seen's time and id, as the list's
 * `next` gives it ("2026-11-26T06:00:00.123456Z_{uuid}"), and a time that exists (no 31 February).
 */
export function isMemoryPosition(value: string): boolean {
  const pattern =
    /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  if (!pattern.test(value)) return false;
  const seconds = value.slice(0, 19);
  const time = Date.parse(`${seconds}Z`);
  return time >= 0 && new Date(time).toISOString().startsWith(seconds);
}

/** The largest photo a visitor may send with a memory: 10 MB (a phone's photo; the family's may be larger). */
export const memoryPhotoMaxBytes = 10 * 1024 * 1024;
/** The memory form's file field: the photos sent with it (multipart/form-data). */
export const memoryPhotosField = "photos";
