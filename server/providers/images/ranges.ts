// Byte ranges of a stored object (RFC 9110, section 14): a video is played by asking for its parts.
// One range per request; a request for several is answered whole, which the RFC allows.

/** A range as asked: from `start` to `end` (inclusive; null: to the end), or the last `suffix` bytes. */
export type ByteRange = { start: number; end: number | null } | { suffix: number };

/** The part of an object being sent: its first and last byte and the whole object's size. */
export type SentRange = { start: number; end: number; total: number };

/** The range asked cannot be served from this object (416); `total` is its size when known. */
export class RangeNotSatisfiableError extends Error {
  constructor(readonly total: number | null) {
    super("The requested range is not satisfiable");
    this.name = "RangeNotSatisfiableError";
  }
}

const single = /^bytes=(\d{0,15})-(\d{0,15})$/;

/** The Range header's one byte range, or null to answer the whole object (absent, several, not bytes). */
export function parseRange(header: string | undefined | null): ByteRange | null {
  if (!header) return null;
  const match = single.exec(header.replace(/\s+/g, ""));
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  if (first === "") return { suffix: Number(last) };
  const start = Number(first);
  const end = last === "" ? null : Number(last);
  // A last byte before the first is a syntax error: the header is ignored (RFC 9110, 14.1.1).
  if (end !== null && end < start) return null;
  return { start, end };
}

/** The range resolved against an object of `total` bytes; throws RangeNotSatisfiableError. */
export function resolveRange(range: ByteRange, total: number): SentRange {
  if ("suffix" in range) {
    if (range.suffix === 0 || total === 0) throw new RangeNotSatisfiableError(total);
    return { start: Math.max(0, total - range.suffix), end: total - 1, total };
  }
  if (range.start >= total) throw new RangeNotSatisfiableError(total);
  return { start: range.start, end: Math.min(range.end ?? total - 1, total - 1), total };
}

/** The range as an HTTP Range header, for a store that takes it (S3). */
export function rangeHeader(range: ByteRange): string {
  return "suffix" in range ? `bytes=-${range.suffix}` : `bytes=${range.start}-${range.end ?? ""}`;
}

/** `bytes 0-99/1000` read back (S3's Content-Range), or null. */
export function parseContentRange(header: string | undefined): SentRange | null {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header ?? "");
  if (!match) return null;
  return { start: Number(match[1]), end: Number(match[2]), total: Number(match[3]) };
}
