// The invitation e-mail: who invites to which page, to help keep it or to take it over, their
// personal note if they wrote one, and the one link that accepts it, in the inviter's language. Sent
// by the dispatcher once the invitation is kept (the `family.invited` event, ADR 033).
import { invitationDays } from "../../../contract/family-values";
import { i18nFor } from "../../../i18n";
import type { EmailSender } from "../../providers/email/types";
import type { FamilyInvited } from "../core";

export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/invitation?token=${encodeURIComponent(token)}`;
}

export async function sendInvitationEmail(
  sender: EmailSender,
  invited: FamilyInvited,
  publicUrl: string,
): Promise<void> {
  const { t } = i18nFor(invited.locale);
  const key = invited.kind === "handover" ? "email.familyHandover" : "email.familyInvite";
  const values = {
    name: invited.pageName,
    inviter: invited.inviter,
    link: invitationLink(publicUrl, invited.token),
    days: invitationDays,
  };
  // The note stands on its own after the first paragraph, in the inviter's words, never translated.
  const note = invited.note
    ? `\n\n${t("email.familyNote", { inviter: invited.inviter, note: invited.note })}`
    : "";
  await sender.send({
    to: invited.to,
    subject: t(`${key}.subject`, values),
    text: t(`${key}.body`, { ...values, note }),
  });
}
