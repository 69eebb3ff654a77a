// The partner's customers: the accounts its referrals brought, with their pages (the organisation's
// own, searched and paged in SQL) and how many memories each page has (a count, never the memories:
// counted here on the table, as the memories feature sits above this one).
import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { PartnerUserList, PartnerUserRow } from "../../../contract/partners";
import type { ProfileStatus } from "../../../contract/profile-values";
import type { Executor } from "../../db/client";
import { memories, orders, partnerAttributions, partnerMadePages, profiles, users } from "../../db/schema";

/** The organisation's pages: those its referrals were attributed to. */
export const organisationProfiles = (organisationId: string) =>
  and(eq(partnerAttributions.organisationId, organisationId), eq(partnerAttributions.profileId, profiles.id));

/**
 * The organisation's customers, as a subquery of user ids: those attributed to it, and the owners of
 * its pages.
 */
export function organisationCustomers(db: Executor, organisationId: string) {
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
      name: sql<string | null>`nullif(trim(${profiles.content}->>'displayName'), '')`.as("page_name"),
      status: sql<ProfileStatus>`${profiles.status}`.as("page_status"),
      trialEndsAt: sql<Date | null>`${profiles.trialEndsAt}`.as("page_trial_ends_at"),
      paidUntil: sql<Date | null>`${profiles.paidUntil}`.as("page_paid_until"),
      lastPaymentAt: sql<Date | null>`(select max(o.paid_at) from ${orders} o
        where o.profile_id = ${profiles.id} and o.status = 'paid')`.as("page_last_payment_at"),
      memories: sql<number>`(select count(*)::int from ${memories} m
        where m.profile_id = ${profiles.id} and m.state <> 'removed')`.as("page_memories"),
      made: sql<boolean>`exists (select 1 from ${partnerMadePages} made
        where made.profile_id = ${profiles.id} and made.organisation_id = ${organisationId})`.as("page_made"),
    })
    .from(partnerAttributions)
    .innerJoin(profiles, organisationProfiles(organisationId))
    .as("pages");
  const filters: SQL[] = [];
  if (search) {
    const code = search.toUpperCase();
    const matches = or(
      ilike(users.email, `%${likeText(search)}%`),
      eq(pages.profileId, code),
      ilike(pages.name, `%${likeText(search)}%`),
    );
    if (matches) filters.push(matches);
  }
  return { customers, pages, where: filters.length ? and(...filters) : undefined };
}

const toRow = (row: {
  userId: string;
  email: string;
  signedUpAt: Date;
  profileId: string | null;
  pageName: string | null;
  status: ProfileStatus | null;
  trialEndsAt: Date | string | null;
  paidUntil: Date | string | null;
  lastPaymentAt: Date | string | null;
  memories: number | string | null;
  made: boolean | null;
}): PartnerUserRow => {
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    userId: row.userId,
    email: row.email,
    signedUpAt: row.signedUpAt.toISOString(),
    profileId: row.profileId,
    pageName: row.profileId === null ? null : row.pageName,
    status: row.status,
    trialEndsAt: iso(row.trialEndsAt),
    paidUntil: iso(row.paidUntil),
    lastPaymentAt: iso(row.lastPaymentAt),
    memories: row.profileId === null ? null : Number(row.memories ?? 0),
    source: row.profileId === null ? null : row.made ? "made" : "referral",
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
      pageName: pages.name,
      status: pages.status,
      trialEndsAt: pages.trialEndsAt,
      paidUntil: pages.paidUntil,
      lastPaymentAt: pages.lastPaymentAt,
      memories: pages.memories,
      made: pages.made,
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
