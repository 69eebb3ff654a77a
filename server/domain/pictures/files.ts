// A photo's files in the image store, and the one way photos are deleted: their rows first (so no row
// ever names a missing file), then every file they had. For one photo, an album, or a whole page (an
// account's erasure, a page deleted): `deletePhotos({ db, images }, { profileId })`.
import { and, eq, inArray, type SQL } from "drizzle-orm";
import { photoOriginalKey, photoSizeKey, photoStoreKeys } from "../../../contract/photo-values";
import type { Database, Executor } from "../../db/client";
import { photos } from "../../db/schema";
import type { ImageStore } from "../../providers/images";
import type { ProcessedPhoto } from "../../providers/images/photos";
import { pageChanged, recordEvent } from "../core";

type StoredPhoto = Pick<typeof photos.$inferSelect, "id" | "profileId" | "sizes" | "originalKey">;

/** What a photo's row says of its files. */
export type PhotoFileFields = Pick<
  typeof photos.$inferInsert,
  "width" | "height" | "sizes" | "originalKey" | "originalType" | "originalBytes" | "bytes"
>;

/**
 * Writes a made photo's files to the store under its keys (each width in each encoding, then the
 * original), before any row names them; answers the row's fields about them and the keys written. A
 * write that fails takes the ones before it away again.
 */
export async function writePhotoFiles(
  images: ImageStore,
  { profileId, photoId, made }: { profileId: string; photoId: string; made: ProcessedPhoto },
): Promise<{ fields: PhotoFileFields; keys: string[] }> {
  const originalKey = photoOriginalKey(profileId, photoId, made.original.extension);
  const keys: string[] = [];
  try {
    for (const item of made.files) {
      const key = photoSizeKey(profileId, photoId, item.width, item.format);
      await images.put(key, item.data, item.contentType);
      keys.push(key);
    }
    await images.put(originalKey, made.original.data, made.original.contentType);
    keys.push(originalKey);
  } catch (error) {
    await Promise.allSettled(keys.map((key) => images.delete(key)));
    throw error;
  }
  const fields = {
    width: made.width,
    height: made.height,
    sizes: made.sizes,
    originalKey,
    originalType: made.original.contentType,
    originalBytes: made.original.data.length,
    bytes: made.original.data.length + made.files.reduce((sum, item) => sum + item.data.length, 0),
  };
  return { fields, keys };
}

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
