// The photos visitors see on a public page (decisions "A life in pictures"): the page's albums in the
// family's order with their shown photos, and one photo with its neighbours for its own page
// (`/k/{id}/photos/{photoId}`). Plain types and one pattern: the light page reads none of zod.

/** One re-encoded width of a photo (both encodings are made of each). */
export type PhotoSize = { width: number; height: number };

/** A photo as the public page shows it: never its original, only the widths made of it. */
export type PublicPhoto = {
  id: string;
  caption: string;
  /** "1962", "1962-06" or "1962-06-21", or null when the family does not know. */
  taken: string | null;
  /** The life chapter it belongs to (the time line shows it there too), or null. */
  chapterId: string | null;
  /** The upright original's size; every width keeps its proportions. */
  width: number;
  height: number;
  /** The widths made, smallest first. */
  sizes: PhotoSize[];
};

export type PublicAlbum = { id: string; title: string; photos: PublicPhoto[] };

/** A page's albums that hold shown photos, in the family's order; `count` photos in all. */
export type PublicPhotos = { albums: PublicAlbum[]; count: number };

/** One photo on its own page: where it is in the page's order (across albums) and its neighbours. */
export type PublicPhotoPage = {
  photo: PublicPhoto;
  album: { id: string; title: string };
  /** From 1, in the page's order across albums. */
  number: number;
  total: number;
  previous: string | null;
  next: string | null;
};

/** A photo's id as an address may carry it (a uuid, lower case as the database writes it). */
export const photoIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The address of a photo's own page. */
export function photoPagePath(profileId: string, photoId: string): string {
  return `/k/${profileId}/photos/${photoId}`;
}

/** The anchor of a page's photo grid, and of each photo in it (the photo page's way back). */
export const photoGridAnchor = "photos";
export function photoAnchor(photoId: string): string {
  return `photo-${photoId}`;
}
