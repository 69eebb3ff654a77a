// The page calls: claiming a page and its trials, editing it and its images, its QR code; the admin's
// pages; and the first names with a stub page.
import { z } from "../zod";
import { addFirstNameRequestSchema, firstNameEntrySchema, firstNameListSchema } from "../first-names";
import { uploadImageResponseSchema } from "../images";
import {
  adminProfileDetailSchema,
  adminProfileListQuerySchema,
  adminProfileListSchema,
  createProfilesAnswerSchema,
  createProfilesRequestSchema,
  ownRequestSchema,
  profileAnswerSchema,
  profileQrQuerySchema,
  setProfileStatusRequestSchema,
  updateMetadataRequestSchema,
  updateProfileRequestSchema,
  walkthroughStepRequestSchema,
} from "../profiles";
import { startPageAnswerSchema, startPageRequestSchema } from "../start-page";
import { extendedTrialRequestSchema, freeTrialRequestSchema, trialAnswerSchema } from "../trials";
import type { Endpoint } from "./endpoint";

export const profilesEndpoints = [
  {
    method: "post",
    path: "/api/kammare/own",
    summary: "Claims an unclaimed profile for the signed-in user (an admin may assign any profile).",
    auth: true,
    request: ownRequestSchema,
    responses: {
      200: { description: "Claimed", schema: profileAnswerSchema },
      409: { description: "The profile already has an owner" },
    },
  },
  {
    method: "post",
    path: "/api/kammare/start",
    summary:
      "Starts a new page owned by the signed-in customer (a draft, to fill in by the walkthrough); ref (a partner's slug, else the referral cookie) attributes it. A limit per account.",
    auth: true,
    request: startPageRequestSchema,
    responses: {
      201: { description: "Started: the new page's id", schema: startPageAnswerSchema },
      403: { description: "A partner or admin account (each makes pages with its own tools)" },
      429: {
        description: "The account has started as many pages as the limit allows; Retry-After says when",
      },
    },
  },
  {
    method: "post",
    path: "/api/kammare/free-trial",
    summary: "Starts the free trial (30 days) on a profile the signed-in user owns; once per profile.",
    auth: true,
    request: freeTrialRequestSchema,
    responses: {
      200: { description: "Started: the profile, now in trial", schema: trialAnswerSchema },
      403: { description: "Not the owner, or the profile is suspended" },
      409: { description: "Trial used already, paid for, live already, or unnamed" },
    },
  },
  {
    method: "post",
    path: "/api/kammare/extended-trial",
    summary:
      "Starts the extended trial (90 days) on an owned profile: verified e-mail, accepted terms, once per profile, never after a paid period.",
    auth: true,
    request: extendedTrialRequestSchema,
    responses: {
      200: { description: "Started: the profile, now in extended_trial", schema: trialAnswerSchema },
      400: { description: "The terms are not accepted (acceptTerms)" },
      403: { description: "Not the owner, suspended, or the e-mail is not verified" },
      409: { description: "Extended trial used already, paid for, or not available in this status" },
    },
  },
  {
    method: "put",
    path: "/api/kammare/profile",
    summary: "Changes the profile's content; send only the fields that change (owner or admin).",
    auth: true,
    request: updateProfileRequestSchema,
    responses: { 200: { description: "Saved", schema: profileAnswerSchema } },
  },
  {
    method: "post",
    path: "/api/kammare/walkthrough-steps",
    summary: "Saves one walkthrough step with its fields; publishing starts the free trial.",
    auth: true,
    request: walkthroughStepRequestSchema,
    responses: { 200: { description: "Saved", schema: profileAnswerSchema } },
  },
  {
    method: "put",
    path: "/api/kammare/profile-metadata",
    summary: "Changes the profile's metadata: visibility, language, tags (owner or admin).",
    auth: true,
    request: updateMetadataRequestSchema,
    responses: { 200: { description: "Saved", schema: profileAnswerSchema } },
  },
  {
    method: "get",
    path: "/api/kammare/profile-qr",
    summary:
      "The page's QR code (PUBLIC_URL/k/{id}) as SVG or PNG, error correction Q; download=1 sends it as a file (owner or admin).",
    auth: true,
    query: profileQrQuerySchema,
    responses: {
      200: { description: "The image (image/svg+xml or image/png)" },
    },
  },
  {
    method: "get",
    path: "/api/admin/profiles",
    summary:
      "Lists profiles, a page at a time (keyset cursor), sorted, filtered by status, searched by id prefix or owner e-mail (admin only).",
    auth: true,
    query: adminProfileListQuerySchema,
    responses: {
      200: {
        description: "One page of profiles, the total and the next page's cursor",
        schema: adminProfileListSchema,
      },
      400: { description: "A query parameter is not valid (named in fields)" },
    },
  },
  {
    method: "post",
    path: "/api/admin/profiles",
    summary:
      "Creates one profile (a draft, when ownerEmail names its owner) or a batch of up to 10,000 unclaimed ones, in one transaction (admin only, audited); with partnerId, attributed to that partner organisation.",
    auth: true,
    request: createProfilesRequestSchema,
    responses: {
      201: { description: "The new profiles with their page addresses", schema: createProfilesAnswerSchema },
      404: { description: "No user has ownerEmail, or no organisation has partnerId" },
    },
  },
  {
    method: "get",
    path: "/api/admin/profiles/{id}",
    summary: "One profile with its owner's e-mail and its status history, newest first (admin only).",
    auth: true,
    responses: {
      200: { description: "The profile", schema: adminProfileDetailSchema },
      404: { description: "No profile has this id" },
    },
  },
  {
    method: "put",
    path: "/api/admin/profile",
    summary:
      "Sets a profile's status, with an optional reason; kept in its history and the audit log (admin only).",
    auth: true,
    request: setProfileStatusRequestSchema,
    responses: {
      200: { description: "The changed profile", schema: profileAnswerSchema },
      404: { description: "No profile has this id" },
    },
  },
  {
    method: "post",
    path: "/api/kammare/images",
    summary:
      "Uploads an image for a profile (owner or admin) as multipart/form-data: fields `profileId` and `kind` " +
      "(`portrait` or `cover`) and the file `image` (JPEG, PNG or WebP by content, at most 10 MB). It is " +
      "turned upright, stripped of metadata and stored as WebP variants (portrait 320 and 800 px square, " +
      "cover 800 × 300 and 1600 × 600); `url` is the largest, served from /uploads.",
    auth: true,
    responses: {
      201: { description: "Stored", schema: uploadImageResponseSchema },
      400: { description: "A field is missing or wrong, or the file is not a JPEG, PNG or WebP image" },
      403: { description: "Not the profile's owner, or the page is suspended" },
      404: { description: "No profile has this id" },
      413: { description: "The image is larger than 10 MB" },
      429: { description: "Too many uploads (Retry-After)" },
    },
  },
  {
    method: "get",
    path: "/api/admin/first-names",
    summary: "The first names with a stub page at /{name} (admin only).",
    auth: true,
    responses: { 200: { description: "The list", schema: firstNameListSchema } },
  },
  {
    method: "post",
    path: "/api/admin/first-names",
    summary: "Adds a first name; a word that is a page of the product is refused (admin only).",
    auth: true,
    request: addFirstNameRequestSchema,
    responses: {
      201: { description: "Added", schema: z.object({ name: firstNameEntrySchema }) },
      409: { description: "Already on the list" },
    },
  },
  {
    method: "delete",
    path: "/api/admin/first-names/{name}",
    summary: "Removes a first name (admin only).",
    auth: true,
    responses: { 204: { description: "Removed" }, 404: { description: "Not on the list" } },
  },
] as const satisfies readonly Endpoint[];
