// The pages a partner makes for its families (decisions "Pages a family can start, and funeral homes
// that hand them out"): making them, their list, printing their cards and labels, and sending a family
// the claim link. Apart from contract/partners.ts so that the partner's other screens do not load the
// address labels' texts.
//
//   GET    /api/partner/pages?q&page&pageSize    partner: the pages it made   -> partnerPageListSchema
//   POST   /api/partner/pages                    partner: make 1-500 pages    -> partnerMadePagesSchema (201)
//   POST   /api/partner/pages/qr-sheet           partner: its pages' QR print sheet (application/pdf)
//   POST   /api/partner/address-labels.pdf       partner: address labels or envelopes (application/pdf)
//   POST   /api/partner/pages/{id}/send          partner: e-mail the claim link -> partnerPageAnswerSchema
//   POST   /api/partner/pages/{id}/resend        partner: the same e-mail again -> partnerPageAnswerSchema
//   POST   /api/partner/pages/{id}/take-back     partner: the link stops working -> partnerPageAnswerSchema
import { addressLabelsRequestSchema } from "./address-labels";
import { invitationNoteMaxLength } from "./family-values";
import { emailField, partnerUsersSearchSchema, positiveInt } from "./partners";
import { profileIdSchema } from "./profiles";
import { profileStatuses } from "./profile-values";
import { qrLevels } from "./qr";
import { text, z } from "./zod";

// --- Pages a partner makes for its families --------------------------------------------------------

/** A partner makes at most this many pages at once (decisions "Pages a family can start…"). */
export const partnerPagesMax = 500;
export const partnerPagesPageSizeMax = 100;
export const partnerPagesPageSizeDefault = 25;

/** POST /api/partner/pages: `count` unclaimed pages, attributed to the organisation, in one batch. */
export const partnerMakePagesRequestSchema = z.object({
  count: z
    .number({ error: `count is a whole number from 1 to ${partnerPagesMax}.` })
    .int(`count is a whole number from 1 to ${partnerPagesMax}.`)
    .min(1, `count is a whole number from 1 to ${partnerPagesMax}.`)
    .max(partnerPagesMax, `count is a whole number from 1 to ${partnerPagesMax}.`),
  /** The family may start the extended trial on these pages without its usual conditions. */
  extendedTrial: z.boolean({ error: "extendedTrial is true or false." }).default(false),
});
export type PartnerMakePagesRequest = z.input<typeof partnerMakePagesRequestSchema>;

export const partnerMadePagesSchema = z.object({
  pages: z.array(z.object({ id: z.string(), url: z.string() })),
  batchId: z.uuid().nullable(),
});
export type PartnerMadePages = z.infer<typeof partnerMadePagesSchema>;

/** Where a made page is on its way to a family: made, its link sent, taken back, or claimed. */
export const partnerPageStates = ["made", "sent", "taken_back", "claimed"] as const;
export type PartnerPageState = (typeof partnerPageStates)[number];

export const partnerPageSchema = z.object({
  id: z.string(),
  url: z.string(),
  madeAt: z.string(),
  state: z.enum(partnerPageStates),
  /** The page's own status (unclaimed, draft, trial, paid…). */
  status: z.enum(profileStatuses),
  /** The page's name once the family gave it one. */
  pageName: z.string().nullable(),
  extendedTrial: z.boolean(),
  sentTo: z.string().nullable(),
  sentAt: z.string().nullable(),
  sentCount: z.number().int(),
  note: z.string().nullable(),
  takenBackAt: z.string().nullable(),
  claimedAt: z.string().nullable(),
  qrPrintedAt: z.string().nullable(),
});
export type PartnerPage = z.infer<typeof partnerPageSchema>;

export const partnerPagesQuerySchema = z.object({
  q: partnerUsersSearchSchema,
  page: positiveInt("page", 100_000, 1),
  pageSize: positiveInt("pageSize", partnerPagesPageSizeMax, partnerPagesPageSizeDefault),
});
export type PartnerPagesQuery = z.infer<typeof partnerPagesQuerySchema>;

export const partnerPageListSchema = z.object({
  rows: z.array(partnerPageSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Over all the organisation's made pages, whatever the search. */
  counts: z.object({ made: z.number().int(), sent: z.number().int(), claimed: z.number().int() }),
});
export type PartnerPageList = z.infer<typeof partnerPageListSchema>;

export const partnerPageAnswerSchema = z.object({ page: partnerPageSchema });

/** POST /api/partner/pages/{id}/send: the family's address and the partner's personal note. */
export const partnerSendPageRequestSchema = z.object({
  email: emailField,
  note: text("The personal note")
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(
      z.string().max(invitationNoteMaxLength, {
        error: `The personal note must be at most ${invitationNoteMaxLength} characters.`,
      }),
    )
    .optional()
    .transform((value) => (value ? value : null)),
  /** Given, sets whether the family may start the extended trial (the partner's gift). */
  extendedTrial: z.boolean({ error: "extendedTrial is true or false." }).optional(),
});
export type PartnerSendPageRequest = z.input<typeof partnerSendPageRequestSchema>;

const partnerSheetIdsSchema = z
  .array(profileIdSchema, { error: "ids is a list of page codes." })
  .min(1, "Choose at least one page.")
  .max(partnerPagesMax, `At most ${partnerPagesMax} codes fit one sheet.`);

/** POST /api/partner/pages/qr-sheet: the organisation's pages by code, or a batch it made. */
export const partnerQrSheetRequestSchema = z.discriminatedUnion(
  "source",
  [
    z.object({
      source: z.literal("ids"),
      ids: partnerSheetIdsSchema,
      level: z.enum(qrLevels, { error: "level is Q or H." }).default("Q"),
    }),
    z.object({
      source: z.literal("batch"),
      batchId: z.uuid({ error: "batchId is a batch's id." }),
      level: z.enum(qrLevels, { error: "level is Q or H." }).default("Q"),
    }),
  ],
  { error: 'source is "ids" or "batch".' },
);
export type PartnerQrSheetRequest = z.input<typeof partnerQrSheetRequestSchema>;

/** POST /api/partner/address-labels.pdf: addresses pasted or from a CSV file (the admin's tool). */
export const partnerAddressLabelsRequestSchema = addressLabelsRequestSchema.options[0];
export type PartnerAddressLabelsRequest = z.input<typeof partnerAddressLabelsRequestSchema>;

/** The claim link e-mailed to a family: the page's claim view, which signs them up and gives it. */
export function partnerClaimLink(publicUrl: string, profileId: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/k/${profileId}?claim=1`;
}
