// The address PDF maker's calls (/admin/address-pdf-maker): addresses pasted, uploaded as a
// CSV file or taken from the pages awaiting a plaque, previewed and made into a label or envelope PDF.
// Where each address goes on a sheet is computed here, so the screen's preview and the PDF agree.
import {
  addressMessages,
  maxAddresses,
  maxAddressInputChars,
  type AddressMessage,
  type AddressProblem,
} from "./addresses";
import { profileIdSchema } from "./profiles";
import { text, z } from "./zod";

export const labelLayouts = ["labels-3x8", "c5"] as const;
export type LabelLayout = (typeof labelLayouts)[number];
export const labelsPerSheet = 24;
export const labelColumnsPerSheet = 3;
/** How many sheets (or envelopes) the preview places addresses on; the count covers them all. */
export const previewPages = 3;

/** What the screen says for a page it cannot take from the awaiting list (i18n: adminLabels.errors.*). */
export const addressLabelMessages = {
  noAddress: "This page has no address on file.",
  notAwaiting: "This page is not awaiting a plaque.",
} as const;
export type AddressLabelMessage = keyof typeof addressLabelMessages;

const layoutSchema = z.enum(labelLayouts, { error: 'layout is "labels-3x8" or "c5".' });
const startPositionSchema = z
  .number({ error: `startPosition is a whole number from 1 to ${labelsPerSheet}.` })
  .int(`startPosition is a whole number from 1 to ${labelsPerSheet}.`)
  .min(1, `startPosition is a whole number from 1 to ${labelsPerSheet}.`)
  .max(labelsPerSheet, `startPosition is a whole number from 1 to ${labelsPerSheet}.`)
  .default(1);

const profileIdsSchema = z
  .array(profileIdSchema, { error: "profileIds is a list of page codes." })
  .min(1, "Choose at least one page.")
  .max(maxAddresses, addressMessages.tooMany);

const typedSchema = z.object({
  source: z.enum(["paste", "csv"]),
  // The size is checked before the text is parsed: 5,000,000 characters, any more is refused whole.
  text: text("The text").max(maxAddressInputChars, addressMessages.inputTooLarge),
  layout: layoutSchema,
  startPosition: startPositionSchema,
});
const awaitingSchema = z.object({
  source: z.literal("awaiting"),
  profileIds: profileIdsSchema,
  layout: layoutSchema,
  startPosition: startPositionSchema,
});

/** POST /api/admin/address-labels/preview and /api/admin/address-labels.pdf. */
export const addressLabelsRequestSchema = z.discriminatedUnion("source", [typedSchema, awaitingSchema], {
  error: 'source is "paste", "csv" or "awaiting".',
});
export type AddressLabelsRequest = z.input<typeof addressLabelsRequestSchema>;
export type AddressLabelsParsedRequest = z.output<typeof addressLabelsRequestSchema>;

/** The 400 of a bad list: besides `fields`, every problem by block or row and field, named for i18n. */
export const addressProblemSchema = z.object({
  at: z.number().int().nullable(),
  field: z.enum(["name", "street", "street2", "postcode", "city", "country"]).nullable(),
  message: z.string(),
  text: z.string(),
});
export const addressLabelsErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    problems: z.array(addressProblemSchema).optional(),
  }),
});
export type AddressLabelsError = z.infer<typeof addressLabelsErrorSchema>;

/** Where one address goes: the page (sheet or envelope, the first is 1) and the label (1 to 24). */
export const placementSchema = z.object({
  index: z.number().int(),
  page: z.number().int(),
  position: z.number().int(),
});
export type Placement = z.infer<typeof placementSchema>;

export const addressLabelsPreviewSchema = z.object({
  layout: z.enum(labelLayouts),
  startPosition: z.number().int(),
  count: z.number().int(),
  /** Sheets of labels, or envelopes. */
  pages: z.number().int(),
  /** Every address's lines as printed, in order. */
  addresses: z.array(z.array(z.string())),
  /** Where the addresses of the first pages (previewPages) go. */
  placements: z.array(placementSchema),
});
export type AddressLabelsPreview = z.infer<typeof addressLabelsPreviewSchema>;

/** GET /api/admin/address-labels/awaiting: a page paid for, made for its owner, its plaque not sent. */
export const awaitingPlaqueSchema = z.object({
  profileId: z.string(),
  ownerEmail: z.string().nullable(),
  orderNumber: z.string(),
  method: z.enum(["card", "invoice"]),
  paidAt: z.string(),
  /** The lines as printed, from the newest invoice of the page's orders; null when none has one. */
  address: z.array(z.string()).nullable(),
});
export type AwaitingPlaque = z.infer<typeof awaitingPlaqueSchema>;
export const awaitingPlaquesSchema = z.object({
  rows: z.array(awaitingPlaqueSchema),
  /** True when more pages await than the list holds (the oldest come first). */
  more: z.boolean(),
});
export type AwaitingPlaques = z.infer<typeof awaitingPlaquesSchema>;

/** POST /api/admin/address-labels/plaques-sent. */
export const plaquesSentRequestSchema = z.object({ profileIds: profileIdsSchema });
export type PlaquesSentRequest = z.input<typeof plaquesSentRequestSchema>;
export const plaquesSentAnswerSchema = z.object({
  /** Pages marked now; one marked before keeps its first date. */
  marked: z.number().int(),
});

/** The page and label of the address at `index` (0-based). */
export function placementOf(index: number, layout: LabelLayout, startPosition = 1): Placement {
  if (layout === "c5") return { index, page: index + 1, position: 1 };
  const slot = startPosition - 1 + index;
  return { index, page: Math.floor(slot / labelsPerSheet) + 1, position: (slot % labelsPerSheet) + 1 };
}

/** How many sheets (or envelopes) `count` addresses take. */
export function pagesFor(count: number, layout: LabelLayout, startPosition = 1): number {
  if (count === 0) return 0;
  return placementOf(count - 1, layout, startPosition).page;
}

/**
 * The request field a problem is about: `text` for the whole input, `rows.3.postcode` for a CSV row's
 * field (the header is row 1), `blocks.2.city` for the second pasted block's.
 */
export function problemField(problem: AddressProblem, source: "paste" | "csv"): string {
  if (problem.at === null) return "text";
  const base = `${source === "csv" ? "rows" : "blocks"}.${problem.at}`;
  return problem.field ? `${base}.${problem.field}` : base;
}

/** The i18n key of a problem's message (the names are contract/addresses.ts's addressMessages). */
export function addressMessageKey(message: AddressMessage | string): string {
  return `addresses.errors.${message}`;
}
