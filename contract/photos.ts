// A life in pictures, the family's side (decisions "A life in pictures"): the albums and photos of a
// page as its owner and editors see and arrange them, and the payloads of their calls. The fixed values
// (limits, widths, store keys) are ./photo-values.ts, which the browser reads without zod.
import {
  maxAlbumTitleLength,
  maxPhotoCaptionLength,
  maxPhotoUploadBytes,
  photoTakenPattern,
} from "./photo-values";
import { profileIdSchema } from "./profiles";
import { text, z } from "./zod";

export { maxAlbumTitleLength, maxPhotoCaptionLength, maxPhotoUploadBytes };

export const photoIdSchema = z.uuid({ error: "Not a photo id." });
export const albumIdSchema = z.uuid({ error: "Not an album id." });

export const albumTitleSchema = text("The album's title")
  .trim()
  .min(1, "The album's title is required.")
  .max(maxAlbumTitleLength, `The album's title has at most ${maxAlbumTitleLength} characters.`);

export const photoCaptionSchema = text("The caption")
  .trim()
  .max(maxPhotoCaptionLength, `The caption has at most ${maxPhotoCaptionLength} characters.`);

/** "1962", "1962-06" or "1962-06-21"; empty (or null) when nobody knows. */
export const photoTakenSchema = text("When it was taken")
  .trim()
  .refine((value) => value === "" || photoTakenPattern.test(value), {
    error: "When it was taken is a year, a year and month or a date: 1962, 1962-06 or 1962-06-21.",
  })
  .nullable();

export const familyPhotoSchema = z.object({
  id: z.uuid(),
  albumId: z.uuid(),
  position: z.number().int(),
  caption: z.string(),
  taken: z.string().nullable(),
  /** The life chapter it belongs to, or null. */
  chapterId: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  /** The widths made, smallest first: `/uploads/{profile}/photos/{id}/{width}.{avif|webp}`. */
  sizes: z.array(z.object({ width: z.number().int(), height: z.number().int() })),
  createdAt: z.string(),
});
export type FamilyPhoto = z.infer<typeof familyPhotoSchema>;

export const familyAlbumSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  position: z.number().int(),
  coverPhotoId: z.uuid().nullable(),
  photos: z.array(familyPhotoSchema),
});
export type FamilyAlbum = z.infer<typeof familyAlbumSchema>;

/** GET /api/kammare/photos: every album of the page in order, each with its photos in order. */
export const familyPhotosSchema = z.object({
  profileId: z.string(),
  albums: z.array(familyAlbumSchema),
  /** The page's life chapters, in the family's order: what a photo may belong to. */
  chapters: z.array(z.object({ id: z.string(), title: z.string(), period: z.string() })),
  /** Photos in the page's albums, and the most it may hold (PHOTOS_PER_PAGE). */
  count: z.number().int(),
  limit: z.number().int(),
});
export type FamilyPhotos = z.infer<typeof familyPhotosSchema>;

export const familyPhotosQuerySchema = z.object({ profileId: profileIdSchema });

export const photoAnswerSchema = z.object({ photo: familyPhotoSchema });
export const albumAnswerSchema = z.object({ album: familyAlbumSchema });

export const updatePhotoRequestSchema = z
  .object({
    caption: photoCaptionSchema.optional(),
    taken: photoTakenSchema.optional(),
    /** Another album of the same page: the photo goes to its end. */
    albumId: albumIdSchema.optional(),
    /** One of the page's life chapters (the time line shows the photo there), or null for none. */
    chapterId: z.uuid({ error: "Not a chapter id." }).nullable().optional(),
  })
  .strict();
export type UpdatePhotoRequest = z.infer<typeof updatePhotoRequestSchema>;

/** The album's photos in their new order: every one of them, each once. */
export const orderPhotosRequestSchema = z.object({
  albumId: albumIdSchema,
  photoIds: z.array(photoIdSchema).max(10_000),
});

export const createAlbumRequestSchema = z.object({ profileId: profileIdSchema, title: albumTitleSchema });

export const updateAlbumRequestSchema = z
  .object({
    title: albumTitleSchema.optional(),
    /** One of the album's photos, or null for none (the first photo then stands for it). */
    coverPhotoId: photoIdSchema.nullable().optional(),
  })
  .strict();
export type UpdateAlbumRequest = z.infer<typeof updateAlbumRequestSchema>;

/** The page's albums in their new order: every one of them, each once. */
export const orderAlbumsRequestSchema = z.object({
  profileId: profileIdSchema,
  albumIds: z.array(albumIdSchema).max(10_000),
});

export const deletedAnswerSchema = z.object({ deleted: z.literal(true), photos: z.number().int() });

export const photosDownloadQuerySchema = familyPhotosQuerySchema;
