// The invitation e-mail: who invites to which page, to help keep it or to take it over, with the one
// link that accepts it, in the inviter's language.
import type { InvitationKind } from "../../../contract/family-values";
import type { Locale } from "../../../contract/locale";
import { i18nFor } from "../../../i18n";
import type { EmailSender } from "../../providers/email/types";

export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/invitation?token=${encodeURIComponent(token)}`;
}

export async function sendInvitationEmail(
  sender: EmailSender,
  input: {
    to: string;
    kind: InvitationKind;
    token: string;
    pageName: string;
    invitedBy: string;
    days: number;
    publicUrl: string;
    locale: Locale;
  },
): Promise<void> {
  const { t } = i18nFor(input.locale);
  const key = input.kind === "handover" ? "email.familyHandover" : "email.familyInvite";
  const values = {
    name: input.pageName,
    inviter: input.invitedBy,
    link: invitationLink(input.publicUrl, input.token),
    days: input.days,
  };
  await sender.send({ to: input.to, subject: t(`${key}.subject`, values), text: t(`${key}.body`, values) });
}
