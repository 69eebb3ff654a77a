// The checkout link e-mail: the terms an admin set for a customer and the link to pay by, sent to the
// customer in their language once the link is stored (the `checkout-link.made` event, ADR 033).
import { eq } from "drizzle-orm";
import { i18nFor } from "../../../i18n";
import type { Database } from "../../db/client";
import { checkoutLinks, profiles, users } from "../../db/schema";
import type { EmailSender } from "../../providers/email/types";
import { checkoutLinkUrl } from "./checkout-links";
import { customerLocale, formatReceiptDate, formatReceiptMoney } from "./receipts";

/** Sends the link's e-mail to its customer; answers whether it went (a link deleted meanwhile: no). */
export async function sendCheckoutLinkEmail(
  db: Database,
  sender: EmailSender,
  input: { linkId: string; publicUrl: string },
): Promise<boolean> {
  const [found] = await db
    .select({ link: checkoutLinks, email: users.email, accountLocale: users.locale })
    .from(checkoutLinks)
    .innerJoin(users, eq(users.id, checkoutLinks.customerUserId))
    .where(eq(checkoutLinks.id, input.linkId));
  if (!found) return false;
  const { link } = found;
  const [page] = link.profileId
    ? await db
        .select({ id: profiles.id, content: profiles.content, metadata: profiles.metadata })
        .from(profiles)
        .where(eq(profiles.id, link.profileId))
    : [];
  const locale = customerLocale(found.accountLocale, page?.metadata.language);
  const { t } = i18nFor(locale);
  const price = formatReceiptMoney(link.priceOre, link.currency, locale);
  const per = t(`email.checkoutLink.per.${link.interval}`);
  const periods =
    link.iterations === 0
      ? t("email.checkoutLink.untilCancelled")
      : t("email.checkoutLink.periods", { count: link.iterations });
  const values = {
    terms: t("email.checkoutLink.terms", { price, per, periods }),
    trial: link.includesFreeTrial ? t("email.checkoutLink.trialFirst") : "",
    page: page ? page.content.displayName?.trim() || page.id : "",
    link: checkoutLinkUrl(input.publicUrl, link.token),
    date: link.expiresAt ? formatReceiptDate(link.expiresAt, locale) : "",
  };
  const kind = page ? "forPage" : "anyPage";
  await sender.send({
    to: found.email,
    subject: t(`email.checkoutLink.${kind}.subject`, values),
    text: t(`email.checkoutLink.${kind}.body`, values),
  });
  return true;
}
