// A customer's own data (ADR 016): GET /api/kammare/account/export (all of it, as a ZIP streamed as
// it is made) and POST /api/kammare/account/delete (after the password again). In the customer area:
// its guard has made sure a customer is signed in; these act on that customer only.
import { Hono } from "hono";
import { accountDeletedSchema, deleteAccountRequestSchema } from "../../../contract/account";
import { readAnalyticsConsent } from "../../../contract/consent";
import { exportAccountData, deleteOwnAccount, type ErasureDeps } from "../../domain/privacy";
import { clearSessionCookie, requestOrigin } from "../../http/auth";
import { readJson } from "../../http/errors";
import type { SignedInEnv } from "../../http/guards";

export function accountRoutes(deps: ErasureDeps) {
  return new Hono<SignedInEnv>()
    .get("/account/export", async (c) => {
      const viewer = c.get("viewer");
      const data = await exportAccountData(deps, viewer.id, {
        analyticsConsent: readAnalyticsConsent(c.req.header("cookie")),
        origin: requestOrigin(c),
      });
      return c.body(data.stream, 200, {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="${data.fileName}"`,
        "Cache-Control": "private, no-store",
      });
    })
    .post("/account/delete", async (c) => {
      const { password } = await readJson(c, deleteAccountRequestSchema);
      const result = await deleteOwnAccount(deps, c.get("viewer"), password, requestOrigin(c));
      clearSessionCookie(c);
      return c.json(accountDeletedSchema.parse(result));
    });
}
