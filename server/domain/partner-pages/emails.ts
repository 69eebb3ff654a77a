// The claim link's e-mail: which organisation made the page, its note in its own words, the partner's
// gift of the extended trial if it gave one, and the link that signs the family up and gives them the
// page. Sent by the dispatcher once the sending is committed (`partner-page.sent`, ADR 033).
import { partnerClaimLink } from "../../../contract/partner-pages";
import { i18nFor } from "../../../i18n";
import type { EmailSender } from "../../providers/email/types";
import type { PartnerPageSent } from "../core";

export async function sendPartnerPageEmail(
  sender: EmailSender,
  sent: PartnerPageSent,
  publicUrl: string,
): Promise<void> {
  const { t } = i18nFor(sent.locale);
  const organisation = sent.organisation;
  // The note stands on its own after the first paragraph, in the partner's words, never translated.
  const note = sent.note ? `\n\n${t("email.familyNote", { inviter: organisation, note: sent.note })}` : "";
  const trial =
    sent.extendedTrialDays !== null
      ? t("email.partnerPage.trial", {
          organisation,
          days: sent.extendedTrialDays,
          link: `${publicUrl.replace(/\/+$/, "")}/extended-trial`,
        })
      : "";
  await sender.send({
    to: sent.to,
    subject: t("email.partnerPage.subject", { organisation }),
    text: t("email.partnerPage.body", {
      organisation,
      note,
      trial,
      link: partnerClaimLink(publicUrl, sent.profileId),
    }),
  });
}
