// A visitor's form carries the moment it was rendered, signed with a key the site keeps in its
// database (so every process signs and checks alike, and a restart changes nothing). A post sooner
// than a few seconds after the render is a robot's; a token older than two days, or forged, is
// refused. The page cache may serve one rendering for minutes: that only makes the form older.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { formTokenMaxAgeHours, minimumSecondsBeforePost } from "../../../contract/memories";
import type { Database } from "../../db/client";
import { siteKeys } from "../../db/schema";
import { refuse } from "../core";

const keyName = "visitor-forms";
const keys = new WeakMap<Database, Promise<Buffer>>();

/** The site's key for visitors' forms, made once for the database and kept in memory afterwards. */
export function visitorFormKey(db: Database): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await db
        .insert(siteKeys)
        .values({ name: keyName, value: randomBytes(32).toString("base64url") })
        .onConflictDoNothing();
      const [row] = await db
        .select({ value: siteKeys.value })
        .from(siteKeys)
        .where(eq(siteKeys.name, keyName));
      if (!row) throw new Error("The visitors' form key could not be kept.");
      return Buffer.from(row.value, "base64url");
    })();
    // A failure (the database away for a moment) is not remembered: the next form asks again.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

function signature(key: Buffer, profileId: string, renderedMs: number): string {
  return createHmac("sha256", key).update(`${profileId}:${renderedMs}`).digest("base64url").slice(0, 22);
}

/** The token a page's forms carry: when it was rendered, for this page, signed. */
export async function issueFormToken(db: Database, profileId: string, now = new Date()): Promise<string> {
  const renderedMs = now.getTime();
  return `${renderedMs}.${signature(await visitorFormKey(db), profileId, renderedMs)}`;
}

/**
 * Throws unless the token was issued for this page between two days and `minimumSeconds` ago (a few
 * seconds for a memory or a report; none for a candle).
 */
export async function checkFormToken(
  db: Database,
  {
    profileId,
    token,
    now = new Date(),
    minimumSeconds = minimumSecondsBeforePost,
  }: {
    profileId: string;
    token: string;
    now?: Date;
    minimumSeconds?: number;
  },
): Promise<void> {
  const [time = "", given = ""] = token.split(".");
  const renderedMs = /^\d{1,15}$/.test(time) ? Number(time) : NaN;
  const expected = Number.isFinite(renderedMs)
    ? signature(await visitorFormKey(db), profileId, renderedMs)
    : "";
  // Compared as bytes: a signature of as many characters but not all ASCII ("é") has more bytes,
  // which timingSafeEqual would throw at (a 500) rather than answer "not equal".
  const givenBytes = Buffer.from(given);
  const expectedBytes = Buffer.from(expected);
  const valid =
    expectedBytes.length > 0 &&
    givenBytes.length === expectedBytes.length &&
    timingSafeEqual(givenBytes, expectedBytes);
  const age = now.getTime() - renderedMs;
  if (!valid || age > formTokenMaxAgeHours * 3600_000) {
    throw refuse("memory.form-expired");
  }
  if (age < minimumSeconds * 1000) {
    throw refuse("memory.too-soon");
  }
}

/** A visitor's address as a report keeps it: keyed, so it can be compared and never read back. */
export async function addressHash(db: Database, address: string | null): Promise<string> {
  return createHmac("sha256", await visitorFormKey(db))
    .update(`address:${address ?? "unknown"}`)
    .digest("hex");
}
