// Who may arrange a page's photos: its owner and its editors (unless the page is suspended) and the
// admins, as for every other change of a page (assertMayEditProfile); and the rows a family's calls
// name, found on a page the actor may change, or refused.
import { and, eq, isNotNull } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { albums, photos, profiles } from "../../db/schema";
import { pageMissing, refuse, type Actor } from "../core";
import { assertMayEditProfile } from "../profiles";

export type AlbumRow = typeof albums.$inferSelect;
export type PhotoRow = typeof photos.$inferSelect;
type PageRow = typeof profiles.$inferSelect;

/**
 * The page, if the actor may change its photos; locked for the change when `lock` (inside a
 * transaction: the count of photos and the positions are then exact).
 */
export async function editablePage(
  db: Executor,
  { profileId, actor, lock = false }: { profileId: string; actor: Actor; lock?: boolean },
): Promise<PageRow> {
  const query = db.select().from(profiles).where(eq(profiles.id, profileId));
  const [page] = lock ? await query.for("update") : await query;
  if (!page) throw pageMissing();
  await assertMayEditProfile(db, page, actor, "photos.editors-only");
  return page;
}

/** An album and its page, if the actor may change the page; `photos.album-missing` otherwise. */
export async function editableAlbum(
  tx: Executor,
  { albumId, actor }: { albumId: string; actor: Actor },
): Promise<{ album: AlbumRow; page: PageRow }> {
  const [found] = await tx.select({ profileId: albums.profileId }).from(albums).where(eq(albums.id, albumId));
  if (!found) throw refuse("photos.album-missing");
  const page = await editablePage(tx, { profileId: found.profileId, actor, lock: true });
  // Read again under the page's lock: a change made meanwhile is seen.
  const [album] = await tx.select().from(albums).where(eq(albums.id, albumId));
  if (!album) throw refuse("photos.album-missing");
  return { album, page };
}

/** A family's photo (one in an album) and its page, if the actor may change the page. */
export async function editablePhoto(
  tx: Executor,
  { photoId, actor }: { photoId: string; actor: Actor },
): Promise<{ photo: PhotoRow; page: PageRow }> {
  const inAlbum = and(eq(photos.id, photoId), isNotNull(photos.albumId));
  const [found] = await tx.select({ profileId: photos.profileId }).from(photos).where(inAlbum);
  if (!found) throw refuse("photos.photo-missing");
  const page = await editablePage(tx, { profileId: found.profileId, actor, lock: true });
  const [photo] = await tx.select().from(photos).where(inAlbum);
  if (!photo) throw refuse("photos.photo-missing");
  return { photo, page };
}

/** Another album of the same page (a photo moves there), or `photos.album-missing`. */
export async function albumOfPage(
  tx: Executor,
  { albumId, profileId }: { albumId: string; profileId: string },
): Promise<AlbumRow> {
  const [album] = await tx
    .select()
    .from(albums)
    .where(and(eq(albums.id, albumId), eq(albums.profileId, profileId)));
  if (!album) throw refuse("photos.album-missing");
  return album;
}
