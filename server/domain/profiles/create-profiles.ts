// Making pages, one or a batch: unclaimed (to be printed) or owned from the start, attributed to a
// partner when one is named, in one transaction with their first status, their batch and the audit.
import type { AttributionSource } from "../../../contract/partners";
import type { ProfileStatus } from "../../../contract/profiles";
import type { Database, Executor } from "../../db/client";
import { partnerAttributions, profileBatches } from "../../db/schema";
import { audit, type Actor, type RequestOrigin } from "../core";
import { attribute } from "./attribution";
import { newProfileId } from "./profile-ids";
import type { ProfileRow } from "./profile-view";
import { createWithStatus } from "./status-machine";

const insertChunkRows = 2000;

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/**
 * Creates `count` profiles in one transaction: unclaimed, or owned by `ownerUserId` (a draft).
 * Ids are random; the rare clash with an existing id is retried with new ones.
 */
export async function createProfiles(
  db: Database,
  input: {
    count: number;
    ownerUserId?: string | null;
    partnerUserId?: string | null;
    /** Attributes the pages (and their owner, if not yet) to this partner organisation. */
    partnerOrganisationId?: string | null;
    /** How the pages came to the partner: an admin made them for it (the default), or it made them. */
    source?: Extract<AttributionSource, "admin_created" | "partner_made">;
    /** What else belongs to the making, written in its transaction (a partner's own record of them). */
    alongside?: (tx: Executor, rows: ProfileRow[]) => Promise<void>;
  },
  actor: Actor,
  origin: RequestOrigin,
): Promise<ProfileRow[]> {
  const status: ProfileStatus = input.ownerUserId ? "draft" : "unclaimed";
  const source = input.source ?? "admin_created";
  return db.transaction(async (tx) => {
    // Unclaimed pages are made for printing: they form a batch the QR manager picks by.
    const [batch] =
      status === "unclaimed"
        ? await tx
            .insert(profileBatches)
            .values({
              count: input.count,
              createdByUserId: actor.id,
              partnerOrganisationId: input.partnerOrganisationId ?? null,
            })
            .returning({ id: profileBatches.id })
        : [];
    const created: ProfileRow[] = [];
    let missing = input.count;
    for (let attempt = 0; missing > 0; attempt++) {
      if (attempt > 5) throw new Error("could not find free profile ids");
      const ids = new Set<string>();
      while (ids.size < missing) ids.add(newProfileId());
      const now = new Date();
      const rows = await createWithStatus(tx, {
        rows: [...ids].map((id) => ({
          id,
          ownerUserId: input.ownerUserId ?? null,
          partnerUserId: input.partnerUserId ?? null,
          claimedAt: input.ownerUserId ? now : null,
          batchId: batch?.id ?? null,
          content: {},
          metadata: {},
        })),
        status,
        cause: "admin",
        actorUserId: actor.id,
      });
      created.push(...rows);
      missing -= rows.length;
    }
    const partner = input.partnerOrganisationId;
    if (partner) {
      for (const chunk of chunks(created, insertChunkRows)) {
        await tx
          .insert(partnerAttributions)
          .values(
            chunk.map((row) => ({
              organisationId: partner,
              profileId: row.id,
              source,
            })),
          )
          .onConflictDoNothing();
      }
      if (input.ownerUserId)
        await attribute(tx, {
          subject: { userId: input.ownerUserId },
          organisationId: partner,
          source,
        });
    }
    await input.alongside?.(tx, created);
    await audit(tx, {
      action: source === "partner_made" ? "partner.pages_create" : "admin.profiles_create",
      actorUserId: actor.id,
      targetUserId: input.ownerUserId ?? null,
      details: { count: created.length, status, ...(partner ? { partnerOrganisationId: partner } : {}) },
      ...origin,
    });
    return created;
  });
}
