// Attribution: which partner organisation a customer or a page came through. One row per customer
// and one per page (unique indexes), so the first touch wins and a later one changes nothing.
import { eq } from "drizzle-orm";
import { isPartnerSlug, type AttributionSource } from "../../../contract/partners";
import type { Executor } from "../../db/client";
import { partnerAttributions, partnerOrganisations } from "../../db/schema";

/** The organisation a slug (from a link or the referral cookie) names; null for none or a bad slug. */
export async function organisationIdBySlug(db: Executor, slug: string | undefined): Promise<string | null> {
  if (!slug || !isPartnerSlug(slug)) return null;
  const [row] = await db
    .select({ id: partnerOrganisations.id })
    .from(partnerOrganisations)
    .where(eq(partnerOrganisations.slug, slug))
    .limit(1);
  return row?.id ?? null;
}

type Subject = { userId: string; profileId?: never } | { profileId: string; userId?: never };

/** Attributes a customer or a page to the organisation unless it is attributed already. */
export async function attribute(
  db: Executor,
  {
    subject,
    organisationId,
    source,
    at = new Date(),
  }: { subject: Subject; organisationId: string; source: AttributionSource; at?: Date },
): Promise<void> {
  await db
    .insert(partnerAttributions)
    .values({
      organisationId,
      userId: subject.userId ?? null,
      profileId: subject.profileId ?? null,
      source,
      attributedAt: at,
    })
    .onConflictDoNothing();
}

/** The attribution of a customer or a page, if any. */
export async function attributionOf(
  db: Executor,
  subject: Subject,
): Promise<{ organisationId: string; source: AttributionSource } | null> {
  const [row] = await db
    .select({ organisationId: partnerAttributions.organisationId, source: partnerAttributions.source })
    .from(partnerAttributions)
    .where(
      subject.userId !== undefined
        ? eq(partnerAttributions.userId, subject.userId)
        : eq(partnerAttributions.profileId, subject.profileId),
    )
    .limit(1);
  return row ?? null;
}

/**
 * After a customer claimed a page: the page goes to the partner of the referral cookie, else to the
 * customer's own partner; the customer goes to the cookie's partner, else to the page's. Each only if
 * not attributed yet, so a page a partner sold stays that partner's, and so does its new owner.
 */
export async function attributeClaim(
  db: Executor,
  input: { userId: string; profileId: string; referralOrganisationId: string | null },
): Promise<void> {
  const { userId, profileId, referralOrganisationId } = input;
  const customer = await attributionOf(db, { userId });
  const pageOrganisation = referralOrganisationId ?? customer?.organisationId;
  if (pageOrganisation) {
    await attribute(db, {
      subject: { profileId },
      organisationId: pageOrganisation,
      source: referralOrganisationId ? "referral_link" : (customer?.source ?? "referral_link"),
    });
  }
  if (!customer) {
    const page = await attributionOf(db, { profileId });
    if (page)
      await attribute(db, { subject: { userId }, organisationId: page.organisationId, source: page.source });
  }
}
