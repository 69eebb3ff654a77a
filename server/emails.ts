// The e-mails the product sends, in the recipient's language.
import type { Locale } from "../contract/locale";
import { i18nFor } from "../i18n";
import { resetTokenLifetimeMs } from "./domain/accounts";
import type { EmailSender } from "./providers/email/types";

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
