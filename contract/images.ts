// Uploaded images (POST /api/kammare/images): what the browser may send and what it gets back.
import { z } from "./zod";

export const imageKinds = ["portrait", "cover"] as const;
export const imageKindSchema = z.enum(imageKinds, { error: "The kind must be portrait or cover." });
export type ImageKind = z.infer<typeof imageKindSchema>;

/** The largest file an owner may upload: 10 MB. */
export const maxImageUploadBytes = 10 * 1024 * 1024;
/** The types a file picker should offer; the server still decides by the file's content. */
export const acceptedImageTypes = ["image/jpeg", "image/png", "image/webp"] as const;

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
