// A private page's door (ADR 043): the visitor password its family shares, the e-mailed invitations,
// and what the door shows. Shared by the API, the owner's editor and the door itself.
import { emailSchema, passwordMaxLength } from "./auth";
import { profileIdSchema } from "./profiles";
import { text, z } from "./zod";
import { visitorPasswordMinLength, type DoorOutcome } from "./private-page-values";

export * from "./private-page-values";

const typedVisitorPassword = text("The password", { error: "Enter the page's password." })
  .min(1, { error: "Enter the page's password." })
  .max(passwordMaxLength, { error: `A password has at most ${passwordMaxLength} characters.` });

/** POST /api/page-access: a visitor at a private page's door, as JSON or a plain form. */
export const enterPageRequestSchema = z.object({
  profileId: profileIdSchema,
  password: typedVisitorPassword,
});
export type EnterPageRequest = z.infer<typeof enterPageRequestSchema>;

const tokenSchema = text("The invitation's token", { error: "The invitation's token is missing." })
  .trim()
  .min(1, { error: "The invitation's token is missing." })
  .max(200, { error: "This invitation link is not valid." });

/** GET /api/page-access/invitation?page=…&token=…: the e-mailed link. */
export const invitationLinkQuerySchema = z.object({ page: profileIdSchema, token: tokenSchema });

export const privatePageQuerySchema = z.object({ profileId: profileIdSchema });

export const newVisitorPasswordSchema = text("The password", { error: "Choose a password." })
  .min(visitorPasswordMinLength, {
    error: `The page's password needs at least ${visitorPasswordMinLength} characters.`,
  })
  .max(passwordMaxLength, { error: `A password has at most ${passwordMaxLength} characters.` });

/** PUT /api/kammare/private-page: a new password (shuts out everyone let in by the old one), and the door's portrait. */
export const updatePrivatePageRequestSchema = z
  .object({
    profileId: profileIdSchema,
    password: newVisitorPasswordSchema.optional(),
    showPortrait: z.boolean({ error: "showPortrait is true or false." }).optional(),
  })
  .refine((body) => body.password !== undefined || body.showPortrait !== undefined, {
    path: ["password"],
    message: "Send a password or showPortrait.",
  });
export type UpdatePrivatePageRequest = z.infer<typeof updatePrivatePageRequestSchema>;

export const invitePageVisitorRequestSchema = z.object({ profileId: profileIdSchema, email: emailSchema });

export const revokePageVisitorRequestSchema = z.object({
  profileId: profileIdSchema,
  invitationId: z.uuid({ error: "Not an invitation id." }),
});

export const pageVisitorInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** ISO. */
  createdAt: z.string(),
  /** When its link last let someone in; ISO, or null. */
  usedAt: z.string().nullable(),
});
export type PageVisitorInvitation = z.infer<typeof pageVisitorInvitationSchema>;

/** The owner's view of the door: never the password, only whether one is set and since when. */
export const privatePageSettingsSchema = z.object({
  passwordSet: z.boolean(),
  passwordChangedAt: z.string().nullable(),
  showPortrait: z.boolean(),
  invitations: z.array(pageVisitorInvitationSchema),
});
export type PrivatePageSettings = z.infer<typeof privatePageSettingsSchema>;

/** What the door of a private page shows a visitor who is not let in. */
export type PageDoor = {
  id: string;
  name: string;
  /** Only when the owner allowed it. */
  portraitImageUrl: string | null;
  outcome: DoorOutcome | null;
  /** Seconds to wait after too many wrong passwords. */
  retryAfter: number | null;
};
