// A family's photos as they arrange them: caption and date, moved to another album of the page, put in
// order within their album, deleted with their files. Every change records page.changed.
import { and, asc, eq, max } from "drizzle-orm";
import type { FamilyPhoto, UpdatePhotoRequest } from "../../../contract/photos";
import type { Database } from "../../db/client";
import { albums, photos } from "../../db/schema";
import type { ImageStore } from "../../providers/images";
import { pageChanged, recordEvent, refuse, transaction, type Actor } from "../core";
import { albumOfPage, editableAlbum, editablePhoto, type PhotoRow } from "./access";
import { deletePhotoFiles, deletePhotoRows } from "./files";
import { toFamilyPhoto } from "./views";
import { pageChapters } from "../profiles";

/**
 * Changes a photo's caption, date or life chapter, or moves it to the end of another album of the
 * same page.
 */
export async function updatePhoto(
  db: Database,
  { photoId, patch }: { photoId: string; patch: UpdatePhotoRequest },
  actor: Actor,
): Promise<FamilyPhoto> {
  return transaction(db, async (tx) => {
    const { photo } = await editablePhoto(tx, { photoId, actor });
    const fields: Partial<typeof photos.$inferInsert> = {};
    if (patch.caption !== undefined) fields.caption = patch.caption;
    if (patch.taken !== undefined) fields.taken = patch.taken || null;
    if (patch.chapterId !== undefined) {
      // Only one of the page's own chapters: an id from elsewhere (or a removed chapter) is refused.
      const chapters = (await pageChapters(tx, { profileId: photo.profileId })) ?? [];
      const chapterId = patch.chapterId?.toLowerCase() ?? null;
      if (chapterId !== null && !chapters.some((chapter) => chapter.id === chapterId)) {
        throw refuse("photos.chapter-missing");
      }
      fields.chapterId = chapterId;
    }
    if (patch.albumId !== undefined && patch.albumId !== photo.albumId) {
      const target = await albumOfPage(tx, { albumId: patch.albumId, profileId: photo.profileId });
      const [last] = await tx
        .select({ last: max(photos.position) })
        .from(photos)
        .where(eq(photos.albumId, target.id));
      fields.albumId = target.id;
      fields.position = last?.last === null || last?.last === undefined ? 0 : last.last + 1;
      // A cover is one of its album's photos: the album it leaves has none until the family chooses.
      await tx
        .update(albums)
        .set({ coverPhotoId: null, updatedAt: new Date() })
        .where(and(eq(albums.id, photo.albumId as string), eq(albums.coverPhotoId, photo.id)));
    }
    if (Object.keys(fields).length === 0) return toFamilyPhoto(photo);
    const [updated] = await tx.update(photos).set(fields).where(eq(photos.id, photo.id)).returning();
    recordEvent(tx, pageChanged(photo.profileId));
    return toFamilyPhoto(updated as PhotoRow);
  });
}

/** Puts an album's photos in the given order: every photo of the album, each once. */
export async function orderPhotos(
  db: Database,
  { albumId, photoIds }: { albumId: string; photoIds: readonly string[] },
  actor: Actor,
): Promise<FamilyPhoto[]> {
  return transaction(db, async (tx) => {
    const { album } = await editableAlbum(tx, { albumId, actor });
    const rows = await tx.select({ id: photos.id }).from(photos).where(eq(photos.albumId, album.id));
    const known = new Set(rows.map((row) => row.id));
    const unique = new Set(photoIds).size === photoIds.length;
    if (!unique || photoIds.length !== known.size || !photoIds.every((id) => known.has(id))) {
      throw refuse("photos.photo-order-mismatch");
    }
    for (const [position, id] of photoIds.entries()) {
      await tx.update(photos).set({ position }).where(eq(photos.id, id));
    }
    recordEvent(tx, pageChanged(album.profileId));
    const ordered = await tx
      .select()
      .from(photos)
      .where(eq(photos.albumId, album.id))
      .orderBy(asc(photos.position));
    return ordered.map(toFamilyPhoto);
  });
}

/** Deletes a family's photo: its row, then its files. */
export async function deletePhoto(
  { db, images }: { db: Database; images: ImageStore },
  { photoId }: { photoId: string },
  actor: Actor,
): Promise<{ failedKeys: string[] }> {
  const deleted = await transaction(db, async (tx) => {
    const { photo } = await editablePhoto(tx, { photoId, actor });
    const rows = await deletePhotoRows(tx, { profileId: photo.profileId, photoIds: [photo.id] });
    recordEvent(tx, pageChanged(photo.profileId));
    return rows;
  });
  return { failedKeys: await deletePhotoFiles(images, deleted) };
}
