// The partner calls: the admin's partner whitelist and organisations, and the partner's own sign-up,
// organisation, dashboard, customers and referral QR code.
import { loginResponseSchema } from "../auth";
import {
  adminOrganisationListSchema,
  partnerDashboardSchema,
  partnerMeSchema,
  partnerOrganisationRequestSchema,
  partnerSignupRequestSchema,
  partnerUserListSchema,
  partnerUsersCsvQuerySchema,
  partnerUsersQuerySchema,
  referralQrQuerySchema,
  whitelistEntryAnswerSchema,
  whitelistEntryRequestSchema,
  whitelistListSchema,
} from "../partners";
import {
  partnerAddressLabelsRequestSchema,
  partnerMadePagesSchema,
  partnerMakePagesRequestSchema,
  partnerPageAnswerSchema,
  partnerPageListSchema,
  partnerPagesQuerySchema,
  partnerQrSheetRequestSchema,
  partnerSendPageRequestSchema,
} from "../partner-pages";
import {
  colleagueInvitationAnswerSchema,
  colleagueInviteRequestSchema,
  partnerColleaguesSchema,
} from "../partner-colleagues";
import type { Endpoint } from "./endpoint";

export const partnersEndpoints = [
  {
    method: "get",
    path: "/api/admin/partner-whitelist",
    summary:
      "Every address that may sign up as a partner, with its partner name and organisation (admin only).",
    auth: true,
    responses: { 200: { description: "The whitelist", schema: whitelistListSchema } },
  },
  {
    method: "post",
    path: "/api/admin/partner-whitelist",
    summary:
      "Adds an address (unique whatever its case) with its partner's name to the partner whitelist (admin only, audited).",
    auth: true,
    request: whitelistEntryRequestSchema,
    responses: {
      201: { description: "The new entry", schema: whitelistEntryAnswerSchema },
      409: { description: "The address is on the whitelist already (field email)" },
    },
  },
  {
    method: "put",
    path: "/api/admin/partner-whitelist/{id}",
    summary: "Changes an entry's address or partner name (admin only, audited).",
    auth: true,
    request: whitelistEntryRequestSchema,
    responses: {
      200: { description: "The changed entry", schema: whitelistEntryAnswerSchema },
      404: { description: "No entry has this id" },
      409: { description: "Another entry has the address" },
    },
  },
  {
    method: "delete",
    path: "/api/admin/partner-whitelist/{id}",
    summary:
      "Removes an entry: the address may no longer sign up as a partner; an account made with it stays (admin only, audited).",
    auth: true,
    responses: { 204: { description: "Removed" }, 404: { description: "No entry has this id" } },
  },
  {
    method: "post",
    path: "/api/admin/partner-whitelist/{id}/invitation",
    summary:
      "Sends the entry's address its invitation e-mail again, with the partner sign-up link (admin only, audited). " +
      "Adding an address sends it once by itself.",
    auth: true,
    responses: {
      204: { description: "Sent" },
      404: { description: "No entry has this id" },
      409: { description: "The address has signed up already" },
    },
  },
  {
    method: "get",
    path: "/api/admin/partner-organisations",
    summary:
      "Every partner organisation with its slug and number of members: the choices of POST /api/admin/profiles' partnerId (admin only).",
    auth: true,
    responses: { 200: { description: "The organisations", schema: adminOrganisationListSchema } },
  },
  {
    method: "post",
    path: "/api/partner/signup",
    summary:
      "Partner sign-up, open like /api/auth/signup but only for an address on the partner whitelist (any case): " +
      "an account with the partner role in its whitelist partner name's organisation, signed in (also the session " +
      "cookie). Partners sign in with POST /api/auth/login.",
    auth: false,
    request: partnerSignupRequestSchema,
    responses: {
      201: { description: "Signed up and in", schema: loginResponseSchema },
      403: { description: "The address may not sign up as a partner (the same answer whatever the reason)" },
      409: { description: "There is already an account with this address" },
      429: { description: "Too many attempts (Retry-After)" },
    },
  },
  {
    method: "get",
    path: "/api/partner/me",
    summary: "The partner's organisation: name (null until set), slug and referral link (partner only).",
    auth: true,
    responses: {
      200: { description: "The organisation", schema: partnerMeSchema },
      404: { description: "The partner account belongs to no organisation" },
    },
  },
  {
    method: "put",
    path: "/api/partner/organisation",
    summary: "Sets the name of the partner's organisation (partner only, audited).",
    auth: true,
    request: partnerOrganisationRequestSchema,
    responses: {
      200: { description: "The organisation", schema: partnerMeSchema },
      404: { description: "The partner account belongs to no organisation" },
    },
  },
  {
    method: "get",
    path: "/api/partner/dashboard",
    summary:
      "The organisation's figures: its pages by status, customers, trials started, paid conversions and revenue " +
      "(öre, VAT included) per month for the last 12 months (partner only).",
    auth: true,
    responses: {
      200: { description: "The figures", schema: partnerDashboardSchema },
      404: { description: "The partner account belongs to no organisation" },
    },
  },
  {
    method: "get",
    path: "/api/partner/colleagues",
    summary:
      "The members of the partner's organisation and the addresses invited into it that have not signed up yet (partner only).",
    auth: true,
    responses: {
      200: { description: "Members and pending invitations", schema: partnerColleaguesSchema },
      404: { description: "The partner account belongs to no organisation" },
    },
  },
  {
    method: "post",
    path: "/api/partner/colleagues",
    summary:
      "Invites an address into the partner's organisation: a whitelist entry tied to it, and the invitation e-mail " +
      "with the partner sign-up link (partner only, audited).",
    auth: true,
    request: colleagueInviteRequestSchema,
    responses: {
      201: { description: "The pending invitation", schema: colleagueInvitationAnswerSchema },
      409: { description: "The address is a member already, or invited already (field email)" },
    },
  },
  {
    method: "delete",
    path: "/api/partner/colleagues/{userId}",
    summary:
      "Removes another member from the partner's organisation: their membership, partner role, whitelist entry and " +
      "sessions end; the account stays (partner only, audited).",
    auth: true,
    responses: {
      204: { description: "Removed" },
      404: { description: "No member of the caller's organisation has this id" },
      409: { description: "The caller cannot remove themselves" },
    },
  },
  {
    method: "delete",
    path: "/api/partner/invitations/{id}",
    summary:
      "Withdraws a pending invitation of the partner's organisation: the address may no longer sign up (partner only, audited).",
    auth: true,
    responses: {
      204: { description: "Withdrawn" },
      404: { description: "No pending invitation of the caller's organisation has this id" },
    },
  },
  {
    method: "get",
    path: "/api/partner/users",
    summary:
      "The organisation's customers with their attributed pages' status, trial end, paid-until and last payment; " +
      "search by e-mail or page code; newest customers first, a page at a time (partner only).",
    auth: true,
    query: partnerUsersQuerySchema,
    responses: {
      200: { description: "One page of rows and the total", schema: partnerUserListSchema },
      400: { description: "A query parameter is not valid (named in fields)" },
    },
  },
  {
    method: "get",
    path: "/api/partner/users.csv",
    summary:
      "The same rows as GET /api/partner/users (every page of the search) as CSV: UTF-8 with a byte order mark, " +
      "every cell quoted, a cell starting with = + - or @ prefixed with ' (partner only).",
    auth: true,
    query: partnerUsersCsvQuerySchema,
    responses: { 200: { description: "text/csv, as an attachment" } },
  },
  ...(["svg", "png"] as const).map((format) => ({
    method: "get" as const,
    path: `/api/partner/referral-qr.${format}` as const,
    summary: `The partner's referral link as a QR code (${format.toUpperCase()}, error correction Q); download=1 sends it as a file (partner only).`,
    auth: true,
    query: referralQrQuerySchema,
    responses: {
      200: { description: format === "svg" ? "image/svg+xml" : "image/png" },
      400: { description: "size, margin or download is not valid (named in fields)" },
    },
  })),
  {
    method: "get",
    path: "/api/partner/pages",
    summary:
      "The pages the caller's organisation made for its families, newest first, each with its way to the family " +
      "(made, sent, taken back, claimed) and its page status; searched by code, address or name (partner only).",
    auth: true,
    query: partnerPagesQuerySchema,
    responses: {
      200: { description: "The pages and the counts", schema: partnerPageListSchema },
      400: { description: "A query parameter is not valid (named in fields)" },
    },
  },
  {
    method: "post",
    path: "/api/partner/pages",
    summary:
      "Makes 1 to 500 unclaimed pages (fresh codes) attributed to the caller's organisation, in one transaction; " +
      "extendedTrial gives their families the extended trial (partner only, audited).",
    auth: true,
    request: partnerMakePagesRequestSchema,
    responses: {
      201: { description: "The pages made and their batch", schema: partnerMadePagesSchema },
      400: { description: "Bad input (named in fields)" },
    },
  },
  {
    method: "post",
    path: "/api/partner/pages/qr-sheet",
    summary:
      "The A4 QR print sheet PDF of the organisation's own pages, by code or a batch it made (the admin's sheet); " +
      "marks them printed (partner only, audited).",
    auth: true,
    request: partnerQrSheetRequestSchema,
    responses: {
      200: { description: "application/pdf, as an attachment; X-Codes says how many codes it holds" },
      400: { description: "Bad input (named in fields)" },
      404: { description: "A code names none of the organisation's pages, or the batch is not its own" },
    },
  },
  {
    method: "post",
    path: "/api/partner/pages/{id}/send",
    summary:
      "E-mails a family the claim link of an unclaimed page the organisation made, with a personal note (after " +
      "the commit); opens a link taken back again (partner only, audited).",
    auth: true,
    request: partnerSendPageRequestSchema,
    responses: {
      200: { description: "The page", schema: partnerPageAnswerSchema },
      400: { description: "Bad input (named in fields)" },
      404: { description: "None of the organisation's pages has this code" },
      409: { description: "The family has claimed the page already" },
    },
  },
  {
    method: "post",
    path: "/api/partner/pages/{id}/resend",
    summary: "The claim link's e-mail again, to the address it last went to (partner only, audited).",
    auth: true,
    responses: {
      200: { description: "The page", schema: partnerPageAnswerSchema },
      404: { description: "None of the organisation's pages has this code" },
      409: { description: "Claimed already, or its link is not out (never sent, or taken back)" },
    },
  },
  {
    method: "post",
    path: "/api/partner/pages/{id}/take-back",
    summary:
      "Takes an unclaimed page's link back: nobody can claim it until it is sent again (partner only, audited).",
    auth: true,
    responses: {
      200: { description: "The page", schema: partnerPageAnswerSchema },
      404: { description: "None of the organisation's pages has this code" },
      409: { description: "The family has claimed the page already" },
    },
  },
  {
    method: "post",
    path: "/api/partner/address-labels.pdf",
    summary:
      "An A4 PDF of address labels (3 x 8) or C5 envelope prints of addresses pasted or from a CSV file (partner only).",
    auth: true,
    request: partnerAddressLabelsRequestSchema,
    responses: {
      200: { description: "application/pdf, as an attachment" },
      400: { description: "A bad address or request (named in fields, with problems)" },
    },
  },
] as const satisfies readonly Endpoint[];
