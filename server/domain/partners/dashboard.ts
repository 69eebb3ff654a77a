// The partner's dashboard: its figures per month, in Swedish months.
import { and, eq, sql } from "drizzle-orm";
import { dashboardMonths, type PartnerDashboard } from "../../../contract/partners";
import { profileStatuses, type ProfileStatus } from "../../../contract/profile-values";
import type { Executor } from "../../db/client";
import { orders, partnerAttributions, partnerMadePages, profiles } from "../../db/schema";
import { organisationCustomers, organisationProfiles } from "./customers";

/** The business's months are Swedish ones. */
const timeZone = "Europe/Stockholm";
// A literal, not a parameter: GROUP BY must see the very expression of the SELECT list.
const zone = sql.raw(`'${timeZone}'`);

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
        total: sql<number>`count(*)::int`,
        trials: sql<number>`count(*) filter (where ${profiles.trialStartedAt} is not null
          or ${profiles.extendedTrialStartedAt} is not null)::int`,
        paid: sql<number>`count(*) filter (where exists (select 1 from ${orders} o
          where o.profile_id = ${profiles.id} and o.status = 'paid'))::int`,
        made: sql<number>`count(*) filter (where ${partnerAttributions.source} = 'partner_made')::int`,
        sent: sql<number>`count(*) filter (where exists (select 1 from ${partnerMadePages} m
          where m.profile_id = ${profiles.id} and m.sent_at is not null))::int`,
        claimed: sql<number>`count(*) filter (where ${partnerAttributions.source} = 'partner_made'
          and ${profiles.ownerUserId} is not null)::int`,
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
    pagesMade: Number(pages?.made ?? 0),
    pagesSent: Number(pages?.sent ?? 0),
    pagesClaimed: Number(pages?.claimed ?? 0),
    pagesReferred: Number(pages?.total ?? 0) - Number(pages?.made ?? 0),
    revenueByMonth: months.map((month) => ({
      month,
      revenueOre: Number(perMonth.get(month)?.revenue ?? 0),
      payments: Number(perMonth.get(month)?.payments ?? 0),
    })),
  };
}
