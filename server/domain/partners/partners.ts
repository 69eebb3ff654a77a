// Partners (issue 12, ADR 014): the admin's whitelist, partner sign-up (through the accounts domain's
// one sign-up), the partner's organisation, and its figures and customers. Every partner query takes
// the caller's organisation id and filters by it in SQL: a partner sees only its own.
import { and, asc, desc, eq, ilike, isNotNull, like, or, sql, type SQL } from "drizzle-orm";
import { type SessionUser, signUp } from "../accounts";
import {
  dashboardMonths,
  partnerMessages,
  referralLink,
  slugFromName,
  type AdminOrganisation,
  type PartnerDashboard,
  type PartnerMe,
  type PartnerUserList,
  type PartnerUserRow,
  type WhitelistEntry,
  type WhitelistEntryRequest,
} from "../../../contract/partners";
import { profileStatuses, type ProfileStatus } from "../../../contract/profile-values";
import type { Database, Executor } from "../../db/client";
import {
  orders,
  partnerAttributions,
  partnerMembers,
  partnerOrganisations,
  partnerWhitelist,
  profiles,
  users,
} from "../../db/schema";
import { audit, type RequestOrigin, DomainError, type Actor } from "../core";

/** The business's months are Swedish ones. */
const timeZone = "Europe/Stockholm";
// A literal, not a parameter: GROUP BY must see the very expression of the SELECT list.
const zone = sql.raw(`'${timeZone}'`);

type OrganisationRow = typeof partnerOrganisations.$inferSelect;
type WhitelistRow = typeof partnerWhitelist.$inferSelect;

const lower = (column: SQL | typeof partnerWhitelist.email | typeof partnerWhitelist.partnerName) =>
  sql`lower(${column})`;

// --- Whitelist (admin) ---------------------------------------------------------------------------

const whitelistMissing = () => new DomainError("not_found", partnerMessages.whitelistEntryMissing, "id");
const whitelistTaken = () => new DomainError("conflict", partnerMessages.whitelistEmailTaken, "email");

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

export async function addWhitelistEntry(
  db: Database,
  input: WhitelistEntryRequest,
  actor: Actor,
  origin: RequestOrigin,
): Promise<WhitelistEntry> {
  return db.transaction(async (tx) => {
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
    return oneEntry(tx, row.id);
  });
}

export async function updateWhitelistEntry(
  db: Database,
  id: string,
  input: WhitelistEntryRequest,
  actor: Actor,
  origin: RequestOrigin,
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

// --- Sign-up -------------------------------------------------------------------------------------

async function whitelistEntryFor(db: Executor, email: string): Promise<WhitelistRow | null> {
  const [row] = await db
    .select()
    .from(partnerWhitelist)
    .where(eq(lower(partnerWhitelist.email), email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** A slug free now: the name's, else with "-2", "-3"… (the unique index settles a race). */
async function freeSlug(tx: Executor, name: string): Promise<string> {
  const base = slugFromName(name);
  const taken = new Set(
    (
      await tx
        .select({ slug: partnerOrganisations.slug })
        .from(partnerOrganisations)
        .where(or(eq(partnerOrganisations.slug, base), like(partnerOrganisations.slug, `${base}-%`)))
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix++) if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
}

/**
 * Puts a new partner in the organisation of its whitelist entry's partner name: the one an entry of
 * that name (any case) already led to, else a new one (name unset, slug from the partner name).
 */
async function joinOrganisation(
  tx: Executor,
  user: SessionUser,
  entry: WhitelistRow,
): Promise<{ organisationId: string; created: boolean }> {
  // Two colleagues signing up at once must end in one organisation, not two.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`partner-organisation:${entry.partnerName.toLowerCase()}`}))`,
  );
  const [current] = await tx
    .select({ organisationId: partnerWhitelist.organisationId })
    .from(partnerWhitelist)
    .where(eq(partnerWhitelist.id, entry.id));
  const [sameName] = await tx
    .select({ organisationId: partnerWhitelist.organisationId })
    .from(partnerWhitelist)
    .where(
      and(
        eq(lower(partnerWhitelist.partnerName), entry.partnerName.toLowerCase()),
        isNotNull(partnerWhitelist.organisationId),
      ),
    )
    .orderBy(asc(partnerWhitelist.addedAt))
    .limit(1);
  let organisationId = current?.organisationId ?? sameName?.organisationId ?? null;
  let created = false;
  if (!organisationId) {
    const slug = await freeSlug(tx, entry.partnerName);
    const [row] = await tx
      .insert(partnerOrganisations)
      .values({ slug, contactEmail: user.email })
      .returning({ id: partnerOrganisations.id });
    if (!row) throw new Error("the organisation was not created");
    organisationId = row.id;
    created = true;
  }
  await tx.update(partnerWhitelist).set({ organisationId }).where(eq(partnerWhitelist.id, entry.id));
  await tx.insert(partnerMembers).values({ userId: user.id, organisationId });
  return { organisationId, created };
}

/**
 * A partner's sign-up: only for an address on the whitelist, through the accounts domain's sign-up
 * (argon2id, the one e-mail uniqueness rule), with the partner role only. Any other address is refused
 * with one message, after the same hashing, so the refusal says nothing about the list.
 */
export async function partnerSignUp(
  db: Database,
  input: { email: string; password: string },
  origin: RequestOrigin,
): Promise<SessionUser> {
  let entry: WhitelistRow | null = null;
  return signUp(db, input, origin, {
    roles: ["partner"],
    admit: async () => {
      entry = await whitelistEntryFor(db, input.email);
      if (!entry) {
        await audit(db, { action: "partner.signup_refused", details: { notOnWhitelist: true }, ...origin });
        throw new DomainError("forbidden", partnerMessages.signupRefused, "email");
      }
    },
    onCreated: async (tx, user) => {
      if (!entry) throw new DomainError("forbidden", partnerMessages.signupRefused, "email");
      const { organisationId, created } = await joinOrganisation(tx, user, entry);
      await audit(tx, {
        action: "partner.signup",
        actorUserId: user.id,
        targetUserId: user.id,
        details: { organisationId, createdOrganisation: created, whitelistEntryId: entry.id },
        ...origin,
      });
    },
  });
}

// --- The partner's organisation ------------------------------------------------------------------

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
  if (!organisation) throw new DomainError("not_found", partnerMessages.noOrganisation);
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
  viewer: { id: string; email: string },
  name: string,
  origin: RequestOrigin,
  publicUrl: string,
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

// --- Dashboard -----------------------------------------------------------------------------------

/** "YYYY-MM" of the last `count` months in Swedish time, oldest first, the month of `now` last. */
export function lastMonths(now: Date, count = dashboardMonths): string[] {
  const [year = 0, month = 1] = new Intl.DateTimeFormat("sv-SE", {
    timeZone,
    year: "numeric",
    month: "2-digit",
  })
    .format(now)
    .split("-")
    .map(Number);
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const index = year * 12 + (month - 1) - back;
    months.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`);
  }
  return months;
}

/** The organisation's pages: those attributed to it. */
const organisationProfiles = (organisationId: string) =>
  and(eq(partnerAttributions.organisationId, organisationId), eq(partnerAttributions.profileId, profiles.id));

export async function partnerDashboard(
  db: Executor,
  organisationId: string,
  now = new Date(),
): Promise<PartnerDashboard> {
  const months = lastMonths(now);
  const [first = ""] = months;
  const since = sql`(${`${first}-01`}::timestamp at time zone ${zone})`;
  const paidMonth = sql<string>`to_char(${orders.paidAt} at time zone ${zone}, 'YYYY-MM')`;

  const [byStatus, [pages], [customers], revenue] = await Promise.all([
    db
      .select({ status: profiles.status, count: sql<number>`count(*)::int` })
      .from(partnerAttributions)
      .innerJoin(profiles, organisationProfiles(organisationId))
      .groupBy(profiles.status),
    db
      .select({
        trials: sql<number>`count(*) filter (where ${profiles.trialStartedAt} is not null
          or ${profiles.extendedTrialStartedAt} is not null)::int`,
        paid: sql<number>`count(*) filter (where exists (select 1 from ${orders} o
          where o.profile_id = ${profiles.id} and o.status = 'paid'))::int`,
        revenueTotal: sql<string>`coalesce((select sum(o.amount_ore) from ${orders} o
          join ${partnerAttributions} a on a.profile_id = o.profile_id
          where a.organisation_id = ${organisationId} and o.status = 'paid'), 0)::bigint`,
      })
      .from(partnerAttributions)
      .innerJoin(profiles, organisationProfiles(organisationId)),
    db.select({ count: sql<number>`count(*)::int` }).from(organisationCustomers(db, organisationId)),
    db
      .select({
        month: paidMonth,
        revenue: sql<string>`sum(${orders.amountOre})::bigint`,
        payments: sql<number>`count(*)::int`,
      })
      .from(orders)
      .innerJoin(
        partnerAttributions,
        and(
          eq(partnerAttributions.profileId, orders.profileId),
          eq(partnerAttributions.organisationId, organisationId),
        ),
      )
      .where(and(eq(orders.status, "paid"), sql`${orders.paidAt} >= ${since}`))
      .groupBy(paidMonth),
  ]);

  const profilesByStatus = Object.fromEntries(profileStatuses.map((status) => [status, 0])) as Record<
    ProfileStatus,
    number
  >;
  for (const row of byStatus) profilesByStatus[row.status] = Number(row.count);
  const perMonth = new Map(revenue.map((row) => [row.month, row]));
  return {
    profilesByStatus,
    profiles: Object.values(profilesByStatus).reduce((total, count) => total + count, 0),
    customers: Number(customers?.count ?? 0),
    trialsStarted: Number(pages?.trials ?? 0),
    paidConversions: Number(pages?.paid ?? 0),
    revenueTotalOre: Number(pages?.revenueTotal ?? 0),
    revenueByMonth: months.map((month) => ({
      month,
      revenueOre: Number(perMonth.get(month)?.revenue ?? 0),
      payments: Number(perMonth.get(month)?.payments ?? 0),
    })),
  };
}

// --- Customers -----------------------------------------------------------------------------------

/**
 * The organisation's customers, as a subquery of user ids: those attributed to it, and the owners of
 * its pages.
 */
function organisationCustomers(db: Executor, organisationId: string) {
  return db
    .selectDistinct({ userId: sql<string>`customer_id`.as("user_id") })
    .from(
      sql`(select ${partnerAttributions.userId} as customer_id from ${partnerAttributions}
           where ${partnerAttributions.organisationId} = ${organisationId} and ${partnerAttributions.userId} is not null
           union
           select ${profiles.ownerUserId} from ${partnerAttributions}
           join ${profiles} on ${profiles.id} = ${partnerAttributions.profileId}
           where ${partnerAttributions.organisationId} = ${organisationId} and ${profiles.ownerUserId} is not null)
          as customers`,
    )
    .as("customers");
}

/** Escapes LIKE's wildcards in a typed search. */
function likeText(value: string): string {
  return value.replace(/[\\%_]/g, (found) => `\\${found}`);
}

/** A user's rows: each of their pages attributed to the organisation, or one row without a page. */
function userRows(db: Executor, organisationId: string, search: string | undefined) {
  const customers = organisationCustomers(db, organisationId);
  const pages = db
    .select({
      ownerId: sql<string>`${profiles.ownerUserId}`.as("owner_id"),
      profileId: sql<string>`${profiles.id}`.as("page_id"),
      status: sql<ProfileStatus>`${profiles.status}`.as("page_status"),
      trialEndsAt: sql<Date | null>`${profiles.trialEndsAt}`.as("page_trial_ends_at"),
      paidUntil: sql<Date | null>`${profiles.paidUntil}`.as("page_paid_until"),
      lastPaymentAt: sql<Date | null>`(select max(o.paid_at) from ${orders} o
        where o.profile_id = ${profiles.id} and o.status = 'paid')`.as("page_last_payment_at"),
    })
    .from(partnerAttributions)
    .innerJoin(profiles, organisationProfiles(organisationId))
    .as("pages");
  const filters: SQL[] = [];
  if (search) {
    const code = search.toUpperCase();
    const matches = or(ilike(users.email, `%${likeText(search)}%`), eq(pages.profileId, code));
    if (matches) filters.push(matches);
  }
  return { customers, pages, where: filters.length ? and(...filters) : undefined };
}

const toRow = (row: {
  userId: string;
  email: string;
  signedUpAt: Date;
  profileId: string | null;
  status: ProfileStatus | null;
  trialEndsAt: Date | string | null;
  paidUntil: Date | string | null;
  lastPaymentAt: Date | string | null;
}): PartnerUserRow => {
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    userId: row.userId,
    email: row.email,
    signedUpAt: row.signedUpAt.toISOString(),
    profileId: row.profileId,
    status: row.status,
    trialEndsAt: iso(row.trialEndsAt),
    paidUntil: iso(row.paidUntil),
    lastPaymentAt: iso(row.lastPaymentAt),
  };
};

function selectUserRows(db: Executor, organisationId: string, search: string | undefined) {
  const { customers, pages, where } = userRows(db, organisationId, search);
  return db
    .select({
      userId: users.id,
      email: users.email,
      signedUpAt: users.createdAt,
      profileId: pages.profileId,
      status: pages.status,
      trialEndsAt: pages.trialEndsAt,
      paidUntil: pages.paidUntil,
      lastPaymentAt: pages.lastPaymentAt,
    })
    .from(customers)
    .innerJoin(users, eq(users.id, customers.userId))
    .leftJoin(pages, eq(pages.ownerId, users.id))
    .where(where)
    .orderBy(desc(users.createdAt), asc(users.id), asc(pages.profileId));
}

export async function partnerUsers(
  db: Executor,
  organisationId: string,
  query: { q?: string; page: number; pageSize: number },
): Promise<PartnerUserList> {
  const { customers, pages, where } = userRows(db, organisationId, query.q);
  const [rows, [counted]] = await Promise.all([
    selectUserRows(db, organisationId, query.q)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(customers)
      .innerJoin(users, eq(users.id, customers.userId))
      .leftJoin(pages, eq(pages.ownerId, users.id))
      .where(where),
  ]);
  return {
    rows: rows.map(toRow),
    total: Number(counted?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Every row of the search, for the CSV export. */
export async function allPartnerUsers(
  db: Executor,
  organisationId: string,
  search: string | undefined,
): Promise<PartnerUserRow[]> {
  return (await selectUserRows(db, organisationId, search)).map(toRow);
}
