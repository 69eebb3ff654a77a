// The creditor, the company's invoicing identity: the admin reads and saves it (mounted in the admin
// area; the guard is server/http/guards.ts). Rules: contract/creditor.ts; storage: server/domain/billing/creditor.ts.
import { Hono } from "hono";
import { creditorInputSchema, type Creditor, type CreditorAnswer } from "../../../contract/creditor";
import type { Database } from "../../db/client";
import { activeCreditor, saveCreditor } from "../../domain/billing";
import { requestOrigin } from "../../http/auth";
import type { SignedInEnv } from "../../http/guards";
import { readJson } from "../../http/errors";

export function adminCreditorRoutes({ db }: { db: Database }) {
  return new Hono<SignedInEnv>()
    .get("/creditor", async (c) => c.json({ creditor: await activeCreditor(db) } satisfies CreditorAnswer))
    .put("/creditor", async (c) => {
      const input = await readJson(c, creditorInputSchema);
      const creditor = await saveCreditor(db, input, c.get("viewer"), requestOrigin(c));
      return c.json(creditor satisfies Creditor);
    });
}
