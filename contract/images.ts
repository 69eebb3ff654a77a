// Uploaded images (POST /api/kammare/images): what the browser may send and what it gets back.
import { profileIdAlphabet, profileIdLength } from "./profile-id";
import { z } from "./zod";

export const imageKinds = ["portrait", "cover"] as const;
export const imageKindSchema = z.enum(imageKinds, { error: "The kind must be portrait or cover." });
export type ImageKind = z.infer<typeof imageKindSchema>;

export { acceptedImageTypes, imageVariantSizes, maxImageUploadBytes } from "./image-values";

/** The variants of every upload; `large` is the one the upload answers with as `url`. */
export const imageVariantNames = ["small", "large"] as const;
export type ImageVariantName = (typeof imageVariantNames)[number];

/** The address the upload call gives a variant: /uploads/{profile id}/{uuid}-{variant}.webp. */
const uploadedImagePath = new RegExp(
  `^/uploads/[${profileIdAlphabet}]{${profileIdLength}}/` +
    "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}" +
    `-(?:${imageVariantNames.join("|")})\\.webp$`,
);

/**
 * Whether the value is exactly the address of an uploaded image variant: no dot segments, no
 * escapes, no backslashes, no other folder or host, so a profile's picture is always one of ours.
 */
export function isUploadedImageUrl(value: string): boolean {
  return uploadedImagePath.test(value);
}

export const imageVariantSchema = z.object({
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type ImageVariantView = z.infer<typeof imageVariantSchema>;

export const uploadedImageSchema = z.object({
  id: z.uuid(),
  /** The largest variant: the value for `portraitImageUrl` or `coverImageUrl`. */
  url: z.string(),
  /** `small` and `large`: portraits 320 and 800 px square, covers 800 × 300 and 1600 × 600, WebP. */
  variants: z.record(z.string(), imageVariantSchema),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

export const uploadImageResponseSchema = z.object({ image: uploadedImageSchema });
export type UploadImageResponse = z.infer<typeof uploadImageResponseSchema>;
