// /api/admin/partner-whitelist: the addresses that may sign up as partners (admin area; the guard is
// server/http/guards.ts), and /api/admin/partner-organisations, the organisations they made. Every
// change is audited by the domain (server/domain/partners/whitelist.ts). A new address receives its
// invitation e-mail, and the admin may send it again.
import { Hono } from "hono";
import {
  whitelistEntryRequestSchema,
  type AdminOrganisationList,
  type WhitelistList,
} from "../../../contract/partners";
import type { Database } from "../../db/client";
import {
  addWhitelistEntry,
  listOrganisations,
  listWhitelist,
  removeWhitelistEntry,
  resendWhitelistInvitation,
  updateWhitelistEntry,
} from "../../domain/partners";
import { requestOrigin } from "../../http/auth";
import type { SignedInEnv } from "../../http/guards";
import { readJson } from "../../http/errors";

export function adminPartnerRoutes({ db }: { db: Database }) {
  return new Hono<SignedInEnv>()
    .get("/partner-whitelist", async (c) =>
      c.json({ entries: await listWhitelist(db) } satisfies WhitelistList),
    )
    .post("/partner-whitelist", async (c) => {
      const input = await readJson(c, whitelistEntryRequestSchema);
      const entry = await addWhitelistEntry(db, {
        input,
        actor: c.get("viewer"),
        origin: requestOrigin(c),
      });
      return c.json({ entry }, 201);
    })
    .post("/partner-whitelist/:id/invitation", async (c) => {
      await resendWhitelistInvitation(db, {
        id: c.req.param("id"),
        actor: c.get("viewer"),
        origin: requestOrigin(c),
      });
      return c.body(null, 204);
    })
    .put("/partner-whitelist/:id", async (c) => {
      // The body is checked before the id is looked up: a bad body is a 400 whatever the id.
      const input = await readJson(c, whitelistEntryRequestSchema);
      const entry = await updateWhitelistEntry(db, {
        id: c.req.param("id"),
        input,
        actor: c.get("viewer"),
        origin: requestOrigin(c),
      });
      return c.json({ entry });
    })
    .delete("/partner-whitelist/:id", async (c) => {
      await removeWhitelistEntry(db, c.req.param("id"), c.get("viewer"), requestOrigin(c));
      return c.body(null, 204);
    })
    .get("/partner-organisations", async (c) =>
      c.json({ organisations: await listOrganisations(db) } satisfies AdminOrganisationList),
    );
}
