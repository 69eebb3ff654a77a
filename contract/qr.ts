// The QR manager's calls (/admin/qr/manager): a page's code as SVG or PNG, the batches of
// unclaimed pages made for printing, the pages of a batch or a search, and the A4 print sheet of many
// codes, which marks those pages as printed.
import { profileIdSchema, profileQrQuerySchema, profileStatusSchema } from "./profiles";
import { text, z } from "./zod";

export const qrLevels = ["Q", "H"] as const;
export type QrLevel = (typeof qrLevels)[number];
/** Codes on one A4 page of the print sheet (4 x 5). */
export const codesPerSheet = 20;
/** Codes in one sheet PDF (50 pages of 20); a larger batch is printed in parts of this many. */
export const maxSheetCodes = 1000;
/** Pages listed by one GET /api/admin/qr/profiles; the total says how many match. */
export const maxListedProfiles = 1000;

const levelSchema = z.enum(qrLevels, { error: "level is Q or H." });

/** GET /api/admin/qr/{id}.svg and .png: the size in pixels (the SVG's width), the quiet zone, the level. */
export const adminQrImageQuerySchema = profileQrQuerySchema
  .pick({ size: true, margin: true })
  .extend({ level: levelSchema.default("Q") });
export type AdminQrImageQuery = z.infer<typeof adminQrImageQuerySchema>;

/** The last part of the image's path: the page's id and the format, as in "K7M2P9QX.svg". */
export const adminQrFileSchema = text("The file name")
  .regex(/^[^.]+\.(svg|png)$/, "The file name is a page code followed by .svg or .png.")
  .transform((file) => {
    const [id = "", format] = file.split(".");
    return { id, format: format as "svg" | "png" };
  })
  .pipe(z.object({ id: profileIdSchema, format: z.enum(["svg", "png"]) }));

export const qrBatchSchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  /** Pages made in it. */
  count: z.number().int(),
  /** Of those, still unclaimed. */
  unclaimed: z.number().int(),
  /** Of those, with their code printed. */
  printed: z.number().int(),
  /** The admin who made it, when the account still exists. */
  createdBy: z.string().nullable(),
  /** The partner organisation its pages were made for. */
  partner: z.string().nullable(),
});
export type QrBatch = z.infer<typeof qrBatchSchema>;
export const qrBatchListSchema = z.object({ batches: z.array(qrBatchSchema) });
export type QrBatchList = z.infer<typeof qrBatchListSchema>;

/** GET /api/admin/qr/profiles: a batch's pages, or a search (a code's start or an owner's e-mail). */
export const qrProfilesQuerySchema = z
  .object({
    batch: z.uuid({ error: "batch is a batch's id." }).optional(),
    q: text("The search").trim().max(254, "The search is at most 254 characters.").optional(),
    unclaimed: z.enum(["1"], { error: 'unclaimed is "1" or left out.' }).optional(),
  })
  .refine((query) => query.batch !== undefined || (query.q ?? "") !== "", {
    error: "Choose a batch or search for pages.",
    path: ["q"],
  });
export type QrProfilesQuery = z.infer<typeof qrProfilesQuerySchema>;

export const qrProfileSchema = z.object({
  id: z.string(),
  status: profileStatusSchema,
  url: z.string(),
  ownerEmail: z.string().nullable(),
  qrPrintedAt: z.string().nullable(),
});
export type QrProfile = z.infer<typeof qrProfileSchema>;
export const qrProfileListSchema = z.object({
  /** The first maxListedProfiles matches, by code. */
  profiles: z.array(qrProfileSchema),
  /** How many match in all. */
  total: z.number().int(),
});
export type QrProfileList = z.infer<typeof qrProfileListSchema>;

const idsSchema = z
  .array(profileIdSchema, { error: "ids is a list of page codes." })
  .min(1, "Choose at least one page.")
  .max(maxSheetCodes, `At most ${maxSheetCodes} codes fit one sheet PDF.`);

/** POST /api/admin/qr/sheet: the pages by code, or a batch's (all, or its unclaimed), in parts of 1,000. */
export const qrSheetRequestSchema = z.discriminatedUnion(
  "source",
  [
    z.object({ source: z.literal("ids"), ids: idsSchema, level: levelSchema.default("Q") }),
    z.object({
      source: z.literal("batch"),
      batchId: z.uuid({ error: "batchId is a batch's id." }),
      unclaimedOnly: z.boolean({ error: "unclaimedOnly is true or false." }).default(false),
      /** Which thousand of the batch's pages, by code: 1 for the first. */
      part: z
        .number({ error: "part is a whole number from 1." })
        .int("part is a whole number from 1.")
        .min(1, "part is a whole number from 1.")
        .max(1000, "part is at most 1000.")
        .default(1),
      level: levelSchema.default("Q"),
    }),
  ],
  { error: 'source is "ids" or "batch".' },
);
export type QrSheetRequest = z.input<typeof qrSheetRequestSchema>;
export type QrSheetParsedRequest = z.infer<typeof qrSheetRequestSchema>;
