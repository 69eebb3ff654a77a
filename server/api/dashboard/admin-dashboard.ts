// GET /api/admin/dashboard: the admin home's figures (admin area; the guard is server/http/guards.ts).
import { Hono } from "hono";
import type { AdminDashboard } from "../../../contract/admin-dashboard";
import type { Database } from "../../db/client";
import { adminDashboard } from "../../domain/dashboard";
import type { SignedInEnv } from "../../http/guards";

export function adminDashboardRoutes({ db }: { db: Database }) {
  return new Hono<SignedInEnv>().get("/dashboard", async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json((await adminDashboard(db)) satisfies AdminDashboard);
  });
}
