// POST /api/admin/invoices/bgmax: the admin uploads Bankgirot's BgMax file as the raw request body
// (application/octet-stream or text/plain; the bytes are kept as sent, since the file is ISO-8859-1
// and its SHA-256 is what refuses it a second time). Mounted in the admin area (server/http/guards.ts).
import { Hono } from "hono";
import { maxBgMaxFileBytes, type BgMaxImportSummary } from "../../../contract/bgmax";
import type { Database } from "../../db/client";
import { importBgMax } from "../../domain/invoicing";
import type { SignedInEnv } from "../../http/guards";
import { mediaTypeOf } from "../../http/errors";
import { refuse } from "../../domain/core";

export const bgMaxImportPath = "/api/admin/invoices/bgmax";
/** The body limit for the import: the file itself, nothing around it. */
export const bgMaxImportBodyBytes = maxBgMaxFileBytes;

export type AdminBgMaxDeps = {
  db: Database;
  /** Bankgirot's test files are booked only where the configuration allows it (tests, trials). */
  allowTestFiles?: boolean;
};

const acceptedTypes = new Set(["application/octet-stream", "text/plain"]);

export function adminBgMaxRoutes({ db, allowTestFiles }: AdminBgMaxDeps) {
  return new Hono<SignedInEnv>().post("/invoices/bgmax", async (c) => {
    if (!acceptedTypes.has(mediaTypeOf(c))) {
      throw refuse("bgmax.wrong-type");
    }
    const content = Buffer.from(await c.req.arrayBuffer());
    if (content.length === 0) throw refuse("bgmax.empty");
    const summary = await importBgMax(db, content, c.get("viewer"), { allowTestFiles });
    return c.json(summary satisfies BgMaxImportSummary);
  });
}
