// The trials and e-mail verification: their calls' payloads, and why a trial can't start (one code
// per reason, so the page explains it in the reader's language and the API in its message).
import { profileAnswerSchema, profileIdSchema } from "./profiles";
import { text, z } from "./zod";

/** POST /api/kammare/free-trial */
export const freeTrialRequestSchema = z.object({ profileId: profileIdSchema });
export type FreeTrialRequest = z.infer<typeof freeTrialRequestSchema>;

/** POST /api/kammare/extended-trial: the terms must be accepted in the request itself. */
export const extendedTrialRequestSchema = z.object({
  profileId: profileIdSchema,
  acceptTerms: z.literal(true, { error: "Accept the terms of the extended trial." }),
});
export type ExtendedTrialRequest = z.infer<typeof extendedTrialRequestSchema>;

/** Both trial calls answer with the profile, as the other /api/kammare changes do. */
export const trialAnswerSchema = profileAnswerSchema;

/**
 * Why a trial cannot start on a page. `email_unverified` concerns the extended trial only;
 * `unnamed` a draft that has no name yet (a started trial puts the page live, as publishing does).
 */
export const trialRefusals = [
  "not_owner",
  "suspended",
  "trial_used",
  "paid",
  "not_available",
  "unnamed",
  "email_unverified",
] as const;
export type TrialRefusal = (typeof trialRefusals)[number];

/** POST /api/auth/verify-email/request: no body; the link goes to the signed-in user's address. */
export const verifyEmailRequestAnswerSchema = z.object({ sent: z.literal(true), email: z.string() });

/** POST /api/auth/verify-email */
export const verifyEmailRequestSchema = z.object({
  token: text("The link", { error: "The link is not valid." })
    .min(20, "The link is not valid.")
    .max(200, "The link is not valid."),
});
export const verifyEmailAnswerSchema = z.object({ verified: z.literal(true), email: z.string() });
export type VerifyEmailAnswer = z.infer<typeof verifyEmailAnswerSchema>;

/** Verification links: how long one works, and how many one user may ask for in an hour. */
export const verificationLinkHours = 24;
export const verificationRequestsPerHour = 3;
