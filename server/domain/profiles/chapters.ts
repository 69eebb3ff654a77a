// A page's life chapters (decisions "A life in pictures"), kept in its content: the ids a save gives to
// new chapters, the list other features use to tie photos to a chapter (photos.chapter_id), and the
// photos let go of a chapter the family removed.
import { randomUUID } from "node:crypto";
import { and, eq, isNotNull, notInArray } from "drizzle-orm";
import type { Chapter, ChapterInput, ProfileContent } from "../../../contract/profiles";
import type { Executor } from "../../db/client";
import { photos, profiles } from "../../db/schema";

/** What another feature needs of a chapter: its id (photos.chapter_id holds it), title and period. */
export type ChapterSummary = Pick<Chapter, "id" | "title" | "period">;

/** The chapters as they are kept: a chapter sent without an id (a new one) is given one here, once. */
export function withChapterIds(chapters: readonly ChapterInput[]): Chapter[] {
  return chapters.map((chapter) => ({ ...chapter, id: chapter.id ?? randomUUID() }));
}

/** The chapters of a page's stored content, in the family's order; none when it has none. */
export function chaptersOf(content: Partial<ProfileContent> | null | undefined): ChapterSummary[] {
  return (content?.chapters ?? []).map(({ id, title, period }) => ({ id, title, period }));
}

/** The chapters of a page, in the family's order (for a photo's chapter); null when there is no page. */
export async function pageChapters(
  db: Executor,
  { profileId }: { profileId: string },
): Promise<ChapterSummary[] | null> {
  const [row] = await db
    .select({ content: profiles.content })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .limit(1);
  return row ? chaptersOf(row.content) : null;
}

/**
 * A chapter the family removed takes none of the page's photos with it: they stay on the page, in
 * their albums, without a chapter. Runs in the save's transaction.
 */
export async function releaseRemovedChapters(
  tx: Executor,
  { profileId, kept }: { profileId: string; kept: readonly Chapter[] },
): Promise<void> {
  const keptIds = kept.map((chapter) => chapter.id);
  await tx
    .update(photos)
    .set({ chapterId: null })
    .where(
      and(
        eq(photos.profileId, profileId),
        isNotNull(photos.chapterId),
        keptIds.length ? notInArray(photos.chapterId, keptIds) : undefined,
      ),
    );
}
