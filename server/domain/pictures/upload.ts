// A family's photo added to a page: who may, how many (PHOTOS_PER_PAGE a page, uploads per user in
// ten minutes), the photo made (server/providers/images/photos.ts), its files written, then its row:
// a row that fails takes its files away again. The first photo of a page without albums makes the
// default album, named in the uploader's language.
import { randomUUID } from "node:crypto";
import { and, asc, count, eq, isNotNull, max } from "drizzle-orm";
import type { Locale } from "../../../contract/locale";
import { defaultAlbumTitle, maxPhotoUploadBytes } from "../../../contract/photo-values";
import type { FamilyPhoto } from "../../../contract/photos";
import type { Database, Executor } from "../../db/client";
import { albums, photos } from "../../db/schema";
import { ImageRejectedError, type ImageStore } from "../../providers/images";
import type { PhotoProcessor } from "../../providers/images/photos";
import { consume, hasRole, pageChanged, recordEvent, refuse, transaction, type Actor } from "../core";
import { albumOfPage, editablePage, type PhotoRow } from "./access";
import { insertAlbum } from "./albums";
import { writePhotoFiles } from "./files";
import { toFamilyPhoto } from "./views";

/** A family uploads a hundred photos at once, and a few again; a script uploading without end stops. */
export const photoUploadLimit = { max: 200, windowSeconds: 600 } as const;

export type PhotoUploadDeps = {
  db: Database;
  images: ImageStore;
  process: PhotoProcessor;
  /** PHOTOS_PER_PAGE. */
  photosPerPage: number;
};

export type PhotoUpload = {
  profileId: string;
  /** An album of the page; none: the page's first album (made when there is none). */
  albumId?: string;
  /** The uploader's language: the default album's title. */
  locale: Locale;
  /** The uploaded file: its size is checked, and its bytes read, only once the actor may add it. */
  file: { size: number; bytes(): Promise<Buffer> };
};

/** The family's photos on a page (those in albums; a visitor's photo belongs to a memory). */
export async function familyPhotoCount(db: Executor, profileId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(photos)
    .where(and(eq(photos.profileId, profileId), isNotNull(photos.albumId)));
  return row?.n ?? 0;
}

async function assertRoom(db: Executor, profileId: string, photosPerPage: number): Promise<void> {
  if ((await familyPhotoCount(db, profileId)) >= photosPerPage) {
    throw refuse("photos.page-full", { max: photosPerPage });
  }
}

/**
 * Adds a photo to an album of a page. Throws a DomainError (page.missing, photos.editors-only,
 * photos.album-missing, photos.page-full, rate_limited) or the processing's ImageRejectedError.
 */
export async function addPhoto(
  { db, images, process, photosPerPage }: PhotoUploadDeps,
  { profileId, albumId, locale, file }: PhotoUpload,
  actor: Actor,
): Promise<FamilyPhoto> {
  await editablePage(db, { profileId, actor });
  if (albumId) await albumOfPage(db, { albumId, profileId });
  if (file.size > maxPhotoUploadBytes) {
    throw new ImageRejectedError("too_large", "The photo is larger than 25 MB.");
  }
  await assertRoom(db, profileId, photosPerPage);
  if (!hasRole(actor, "admin")) {
    await consume(db, [{ key: `photo-upload:${actor.id}`, ...photoUploadLimit }]);
  }

  const made = await process(await file.bytes());
  const id = randomUUID();
  const { fields, keys: written } = await writePhotoFiles(images, { profileId, photoId: id, made });
  try {
    const row = await transaction(db, async (tx) => {
      // Checked again under the page's lock: two uploads at once cannot both take the last place.
      await editablePage(tx, { profileId, actor, lock: true });
      await assertRoom(tx, profileId, photosPerPage);
      const album = albumId
        ? await albumOfPage(tx, { albumId, profileId })
        : await firstAlbum(tx, { profileId, locale });
      const [last] = await tx
        .select({ last: max(photos.position) })
        .from(photos)
        .where(eq(photos.albumId, album.id));
      const [inserted] = await tx
        .insert(photos)
        .values({
          id,
          profileId,
          albumId: album.id,
          position: last?.last === null || last?.last === undefined ? 0 : last.last + 1,
          ...fields,
          uploadedBy: actor.id,
        })
        .returning();
      recordEvent(tx, pageChanged(profileId));
      return inserted as PhotoRow;
    });
    return toFamilyPhoto(row);
  } catch (error) {
    // No row, no files: a failed upload leaves nothing behind to serve or to clean up later.
    await Promise.allSettled(written.map((key) => images.delete(key)));
    throw error;
  }
}

/** The page's first album, or the default album made now in the uploader's language. */
async function firstAlbum(tx: Executor, { profileId, locale }: { profileId: string; locale: Locale }) {
  const [album] = await tx
    .select()
    .from(albums)
    .where(eq(albums.profileId, profileId))
    .orderBy(asc(albums.position), asc(albums.createdAt))
    .limit(1);
  return album ?? insertAlbum(tx, { profileId, title: defaultAlbumTitle[locale] });
}
