// The values of a page's people and reminders (ADR 029), without zod, for the schema and the browser.

/** An invitation makes an editor, or hands the page over to a new owner. */
export const invitationKinds = ["editor", "handover"] as const;
export type InvitationKind = (typeof invitationKinds)[number];

/** A page has at most this many editors (decisions, "The memorial itself"). */
export const maxEditorsPerPage = 10;

/** An invitation's link works this long. */
export const invitationDays = 14;

/** How the inviter signs an invitation, and their personal note in it: at most this many characters. */
export const inviterNameMaxLength = 100;
export const invitationNoteMaxLength = 1000;

/** What a reminder e-mail is about. */
export const reminderKinds = ["grave_right", "birthday", "death_day", "ceremony"] as const;
export type ReminderKind = (typeof reminderKinds)[number];

/** The grave right's reminder goes this many months before it ends. */
export const graveRightReminderMonths = 6;

/** Anniversary (and ceremony) reminders go this many days before. */
export const anniversaryReminderDays = 7;
