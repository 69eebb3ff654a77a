// The account calls: signing up and in, the session, passwords, e-mail verification, the language
// preference, and the admin's user tool.
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
} from "../auth";
import { setLocaleRequestSchema } from "../preferences";
import { verifyEmailAnswerSchema, verifyEmailRequestAnswerSchema, verifyEmailRequestSchema } from "../trials";
import type { Endpoint } from "./endpoint";

export const accountsEndpoints = [
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
    method: "post",
    path: "/api/auth/verify-email/request",
    summary: "E-mails the signed-in user a link to verify their address (single use, 24 hours).",
    auth: true,
    responses: {
      200: { description: "Sent", schema: verifyEmailRequestAnswerSchema },
      409: { description: "The address is verified already" },
      429: { description: "At most 3 links an hour (Retry-After)" },
    },
  },
  {
    method: "post",
    path: "/api/auth/verify-email",
    summary: "Marks the address verified with the token from the e-mail's link (no session needed).",
    auth: false,
    request: verifyEmailRequestSchema,
    responses: {
      200: { description: "Verified", schema: verifyEmailAnswerSchema },
      400: { description: "The link is wrong, used or expired (invalid_token)" },
    },
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
] as const satisfies readonly Endpoint[];
