// The calls of a page's videos (decisions "A life in pictures", Video): links to YouTube or Vimeo and
// uploaded clips, added and removed by the page's owner and editors; what the editor and the page show.
import { profileIdSchema } from "./profiles";
import { clipFailures, clipStatuses, maxVideoTitleLength, videoKinds, videoProviders } from "./video-values";
import { text, z } from "./zod";

export * from "./video-values";

const titleSchema = text("The title")
  .trim()
  .max(maxVideoTitleLength, `A title has at most ${maxVideoTitleLength} characters.`)
  .refine((value) => !/<[a-z/!]/i.test(value), "Plain text only.");

export const videosQuerySchema = z.object({ profileId: profileIdSchema });

export const addVideoLinkRequestSchema = z.object({
  profileId: profileIdSchema,
  url: text("The link").trim().min(1, "Paste the video's link.").max(500, "The link is too long."),
  title: titleSchema.optional().default(""),
});
export type AddVideoLinkRequest = z.input<typeof addVideoLinkRequestSchema>;

/** An uploaded clip's query: the body is the file itself, streamed to disk as it arrives. */
export const uploadClipQuerySchema = z.object({
  profileId: profileIdSchema,
  title: titleSchema.optional().default(""),
});

export const removeVideoRequestSchema = z.object({
  profileId: profileIdSchema,
  videoId: z.uuid({ error: "Not a video id." }),
});

export const videoSchema = z.object({
  id: z.string(),
  kind: z.enum(videoKinds),
  title: z.string(),
  /** A link's site and its id there. */
  provider: z.enum(videoProviders).nullable(),
  externalId: z.string().nullable(),
  /** A clip's conversion: its stage, how far (0 to 100) and why it failed. */
  status: z.enum(clipStatuses),
  progress: z.number().int(),
  failure: z.enum(clipFailures).nullable(),
  /** A ready clip's MP4 and poster (`/uploads/…`), its size and length. */
  url: z.string().nullable(),
  posterUrl: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationSeconds: z.number().nullable(),
});
export type Video = z.infer<typeof videoSchema>;

export const videosAnswerSchema = z.object({
  /** Whether this site converts uploaded clips (ffmpeg found at start). */
  uploadsAvailable: z.boolean(),
  videos: z.array(videoSchema),
});
export type VideosAnswer = z.infer<typeof videosAnswerSchema>;

export const videoAnswerSchema = z.object({ video: videoSchema });
export const removedVideoSchema = z.object({ removed: z.literal(true) });
