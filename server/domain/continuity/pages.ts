// The pages the static copy holds (ADR 046): every public page a visitor can read today, with the
// version the triggers of migration 0031 keep, so the export renders again only what changed.
import { and, eq, inArray, sql } from "drizzle-orm";
import { defaultMetadata, type ProfileStatus } from "../../../contract/profiles";
import { isLocale, type Locale } from "../../../contract/locale";
import type { Executor } from "../../db/client";
import { pageVersions, profiles } from "../../db/schema";
import { liveStatuses } from "../profiles";

/**
 * The live statuses and a resting page (`expired`): a resting page still shows visitors its name,
 * dates, portrait and first lines, so its printed code must keep answering. Unclaimed and draft pages
 * have nothing to show yet; suspended and removed pages are never shown, so never copied.
 */
export const staticCopyStatuses: readonly ProfileStatus[] = [...liveStatuses, "expired"];

export type StaticCopyPage = { id: string; version: number; language: Locale };

/**
 * Every page the copy holds, by id. Only `visibility = 'public'` (missing means the default, public):
 * any other visibility, today's `unlisted` and any added later, stays out of a copy anyone can read.
 */
export async function staticCopyPages(db: Executor): Promise<StaticCopyPage[]> {
  const rows = await db
    .select({
      id: profiles.id,
      version: pageVersions.version,
      language: sql<string | null>`${profiles.metadata}->>'language'`,
    })
    .from(profiles)
    .leftJoin(pageVersions, eq(pageVersions.profileId, profiles.id))
    .where(
      and(
        inArray(profiles.status, [...staticCopyStatuses]),
        sql`coalesce(${profiles.metadata}->>'visibility', ${defaultMetadata.visibility}) = 'public'`,
      ),
    )
    .orderBy(profiles.id);
  return rows.map((row) => ({
    id: row.id,
    // A page with no version row yet (made outside the triggers' reach) is rendered every run.
    version: row.version ?? -1,
    language: isLocale(row.language) ? row.language : defaultMetadata.language,
  }));
}
