// Partners (ADR 014): the admin's whitelist of who may sign up as a partner, and the
// organisations partners belong to.
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { AdminOrganisation, WhitelistEntry, WhitelistEntryRequest } from "../../../contract/partners";
import type { Database, Executor } from "../../db/client";
import { partnerMembers, partnerOrganisations, partnerWhitelist, users } from "../../db/schema";
import { audit, type RequestOrigin, recordEvent, refuse, transaction, type Actor } from "../core";
import { invitationLocale } from "./invitations";

export type WhitelistRow = typeof partnerWhitelist.$inferSelect;

export const lower = (column: SQL | typeof partnerWhitelist.email | typeof partnerWhitelist.partnerName) =>
  sql`lower(${column})`;

const whitelistMissing = () => refuse("partner.whitelist-entry-missing");
const whitelistTaken = () => refuse("partner.whitelist-email-taken");

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function whitelistEntries(db: Executor, id?: string): Promise<WhitelistEntry[]> {
  const adder = sql<
    string | null
  >`(select u.email from users u where u.id = ${partnerWhitelist.addedByUserId})`;
  const signedUp = sql<boolean>`exists (
    select 1 from ${users} u join ${partnerMembers} m on m.user_id = u.id
    where lower(u.email) = lower(${partnerWhitelist.email}))`;
  const members = sql<number>`(select count(*)::int from ${partnerMembers} m
    where m.organisation_id = ${partnerOrganisations.id})`;
  const rows = await db
    .select({
      entry: partnerWhitelist,
      addedBy: adder,
      signedUp,
      organisation: {
        id: partnerOrganisations.id,
        name: partnerOrganisations.name,
        slug: partnerOrganisations.slug,
      },
      members,
    })
    .from(partnerWhitelist)
    .leftJoin(partnerOrganisations, eq(partnerOrganisations.id, partnerWhitelist.organisationId))
    .where(id ? eq(partnerWhitelist.id, id) : undefined)
    .orderBy(asc(lower(partnerWhitelist.partnerName)), asc(lower(partnerWhitelist.email)));
  return rows.map((row) => ({
    id: row.entry.id,
    email: row.entry.email,
    partnerName: row.entry.partnerName,
    addedBy: row.addedBy,
    addedAt: row.entry.addedAt.toISOString(),
    updatedAt: row.entry.updatedAt.toISOString(),
    signedUp: row.signedUp,
    organisation: row.organisation ? { ...row.organisation, members: Number(row.members) } : null,
  }));
}

export function listWhitelist(db: Executor): Promise<WhitelistEntry[]> {
  return whitelistEntries(db);
}

async function oneEntry(db: Executor, id: string): Promise<WhitelistEntry> {
  const [entry] = await whitelistEntries(db, id);
  if (!entry) throw whitelistMissing();
  return entry;
}

/**
 * Adds an address to the whitelist; once that is committed, the address gets the invitation e-mail
 * with the partner sign-up link (the `partner.invited` event, ADR 033). Only the first add sends:
 * changing an entry sends nothing, and the admin's "Send again" is resendWhitelistInvitation.
 */
export async function addWhitelistEntry(
  db: Database,
  { input, actor, origin }: { input: WhitelistEntryRequest; actor: Actor; origin: RequestOrigin },
): Promise<WhitelistEntry> {
  return transaction(db, async (tx) => {
    const [row] = await tx
      .insert(partnerWhitelist)
      .values({ email: input.email, partnerName: input.partnerName, addedByUserId: actor.id })
      .onConflictDoNothing()
      .returning({ id: partnerWhitelist.id });
    if (!row) throw whitelistTaken();
    await audit(tx, {
      action: "admin.partner_whitelist_add",
      actorUserId: actor.id,
      details: { entryId: row.id, email: input.email, partnerName: input.partnerName },
      ...origin,
    });
    const entry = await oneEntry(tx, row.id);
    recordEntryInvitation(tx, entry);
    return entry;
  });
}

/** The invitation of an entry, naming the organisation it joins (or its partner name, before one exists). */
function recordEntryInvitation(tx: Executor, entry: WhitelistEntry): void {
  recordEvent(tx, {
    type: "partner.invited",
    entryId: entry.id,
    to: entry.email,
    organisation: entry.organisation?.name ?? entry.partnerName,
    invitedBy: null,
    locale: invitationLocale,
  });
}

/** The admin's "Send again": the invitation once more, for an entry whose address has not signed up. */
export async function resendWhitelistInvitation(
  db: Database,
  { id, actor, origin }: { id: string; actor: Actor; origin: RequestOrigin },
): Promise<void> {
  if (!uuidPattern.test(id)) throw whitelistMissing();
  await transaction(db, async (tx) => {
    const [entry] = await whitelistEntries(tx, id);
    if (!entry) throw whitelistMissing();
    if (entry.signedUp) throw refuse("partner.whitelist-signed-up");
    await audit(tx, {
      action: "admin.partner_whitelist_invite",
      actorUserId: actor.id,
      details: { entryId: id, email: entry.email },
      ...origin,
    });
    recordEntryInvitation(tx, entry);
  });
}

export async function updateWhitelistEntry(
  db: Database,
  {
    id,
    input,
    actor,
    origin,
  }: { id: string; input: WhitelistEntryRequest; actor: Actor; origin: RequestOrigin },
): Promise<WhitelistEntry> {
  if (!uuidPattern.test(id)) throw whitelistMissing();
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(partnerWhitelist)
      .where(eq(partnerWhitelist.id, id))
      .for("update");
    if (!before) throw whitelistMissing();
    const [clash] = await tx
      .select({ id: partnerWhitelist.id })
      .from(partnerWhitelist)
      .where(
        and(
          eq(lower(partnerWhitelist.email), input.email.toLowerCase()),
          sql`${partnerWhitelist.id} <> ${id}`,
        ),
      )
      .limit(1);
    if (clash) throw whitelistTaken();
    await tx
      .update(partnerWhitelist)
      .set({ email: input.email, partnerName: input.partnerName, updatedAt: new Date() })
      .where(eq(partnerWhitelist.id, id));
    await audit(tx, {
      action: "admin.partner_whitelist_update",
      actorUserId: actor.id,
      details: {
        entryId: id,
        before: { email: before.email, partnerName: before.partnerName },
        after: input,
      },
      ...origin,
    });
    return oneEntry(tx, id);
  });
}

/** Removes an entry: its address may no longer sign up; an account made with it stays a partner. */
export async function removeWhitelistEntry(
  db: Database,
  id: string,
  actor: Actor,
  origin: RequestOrigin,
): Promise<void> {
  if (!uuidPattern.test(id)) throw whitelistMissing();
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(partnerWhitelist).where(eq(partnerWhitelist.id, id)).returning();
    if (!removed) throw whitelistMissing();
    await audit(tx, {
      action: "admin.partner_whitelist_remove",
      actorUserId: actor.id,
      details: { entryId: id, email: removed.email, partnerName: removed.partnerName },
      ...origin,
    });
  });
}

/** Every organisation, for the admin (the choices of the create-profiles call's partnerId). */
export async function listOrganisations(db: Executor): Promise<AdminOrganisation[]> {
  const rows = await db
    .select({
      id: partnerOrganisations.id,
      name: partnerOrganisations.name,
      slug: partnerOrganisations.slug,
      members: sql<number>`(select count(*)::int from ${partnerMembers} m where m.organisation_id = ${partnerOrganisations.id})`,
    })
    .from(partnerOrganisations)
    .orderBy(asc(partnerOrganisations.slug));
  return rows.map((row) => ({ ...row, members: Number(row.members) }));
}

export async function organisationExists(db: Executor, id: string): Promise<boolean> {
  if (!uuidPattern.test(id)) return false;
  const [row] = await db
    .select({ id: partnerOrganisations.id })
    .from(partnerOrganisations)
    .where(eq(partnerOrganisations.id, id));
  return !!row;
}
