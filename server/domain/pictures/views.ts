// The family's view of albums and photos (contract/photos.ts), from their rows.
import type { FamilyAlbum, FamilyPhoto } from "../../../contract/photos";
import type { AlbumRow, PhotoRow } from "./access";

export function toFamilyPhoto(row: PhotoRow): FamilyPhoto {
  return {
    id: row.id,
    albumId: row.albumId as string,
    position: row.position,
    caption: row.caption,
    taken: row.taken,
    chapterId: row.chapterId,
    width: row.width,
    height: row.height,
    sizes: [...row.sizes].sort((a, b) => a.width - b.width),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toFamilyAlbum(row: AlbumRow, photos: PhotoRow[]): FamilyAlbum {
  return {
    id: row.id,
    title: row.title,
    position: row.position,
    coverPhotoId: row.coverPhotoId,
    photos: photos.map(toFamilyPhoto),
  };
}
