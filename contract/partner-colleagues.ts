// The ways in through a partner (ADR 029): the partner's colleagues (members of its organisation and
// the addresses it invited), the whitelist's invitation e-mail, and the welcome a customer arriving by
// a partner's link sees. The screens and the server share these schemas.
//
// Calls (all listed in contract/endpoints/partners.ts):
//   GET    /api/partner/colleagues                  partner: members and pending invitations -> partnerColleaguesSchema
//   POST   /api/partner/colleagues                  partner: invite {email}                  -> colleagueInvitationAnswerSchema (201)
//   DELETE /api/partner/colleagues/{userId}         partner: remove a colleague (not oneself) (204)
//   DELETE /api/partner/invitations/{id}            partner: withdraw a pending invitation (204)
//   POST   /api/admin/partner-whitelist/{id}/invitation  admin: send the invitation e-mail again (204)
import { emailAddressPattern, emailMaxLength, hasDottedDomain } from "./account-rules";
import { partnerMessages } from "./partners";
import { text, z } from "./zod";

/** Where an invitation's link leads: the partner sign-up, its e-mail field filled in. */
export const partnerSignupPath = "/partner/signup";
/** The query parameter that fills in the partner sign-up's e-mail field. */
export const partnerSignupEmailParameter = "email";

export function partnerSignupLink(publicUrl: string, email: string): string {
  return `${publicUrl.replace(/\/+$/, "")}${partnerSignupPath}?${partnerSignupEmailParameter}=${encodeURIComponent(email)}`;
}

/** The messages of the invite form's check; the colleague calls' refusals are codes of
 * contract/refusals.ts (`partner.colleague-*`, ADR 032). */
export const colleagueMessages = {
  emailInvalid: partnerMessages.emailInvalid,
  emailNeedsDomain: partnerMessages.emailNeedsDomain,
} as const;

/** POST /api/partner/colleagues: the address to invite into the caller's organisation. */
export const colleagueInviteRequestSchema = z.object({
  email: text("The e-mail address", { error: colleagueMessages.emailInvalid })
    .trim()
    .max(emailMaxLength, colleagueMessages.emailInvalid)
    .regex(emailAddressPattern, colleagueMessages.emailInvalid)
    .refine(hasDottedDomain, colleagueMessages.emailNeedsDomain),
});
export type ColleagueInviteRequest = z.infer<typeof colleagueInviteRequestSchema>;

export const colleagueSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  joinedAt: z.string(),
  /** The caller: shown, never removable by themselves. */
  you: z.boolean(),
});
export type Colleague = z.infer<typeof colleagueSchema>;

/** An address that may sign up into the organisation and has not yet (a whitelist entry). */
export const colleagueInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  invitedAt: z.string(),
  /** Who invited it: a colleague's address, or null when Kammare (an admin) did or the account is gone. */
  invitedBy: z.string().nullable(),
});
export type ColleagueInvitation = z.infer<typeof colleagueInvitationSchema>;

/** GET /api/partner/colleagues. */
export const partnerColleaguesSchema = z.object({
  members: z.array(colleagueSchema),
  invitations: z.array(colleagueInvitationSchema),
});
export type PartnerColleagues = z.infer<typeof partnerColleaguesSchema>;

export const colleagueInvitationAnswerSchema = z.object({ invitation: colleagueInvitationSchema });

// --- The welcome of a partner's customer ----------------------------------------------------------

/**
 * The screen an anonymous visitor of `/?ref={slug}` is sent to when the slug names an organisation:
 * `/welcome?ref={slug}` greets them by its name. "/" without a known ref keeps the spec's rule.
 */
export const welcomePath = "/welcome";
