// The admin dashboard (/admin): today's and this month's figures, in Swedish time, with a
// 30-day series per figure for its small chart. GET /api/admin/dashboard.
import { orderMethods } from "./orders";
import { profileStatuses } from "./profile-values";
import { z } from "./zod";

/** Days in each figure's series: today and the 29 before it. */
export const dashboardDays = 30;

const count = z.number().int().min(0);

export const dashboardFigureSchema = z.object({
  today: count,
  month: count,
  /** One number per day, oldest first, today last (dashboardDays of them). */
  days: z.array(count),
});
export type DashboardFigure = z.infer<typeof dashboardFigureSchema>;

export const dashboardFigureNames = ["signups", "claims", "trials", "conversions"] as const;
export type DashboardFigureName = (typeof dashboardFigureNames)[number];

const byMethod = z.object(
  Object.fromEntries(orderMethods.map((method) => [method, count])) as Record<
    (typeof orderMethods)[number],
    typeof count
  >,
);

export const adminDashboardSchema = z.object({
  /** The Swedish calendar day the figures are for (YYYY-MM-DD), and its month's first day. */
  today: z.string(),
  monthStart: z.string(),
  /** New accounts, pages claimed, trials started (free and extended), paid orders. */
  figures: z.object({
    signups: dashboardFigureSchema,
    claims: dashboardFigureSchema,
    trials: dashboardFigureSchema,
    conversions: dashboardFigureSchema,
  }),
  /** Money taken by paid orders, in öre, by how it was paid; days are all methods together. */
  revenue: z.object({
    currency: z.literal("SEK"),
    today: byMethod,
    month: byMethod,
    days: z.array(count),
  }),
  /** Unpaid invoices past their due date (Swedish calendar), and what they still ask for in öre. */
  overdueInvoices: z.object({ count, amountOre: count }),
  /** Memories waiting for their page's owner to read them, and reports waiting for an admin's decision. */
  memories: z.object({ pending: count, openReports: count }),
  /** Every page by status (the counts the status triggers keep). */
  profilesByStatus: z.object(
    Object.fromEntries(profileStatuses.map((status) => [status, count])) as Record<
      (typeof profileStatuses)[number],
      typeof count
    >,
  ),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
