// The fixed values of uploaded images. No zod here: the editor's upload control checks a file with
// them in the page's first load (as contract/profile-values.ts does for profiles).

/** The largest file an owner may upload: 10 MB. */
export const maxImageUploadBytes = 10 * 1024 * 1024;
/** The types a file picker should offer; the server still decides by the file's content. */
export const acceptedImageTypes = ["image/jpeg", "image/png", "image/webp"] as const;

/** The WebP sizes every upload is cut to: portraits square, covers wide banners (8:3). */
export const imageVariantSizes = {
  portrait: { small: { width: 320, height: 320 }, large: { width: 800, height: 800 } },
  cover: { small: { width: 800, height: 300 }, large: { width: 1600, height: 600 } },
} as const;

/**
 * A `srcset` for an uploaded picture's address (its large variant), so a phone loads the small one.
 * Other addresses get none: only uploads come in both sizes.
 */
export function uploadedImageSrcSet(url: string, kind: keyof typeof imageVariantSizes): string | undefined {
  const match = /^(\/uploads\/.+-)large\.webp$/.exec(url);
  if (!match) return undefined;
  const sizes = imageVariantSizes[kind];
  return `${match[1]}small.webp ${sizes.small.width}w, ${url} ${sizes.large.width}w`;
}
