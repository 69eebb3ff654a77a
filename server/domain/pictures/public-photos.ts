// What visitors see of a page's photos (decisions "A life in pictures"): its albums in the family's
// order with their shown photos in order, for the page (`/k/{id}`), and one photo with its place in
// that order and its neighbours across albums, for the photo's own page. Read on the hot public page:
// one query each, on the (profile_id, album_id, position) index, and only the columns shown (never
// the original's key).
import { and, asc, eq, sql } from "drizzle-orm";
import type {
  PublicAlbum,
  PublicPhoto,
  PublicPhotoPage,
  PublicPhotos,
} from "../../../contract/public-photos";
import { photoIdPattern } from "../../../contract/public-photos";
import type { Database } from "../../db/client";
import { albums, photos } from "../../db/schema";

const shownColumns = {
  id: photos.id,
  caption: photos.caption,
  taken: photos.taken,
  chapterId: photos.chapterId,
  width: photos.width,
  height: photos.height,
  sizes: photos.sizes,
};

/** Shown photos of the page that are in an album (a visitor's waiting photo, or a memory's, is not). */
function shownOn(profileId: string) {
  return and(eq(photos.profileId, profileId), eq(photos.state, "shown"));
}

/** The page's order: albums by their position, photos by theirs within an album (ids break ties). */
const pageOrder = [asc(albums.position), asc(albums.id), asc(photos.position), asc(photos.id)];

function publicPhoto(row: PublicPhoto): PublicPhoto {
  return {
    id: row.id,
    caption: row.caption,
    taken: row.taken,
    chapterId: row.chapterId,
    width: row.width,
    height: row.height,
    // Smallest first, whatever order they were written in: srcset and the thumbnail's size read it so.
    sizes: [...row.sizes].sort((a, b) => a.width - b.width),
  };
}

/** The page's albums that hold shown photos, in order, each with its photos in order. */
export async function publicPhotos(db: Database, profileId: string): Promise<PublicPhotos> {
  const rows = await db
    .select({ ...shownColumns, albumId: albums.id, albumTitle: albums.title })
    .from(photos)
    .innerJoin(albums, eq(albums.id, photos.albumId))
    .where(shownOn(profileId))
    .orderBy(...pageOrder);
  const list: PublicAlbum[] = [];
  for (const row of rows) {
    let album = list.at(-1);
    if (album?.id !== row.albumId) {
      album = { id: row.albumId, title: row.albumTitle, photos: [] };
      list.push(album);
    }
    album.photos.push(publicPhoto(row));
  }
  return { albums: list, count: rows.length };
}

/**
 * One shown photo of the page with its number in the page's order, the total, and the photos before
 * and after it (across albums); null for an id that is no photo shown on this page.
 */
export async function publicPhotoPage(
  db: Database,
  options: { profileId: string; photoId: string },
): Promise<PublicPhotoPage | null> {
  // Something that is no uuid would be the database's error: it is simply no photo.
  if (!photoIdPattern.test(options.photoId)) return null;
  const order = sql`order by ${albums.position}, ${albums.id}, ${photos.position}, ${photos.id}`;
  const ordered = db
    .select({
      ...shownColumns,
      albumId: sql<string>`${albums.id}`.as("album_id"),
      albumTitle: sql<string>`${albums.title}`.as("album_title"),
      number: sql<number>`(row_number() over (${order}))::int`.as("number"),
      total: sql<number>`(count(*) over ())::int`.as("total"),
      previous: sql<string | null>`lag(${photos.id}) over (${order})`.as("previous"),
      next: sql<string | null>`lead(${photos.id}) over (${order})`.as("next"),
    })
    .from(photos)
    .innerJoin(albums, eq(albums.id, photos.albumId))
    .where(shownOn(options.profileId))
    .as("ordered");
  const [row] = await db.select().from(ordered).where(eq(ordered.id, options.photoId));
  if (!row) return null;
  return {
    photo: publicPhoto(row),
    album: { id: row.albumId, title: row.albumTitle },
    number: Number(row.number),
    total: Number(row.total),
    previous: row.previous ?? null,
    next: row.next ?? null,
  };
}
