// The fixed values of a life in pictures (decisions "A life in pictures") and where a photo's files
// are. No zod here: the album editor checks files with them and the light public page builds its
// `srcset` from them, both in a first load (as contract/image-values.ts does for portraits).

/** The most photos a page holds unless PHOTOS_PER_PAGE says otherwise. */
export const defaultPhotosPerPage = 500;
/** The most photos a visitor's memory may carry. */
export const maxPhotosPerMemory = 3;
/** The largest photo file a family or a visitor may upload: 25 MB (a phone's full-size photo). */
export const maxPhotoUploadBytes = 25 * 1024 * 1024;
export const maxPhotoCaptionLength = 300;
export const maxAlbumTitleLength = 80;
/** An album's name when the family has not named one. */
export const defaultAlbumTitle = { "en-US": "Photos", "sv-SE": "Bilder" } as const;

/**
 * The widths each photo is re-encoded to, for `srcset` (never wider than the original: a photo
 * narrower than the smallest is kept at its own width).
 */
export const photoWidths = [320, 640, 1280, 2048] as const;
/** Both encodings of every width: AVIF where the browser takes it, WebP otherwise. */
export const photoFormats = ["avif", "webp"] as const;
export type PhotoFormat = (typeof photoFormats)[number];

/** When a photo was taken, as the family knows it: a year, a month or a day ("1962", "1962-06", "1962-06-21"). */
export const photoTakenPattern = /^(1[0-9]{3}|20[0-9]{2})(-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?)?$/;

/** The image store's folder of one photo: `{profile}/photos/{photo}`. */
export function photoFolder(profileId: string, photoId: string): string {
  return `${profileId}/photos/${photoId}`;
}

/** The store key of one width of a photo in one encoding. */
export function photoSizeKey(profileId: string, photoId: string, width: number, format: PhotoFormat): string {
  return `${photoFolder(profileId, photoId)}/${width}.${format}`;
}

/** The store key of the original as uploaded (`jpg`, `png` or `webp`, by its real format). */
export function photoOriginalKey(
  profileId: string,
  photoId: string,
  extension: "jpg" | "png" | "webp",
): string {
  return `${photoFolder(profileId, photoId)}/original.${extension}`;
}

/** The address a browser loads a stored key from (served by GET /uploads/*). */
export function uploadUrl(key: string): string {
  return `/uploads/${key}`;
}

/** A `srcset` of one encoding over the widths a photo was made in. */
export function photoSrcSet(
  photo: { profileId: string; id: string; sizes: readonly { width: number }[] },
  format: PhotoFormat,
): string {
  return photo.sizes
    .map(({ width }) => `${uploadUrl(photoSizeKey(photo.profileId, photo.id, width, format))} ${width}w`)
    .join(", ");
}

/** Every store key of one photo: its original and each width in each encoding. */
export function photoStoreKeys(photo: {
  profileId: string;
  id: string;
  originalKey: string;
  sizes: readonly { width: number }[];
}): string[] {
  return [
    photo.originalKey,
    ...photo.sizes.flatMap(({ width }) =>
      photoFormats.map((format) => photoSizeKey(photo.profileId, photo.id, width, format)),
    ),
  ];
}
