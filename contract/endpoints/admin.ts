// The admin's dashboard: the figures of the site at a glance.
import { adminDashboardSchema } from "../admin-dashboard";
import type { Endpoint } from "./endpoint";

export const adminEndpoints = [
  {
    method: "get",
    path: "/api/admin/dashboard",
    summary:
      "The admin home's figures for today and this month in Swedish time, each with its last 30 days: sign-ups, " +
      "pages claimed, trials started (free and extended), paid orders and their money by method (öre), overdue " +
      "invoices and what they still ask for, and every page by status (admin only).",
    auth: true,
    responses: { 200: { description: "The figures", schema: adminDashboardSchema } },
  },
] as const satisfies readonly Endpoint[];
