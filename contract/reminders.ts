// Reminders about a page's dates (ADR 029): the owner or an editor asks for an
// e-mail a week before the birthday, the day of death and the ceremony; anyone may add those days to a
// calendar (the page's .ics file, served outside the API at calendarPath).
import { profileIdSchema } from "./profiles";
import { z } from "./zod";

export { anniversaryReminderDays, graveRightReminderMonths, reminderKinds } from "./family-values";
export type { ReminderKind } from "./family-values";

/** The public address of a page's calendar file (no JSON: text/calendar). */
export const calendarPath = (profileId: string) => `/k/${profileId}/calendar.ics`;

export const anniversaryRemindersQuerySchema = z.object({ profileId: profileIdSchema });

export const anniversaryRemindersRequestSchema = z.object({
  profileId: profileIdSchema,
  on: z.boolean({ error: "Say on (true) or off (false)." }),
});
export type AnniversaryRemindersRequest = z.infer<typeof anniversaryRemindersRequestSchema>;

/** Whether the signed-in person gets the page's anniversary e-mails. */
export const anniversaryRemindersAnswerSchema = z.object({ profileId: z.string(), on: z.boolean() });
export type AnniversaryReminders = z.infer<typeof anniversaryRemindersAnswerSchema>;
