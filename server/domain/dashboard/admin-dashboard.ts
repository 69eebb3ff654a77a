// The admin dashboard (ADR 015): today's and this month's sign-ups, claims, trials started, paid orders
// and their money by method, overdue invoices, pages by status, and memories and reports waiting (issue
// 24). Days and months are Swedish ones.
// Each figure is one range query on an index of its timestamp (migration 0009), grouped by day over
// at most the last 31 days, so its cost follows the month's rows, not the table's million; pages by
// status come from the counts the status triggers keep.
import { and, count, isNotNull, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { dashboardDays, type AdminDashboard, type DashboardFigure } from "../../../contract/admin-dashboard";
import { addDays, swedishDate } from "../../../contract/calendar-days";
import { orderMethods, type OrderMethod } from "../../../contract/orders";
import { profileStatuses } from "../../../contract/profile-values";
import type { Executor } from "../../db/client";
import { invoices, orders, profileStatusCounts, profiles, users } from "../../db/schema";
import { pastDue } from "../invoicing";
import { memoryFigures } from "../memories";

// A literal, not a parameter: GROUP BY must see the very expression of the SELECT list.
const zone = sql.raw(`'Europe/Stockholm'`);

/** The Swedish day of a timestamp column, as YYYY-MM-DD (a cast, cheaper than to_char). */
const dayOf = (column: PgColumn) => sql<string>`((${column} at time zone ${zone})::date)::text`;

/** The instant a Swedish calendar day starts. */
const startOf = (date: string) => sql`(${date}::timestamp at time zone ${zone})`;

/** `column` within the Swedish days `since` to `until`, both whole: a range the column's index answers. */
const within = (column: PgColumn, since: string, until: string) =>
  sql`${column} >= ${startOf(since)} and ${column} < ${startOf(addDays(until, 1))}`;

/** Rows of `table` per Swedish day of `column`, over the days `since` to `until`. */
async function perDay(
  db: Executor,
  table: PgTable,
  column: PgColumn,
  since: string,
  until: string,
): Promise<Map<string, number>> {
  const day = dayOf(column);
  const rows = await db
    .select({ day, n: sql<number>`count(*)::int` })
    .from(table)
    .where(within(column, since, until))
    .groupBy(day);
  return new Map(rows.map((row) => [row.day, row.n]));
}

/** What happened on each Swedish day of a span. */
type DayCounts = {
  signups: Map<string, number>;
  claims: Map<string, number>;
  trials: Map<string, number>;
  extendedTrials: Map<string, number>;
  paid: { day: string; method: OrderMethod; n: number; ore: number }[];
};

async function countDays(db: Executor, since: string, until: string): Promise<DayCounts> {
  const paidDay = dayOf(orders.paidAt);
  const [signups, claims, trials, extendedTrials, paid] = await Promise.all([
    perDay(db, users, users.createdAt, since, until),
    perDay(db, profiles, profiles.claimedAt, since, until),
    perDay(db, profiles, profiles.trialStartedAt, since, until),
    perDay(db, profiles, profiles.extendedTrialStartedAt, since, until),
    db
      .select({
        day: paidDay,
        method: orders.method,
        n: sql<number>`count(*)::int`,
        ore: sql<number>`coalesce(sum(${orders.amountOre}), 0)::bigint`.mapWith(Number),
      })
      .from(orders)
      // A refunded order (a withdrawal) was paid, then paid back: no revenue.
      .where(
        and(isNotNull(orders.paidAt), ne(orders.status, "refunded"), within(orders.paidAt, since, until)),
      )
      .groupBy(paidDay, orders.method),
  ]);
  return { signups, claims, trials, extendedTrials, paid };
}

/**
 * The finished days are counted once and kept a while, per database: a day that has ended gains no
 * sign-ups, claims or trials (they are stamped when they happen). A payment booked late for an
 * earlier day (a bank file) shows once the history is counted again, within historyTtlMs. Today is
 * always counted live: its rows are few, so each load stays cheap at any table size.
 */
export const historyTtlMs = 10 * 60 * 1000;
const histories = new WeakMap<object, { since: string; until: string; at: number; counts: DayCounts }>();

async function history(db: Executor, since: string, until: string, now: Date): Promise<DayCounts> {
  const kept = histories.get(db);
  if (kept && kept.since === since && kept.until === until && now.getTime() - kept.at < historyTtlMs) {
    return kept.counts;
  }
  const counts = await countDays(db, since, until);
  histories.set(db, { since, until, at: now.getTime(), counts });
  return counts;
}

/** Both spans' counts as one. */
function joined(a: DayCounts, b: DayCounts): DayCounts {
  const merge = (x: Map<string, number>, y: Map<string, number>) => new Map([...x, ...y]);
  return {
    signups: merge(a.signups, b.signups),
    claims: merge(a.claims, b.claims),
    trials: merge(a.trials, b.trials),
    extendedTrials: merge(a.extendedTrials, b.extendedTrials),
    paid: [...a.paid, ...b.paid],
  };
}

/** The dashboard's days, oldest first, and the figure of each from the per-day counts. */
function figure(counts: Map<string, number>[], days: string[], monthStart: string): DashboardFigure {
  const on = (day: string) => counts.reduce((sum, map) => sum + (map.get(day) ?? 0), 0);
  const today = days.at(-1) ?? "";
  let month = 0;
  // The month may have begun before the series: count its days from its first.
  for (let day = monthStart; day <= today; day = addDays(day, 1)) month += on(day);
  return { today: on(today), month, days: days.map(on) };
}

const noMoney = (): Record<OrderMethod, number> =>
  Object.fromEntries(orderMethods.map((method) => [method, 0])) as Record<OrderMethod, number>;

export async function adminDashboard(db: Executor, now = new Date()): Promise<AdminDashboard> {
  const today = swedishDate(now);
  const monthStart = `${today.slice(0, 7)}-01`;
  const days = Array.from({ length: dashboardDays }, (_, index) => addDays(today, index - dashboardDays + 1));
  const first = days[0] ?? today;
  const since = monthStart < first ? monthStart : first;

  const [past, current, [overdue], statusRows, memoryCounts] = await Promise.all([
    history(db, since, addDays(today, -1), now),
    countDays(db, today, today),
    db
      .select({
        n: count(),
        ore: sql<number>`coalesce(sum(${invoices.totalOre} + ${invoices.reminderFeeOre} - ${invoices.paidOre}), 0)::bigint`.mapWith(
          Number,
        ),
      })
      .from(invoices)
      .where(and(pastDue(today), isNotNull(invoices.number), isNull(invoices.creditsInvoiceId)) as SQL),
    db.select().from(profileStatusCounts),
    memoryFigures(db),
  ]);
  const { signups, claims, trials, extendedTrials, paid } = joined(past, current);

  const paidCounts = new Map<string, number>();
  const moneyByDay = new Map<string, number>();
  const todayMoney = noMoney();
  const monthMoney = noMoney();
  for (const row of paid) {
    paidCounts.set(row.day, (paidCounts.get(row.day) ?? 0) + row.n);
    moneyByDay.set(row.day, (moneyByDay.get(row.day) ?? 0) + row.ore);
    if (row.day === today) todayMoney[row.method] += row.ore;
    if (row.day >= monthStart) monthMoney[row.method] += row.ore;
  }
  const byStatus = Object.fromEntries(
    profileStatuses.map((status) => [status, 0]),
  ) as AdminDashboard["profilesByStatus"];
  for (const row of statusRows) byStatus[row.status] = row.count;

  return {
    today,
    monthStart,
    figures: {
      signups: figure([signups], days, monthStart),
      claims: figure([claims], days, monthStart),
      trials: figure([trials, extendedTrials], days, monthStart),
      conversions: figure([paidCounts], days, monthStart),
    },
    revenue: {
      currency: "SEK",
      today: todayMoney,
      month: monthMoney,
      days: days.map((day) => moneyByDay.get(day) ?? 0),
    },
    overdueInvoices: { count: overdue?.n ?? 0, amountOre: overdue?.ore ?? 0 },
    memories: { pending: memoryCounts.pendingMemories, openReports: memoryCounts.openReports },
    profilesByStatus: byStatus,
  };
}
