// The e-mails about an account itself (a password reset, an address to verify), in its language.
import type { Locale } from "../../../contract/locale";
import { verificationLinkHours } from "../../../contract/trials";
import { i18nFor } from "../../../i18n";
import type { EmailSender } from "../../providers/email/types";
import { resetTokenLifetimeMs } from "./accounts";

export async function sendPasswordResetEmail(
  sender: EmailSender,
  { to, token, publicUrl, locale }: { to: string; token: string; publicUrl: string; locale: Locale },
): Promise<void> {
  const { t } = i18nFor(locale);
  const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await sender.send({
    to,
    subject: t("email.reset.subject"),
    text: t("email.reset.body", { link, minutes: resetTokenLifetimeMs / 60_000 }),
  });
}

export async function sendVerificationEmail(
  sender: EmailSender,
  { to, token, publicUrl, locale }: { to: string; token: string; publicUrl: string; locale: Locale },
): Promise<void> {
  const { t } = i18nFor(locale);
  const link = `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await sender.send({
    to,
    subject: t("email.verify.subject"),
    text: t("email.verify.body", { link, hours: verificationLinkHours }),
  });
}
