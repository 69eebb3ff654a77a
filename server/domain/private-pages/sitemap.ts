// The pages search engines may list (decisions "A page that lasts as long as the grave"): public live
// pages only; never unlisted or private ones, drafts, resting, suspended or removed pages.
import { and, asc, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { profiles } from "../../db/schema";
import { liveStatuses } from "../profiles";

/** A sitemap holds at most 50,000 addresses (sitemaps.org). */
export const sitemapMaxPages = 50_000;

export async function sitemapPages(db: Database): Promise<{ id: string; updatedAt: Date }[]> {
  return db
    .select({ id: profiles.id, updatedAt: profiles.updatedAt })
    .from(profiles)
    .where(
      and(
        inArray(profiles.status, [...liveStatuses]),
        // A page without a visibility set is public (the walkthrough's default).
        sql`coalesce(${profiles.metadata}->>'visibility', 'public') = 'public'`,
      ),
    )
    .orderBy(asc(profiles.id))
    .limit(sitemapMaxPages);
}
