// A page's albums as its family arranges them: made, renamed, put in order, given a cover, deleted
// (with every photo in them: the screen asks first). Every change records page.changed.
import { and, asc, eq, max } from "drizzle-orm";
import type { FamilyAlbum, UpdateAlbumRequest } from "../../../contract/photos";
import type { Database, Executor } from "../../db/client";
import { albums, photos } from "../../db/schema";
import type { ImageStore } from "../../providers/images";
import { pageChanged, recordEvent, refuse, transaction, type Actor } from "../core";
import { editableAlbum, editablePage, type AlbumRow } from "./access";
import { deletePhotoFiles, deletePhotoRows } from "./files";
import { toFamilyAlbum } from "./views";

/** The position after the page's last album. */
async function nextAlbumPosition(tx: Executor, profileId: string): Promise<number> {
  const [row] = await tx
    .select({ last: max(albums.position) })
    .from(albums)
    .where(eq(albums.profileId, profileId));
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
}

/** Adds an album at the end of the page's albums (the page must be locked by the caller). */
export async function insertAlbum(
  tx: Executor,
  { profileId, title }: { profileId: string; title: string },
): Promise<AlbumRow> {
  const [album] = await tx
    .insert(albums)
    .values({ profileId, title, position: await nextAlbumPosition(tx, profileId) })
    .returning();
  return album as AlbumRow;
}

async function albumPhotos(tx: Executor, albumId: string) {
  return tx
    .select()
    .from(photos)
    .where(eq(photos.albumId, albumId))
    .orderBy(asc(photos.position), asc(photos.createdAt));
}

export async function createAlbum(
  db: Database,
  { profileId, title }: { profileId: string; title: string },
  actor: Actor,
): Promise<FamilyAlbum> {
  return transaction(db, async (tx) => {
    await editablePage(tx, { profileId, actor, lock: true });
    const album = await insertAlbum(tx, { profileId, title });
    recordEvent(tx, pageChanged(profileId));
    return toFamilyAlbum(album, []);
  });
}

/** Renames an album and chooses its cover (one of its own photos, or none). */
export async function updateAlbum(
  db: Database,
  { albumId, patch }: { albumId: string; patch: UpdateAlbumRequest },
  actor: Actor,
): Promise<FamilyAlbum> {
  return transaction(db, async (tx) => {
    const { album } = await editableAlbum(tx, { albumId, actor });
    if (patch.coverPhotoId) {
      const [cover] = await tx
        .select({ id: photos.id })
        .from(photos)
        .where(and(eq(photos.id, patch.coverPhotoId), eq(photos.albumId, album.id)));
      if (!cover) throw refuse("photos.cover-elsewhere");
    }
    const [updated] = await tx
      .update(albums)
      .set({
        ...(patch.title === undefined ? {} : { title: patch.title }),
        ...(patch.coverPhotoId === undefined ? {} : { coverPhotoId: patch.coverPhotoId }),
        updatedAt: new Date(),
      })
      .where(eq(albums.id, album.id))
      .returning();
    recordEvent(tx, pageChanged(album.profileId));
    return toFamilyAlbum(updated as AlbumRow, await albumPhotos(tx, album.id));
  });
}

/** Puts the page's albums in the given order: every album of the page, each once. */
export async function orderAlbums(
  db: Database,
  { profileId, albumIds }: { profileId: string; albumIds: readonly string[] },
  actor: Actor,
): Promise<void> {
  await transaction(db, async (tx) => {
    await editablePage(tx, { profileId, actor, lock: true });
    const rows = await tx.select({ id: albums.id }).from(albums).where(eq(albums.profileId, profileId));
    const known = new Set(rows.map((row) => row.id));
    if (new Set(albumIds).size !== albumIds.length || albumIds.length !== known.size) {
      throw refuse("photos.album-order-mismatch");
    }
    if (!albumIds.every((id) => known.has(id))) throw refuse("photos.album-order-mismatch");
    for (const [position, id] of albumIds.entries()) {
      await tx.update(albums).set({ position, updatedAt: new Date() }).where(eq(albums.id, id));
    }
    recordEvent(tx, pageChanged(profileId));
  });
}

/** Deletes an album with every photo in it (rows, then their files); answers how many photos went. */
export async function deleteAlbum(
  { db, images }: { db: Database; images: ImageStore },
  { albumId }: { albumId: string },
  actor: Actor,
): Promise<{ photos: number; failedKeys: string[] }> {
  const deleted = await transaction(db, async (tx) => {
    const { album } = await editableAlbum(tx, { albumId, actor });
    const rows = await deletePhotoRows(tx, { profileId: album.profileId, albumId: album.id });
    await tx.delete(albums).where(eq(albums.id, album.id));
    recordEvent(tx, pageChanged(album.profileId));
    return rows;
  });
  // The rows are gone (committed): now their files.
  return { photos: deleted.length, failedKeys: await deletePhotoFiles(images, deleted) };
}
