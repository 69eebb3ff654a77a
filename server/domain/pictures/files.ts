// A photo's files in the image store, and the one way photos are deleted: their rows first (so no row
// ever names a missing file), then every file they had. For one photo, an album, or a whole page (an
// account's erasure, a page deleted): `deletePhotos({ db, images }, { profileId })`.
import { and, eq, inArray, type SQL } from "drizzle-orm";
import { photoStoreKeys } from "../../../contract/photo-values";
import type { Database, Executor } from "../../db/client";
import { photos } from "../../db/schema";
import type { ImageStore } from "../../providers/images";
import { pageChanged, recordEvent } from "../core";

type StoredPhoto = Pick<typeof photos.$inferSelect, "id" | "profileId" | "sizes" | "originalKey">;

/** Which photos go: all of a page's, or only those of an album or with the given ids. */
export type PhotoSelection = {
  profileId: string;
  albumId?: string;
  /** A visitor's memory: the photos sent with it. */
  memoryId?: string;
  photoIds?: readonly string[];
};

function whereOf({ profileId, albumId, memoryId, photoIds }: PhotoSelection): SQL | undefined {
  return and(
    eq(photos.profileId, profileId),
    albumId ? eq(photos.albumId, albumId) : undefined,
    memoryId ? eq(photos.memoryId, memoryId) : undefined,
    photoIds ? inArray(photos.id, [...photoIds]) : undefined,
  );
}

/** Deletes the rows (in the caller's transaction) and answers what their files are, to remove after. */
export async function deletePhotoRows(tx: Executor, selection: PhotoSelection): Promise<StoredPhoto[]> {
  if (selection.photoIds?.length === 0) return [];
  return tx.delete(photos).where(whereOf(selection)).returning({
    id: photos.id,
    profileId: photos.profileId,
    sizes: photos.sizes,
    originalKey: photos.originalKey,
  });
}

/**
 * Removes the files of deleted photos, a few at a time; answers the keys that could not be removed
 * (the store failed), for the log: their rows are gone, so nothing serves or lists them.
 */
export async function deletePhotoFiles(
  images: ImageStore,
  deleted: readonly StoredPhoto[],
): Promise<string[]> {
  const keys = deleted.flatMap((photo) => photoStoreKeys(photo));
  const failed: string[] = [];
  for (let start = 0; start < keys.length; start += 16) {
    const batch = keys.slice(start, start + 16);
    const results = await Promise.allSettled(batch.map((key) => images.delete(key)));
    results.forEach((result, index) => {
      if (result.status === "rejected") failed.push(batch[index] as string);
    });
  }
  return failed;
}

/**
 * Deletes photos with their files: every photo of a page (visitors' included), an album's, or the
 * given ones. No authorisation here: the caller decides (the family's calls check it first). Answers
 * how many went and the keys the store failed to remove.
 */
export async function deletePhotos(
  { db, images }: { db: Database; images: ImageStore },
  selection: PhotoSelection,
): Promise<{ deleted: number; failedKeys: string[] }> {
  const deleted = await deletePhotoRows(db, selection);
  if (deleted.length) recordEvent(db, pageChanged(selection.profileId));
  return { deleted: deleted.length, failedKeys: await deletePhotoFiles(images, deleted) };
}
