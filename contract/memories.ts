// Memories and candles (ADR 026): what a visitor may write on a
// page, what its owner decides to show, and the reports visitors make. Shared by the API, the light
// public page (plain HTML forms) and the owner's and admin's screens.
import { profileIdSchema } from "./profiles";
import { text, z } from "./zod";
import {
  candleNameStates,
  isMemoryPosition,
  memoryStates,
  memoryTextMaxLength,
  moderationModes,
  relationMaxLength,
  replyMaxLength,
  reportReasonMaxLength,
  reportStates,
  candleNameMaxLength,
  writerNameMaxLength,
} from "./memory-values";

export * from "./memory-values";

// ---- What a visitor sends (JSON from the app, or a plain form from the light page) ----

/** The fields every visitor's post carries beside its own: a honeypot and the signed render time. */
const visitorPostFields = {
  /** Left empty by people: the field is hidden; a robot that fills every field fills it. */
  website: z.string().max(500).optional().default(""),
  /** When the form was rendered, signed by the server (see server/domain/memories/form-token.ts). */
  formToken: text("The form token").min(1, { error: "The form token is missing." }).max(200),
};

const optionalText = (what: string, max: number) =>
  text(what)
    .max(max, { error: `${what} must be at most ${max} characters.` })
    .transform((value) => value.trim())
    .optional()
    .transform((value) => (value ? value : null));

export const writeMemoryRequestSchema = z.object({
  profileId: profileIdSchema,
  name: text("Your name")
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, { error: "Write your name." })
        .max(writerNameMaxLength, { error: `Your name must be at most ${writerNameMaxLength} characters.` }),
    ),
  relation: optionalText("The relation", relationMaxLength),
  text: text("The memory")
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(
      z
        .string()
        .min(1, { error: "Write a memory." })
        .max(memoryTextMaxLength, { error: `A memory is at most ${memoryTextMaxLength} characters.` }),
    ),
  email: text("The e-mail address")
    .transform((value) => value.trim())
    .pipe(z.union([z.literal(""), z.email({ error: "Not an e-mail address." }).max(254)]))
    .optional()
    .transform((value) => (value ? value.toLowerCase() : null)),
  ...visitorPostFields,
});
export type WriteMemoryRequest = z.infer<typeof writeMemoryRequestSchema>;

export const lightCandleRequestSchema = z.object({
  profileId: profileIdSchema,
  name: optionalText("The name", candleNameMaxLength),
  ...visitorPostFields,
});
export type LightCandleRequest = z.infer<typeof lightCandleRequestSchema>;

export const reportMemoryRequestSchema = z.object({
  memoryId: z.uuid({ error: "Not a memory id." }),
  reason: text("The reason")
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, { error: "Say what is wrong with it." })
        .max(reportReasonMaxLength, { error: `At most ${reportReasonMaxLength} characters.` }),
    ),
  ...visitorPostFields,
});
export type ReportMemoryRequest = z.infer<typeof reportMemoryRequestSchema>;

export const deleteOwnMemoryRequestSchema = z.object({
  token: text("The link's token").min(1, { error: "The link's token is missing." }).max(200),
});

/** A plain form's extra field: where to go back to (a local path; the page otherwise). */
export const formRedirectSchema = z.object({ redirectTo: z.string().max(2000).optional() });

// ---- What visitors see ----

/**
 * A photo a visitor sent with a memory: its size and the widths made (`/uploads/{profile}/photos/{id}/
 * {width}.{avif|webp}`, contract/photo-values.ts). Visitors see it once the family has approved it.
 */
export const memoryPhotoSchema = z.object({
  id: z.uuid(),
  width: z.number().int(),
  height: z.number().int(),
  sizes: z.array(z.object({ width: z.number().int(), height: z.number().int() })),
});
export type MemoryPhoto = z.infer<typeof memoryPhotoSchema>;

export const publicMemorySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  relation: z.string().nullable(),
  text: z.string(),
  reply: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** Its approved photos, in the order the visitor chose them. */
  photos: z.array(memoryPhotoSchema),
});
export type PublicMemory = z.infer<typeof publicMemorySchema>;

export const candleSummarySchema = z.object({
  count: z.number().int(),
  /** The latest named candles' names, newest first. */
  latestNames: z.array(z.string()),
});
export type CandleSummary = z.infer<typeof candleSummarySchema>;

/**
 * Whether a position's time is an instant the calendar has: February 30 or hour 25 fit the pattern,
 * and the database would refuse them (a 500) where the visitor's mistake is a 400.
 */
export const memoriesQuerySchema = z.object({
  profileId: profileIdSchema,
  /** The `createdAt`/`id` of the last memory seen (`next` of the page before): the page starts after it. */
  before: z.string().refine(isMemoryPosition, { error: "Not a position in the list." }).optional(),
});

export const publicMemoriesSchema = z.object({
  moderation: z.enum(moderationModes),
  candlesOn: z.boolean(),
  memories: z.array(publicMemorySchema),
  /** Where the next page starts, or null when these are the last. */
  next: z.string().nullable(),
  candles: candleSummarySchema,
});
export type PublicMemories = z.infer<typeof publicMemoriesSchema>;

/** A named candle as its page's owner sees it, to show or hide its name. */
export const ownerCandleNameSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  state: z.enum(candleNameStates),
  createdAt: z.iso.datetime(),
});
export type OwnerCandleName = z.infer<typeof ownerCandleNameSchema>;

export const ownerCandlesSchema = candleSummarySchema.extend({
  /** The names waiting for a decision, newest first (the newest 100). */
  waiting: z.array(ownerCandleNameSchema),
  /** How many names wait in all. */
  waitingCount: z.number().int(),
  /** The latest names decided (shown or hidden), newest first. */
  decided: z.array(ownerCandleNameSchema),
  /** The candles lit without a name, newest first (the newest 100), each to remove on its own. */
  unnamed: z.array(z.object({ id: z.uuid(), createdAt: z.iso.datetime() })),
  /** How many candles were lit without a name in all. */
  unnamedCount: z.number().int(),
});
export type OwnerUnnamedCandle = OwnerCandles["unnamed"][number];
export type OwnerCandles = z.infer<typeof ownerCandlesSchema>;

export const memoryPostedSchema = z.object({
  /** `shown` on an `open` page, `pending` on a reviewed one. */
  state: z.enum(["pending", "shown"]),
});

// ---- What the owner (and the page's editors) see and decide ----

export const ownerMemorySchema = publicMemorySchema.extend({
  /** Every photo the visitor sent with it, each shown or waiting for the family's approval. */
  photos: z.array(memoryPhotoSchema.extend({ state: z.enum(["shown", "pending"]) })),
  state: z.enum(memoryStates),
  /** The writer's address: for the owner only, never shown on the page. */
  email: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  openReports: z.number().int(),
});
export type OwnerMemory = z.infer<typeof ownerMemorySchema>;

export const memorySettingsSchema = z.object({
  moderation: z.enum(moderationModes),
  candlesOn: z.boolean(),
  allowLinks: z.boolean(),
});
export type MemorySettings = z.infer<typeof memorySettingsSchema>;

export const defaultMemorySettings: MemorySettings = {
  moderation: "review",
  candlesOn: true,
  allowLinks: false,
};

export const ownerMemoriesQuerySchema = z.object({
  profileId: profileIdSchema,
  state: z.enum(memoryStates, { error: "Not a memory state." }).optional(),
});

export const ownerMemoriesSchema = z.object({
  settings: memorySettingsSchema,
  counts: z.record(z.enum(memoryStates), z.number().int()),
  memories: z.array(ownerMemorySchema),
  candles: ownerCandlesSchema,
});
export type OwnerMemories = z.infer<typeof ownerMemoriesSchema>;

export const decideMemoryRequestSchema = z.object({
  memoryId: z.uuid({ error: "Not a memory id." }),
  state: z.enum(["shown", "hidden", "removed"], { error: "Choose shown, hidden or removed." }),
});

/** POST /api/kammare/memories/photos: a visitor's photo shown on the page, or removed with its files. */
export const decideMemoryPhotoRequestSchema = z.object({
  photoId: z.uuid({ error: "Not a photo id." }),
  decision: z.enum(["shown", "removed"], { error: "Choose shown or removed." }),
});
export const memoryPhotoAnswerSchema = z.object({
  photoId: z.string(),
  memoryId: z.string(),
  decision: z.enum(["shown", "removed"]),
});

export const replyMemoryRequestSchema = z.object({
  memoryId: z.uuid({ error: "Not a memory id." }),
  reply: text("The reply")
    .transform((value) => value.trim())
    .pipe(z.string().max(replyMaxLength, { error: `A reply is at most ${replyMaxLength} characters.` })),
});

export const decideCandleRequestSchema = z.object({
  candleId: z.uuid({ error: "Not a candle id." }),
  state: z.enum(["shown", "hidden"], { error: "Choose shown or hidden." }),
});
export const ownerCandleAnswerSchema = z.object({ candle: ownerCandleNameSchema });

/** Whoever moderates the page's memories removes a candle: it counts no more, its name goes too. */
export const removeCandleRequestSchema = z.object({ candleId: z.uuid({ error: "Not a candle id." }) });
export const removedCandleAnswerSchema = z.object({ candleId: z.string(), profileId: z.string() });

export const memorySettingsRequestSchema = memorySettingsSchema
  .partial()
  .extend({ profileId: profileIdSchema });

export const ownerMemoryAnswerSchema = z.object({ memory: ownerMemorySchema });
export const memorySettingsAnswerSchema = z.object({ settings: memorySettingsSchema });

// ---- The admin's queue of reports ----

export const memoryReportSchema = z.object({
  id: z.uuid(),
  /** The first reason given. */
  reason: z.string(),
  /** Every reason kept (the first and a few after it), in the order given. */
  reasons: z.array(z.string()),
  /** How many addresses reported the memory in this report (counted up to a cap). */
  reporters: z.number().int(),
  state: z.enum(reportStates),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  memory: z.object({
    id: z.uuid(),
    profileId: z.string(),
    name: z.string(),
    text: z.string(),
    state: z.enum(memoryStates),
    /** Every photo the visitor sent with it, approved or not: a report covers them too. */
    photos: z.array(memoryPhotoSchema.extend({ state: z.enum(["shown", "pending"]) })),
  }),
});
export type MemoryReport = z.infer<typeof memoryReportSchema>;

export const memoryReportsQuerySchema = z.object({
  state: z.enum(reportStates, { error: "Not a report state." }).optional(),
});
export const memoryReportsSchema = z.object({
  reports: z.array(memoryReportSchema),
  counts: z.record(z.enum(reportStates), z.number().int()),
});
export const decideReportRequestSchema = z.object({
  reportId: z.uuid({ error: "Not a report id." }),
  decision: z.enum(["hide", "keep"], { error: "Choose hide or keep." }),
});
export const memoryReportAnswerSchema = z.object({ report: memoryReportSchema });
