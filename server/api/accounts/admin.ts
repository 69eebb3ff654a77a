// /api/admin: the admin check (any signed-in user may ask it) and the user tool (admin area).
import { Hono } from "hono";
import {
  adminSetPasswordRequestSchema,
  userFetchRequestSchema,
  type AdminCheckResponse,
  type AdminUser,
} from "../../../contract/auth";
import { accountDeletedSchema, adminEraseAccountRequestSchema } from "../../../contract/account";
import type { Database } from "../../db/client";
import { adminFetchUser, adminSetPassword } from "../../domain/accounts";
import { adminEraseAccount, type ErasureDeps } from "../../domain/privacy";
import { hasRole } from "../../domain/core";
import { requestOrigin } from "../../http/auth";
import type { SignedInEnv } from "../../http/guards";
import { readJson } from "../../http/errors";

/** GET /api/admin/check: how the browser learns whether its user is an admin (spec section 6). */
export function adminCheckRoutes() {
  return new Hono<SignedInEnv>().get("/check", (c) =>
    c.json({ admin: hasRole(c.get("viewer"), "admin") } satisfies AdminCheckResponse),
  );
}

export function adminUserRoutes({ db, erasure }: { db: Database; erasure: ErasureDeps }) {
  return (
    new Hono<SignedInEnv>()
      .post("/user-fetch", async (c) => {
        const { email } = await readJson(c, userFetchRequestSchema);
        return c.json(
          (await adminFetchUser(db, c.get("viewer"), email, requestOrigin(c))) satisfies AdminUser,
        );
      })
      .patch("/user", async (c) => {
        const input = await readJson(c, adminSetPasswordRequestSchema);
        await adminSetPassword(db, c.get("viewer"), input, requestOrigin(c));
        return c.json({ success: true as const });
      })
      // On the customer's request: the same deletion as their own, recorded as the admin's.
      .post("/user/erase", async (c) => {
        const { userId } = await readJson(c, adminEraseAccountRequestSchema);
        const result = await adminEraseAccount(erasure, c.get("viewer"), userId, requestOrigin(c));
        return c.json(accountDeletedSchema.parse(result));
      })
  );
}
