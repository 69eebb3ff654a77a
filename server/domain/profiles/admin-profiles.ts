// The admin's profile tools on top of the profiles domain: creating pages (one for an owner, or an
// unclaimed batch) and one profile's full picture (view, owner, history).
import { profileStatuses, type AdminProfileDetail, type ProfileStatus } from "../../../contract/profiles";
import type { Database, Executor } from "../../db/client";
import { type RequestOrigin, refuse, type Actor } from "../core";
import { findUserByEmail } from "../accounts";
import { organisationExists } from "../partners";
import { ownerEmailOf, profileHistory } from "./profiles";
import { createProfiles } from "./create-profiles";
import { findProfile, profileView } from "./profile-view";
import { adminMaySetStatus } from "./status-machine";

export type CreatedProfile = { id: string; status: ProfileStatus };

/**
 * Creates `count` unclaimed profiles, or one draft owned by the user with `ownerEmail`, in one
 * transaction. An owner goes with exactly one profile: a batch is for printing, never for one user.
 */
export async function adminCreateProfiles(
  db: Database,
  input: {
    count: number;
    ownerEmail?: string;
    partnerId?: string;
    /** A partner making pages for its families (server/domain/partner-pages): its attribution and record. */
    source?: "admin_created" | "partner_made";
    alongside?: (tx: Executor, rows: { id: string }[]) => Promise<void>;
  },
  actor: Actor,
  origin: RequestOrigin,
): Promise<{ profiles: CreatedProfile[]; batchId: string | null }> {
  const ownerEmail = input.ownerEmail?.trim() || undefined;
  let ownerUserId: string | null = null;
  if (ownerEmail) {
    if (input.count !== 1) {
      throw refuse("page.count-with-owner");
    }
    const owner = await findUserByEmail(db, ownerEmail);
    if (!owner) throw refuse("account.email-unknown", {}, { field: "ownerEmail" });
    ownerUserId = owner.id;
  }
  if (input.partnerId && !(await organisationExists(db, input.partnerId))) {
    throw refuse("partner.organisation-missing");
  }
  const rows = await createProfiles(
    db,
    {
      count: input.count,
      ownerUserId,
      partnerOrganisationId: input.partnerId ?? null,
      source: input.source,
      alongside: input.alongside,
    },
    actor,
    origin,
  );
  return {
    profiles: rows.map((row) => ({ id: row.id, status: row.status })),
    // Unclaimed pages made together are a batch (for the QR manager); a page made for its owner is not.
    batchId: rows[0]?.batchId ?? null,
  };
}

/** A profile as the admin's profile screen shows it; null when there is no profile with the id. */
export async function adminProfileDetail(db: Executor, id: string): Promise<AdminProfileDetail | null> {
  const row = await findProfile(db, id);
  if (!row) return null;
  const [profile, ownerEmail, history] = await Promise.all([
    profileView(db, id),
    ownerEmailOf(db, row),
    profileHistory(db, id),
  ]);
  if (!profile) return null;
  // The statuses the admin may set from this one, as the status machine allows (the current one first):
  // an unclaimed page is offered none that would make it live.
  const settableStatuses = profileStatuses.filter((to) => to === row.status || adminMaySetStatus(row, to));
  return { profile, ownerEmail, history, settableStatuses };
}
