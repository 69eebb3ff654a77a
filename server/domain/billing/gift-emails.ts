// The family hears of a year someone gave their page (ADR 044): the owner and every editor, each in
// their own language, told who gave it (the name the giver signed with, else their address), or only
// that someone did when the giver asked to stay anonymous. The giver's own receipt or invoice goes
// by the usual paths (payment.booked, deliverInvoice).
import { eq } from "drizzle-orm";
import { i18nFor } from "../../../i18n/index";
import type { Executor } from "../../db/client";
import { orders, profileEditors, profiles, users } from "../../db/schema";
import type { EmailSender } from "../../providers/email/types";
import { customerLocale, formatReceiptDate } from "./receipts";

/** E-mails the page's owner and editors that the order's gift keeps the page open until its end. */
export async function tellFamilyOfGift(
  db: Executor,
  sender: EmailSender,
  { orderId, publicUrl }: { orderId: string; publicUrl: string },
): Promise<number> {
  const [row] = await db
    .select({ order: orders, giverEmail: users.email, page: profiles })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerUserId))
    .innerJoin(profiles, eq(profiles.id, orders.profileId))
    .where(eq(orders.id, orderId));
  if (!row || !row.order.gift) return 0;
  const { order, page } = row;
  const person = { id: users.id, email: users.email, locale: users.locale };
  const owner = page.ownerUserId
    ? await db.select(person).from(users).where(eq(users.id, page.ownerUserId))
    : [];
  const editors = await db
    .select(person)
    .from(profileEditors)
    .innerJoin(users, eq(users.id, profileEditors.userId))
    .where(eq(profileEditors.profileId, page.id));
  const family = [...owner, ...editors];
  const until = order.termUntil ?? page.paidUntil;
  const giver = order.giftGiverName ?? row.giverEmail;
  for (const member of family) {
    // The giver never hears of their own gift as family (an editor giving gets the receipt instead).
    if (member.id === order.customerUserId) continue;
    const locale = customerLocale(member.locale, page.metadata.language);
    const { t } = i18nFor(locale);
    const values = {
      name: page.content.displayName || page.id,
      profileId: page.id,
      giver,
      date: until ? formatReceiptDate(until, locale) : "",
      link: `${publicUrl}/k/${encodeURIComponent(page.id)}`,
    };
    const which = order.giftAnonymous ? "giftGivenAnonymously" : "giftGiven";
    await sender.send({
      to: member.email,
      subject: t(`billingEmail.${which}.subject`, values),
      text: t(`billingEmail.${which}.body`, values),
    });
  }
  return family.length;
}
