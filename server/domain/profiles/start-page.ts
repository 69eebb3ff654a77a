// A page a family starts themselves (decisions "Pages a family can start, and funeral homes that hand
// them out"): a fresh id, owned by the customer from the start, a draft as a page just claimed is, so
// the walkthrough, the free trial and payment follow as for any page. Made for its owner (no batch),
// so once paid it waits in the admin's "awaiting a plaque" list like an admin's page for an owner.
import { audit, countAttempt, hasRole, refuse, transaction, type Actor, type RequestOrigin } from "../core";
import type { Database } from "../../db/client";
import { attributeClaim, organisationIdBySlug } from "./attribution";
import { newProfileId } from "./profile-ids";
import { createWithStatus } from "./status-machine";

/** How many pages one account may start in how many hours (config START_PAGE_LIMIT, _WINDOW_HOURS). */
export type StartPageLimit = { max: number; windowHours: number };

/** A clash of a random id with a taken one is rare (40 bits); a few tries with new ids settle it. */
const idAttempts = 5;

/**
 * Starts a page for `owner`: refused for a partner or an admin account (each has its own way to make
 * pages) and over the account's limit; the page and its owner are attributed to the partner `referral`
 * names (a slug from the link or the referral cookie), else the page to the owner's own partner, as a
 * claim is. One transaction with the page's first status and the audit row. Answers the page's id.
 */
export async function startPage(
  db: Database,
  {
    owner,
    referral,
    limit,
    origin,
  }: { owner: Actor; referral: string | undefined; limit: StartPageLimit; origin: RequestOrigin },
): Promise<{ id: string }> {
  if (hasRole(owner, "partner")) throw refuse("page.start-partner");
  if (hasRole(owner, "admin")) throw refuse("page.start-admin");
  const counted = await countAttempt(db, {
    key: `page-start:user:${owner.id}`,
    max: limit.max,
    windowSeconds: limit.windowHours * 60 * 60,
  });
  if (counted.over) {
    throw refuse(
      "page.start-limit",
      { max: limit.max, hours: limit.windowHours },
      { retryAfterSeconds: counted.retryAfter },
    );
  }
  const referralOrganisationId = await organisationIdBySlug(db, referral);
  return transaction(db, async (tx) => {
    const now = new Date();
    for (let attempt = 0; attempt < idAttempts; attempt++) {
      // Ids are never reused: a page is never deleted, so an id taken once stays taken (the insert
      // skips it and another is drawn).
      const [row] = await createWithStatus(tx, {
        rows: [{ id: newProfileId(), ownerUserId: owner.id, claimedAt: now, content: {}, metadata: {} }],
        status: "draft",
        cause: "owner",
        actorUserId: owner.id,
      });
      if (!row) continue;
      await attributeClaim(tx, { userId: owner.id, profileId: row.id, referralOrganisationId });
      await audit(tx, {
        action: "profile.start",
        actorUserId: owner.id,
        targetUserId: owner.id,
        details: { profileId: row.id, ...(referralOrganisationId ? { referralOrganisationId } : {}) },
        ...origin,
      });
      return { id: row.id };
    }
    throw new Error("could not find a free profile id");
  });
}
