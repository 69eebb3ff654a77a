// The e-mail inviting someone to see a private page (ADR 043): who invites, to whose page, and the
// link that lets its holder in. Sent by the dispatcher once the invitation is kept.
import { visitorAccessDays } from "../../../contract/private-pages";
import { i18nFor } from "../../../i18n";
import type { EmailSender } from "../../providers/email/types";
import type { PageVisitorInvited } from "../core";

export function pageInvitationLink(publicUrl: string, profileId: string, token: string): string {
  const query = new URLSearchParams({ page: profileId, token });
  return `${publicUrl}/api/page-access/invitation?${query.toString()}`;
}

export async function sendPageInvitationEmail(
  sender: EmailSender,
  invited: PageVisitorInvited,
  publicUrl: string,
): Promise<void> {
  const { t } = i18nFor(invited.locale);
  const values = {
    name: invited.pageName,
    inviter: invited.inviter,
    link: pageInvitationLink(publicUrl, invited.profileId, invited.token),
    days: visitorAccessDays,
  };
  await sender.send({
    to: invited.to,
    subject: t("email.pageVisitorInvite.subject", values),
    text: t("email.pageVisitorInvite.body", values),
  });
}
