// /api/admin/address-labels…: the address PDF maker's preview, PDF, awaiting list and "plaques sent"
// (admin area; the guard is server/http/guards.ts). A bad list is a 400 naming every bad block, row or
// page, and nothing is made.
import { Hono, type Context } from "hono";
import {
  addressLabelsRequestSchema,
  plaquesSentRequestSchema,
  type AddressLabelsError,
  type AddressLabelsParsedRequest,
} from "../../../contract/address-labels";
import { maxAddressInputChars, type PostalAddress } from "../../../contract/addresses";
import type { Database } from "../../db/client";
import {
  labelAddresses,
  labelsPdf,
  labelsPreview,
  listAwaitingPlaques,
  markPlaquesSent,
} from "../../domain/print";
import { requestOrigin } from "../../http/auth";
import type { SignedInEnv } from "../../http/guards";
import { invalidInput, readJson } from "../../http/errors";

export const addressLabelsPreviewPath = "/api/admin/address-labels/preview";
export const addressLabelsPdfPath = "/api/admin/address-labels.pdf";
/**
 * Their body limit: 5,000,000 characters of text, each up to 3 bytes in UTF-8 (å, ä and ö are 2), and
 * a megabyte for the JSON around it. The text's own length is checked as a 400 naming the field.
 */
export const addressLabelsBodyBytes = maxAddressInputChars * 3 + 1024 * 1024;

/** The request's addresses, or the 400 naming every bad block, row or page with its problems. */
async function addressesOf(
  c: Context<SignedInEnv>,
  db: Database,
): Promise<{ request: AddressLabelsParsedRequest; addresses: PostalAddress[] } | Response> {
  const request = await readJson(c, addressLabelsRequestSchema);
  const found = await labelAddresses(db, request);
  if (found.ok) return { request, addresses: found.addresses };
  const error = invalidInput(found.fields);
  return c.json(
    {
      error: { code: error.code, message: error.message, fields: found.fields, problems: found.problems },
    } satisfies AddressLabelsError,
    400,
  );
}

export function adminAddressLabelRoutes({ db }: { db: Database }) {
  return new Hono<SignedInEnv>()
    .post("/address-labels/preview", async (c) => {
      const found = await addressesOf(c, db);
      if (found instanceof Response) return found;
      const { request, addresses } = found;
      return c.json(labelsPreview(addresses, request.layout, request.startPosition));
    })
    .post("/address-labels.pdf", async (c) => {
      const found = await addressesOf(c, db);
      if (found instanceof Response) return found;
      const { request, addresses } = found;
      const pdf = await labelsPdf(addresses, request.layout, request.startPosition);
      return new Response(new Uint8Array(pdf.content), {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": `attachment; filename="${pdf.filename}"`,
          // Customers' addresses: never kept by a shared cache.
          "Cache-Control": "private, no-store",
        },
      });
    })
    .get("/address-labels/awaiting", async (c) => c.json(await listAwaitingPlaques(db)))
    .post("/address-labels/plaques-sent", async (c) => {
      const { profileIds } = await readJson(c, plaquesSentRequestSchema);
      return c.json(await markPlaquesSent(db, profileIds, c.get("viewer"), requestOrigin(c)));
    });
}
