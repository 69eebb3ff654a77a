// /api/kammare/orders/{orderNumber}/receipt.pdf: a paid order's receipt (or a renewal's, KM-000123-2),
// for its customer or an admin
// (the area's guard has made sure someone is signed in; who may see it is the domain's one check).
import { Hono } from "hono";
import { receiptNumberSchema } from "../../../contract/orders";
import type { Database } from "../../db/client";
import { receiptForViewer, type Seller } from "../../domain/billing";
import { invalidInput } from "../../http/errors";
import type { SignedInEnv } from "../../http/guards";

export type ReceiptDeps = { db: Database; seller: Seller };

export function receiptRoutes({ db, seller }: ReceiptDeps) {
  return new Hono<SignedInEnv>().get("/orders/:orderNumber/receipt.pdf", async (c) => {
    const parsed = receiptNumberSchema.safeParse(c.req.param("orderNumber"));
    if (!parsed.success) throw invalidInput({ orderNumber: parsed.error.issues[0]?.message ?? "" });
    const receipt = await receiptForViewer(db, seller, parsed.data, c.get("viewer"));
    return c.body(new Uint8Array(receipt.content), 200, {
      "Content-Type": receipt.contentType,
      "Content-Disposition": `attachment; filename="${receipt.filename}"`,
      // The customer's own document: never kept by a shared cache.
      "Cache-Control": "private, no-store",
    });
  });
}
