// Profiles ("kammare"): statuses, content, metadata, walkthrough steps, and the payloads of their
// calls (spec section 7; decisions "Profiles").
import { isCalendarDate } from "./calendar-days";
import {
  isChapterId,
  maxChapterPeriod,
  maxChapterText,
  maxChapterTitle,
  maxChapters,
} from "./chapter-values";
import { isUploadedImageUrl } from "./images";
import { locales } from "./locale";
import { profileIdAlphabet, profileIdLength } from "./profile-id";
import {
  linkWithScheme,
  maxBatchSize,
  profileSorts,
  profileStatuses,
  profileVisibilities,
  statusReasonCodes,
  walkthroughSteps,
  type StatusReasonCode,
  type WalkthroughStep,
} from "./profile-values";

export {
  maxBatchSize,
  profileSorts,
  profileStatuses,
  profileVisibilities,
  statusReasonCodes,
  walkthroughSteps,
  type StatusReasonCode,
  type WalkthroughStep,
};
import { text, z } from "./zod";

export const profileStatusSchema = z.enum(profileStatuses, { error: "Not a profile status." });
export type ProfileStatus = z.infer<typeof profileStatusSchema>;

export const profileIdSchema = text("A profile id", { error: "A profile id is required." })
  .trim()
  .toUpperCase()
  .length(profileIdLength, `A profile id has ${profileIdLength} characters.`)
  .refine((id) => [...id].every((char) => profileIdAlphabet.includes(char)), "Not a profile id.");

// Plain text only: anything that looks like an HTML tag is refused, not escaped away.
const noHtml = (value: string) => !/<\s*[a-zA-Z!/?]/.test(value);
const plainText = (max: number, what: string) =>
  text(what)
    .max(max, `${what} has at most ${max} characters.`)
    .refine(noHtml, `${what} must be plain text, without HTML.`);

/**
 * A link as people type it: "www.example.se" (no scheme) is taken as https://www.example.se; any other
 * scheme than https is refused.
 */
const httpsUrl = text("A link", { error: "A link must be an address." })
  .trim()
  .max(2000, "A link has at most 2000 characters.")
  .transform(linkWithScheme)
  .refine((value) => {
    try {
      return new URL(value).protocol === "https:";
    } catch {
      return false;
    }
  }, "A link must start with https://.");

/**
 * An image: only one uploaded for a page here, at the address the upload call gave it. Nothing else
 * (another address of this site such as /uploads/../../api/health, another site's image) can become
 * a page's picture.
 */
const imageUrl = text("An image", { error: "An image must be an address." })
  .trim()
  .max(2000, "An image address has at most 2000 characters.")
  .refine(isUploadedImageUrl, "An image must be one uploaded for a page here (/uploads/…).");

/** YYYY-MM-DD naming a day that exists. */
const calendarDate = (what: string) =>
  text(what, { error: `${what} must be a date.` })
    .trim()
    .refine(isCalendarDate, `${what} must be a date written YYYY-MM-DD.`);

const coordinate = (what: string, limit: number) =>
  z
    .number({ error: `${what} must be a number.` })
    .min(-limit, `${what} is between -${limit} and ${limit}.`)
    .max(limit, `${what} is between -${limit} and ${limit}.`);

/** Where the person rests: the cemetery, its block and grave number, and optionally the spot itself. */
export const restingPlaceSchema = z
  .object({
    cemetery: plainText(120, "The cemetery").pipe(z.string().trim().min(1, "Name the cemetery.")),
    block: plainText(40, "The block"),
    grave: plainText(40, "The grave number"),
    latitude: coordinate("The latitude", 90).nullable(),
    longitude: coordinate("The longitude", 180).nullable(),
  })
  .refine((place) => (place.latitude === null) === (place.longitude === null), {
    message: "Give both the latitude and the longitude, or neither.",
    path: ["longitude"],
  });
export type RestingPlace = z.infer<typeof restingPlaceSchema>;

/** The funeral or memorial ceremony: shown at the top of the page until the day after it. */
export const ceremonySchema = z.object({
  date: calendarDate("The ceremony's date"),
  time: text("The ceremony's time")
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "The ceremony's time is written HH:MM."),
  place: plainText(120, "The ceremony's place").pipe(z.string().trim().min(1, "Name the ceremony's place.")),
  address: plainText(200, "The ceremony's address"),
  livestreamUrl: httpsUrl.nullable(),
  note: plainText(1000, "The ceremony's note"),
});
export type Ceremony = z.infer<typeof ceremonySchema>;

export const profileLinkSchema = z.object({
  label: plainText(80, "A link's label").pipe(z.string().trim().min(1, "A link needs a label.")),
  url: httpsUrl,
});

export type ProfileLink = z.infer<typeof profileLinkSchema>;

const chapterIdSchema = text("A chapter's id")
  .trim()
  .toLowerCase()
  .refine(isChapterId, "A chapter's id is a UUID.");

/**
 * A chapter of the life (decisions "A life in pictures"): a title, a period (a year, two years or a
 * few words: see contract/chapter-values.ts) and its text, plain like the story. Its id stays the same
 * through every edit, so photos (photos.chapter_id) can belong to it.
 */
export const chapterSchema = z.object({
  id: chapterIdSchema,
  title: plainText(maxChapterTitle, "A chapter's title").pipe(
    z.string().trim().min(1, "A chapter needs a title."),
  ),
  period: plainText(maxChapterPeriod, "A chapter's period").pipe(z.string().trim()),
  text: plainText(maxChapterText, "A chapter's text"),
});
export type Chapter = z.infer<typeof chapterSchema>;

/** No two chapters of a page share an id: the second is refused where it stands. */
function uniqueIds(chapters: { id?: string }[], context: z.RefinementCtx) {
  const seen = new Set<string>();
  chapters.forEach((chapter, index) => {
    if (chapter.id === undefined) return;
    if (seen.has(chapter.id)) {
      context.addIssue({ code: "custom", message: "Two chapters have the same id.", path: [index, "id"] });
    }
    seen.add(chapter.id);
  });
}

const chapterList = <T extends z.ZodType<{ id?: string }>>(chapter: T) =>
  z
    .array(chapter, { error: "chapters is a list." })
    .max(maxChapters, `At most ${maxChapters} chapters.`)
    .superRefine(uniqueIds);

/** The chapters as a save sends them: a new chapter may come without its id, which the server gives. */
export const chaptersInputSchema = chapterList(chapterSchema.extend({ id: chapterIdSchema.optional() }));
export type ChapterInput = z.infer<typeof chaptersInputSchema>[number];

export const profileContentSchema = z.object({
  displayName: plainText(120, "The name").pipe(z.string().trim().min(1, "The name is required.")),
  subtitle: plainText(200, "The subtitle"),
  story: plainText(20_000, "The story"),
  // Optional, after the story (or instead of a long one), in the family's order.
  chapters: chapterList(chapterSchema),
  links: z.array(profileLinkSchema).max(12, "At most 12 links."),
  portraitImageUrl: imageUrl.nullable(),
  coverImageUrl: imageUrl.nullable(),
  themeColor: text("The colour")
    .regex(/^#[0-9a-fA-F]{6}$/, "A colour is written #rrggbb.")
    .transform((value) => value.toLowerCase()),
  // Life and place: structured, so they can be shown, reminded of and put in a calendar.
  birthDate: calendarDate("The date of birth").nullable(),
  deathDate: calendarDate("The date of death").nullable(),
  restingPlace: restingPlaceSchema.nullable(),
  graveRightEndsOn: calendarDate("The grave right's end").nullable(),
  ceremony: ceremonySchema.nullable(),
});
export type ProfileContent = z.infer<typeof profileContentSchema>;

/** A PUT may send only the fields it changes; a new chapter may come without its id. */
export const profileContentPatchSchema = profileContentSchema
  .partial()
  .extend({ chapters: chaptersInputSchema.optional() });
export type ProfileContentPatch = z.infer<typeof profileContentPatchSchema>;

export const updateProfileRequestSchema = z.object({
  profile: profileContentPatchSchema.extend({ id: profileIdSchema }),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

export const profileMetadataSchema = z.object({
  visibility: z.enum(profileVisibilities, { error: "visibility is public, unlisted or private." }),
  language: z.enum(locales, { error: "Not a language of the product." }),
  tags: z
    .array(text("A tag").trim().min(1).max(40, "A tag has at most 40 characters."))
    .max(20, "At most 20 tags."),
});
export type ProfileMetadata = z.infer<typeof profileMetadataSchema>;

export const updateMetadataRequestSchema = z.object({
  id: profileIdSchema,
  metadata: profileMetadataSchema.partial(),
});

export const ownRequestSchema = z.object({
  owner: z.uuid({ error: "owner must be a user id." }),
  profileId: profileIdSchema,
});

/** POST /api/kammare/walkthrough-steps: { profileId, step, ...the step's fields }. */
export const walkthroughStepRequestSchema = z.discriminatedUnion(
  "step",
  [
    z.object({ profileId: profileIdSchema, step: z.literal("welcome") }),
    z.object({
      profileId: profileIdSchema,
      step: z.literal("name"),
      displayName: profileContentSchema.shape.displayName,
      subtitle: profileContentSchema.shape.subtitle.optional(),
      birthDate: profileContentSchema.shape.birthDate.optional(),
      deathDate: profileContentSchema.shape.deathDate.optional(),
    }),
    z.object({
      profileId: profileIdSchema,
      step: z.literal("story"),
      story: profileContentSchema.shape.story,
      chapters: chaptersInputSchema.optional(),
    }),
    z.object({
      profileId: profileIdSchema,
      step: z.literal("images"),
      portraitImageUrl: profileContentSchema.shape.portraitImageUrl.optional(),
      coverImageUrl: profileContentSchema.shape.coverImageUrl.optional(),
      themeColor: profileContentSchema.shape.themeColor.optional(),
    }),
    z.object({
      profileId: profileIdSchema,
      step: z.literal("links"),
      links: profileContentSchema.shape.links,
    }),
    z.object({
      profileId: profileIdSchema,
      step: z.literal("publish"),
      visibility: profileMetadataSchema.shape.visibility.optional(),
    }),
  ],
  { error: `step is one of ${walkthroughSteps.join(", ")}.` },
);
export type WalkthroughStepRequest = z.infer<typeof walkthroughStepRequestSchema>;

export const walkthroughProgressSchema = z.array(
  z.object({ step: z.enum(walkthroughSteps), completedAt: z.string() }),
);

/** A profile as its owner and admins see it. */
export const profileViewSchema = z.object({
  id: z.string(),
  status: profileStatusSchema,
  ownerUserId: z.string().nullable(),
  // Stored content may be unfinished: a claimed page has no name until its owner gives one.
  content: profileContentSchema.extend({ displayName: z.string().max(120) }),
  metadata: profileMetadataSchema,
  walkthrough: walkthroughProgressSchema,
  trialEndsAt: z.string().nullable(),
  paidUntil: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProfileView = z.infer<typeof profileViewSchema>;

export const profileAnswerSchema = z.object({ profile: profileViewSchema });

// Admin: the list, batches, status changes and history.
export const adminProfileListQuerySchema = z.object({
  cursor: text("The cursor").max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  status: profileStatusSchema.optional(),
  q: text("The search").trim().max(254).optional(),
  sort: z.enum(profileSorts).default("created_desc"),
});
export type AdminProfileListQuery = z.infer<typeof adminProfileListQuerySchema>;

export const adminProfileRowSchema = z.object({
  id: z.string(),
  status: profileStatusSchema,
  displayName: z.string().nullable(),
  ownerEmail: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminProfileRow = z.infer<typeof adminProfileRowSchema>;

export const adminProfileListSchema = z.object({
  profiles: z.array(adminProfileRowSchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type AdminProfileList = z.infer<typeof adminProfileListSchema>;

export const createProfilesRequestSchema = z.object({
  count: z
    .number({ error: "count must be a number." })
    .int("count must be a whole number.")
    .min(1, "count is at least 1.")
    .max(maxBatchSize, `count is at most ${maxBatchSize}.`),
  ownerEmail: text("The owner's e-mail address").trim().max(254).optional(),
  /** A partner organisation (GET /api/admin/partner-organisations) the new pages are attributed to. */
  partnerId: z.uuid({ error: "partnerId must be a partner organisation's id." }).optional(),
});
export const createProfilesAnswerSchema = z.object({
  profiles: z.array(z.object({ id: z.string(), status: profileStatusSchema, url: z.string() })),
  /** The batch the unclaimed pages form, for the QR manager (/admin/qr/manager?batch=); null for an owner's. */
  batchId: z.uuid().nullable(),
});
export type CreateProfilesAnswer = z.infer<typeof createProfilesAnswerSchema>;

export const setProfileStatusRequestSchema = z.object({
  id: profileIdSchema,
  status: profileStatusSchema,
  reason: text("The reason").trim().max(500, "A reason has at most 500 characters.").optional(),
});

export const statusReasonCodeSchema = z.enum(statusReasonCodes);

/** Newest first. `reasonCode`: why the system changed the status; `reason`: an admin's own words. */
export const profileHistorySchema = z.array(
  z.object({
    at: z.string(),
    from: profileStatusSchema.nullable(),
    to: profileStatusSchema,
    actorEmail: z.string().nullable(),
    reasonCode: statusReasonCodeSchema.nullable(),
    reason: z.string().nullable(),
  }),
);
export const adminProfileDetailSchema = z.object({
  profile: profileViewSchema,
  ownerEmail: z.string().nullable(),
  history: profileHistorySchema,
  /** The statuses an admin may set now (the status machine's table), the current one included. */
  settableStatuses: z.array(profileStatusSchema),
});
export type AdminProfileDetail = z.infer<typeof adminProfileDetailSchema>;

export const emptyContent: ProfileContent = {
  displayName: "",
  subtitle: "",
  story: "",
  chapters: [],
  links: [],
  portraitImageUrl: null,
  coverImageUrl: null,
  themeColor: "#1f3a36",
  birthDate: null,
  deathDate: null,
  restingPlace: null,
  graveRightEndsOn: null,
  ceremony: null,
};
export const defaultMetadata: ProfileMetadata = { visibility: "public", language: "sv-SE", tags: [] };

/** GET /api/kammare/profile-qr: the page's QR code, as the owner's share panel offers it. */
export const profileQrQuerySchema = z.object({
  id: profileIdSchema,
  format: z.enum(["svg", "png"], { error: "format is svg or png." }),
  size: z.coerce
    .number({ error: "size must be a number." })
    .int("size must be a whole number.")
    .min(64, "size is at least 64.")
    .max(2048, "size is at most 2048.")
    .default(512),
  margin: z.coerce
    .number({ error: "margin must be a number." })
    .int("margin must be a whole number.")
    .min(0, "margin is at least 0.")
    .max(16, "margin is at most 16.")
    .default(4),
  /** "1": sent as a file to save (Content-Disposition: attachment). */
  download: z.enum(["1"]).optional(),
});
export type ProfileQrQuery = z.infer<typeof profileQrQuerySchema>;
