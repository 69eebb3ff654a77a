// The partner's own organisation: which one an account belongs to, and its name. Every partner query
// takes the caller's organisation id and filters by it in SQL: a partner sees only its own.
import { eq } from "drizzle-orm";
import { referralLink, type PartnerMe } from "../../../contract/partners";
import type { Database, Executor } from "../../db/client";
import { partnerMembers, partnerOrganisations } from "../../db/schema";
import { audit, type RequestOrigin, refuse } from "../core";
import { whitelistEntryFor } from "./signup";

type OrganisationRow = typeof partnerOrganisations.$inferSelect;

/** The organisation of a partner account; null when it belongs to none. */
export async function organisationOf(db: Executor, userId: string): Promise<OrganisationRow | null> {
  const [row] = await db
    .select({ organisation: partnerOrganisations })
    .from(partnerMembers)
    .innerJoin(partnerOrganisations, eq(partnerOrganisations.id, partnerMembers.organisationId))
    .where(eq(partnerMembers.userId, userId))
    .limit(1);
  return row?.organisation ?? null;
}

/** The caller's organisation, or a 404 for a partner account without one. */
export async function requireOrganisation(db: Executor, userId: string): Promise<OrganisationRow> {
  const organisation = await organisationOf(db, userId);
  if (!organisation) throw refuse("partner.no-organisation");
  return organisation;
}

async function partnerMe(
  db: Executor,
  organisation: OrganisationRow,
  email: string,
  publicUrl: string,
): Promise<PartnerMe> {
  const entry = await whitelistEntryFor(db, email);
  return {
    organisation: {
      id: organisation.id,
      name: organisation.name,
      slug: organisation.slug,
      referralLink: referralLink(publicUrl, organisation.slug),
      contactEmail: organisation.contactEmail,
      createdAt: organisation.createdAt.toISOString(),
    },
    suggestedName: entry?.partnerName ?? null,
  };
}

export async function partnerMeFor(
  db: Executor,
  viewer: { id: string; email: string },
  publicUrl: string,
): Promise<PartnerMe> {
  return partnerMe(db, await requireOrganisation(db, viewer.id), viewer.email, publicUrl);
}

export async function setOrganisationName(
  db: Database,
  {
    viewer,
    name,
    origin,
    publicUrl,
  }: { viewer: { id: string; email: string }; name: string; origin: RequestOrigin; publicUrl: string },
): Promise<PartnerMe> {
  return db.transaction(async (tx) => {
    const organisation = await requireOrganisation(tx, viewer.id);
    const [updated] = await tx
      .update(partnerOrganisations)
      .set({ name, updatedAt: new Date() })
      .where(eq(partnerOrganisations.id, organisation.id))
      .returning();
    await audit(tx, {
      action: "partner.organisation_name",
      actorUserId: viewer.id,
      details: { organisationId: organisation.id, before: organisation.name, after: name },
      ...origin,
    });
    return partnerMe(tx, updated ?? organisation, viewer.email, publicUrl);
  });
}
