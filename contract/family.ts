// A page's family (ADR 029): the owner invites relatives by e-mail as
// editors (or hands the page over to a new owner), editors edit and moderate, and the invitation's
// signed link is read and accepted on /invitation. Shared by the API, the owner's panel and the
// invitation page.
import { emailSchema } from "./auth";
import { invitationKinds, invitationNoteMaxLength, inviterNameMaxLength } from "./family-values";
import { profileIdSchema } from "./profiles";
import { text, z } from "./zod";

export * from "./family-values";

/** Where an invitation is in its life, as its link's page says it. */
export const invitationStates = ["open", "expired", "used", "revoked"] as const;
export type InvitationState = (typeof invitationStates)[number];

export const invitationKindSchema = z.enum(invitationKinds);

const tokenSchema = text("The invitation's token", { error: "The invitation's token is missing." })
  .trim()
  .min(1, { error: "The invitation's token is missing." })
  .max(200, { error: "This invitation link is not valid." });

// ---- The owner's calls ----

export const peopleQuerySchema = z.object({ profileId: profileIdSchema });

/** Optional text of at most `max` characters, trimmed; empty is `null`. */
const optionalText = (what: string, max: number) =>
  text(what)
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(max, { error: `${what} must be at most ${max} characters.` }))
    .optional()
    .transform((value) => (value ? value : null));

export const inviteRequestSchema = z.object({
  profileId: profileIdSchema,
  email: emailSchema,
  /** `editor` (the default) helps keep the page; `handover` makes the invitee its owner. */
  kind: invitationKindSchema.optional().default("editor"),
  /** How the inviter signs it (accounts have no name); without it the invitee sees their address. */
  inviterName: optionalText("Your name", inviterNameMaxLength),
  /** A few words of the inviter's own, shown in the e-mail and on the invitation's page. */
  note: optionalText("The personal note", invitationNoteMaxLength),
});

export const revokeInvitationRequestSchema = z.object({
  profileId: profileIdSchema,
  invitationId: z.uuid({ error: "Not an invitation id." }),
});

export const removeEditorRequestSchema = z.object({
  profileId: profileIdSchema,
  userId: z.uuid({ error: "Not a user id." }),
});

export const leavePageRequestSchema = z.object({ profileId: profileIdSchema });

export const acceptInvitationRequestSchema = z.object({ token: tokenSchema });

export const invitationQuerySchema = z.object({ token: tokenSchema });

// ---- Answers ----

export const pagePersonSchema = z.object({
  userId: z.string(),
  email: z.string(),
  /** When they became the owner (claimed or handed over) or an editor; ISO. */
  since: z.string().nullable(),
});

export const openInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  kind: invitationKindSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Past its date but not withdrawn: shown so the owner can send it again. */
  expired: z.boolean(),
  /** The personal note sent with it, if any. */
  note: z.string().nullable(),
});
export type OpenInvitation = z.infer<typeof openInvitationSchema>;

export const pagePeopleSchema = z.object({
  profileId: z.string(),
  pageName: z.string(),
  /** How the viewer stands to the page: its owner, an editor, or an admin looking. */
  viewerRole: z.enum(["owner", "editor", "admin"]),
  owner: pagePersonSchema.nullable(),
  editors: z.array(pagePersonSchema),
  /** Open invitations: only for the owner and admins (an editor sees the people alone). */
  invitations: z.array(openInvitationSchema),
  maxEditors: z.number().int(),
  /** The name the viewer last signed an invitation with, to start the next one (the owner's). */
  inviterName: z.string().nullable(),
});
export type PagePeople = z.infer<typeof pagePeopleSchema>;
export type PagePerson = z.infer<typeof pagePersonSchema>;

export const invitedAnswerSchema = z.object({
  invitation: openInvitationSchema,
  /** True when an open invitation to the same address was replaced by this one (a new link). */
  replaced: z.boolean(),
});

export const acceptedAnswerSchema = z.object({
  profileId: z.string(),
  /** What the viewer now is on the page. */
  role: z.enum(["owner", "editor"]),
});

/** The invitation as its link's page shows it, to whoever holds the link. */
export const invitationViewSchema = z.object({
  profileId: z.string(),
  pageName: z.string(),
  kind: invitationKindSchema,
  /** Who invited: their e-mail address. */
  invitedBy: z.string().nullable(),
  /** Who invited, as they signed it; the page shows the address only when this is null. */
  inviterName: z.string().nullable(),
  /** The inviter's personal note, if they wrote one. */
  note: z.string().nullable(),
  /** The invited address, partly hidden ("a•••@example.com"). */
  emailMasked: z.string(),
  state: z.enum(invitationStates),
  expiresAt: z.string(),
});
export type InvitationView = z.infer<typeof invitationViewSchema>;

/** "anna@example.com" -> "a•••@example.com": enough to recognise one's own, not to learn another's. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "•••";
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}
