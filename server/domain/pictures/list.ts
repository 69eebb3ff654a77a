// What the album editor shows: every album of the page in order, each with its photos in order, and
// how many photos the page holds against its limit.
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { FamilyPhotos } from "../../../contract/photos";
import type { Database } from "../../db/client";
import { albums, photos } from "../../db/schema";
import type { Actor } from "../core";
import { editablePage, type PhotoRow } from "./access";
import { toFamilyAlbum } from "./views";
import { pageChapters } from "../profiles";

export async function familyPhotos(
  db: Database,
  { profileId, photosPerPage }: { profileId: string; photosPerPage: number },
  actor: Actor,
): Promise<FamilyPhotos> {
  const page = await editablePage(db, { profileId, actor });
  const albumRows = await db
    .select()
    .from(albums)
    .where(eq(albums.profileId, page.id))
    .orderBy(asc(albums.position), asc(albums.createdAt));
  const photoRows = await db
    .select()
    .from(photos)
    .where(and(eq(photos.profileId, page.id), isNotNull(photos.albumId)))
    .orderBy(asc(photos.position), asc(photos.createdAt));
  const byAlbum = new Map<string, PhotoRow[]>();
  for (const row of photoRows) {
    const list = byAlbum.get(row.albumId as string) ?? [];
    list.push(row);
    byAlbum.set(row.albumId as string, list);
  }
  return {
    profileId: page.id,
    albums: albumRows.map((album) => toFamilyAlbum(album, byAlbum.get(album.id) ?? [])),
    chapters: (await pageChapters(db, { profileId: page.id })) ?? [],
    count: photoRows.length,
    limit: photosPerPage,
  };
}
