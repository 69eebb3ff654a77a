// The list of every API call with its schemas; the OpenAPI document is generated from it.
import { z } from "./zod";
import { apiErrorSchema } from "./errors";
import {
  adminCheckResponseSchema,
  adminSetPasswordRequestSchema,
  adminUserSchema,
  changePasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  resetPasswordRequestSchema,
  resetRequestAnswerSchema,
  resetRequestSchema,
  sessionRefreshRequestSchema,
  sessionRefreshResponseSchema,
  signupRequestSchema,
  successSchema,
  userFetchRequestSchema,
} from "./auth";
import { uploadImageResponseSchema } from "./images";
import { addFirstNameRequestSchema, firstNameEntrySchema, firstNameListSchema } from "./first-names";
import { setLocaleRequestSchema } from "./preferences";
import {
  adminProfileDetailSchema,
  adminProfileListQuerySchema,
  adminProfileListSchema,
  createProfilesAnswerSchema,
  createProfilesRequestSchema,
  ownRequestSchema,
  profileAnswerSchema,
  setProfileStatusRequestSchema,
  updateMetadataRequestSchema,
  updateProfileRequestSchema,
  walkthroughStepRequestSchema,
} from "./profiles";
import { buildInfoSchema, healthSchema, readySchema } from "./platform";

export type Endpoint = {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  summary: string;
  /** True where the call needs `Authorization: Bearer {access_token}`. */
  auth: boolean;
  request?: z.ZodType;
  /** The query parameters of a GET, as an object schema. */
  query?: z.ZodObject;
  responses: Record<number, { description: string; schema?: z.ZodType }>;
};

export const endpoints: Endpoint[] = [
  {
    method: "get",
    path: "/api/health",
    summary: "The process is alive.",
    auth: false,
    responses: { 200: { description: "Alive", schema: healthSchema } },
  },
  {
    method: "get",
    path: "/api/ready",
    summary: "The process and its database answer.",
    auth: false,
    responses: {
      200: { description: "Ready", schema: readySchema },
      503: { description: "The database does not answer", schema: readySchema },
    },
  },
  {
    method: "get",
    path: "/api/build",
    summary: "The id of the build this server runs; the browser compares it with its own.",
    auth: false,
    responses: { 200: { description: "Build id", schema: buildInfoSchema } },
  },
  {
    method: "get",
    path: "/api/openapi.json",
    summary: "This document.",
    auth: false,
    responses: { 200: { description: "OpenAPI 3.1" } },
  },
  {
    method: "post",
    path: "/api/preferences/locale",
    summary: "Keeps the chosen language in the `locale` cookie for 365 days.",
    auth: false,
    request: setLocaleRequestSchema,
    responses: { 204: { description: "Saved" } },
  },
  {
    method: "post",
    path: "/api/auth/login",
    summary: "Signs in with e-mail and password; also sets the httpOnly session cookie.",
    auth: false,
    request: loginRequestSchema,
    responses: {
      200: { description: "Signed in", schema: loginResponseSchema },
      401: { description: "Wrong e-mail or password: { success: false }", schema: loginResponseSchema },
      429: { description: "Too many attempts (Retry-After)" },
    },
  },
  {
    method: "post",
    path: "/api/auth/signup",
    summary: "Creates a customer account and signs in at once.",
    auth: false,
    request: signupRequestSchema,
    responses: {
      201: { description: "Account created, signed in", schema: loginResponseSchema },
      409: { description: "The e-mail address has an account" },
      429: { description: "Too many attempts (Retry-After)" },
    },
  },
  {
    method: "post",
    path: "/api/auth/session",
    summary: "Refreshes the stored session (sent as the body, no auth header) and extends it.",
    auth: false,
    request: sessionRefreshRequestSchema,
    responses: {
      200: {
        description: "The session and the ids of the profiles the user owns",
        schema: sessionRefreshResponseSchema,
      },
      401: { description: "The session has ended" },
    },
  },
  {
    method: "post",
    path: "/api/auth/logout",
    summary: "Ends the session and clears the session cookie.",
    auth: true,
    responses: { 204: { description: "Signed out" } },
  },
  {
    method: "post",
    path: "/api/auth/change-password",
    summary: "Changes the signed-in user's password; their other sessions end.",
    auth: true,
    request: changePasswordRequestSchema,
    responses: { 200: { description: "Changed", schema: successSchema } },
  },
  {
    method: "post",
    path: "/api/auth/reset-request",
    summary: "Sends a reset link if the address has an account; the answer never says.",
    auth: false,
    request: resetRequestSchema,
    responses: { 202: { description: "Accepted", schema: resetRequestAnswerSchema } },
  },
  {
    method: "post",
    path: "/api/auth/reset",
    summary: "Sets a new password with a reset token (single use, one hour); every session ends.",
    auth: false,
    request: resetPasswordRequestSchema,
    responses: { 200: { description: "Password set", schema: successSchema } },
  },
  {
    method: "get",
    path: "/api/admin/check",
    summary: "Whether the signed-in user is an admin.",
    auth: true,
    responses: { 200: { description: "The admin flag", schema: adminCheckResponseSchema } },
  },
  {
    method: "post",
    path: "/api/admin/user-fetch",
    summary: "Finds a user by e-mail (admin only).",
    auth: true,
    request: userFetchRequestSchema,
    responses: {
      200: { description: "The user", schema: adminUserSchema },
      404: { description: "No user has the address" },
    },
  },
  {
    method: "patch",
    path: "/api/admin/user",
    summary: "Sets a user's password and ends all their sessions (admin only, audited).",
    auth: true,
    request: adminSetPasswordRequestSchema,
    responses: { 200: { description: "Password set", schema: successSchema } },
  },
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
      "Creates one profile (a draft, when ownerEmail names its owner) or a batch of up to 10,000 unclaimed ones, in one transaction (admin only, audited).",
    auth: true,
    request: createProfilesRequestSchema,
    responses: {
      201: { description: "The new profiles with their page addresses", schema: createProfilesAnswerSchema },
      404: { description: "No user has ownerEmail" },
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
];

export { apiErrorSchema };
