// The rendered public profile page (`/k/{id}`) and its photos' pages, kept in memory for anonymous
// viewers: one entry per address, language, host, bot-or-browser and Swedish day (what a page shows can depend on the day),
// with the CSP nonce cut out and a fresh one put in on every hit. Entries go when their profile
// changes (in this process at once, on the domain's committed `page.changed` event, ADR 033; from
// other processes through the database's `profile_changed` notifications), when notifications may
// have been missed, and after a few minutes in any case.
// Bounded in entries and bytes, least recently used first out.
import { isbot } from "isbot";
import { swedishDate } from "../../contract/calendar-days";
import { readAnalyticsConsent } from "../../contract/consent";
import { resolveLocale } from "../../contract/locale";
import type { DatabaseHandle } from "../db/client";
import type { Logger } from "../logger";
import { carriesSession } from "./auth";
import { acceptedEncoding } from "./page-compression";
import { withHeadersChanged } from "./responses";
import { deflateParts, splicedGzip } from "./spliced-gzip";
import { createNonce } from "./security";
import { followProfileChanges } from "./profile-changes";

/**
 * The only pages cached: the public profile page, by the 8-character id in upper case, and its photos'
 * pages (`/k/{id}/photos/{photoId}`, ADR 038), kept under the same profile so a change drops them too.
 */
export const cachedPagePattern =
  /^\/k\/([0-9A-Z]{8})(?:\/photos\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?$/;

export type PageCacheOptions = {
  /** Most entries kept (default 5,000). */
  maxEntries?: number;
  /** Most bytes of HTML kept, over all entries (default 64 MiB). */
  maxBytes?: number;
  /** A larger page is served but not kept (default 1 MiB). */
  maxEntryBytes?: number;
  /** An entry's life: statuses also change with time (trials end), not only with edits (default 5 min). */
  ttlMs?: number;
  /** The clock, for tests. */
  now?: () => number;
};

export type PageCacheStats = { entries: number; bytes: number; hits: number; misses: number };

/**
 * Renders the page with the given CSP nonce (in its HTML and its Content-Security-Policy header);
 * `kept` when the render is to be kept and served to every anonymous viewer of the page.
 */
export type RenderWithNonce = (nonce: string, kept?: boolean) => Promise<Response>;

export type PageCache = {
  /**
   * Answers a page request: from the cache when it may (`X-Cache: HIT`), otherwise by rendering
   * (`MISS`, kept when allowed; `SHARED` for those who waited for another viewer's render of it;
   * `BYPASS` for a cacheable path asked in a way that is never cached).
   * Requests for other paths are rendered as they are, without the header.
   */
  handle(request: Request, render: RenderWithNonce): Promise<Response>;
  /** Drops every cached copy of this profile's page, and any render of it in progress. */
  invalidate(profileId: string): void;
  /** Drops everything. */
  clear(): void;
  /**
   * Follows `profile_changed` on the database, so changes made by other processes (or plain SQL)
   * drop entries too; drops everything when the listener may have missed some. Returns the stop.
   */
  follow(database: Pick<DatabaseHandle, "listen">, logger?: Logger): Promise<() => Promise<void>>;
  stats(): PageCacheStats;
};

type Entry = {
  key: string;
  profileId: string;
  /** The HTML cut at each occurrence of the nonce it was rendered with. */
  parts: Buffer[];
  /** The parts deflated once, for hits that take gzip (server/http/spliced-gzip.ts). */
  deflated: Buffer[];
  /** Length of the parts together, and of their deflated copies (what the entry holds in memory). */
  partBytes: number;
  heldBytes: number;
  /** Header values, likewise cut at the nonce (Content-Security-Policy carries it). */
  headers: [name: string, pieces: string[]][];
  expiresAt: number;
};

type Flight = { profileId: string; invalidated: boolean; done: Promise<Entry | null> };

/** Headers that belong to one response, not to the page. */
const perResponseHeaders = new Set(["content-length", "date", "x-request-id", "x-cache", "set-cookie"]);

type Decision = { kind: "other" } | { kind: "bypass" } | { kind: "cache"; key: string; profileId: string };

/** Whether and under which key a request may be served from the cache. */
export function cacheDecision(request: Request): Decision {
  const url = new URL(request.url);
  const match = cachedPagePattern.exec(url.pathname);
  if (!match?.[1]) return { kind: "other" };
  const headers = request.headers;
  if (request.method !== "GET" || url.search !== "" || url.href.endsWith("?")) return { kind: "bypass" };
  // A signed-in viewer may see their own controls on the page; only anonymous pages are shared.
  if (carriesSession(headers)) return { kind: "bypass" };
  const locale = resolveLocale(headers.get("cookie"), headers.get("accept-language"));
  // Bots get the complete document at once, browsers a streamed one (entry.server.tsx).
  const bot = isbot(headers.get("user-agent") ?? "") ? "bot" : "browser";
  // The analytics question is asked in the page until answered, and the answer shapes the script's tag.
  const consent = readAnalyticsConsent(headers.get("cookie")) ?? "unasked";
  // The host is in the key so that a request with a made-up Host can never shape others' pages.
  return {
    kind: "cache",
    key: `${url.pathname} ${locale} ${bot} ${consent} ${url.host}`,
    profileId: match[1],
  };
}

function withHeader(response: Response, name: string, value: string): Response {
  return withHeadersChanged(response, (headers) => headers.set(name, value));
}

/** Whether a rendered answer may be kept at all (before reading its body). */
function keepable(response: Response, maxEntryBytes: number): boolean {
  if (response.status !== 200) return false;
  const headers = response.headers;
  if (!(headers.get("content-type") ?? "").startsWith("text/html")) return false;
  if (headers.has("set-cookie")) return false;
  if (/\b(no-store|private)\b/i.test(headers.get("cache-control") ?? "")) return false;
  const length = Number(headers.get("content-length") ?? "0");
  return !(length > maxEntryBytes);
}

export function createPageCache(options: PageCacheOptions = {}): PageCache {
  const maxEntries = options.maxEntries ?? 5000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const maxEntryBytes = Math.min(options.maxEntryBytes ?? 1024 * 1024, maxBytes);
  const ttlMs = options.ttlMs ?? 5 * 60 * 1000;
  const now = options.now ?? Date.now;

  // A Map keeps insertion order: the first key is the least recently used.
  const entries = new Map<string, Entry>();
  const byProfile = new Map<string, Set<string>>();
  const flights = new Map<string, Flight>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.heldBytes;
    const keys = byProfile.get(entry.profileId);
    keys?.delete(key);
    if (keys?.size === 0) byProfile.delete(entry.profileId);
  }

  function store(entry: Entry): void {
    remove(entry.key);
    entries.set(entry.key, entry);
    bytes += entry.heldBytes;
    const keys = byProfile.get(entry.profileId) ?? new Set<string>();
    keys.add(entry.key);
    byProfile.set(entry.profileId, keys);
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      remove(oldest);
    }
  }

  function lookup(key: string): Entry | null {
    const entry = entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= now()) {
      remove(key);
      return null;
    }
    // Most recently used goes last.
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  }

  /** The kept page with a fresh nonce; `cache` is its X-Cache (SHARED for a viewer who waited for it). */
  function serve(entry: Entry, request: Request, cache: "HIT" | "SHARED" = "HIT"): Response {
    const nonce = createNonce();
    const nonceBytes = Buffer.from(nonce);
    const headers = new Headers();
    for (const [name, pieces] of entry.headers) headers.set(name, pieces.join(nonce));
    headers.set("X-Cache", cache);
    headers.set("Vary", [headers.get("vary"), "Accept-Encoding"].filter(Boolean).join(", "));
    hits += 1;
    // Sent compressed to a browser that takes it (gzip, which every one that takes brotli takes too):
    // a page of many photos is a tenth of its size, without compressing it again on each hit.
    if (acceptedEncoding(request.headers.get("accept-encoding"))) {
      headers.set("Content-Encoding", "gzip");
      return new Response(new Uint8Array(splicedGzip(entry, nonceBytes)), { status: 200, headers });
    }
    const chunks: Buffer[] = [];
    entry.parts.forEach((part, index) => {
      if (index > 0) chunks.push(nonceBytes);
      chunks.push(part);
    });
    const body = Buffer.concat(chunks, entry.partBytes + nonceBytes.length * (entry.parts.length - 1));
    return new Response(new Uint8Array(body), { status: 200, headers });
  }

  /** The entry for a rendered page, or null when its HTML carries a nonce we cannot swap. */
  function entryFor(key: string, profileId: string, nonce: string, body: Buffer, response: Response) {
    const html = body.toString("utf8");
    // Every nonce attribute must be ours; another value (or an encoded one) would break on a hit.
    for (const found of html.matchAll(/\bnonce="([^"]*)"/g)) if (found[1] !== nonce) return null;
    const parts = html.split(nonce).map((part) => Buffer.from(part, "utf8"));
    const deflated = deflateParts(parts);
    const partBytes = parts.reduce((total, part) => total + part.length, 0);
    const headers: Entry["headers"] = [];
    response.headers.forEach((value, name) => {
      if (!perResponseHeaders.has(name.toLowerCase())) headers.push([name, value.split(nonce)]);
    });
    return {
      key,
      profileId,
      parts,
      deflated,
      partBytes,
      heldBytes: partBytes + deflated.reduce((total, part) => total + part.length, 0),
      headers,
      expiresAt: now() + ttlMs,
    } satisfies Entry;
  }

  async function renderAndKeep(key: string, profileId: string, render: RenderWithNonce): Promise<Response> {
    misses += 1;
    let settle: (entry: Entry | null) => void = () => {};
    const flight: Flight = {
      profileId,
      invalidated: false,
      done: new Promise<Entry | null>((resolve) => (settle = resolve)),
    };
    flights.set(key, flight);
    let shared: Entry | null = null;
    try {
      const nonce = createNonce();
      const response = await render(nonce, true);
      if (!keepable(response, maxEntryBytes)) return withHeader(response, "X-Cache", "MISS");
      const body = Buffer.from(await response.arrayBuffer());
      const entry = body.length <= maxEntryBytes ? entryFor(key, profileId, nonce, body, response) : null;
      // A change during the render may not be in this copy: serve it (to this viewer and those who
      // waited for it, all of whom asked before the change was known here), but do not keep it.
      if (entry && !flight.invalidated) store(entry);
      shared = entry;
      const headers = new Headers(response.headers);
      headers.set("X-Cache", "MISS");
      return new Response(body, { status: response.status, statusText: response.statusText, headers });
    } finally {
      if (flights.get(key) === flight) flights.delete(key);
      settle(shared);
    }
  }

  function invalidate(profileId: string): void {
    for (const key of [...(byProfile.get(profileId) ?? [])]) remove(key);
    for (const [key, flight] of flights) {
      if (flight.profileId !== profileId) continue;
      flight.invalidated = true;
      flights.delete(key);
    }
  }

  function clear(): void {
    entries.clear();
    byProfile.clear();
    bytes = 0;
    for (const flight of flights.values()) flight.invalidated = true;
    flights.clear();
  }

  return {
    async handle(request, render) {
      const decision = cacheDecision(request);
      if (decision.kind === "other") return render(createNonce());
      if (decision.kind === "bypass") return withHeader(await render(createNonce()), "X-Cache", "BYPASS");
      const { profileId } = decision;
      // The Swedish day is part of the key: a page shows what the day makes of it (a ceremony at the
      // top until the day after it, then lower down as past), so no copy outlives its day.
      const key = `${decision.key} ${swedishDate(new Date(now()))}`;
      const found = lookup(key);
      if (found) return serve(found, request);
      // Many viewers at once after a change: one render, the others wait for it. They get it even when
      // the profile changed meanwhile: they asked before that change, and a viewer asking after it
      // finds no flight (invalidate drops it) and so a fresh render. Rendering again for each of them
      // instead made every viewer render under steady edits, and a busy server slower still.
      const flight = flights.get(key);
      if (flight) {
        const entry = await flight.done;
        // SHARED, not HIT: this viewer waited for a render (the logs and the soak tell them apart).
        if (entry) return serve(entry, request, "SHARED");
      }
      return renderAndKeep(key, profileId, render);
    },
    invalidate,
    clear,
    follow: (database, logger) =>
      followProfileChanges(database, { invalidate, clear }, { logger, what: "page cache" }),
    stats: () => ({ entries: entries.size, bytes, hits, misses }),
  };
}
