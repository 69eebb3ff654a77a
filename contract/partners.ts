// The partner side (ADR 014): the admin's partner whitelist, partner sign-up, the partner's own
// organisation, dashboard figures and attributed customers, and the referral cookie. The screens and
// the server share these schemas; ADR 014 explains the choices.
//
// Calls (all listed in contract/endpoints.ts):
//   GET    /api/admin/partner-whitelist          admin: every entry            -> whitelistListSchema
//   POST   /api/admin/partner-whitelist          admin: add {email, partnerName} -> whitelistEntryAnswerSchema (201)
//   PUT    /api/admin/partner-whitelist/{id}     admin: edit the same fields   -> whitelistEntryAnswerSchema
//   DELETE /api/admin/partner-whitelist/{id}     admin: remove (204)
//   POST   /api/partner/signup                   open: a whitelisted address only -> loginResponseSchema (201)
//   POST   /api/auth/login                       partner sign-in: the same call as a customer's
//   GET    /api/partner/me                       partner: the organisation    -> partnerMeSchema
//   PUT    /api/partner/organisation             partner: set the name        -> partnerMeSchema
//   GET    /api/partner/dashboard                partner: figures             -> partnerDashboardSchema
//   GET    /api/partner/users?q&page&pageSize    partner: attributed customers -> partnerUserListSchema
//   GET    /api/partner/users.csv?q              partner: the same rows as CSV (text/csv)
//   GET    /api/partner/referral-qr.svg|.png     partner: the referral link's QR code (size, margin, download)
import { emailAddressPattern, emailMaxLength, hasDottedDomain } from "./account-rules";
import { newPasswordSchema, passwordIsEmailMessage } from "./auth";
import { profileQrQuerySchema } from "./profiles";
import { profileStatuses } from "./profile-values";
import { text, z } from "./zod";

// The referral cookie, link and slugs: contract/partner-links.ts (no zod there, so the sign-in and
// welcome screens that read a referral stay light); named here too for the partner's other modules.
export {
  isPartnerSlug,
  referralCookieDays,
  referralCookieMaxAgeSeconds,
  referralCookieName,
  referralLink,
  referralQueryParameter,
  slugFromName,
  slugMaxLength,
  slugMinLength,
  slugPattern,
} from "./partner-links";

/**
 * GET /api/partner/referral-qr.svg and .png: the referral link as a QR code for flyers and counters,
 * with the same size and margin limits as a page's QR code; download=1 sends it as a file.
 */
export const referralQrQuerySchema = profileQrQuerySchema.pick({ size: true, margin: true, download: true });
export type ReferralQrQuery = z.infer<typeof referralQrQuerySchema>;
export const referralQrFormats = ["svg", "png"] as const;

// --- Messages --------------------------------------------------------------------------------------

export const partnerNameMaxLength = 120;

/**
 * The messages of the partner forms' checks (the schemas below), by a name the screens turn into an
 * i18n key (`partner.errors.<name>`). The partner calls' refusals are codes of contract/refusals.ts
 * (`partner.*`, ADR 032).
 */
export const partnerMessages = {
  emailInvalid: "Enter a valid e-mail address.",
  emailNeedsDomain: "Enter an e-mail address with a full domain, like name@example.com.",
  partnerNameRequired: "Enter the partner's name.",
  organisationNameRequired: "Enter your organisation's name.",
  nameTooLong: `A name has at most ${partnerNameMaxLength} characters.`,
  passwordIsEmail: passwordIsEmailMessage,
} as const;

// --- Whitelist (admin) ---------------------------------------------------------------------------

export const emailField = text("The e-mail address", { error: partnerMessages.emailInvalid })
  .trim()
  .max(emailMaxLength, partnerMessages.emailInvalid)
  .regex(emailAddressPattern, partnerMessages.emailInvalid)
  .refine(hasDottedDomain, partnerMessages.emailNeedsDomain);

const nameField = (what: string, required: string) =>
  text(what, { error: required })
    .trim()
    .min(1, required)
    .max(partnerNameMaxLength, partnerMessages.nameTooLong);

/** POST and PUT /api/admin/partner-whitelist(/{id}). Addresses are matched without regard to case. */
export const whitelistEntryRequestSchema = z.object({
  email: emailField,
  partnerName: nameField("The partner's name", partnerMessages.partnerNameRequired),
});
export type WhitelistEntryRequest = z.infer<typeof whitelistEntryRequestSchema>;

/** An organisation as the admin sees it (also the choices for the create-profiles call's partnerId). */
export const adminOrganisationSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  slug: z.string(),
  members: z.number().int(),
});
export type AdminOrganisation = z.infer<typeof adminOrganisationSchema>;

export const whitelistEntrySchema = z.object({
  id: z.uuid(),
  email: z.string(),
  partnerName: z.string(),
  /** The admin who added it; null when that account is gone. */
  addedBy: z.string().nullable(),
  addedAt: z.string(),
  updatedAt: z.string(),
  /** Whether an account with this address has signed up as a partner. */
  signedUp: z.boolean(),
  /** The organisation its partner joined or created; null until someone with the partner name signs up. */
  organisation: adminOrganisationSchema.nullable(),
});
export type WhitelistEntry = z.infer<typeof whitelistEntrySchema>;

export const whitelistListSchema = z.object({ entries: z.array(whitelistEntrySchema) });
export type WhitelistList = z.infer<typeof whitelistListSchema>;
export const whitelistEntryAnswerSchema = z.object({ entry: whitelistEntrySchema });

// --- Partner sign-up and organisation ------------------------------------------------------------

/**
 * POST /api/partner/signup: like a customer's sign-up. Only an address on the whitelist (any case) may
 * sign up: it gets an account with the partner role only, and joins the organisation of its whitelist
 * partner name (made on the first sign-up with that name). Any other address gets 403 `forbidden`
 * with `signupRefused`, after the same work as a sign-up, so neither words nor timing tell whether
 * the address is on the list. An address that already has an account gets 409 `email_taken`, as
 * POST /api/auth/signup answers (which tells that much already). Answers 201 with the session (and
 * sets the session cookie), like sign-up. Partners sign in with POST /api/auth/login.
 */
export const partnerSignupRequestSchema = z
  .object({ email: emailField, password: newPasswordSchema })
  .refine((body) => body.password.trim().toLowerCase() !== body.email.trim().toLowerCase(), {
    path: ["password"],
    message: partnerMessages.passwordIsEmail,
  });
export type PartnerSignupRequest = z.infer<typeof partnerSignupRequestSchema>;

export const partnerOrganisationSchema = z.object({
  id: z.uuid(),
  /** Null until the partner sets it (rule `partner-name` sends it to the dashboard to do so). */
  name: z.string().nullable(),
  slug: z.string(),
  /** `${PUBLIC_URL}/?ref={slug}`. */
  referralLink: z.string(),
  contactEmail: z.string(),
  createdAt: z.string(),
});
export type PartnerOrganisation = z.infer<typeof partnerOrganisationSchema>;

/** GET /api/partner/me and the answer of PUT /api/partner/organisation. */
export const partnerMeSchema = z.object({
  organisation: partnerOrganisationSchema,
  /** The partner name on the caller's whitelist entry: the name form's suggestion while none is set. */
  suggestedName: z.string().nullable(),
});
export type PartnerMe = z.infer<typeof partnerMeSchema>;

/** PUT /api/partner/organisation. */
export const partnerOrganisationRequestSchema = z.object({
  name: nameField("The organisation's name", partnerMessages.organisationNameRequired),
});
export type PartnerOrganisationRequest = z.infer<typeof partnerOrganisationRequestSchema>;

// --- Dashboard -------------------------------------------------------------------------------------

export const dashboardMonths = 12;

export const revenueMonthSchema = z.object({
  /** "YYYY-MM", in Swedish time. */
  month: z.string(),
  /** Paid orders of the organisation's pages that month, VAT included, in öre. */
  revenueOre: z.number().int(),
  /** How many orders were paid that month. */
  payments: z.number().int(),
});
export type RevenueMonth = z.infer<typeof revenueMonthSchema>;

/** GET /api/partner/dashboard: the organisation's figures, counted by the database. */
export const partnerDashboardSchema = z.object({
  /** Pages attributed to the organisation, by status; every status present, 0 when none. */
  profilesByStatus: z.record(z.enum(profileStatuses), z.number().int()),
  profiles: z.number().int(),
  /** Customers attributed to the organisation, or owning a page that is. */
  customers: z.number().int(),
  /** The organisation's pages that ever started a free or extended trial. */
  trialsStarted: z.number().int(),
  /** The organisation's pages with at least one paid order. */
  paidConversions: z.number().int(),
  revenueTotalOre: z.number().int(),
  /** The pages the organisation made for its families (among `profiles`), sent, and claimed. */
  pagesMade: z.number().int(),
  pagesSent: z.number().int(),
  pagesClaimed: z.number().int(),
  /** The organisation's pages that came through its referrals rather than made by it. */
  pagesReferred: z.number().int(),
  /** The last 12 months, oldest first, the current month last; months without payments are 0. */
  revenueByMonth: z.array(revenueMonthSchema),
});
export type PartnerDashboard = z.infer<typeof partnerDashboardSchema>;

// --- Users ---------------------------------------------------------------------------------------

export const partnerUsersPageSizeMax = 100;
export const partnerUsersPageSizeDefault = 25;

export const positiveInt = (what: string, max: number, fallback: number) =>
  z
    .string({ error: `${what} must be a whole number.` })
    .regex(/^\d{1,6}$/, `${what} must be a whole number.`)
    .transform(Number)
    .refine((value) => value >= 1 && value <= max, `${what} is 1 to ${max}.`)
    .optional()
    .transform((value) => value ?? fallback);

/** Search: part of a customer's e-mail address, part of a page's name, or a page code (any case). */
export const partnerUsersSearchSchema = text("q", { error: "q must be text." })
  .trim()
  .max(emailMaxLength, `q has at most ${emailMaxLength} characters.`)
  .optional()
  .transform((value) => (value ? value : undefined));

/** The query of GET /api/partner/users (every value as the URL gives it, a string). */
export const partnerUsersQuerySchema = z.object({
  q: partnerUsersSearchSchema,
  page: positiveInt("page", 100_000, 1),
  pageSize: positiveInt("pageSize", partnerUsersPageSizeMax, partnerUsersPageSizeDefault),
});
export type PartnerUsersQuery = z.infer<typeof partnerUsersQuerySchema>;

/** The query of GET /api/partner/users.csv: the same search, every row. */
export const partnerUsersCsvQuerySchema = z.object({ q: partnerUsersSearchSchema });

/**
 * One row: a customer and one of their pages attributed to the organisation; a customer who came
 * through the link and has no such page yet has one row with the page fields null.
 */
export const partnerUserRowSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  signedUpAt: z.string(),
  profileId: z.string().nullable(),
  /** The page's name (its display name), null for a row without a page or a page not named yet. */
  pageName: z.string().nullable(),
  status: z.enum(profileStatuses).nullable(),
  trialEndsAt: z.string().nullable(),
  paidUntil: z.string().nullable(),
  lastPaymentAt: z.string().nullable(),
  /** How many memories visitors wrote on the page (any but removed ones; a count only). */
  memories: z.number().int().nullable(),
  /** How the page came to the organisation: it made the page, or a referral (null without a page). */
  source: z.enum(["made", "referral"]).nullable(),
});
export type PartnerUserRow = z.infer<typeof partnerUserRowSchema>;

export const partnerUserListSchema = z.object({
  rows: z.array(partnerUserRowSchema),
  /** Rows in all pages. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PartnerUserList = z.infer<typeof partnerUserListSchema>;

/** The CSV's columns, in order (its first line). */
export const partnerUsersCsvColumns = [
  "email",
  "signed_up_at",
  "page_code",
  "page_name",
  "status",
  "trial_ends_at",
  "paid_until",
  "last_payment_at",
  "memories",
  "made_by_you",
] as const;

// --- Attribution -----------------------------------------------------------------------------------

/** How a customer or page came to a partner: its referral link, a partner checkout link, or an admin. */
export const attributionSources = [
  "referral_link",
  "checkout_link",
  "admin_created",
  "partner_made",
] as const;
export type AttributionSource = (typeof attributionSources)[number];

/** GET /api/admin/partner-organisations: every organisation (for the create-profiles call's partnerId). */
export const adminOrganisationListSchema = z.object({ organisations: z.array(adminOrganisationSchema) });
export type AdminOrganisationList = z.infer<typeof adminOrganisationListSchema>;
