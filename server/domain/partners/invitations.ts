// The ways in through a partner (ADR 029): the invitation e-mail an address on the partner whitelist
// receives (from the admin's list or from a colleague), and the partner's name as its customers see it
// (the welcome of `/?ref={slug}`, the banner of `/k/{id}?ref={slug}`, the account's home).
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { partnerSignupLink } from "../../../contract/partner-colleagues";
import { isPartnerSlug } from "../../../contract/partners";
import { isLocale, type Locale } from "../../../contract/locale";
import { i18nFor } from "../../../i18n";
import type { Executor } from "../../db/client";
import { partnerAttributions, partnerOrganisations, partnerWhitelist, users } from "../../db/schema";
import type { EmailSender } from "../../providers/email/types";

/** A whitelist address's invitation is Swedish unless the inviter's language says otherwise. */
export const invitationLocale: Locale = "sv-SE";

export type InvitationMail = {
  to: string;
  /** The organisation's name as the invitee knows it. */
  organisation: string;
  /** A colleague's address when a colleague invited; none when Kammare (an admin) did. */
  invitedBy?: string | null;
  locale?: Locale;
};

/** The invitation to sign up as a partner, with the sign-up link (the address filled in). */
export async function sendPartnerInvitation(
  sender: EmailSender,
  publicUrl: string,
  mail: InvitationMail,
): Promise<void> {
  const { t } = i18nFor(mail.locale ?? invitationLocale);
  const values = {
    organisation: mail.organisation,
    inviter: mail.invitedBy ?? "",
    link: partnerSignupLink(publicUrl, mail.to),
    email: mail.to,
  };
  await sender.send({
    to: mail.to,
    subject: t("email.partnerInvitation.subject", values),
    text: t(
      mail.invitedBy ? "email.partnerInvitation.bodyColleague" : "email.partnerInvitation.body",
      values,
    ),
  });
}

/** An account's language for what it sends others (a colleague's invitation): its own, else Swedish. */
export async function accountLocale(db: Executor, userId: string): Promise<Locale> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return row?.locale && isLocale(row.locale) ? row.locale : invitationLocale;
}

/**
 * The name customers know an organisation by: the one its members set, else the partner name of the
 * whitelist entry that founded it (a new organisation has no name of its own yet).
 */
// Written out in full: drizzle leaves a column unqualified in a query of one table, and inside the
// subquery that would name the whitelist's own id.
const organisationName = sql<string | null>`coalesce(
  nullif(trim("partner_organisations"."name"), ''),
  (select w.partner_name from ${partnerWhitelist} w
   where w.organisation_id = "partner_organisations"."id" order by w.added_at asc limit 1))`;

/** The organisation a slug (of a link) names, by the name its customers know; null for none. */
export async function partnerWelcome(
  db: Executor,
  slug: string | null | undefined,
): Promise<{ slug: string; name: string } | null> {
  if (!slug || !isPartnerSlug(slug)) return null;
  const [row] = await db
    .select({ slug: partnerOrganisations.slug, name: organisationName })
    .from(partnerOrganisations)
    .where(eq(partnerOrganisations.slug, slug))
    .limit(1);
  return row?.name ? { slug: row.slug, name: row.name } : null;
}

/** The name of the organisation a customer came through (their attribution), null when none. */
export async function customerPartnerName(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: organisationName })
    .from(partnerAttributions)
    .innerJoin(partnerOrganisations, eq(partnerOrganisations.id, partnerAttributions.organisationId))
    .where(and(eq(partnerAttributions.userId, userId), isNotNull(partnerAttributions.userId)))
    .orderBy(asc(partnerAttributions.attributedAt))
    .limit(1);
  return row?.name ?? null;
}

/** The name an organisation's invitations give it (see organisationName). */
export async function organisationDisplayName(db: Executor, organisationId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: organisationName })
    .from(partnerOrganisations)
    .where(eq(partnerOrganisations.id, organisationId));
  return row?.name ?? null;
}
