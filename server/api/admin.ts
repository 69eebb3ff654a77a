// /api/admin: the admin check and the user tool. Every call but the check needs the admin role.
import { Hono } from "hono";
import {
  adminSetPasswordRequestSchema,
  userFetchRequestSchema,
  type AdminCheckResponse,
  type AdminUser,
} from "../../contract/auth";
import type { Database } from "../db/client";
import { adminFetchUser, adminSetPassword } from "../domain/accounts";
import { requestOrigin, requireAdmin, requireViewer } from "../http/auth";
import type { ApiEnv } from "../http/env";
import { readJson } from "../http/errors";

export function adminRoutes({ db }: { db: Database }) {
  return new Hono<ApiEnv>()
    .get("/check", (c) => {
      const viewer = requireViewer(c);
      return c.json({ admin: viewer.user.roles.includes("admin") } satisfies AdminCheckResponse);
    })
    .post("/user-fetch", async (c) => {
      const admin = requireAdmin(c);
      const { email } = await readJson(c, userFetchRequestSchema);
      return c.json((await adminFetchUser(db, admin.user, email, requestOrigin(c))) satisfies AdminUser);
    })
    .patch("/user", async (c) => {
      const admin = requireAdmin(c);
      const input = await readJson(c, adminSetPasswordRequestSchema);
      await adminSetPassword(db, admin.user, input, requestOrigin(c));
      return c.json({ success: true as const });
    });
}
