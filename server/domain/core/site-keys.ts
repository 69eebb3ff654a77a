// Secrets the site makes for itself: one random key per name, kept in site_keys (so every process
// uses the same one, a restart changes nothing and no setting is needed to start), and held in
// memory once read. The visitors' form key (memories/form-token.ts) is made the same way.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { siteKeys } from "../../db/schema";

const keys = new WeakMap<Database, Map<string, Promise<Buffer>>>();

/** The site's key of this name, made (32 random bytes) the first time any process asks for it. */
export function siteKey(db: Database, name: string): Promise<Buffer> {
  let named = keys.get(db);
  if (!named) {
    named = new Map();
    keys.set(db, named);
  }
  let key = named.get(name);
  if (!key) {
    key = (async () => {
      // Two processes making it at once: the first insert wins and both read the same key back.
      await db
        .insert(siteKeys)
        .values({ name, value: randomBytes(32).toString("base64url") })
        .onConflictDoNothing();
      const [row] = await db.select({ value: siteKeys.value }).from(siteKeys).where(eq(siteKeys.name, name));
      if (!row) throw new Error(`The site key "${name}" could not be kept.`);
      return Buffer.from(row.value, "base64url");
    })();
    // A failure (the database away for a moment) is not remembered: the next call asks again.
    const cached = named;
    key.catch(() => cached.delete(name));
    named.set(name, key);
  }
  return key;
}
