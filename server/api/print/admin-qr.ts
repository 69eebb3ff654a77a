// /api/admin/qr…: the QR manager's calls (admin area; the guard is server/http/guards.ts): a page's code
// as SVG or PNG, the recent batches, the pages of a batch or a search, and the print sheet PDF.
import { Hono } from "hono";
import {
  adminQrFileSchema,
  adminQrImageQuerySchema,
  qrProfilesQuerySchema,
  qrSheetRequestSchema,
} from "../../../contract/qr";
import type { Database } from "../../db/client";
import { listQrBatches, listQrProfiles, printQrSheet, profileQrCode } from "../../domain/print";
import { requestOrigin } from "../../http/auth";
import { fieldErrors, invalidInput, readJson, readQuery } from "../../http/errors";
import type { SignedInEnv } from "../../http/guards";
import type { QrEncoder } from "../../providers/qr";

export type AdminQrDeps = { db: Database; qr: QrEncoder; publicUrl: string };

export function adminQrRoutes({ db, qr, publicUrl }: AdminQrDeps) {
  return new Hono<SignedInEnv>()
    .get("/qr/batches", async (c) => c.json(await listQrBatches(db)))
    .get("/qr/profiles", async (c) =>
      c.json(await listQrProfiles(db, publicUrl, readQuery(c, qrProfilesQuerySchema))),
    )
    .post("/qr/sheet", async (c) => {
      const request = await readJson(c, qrSheetRequestSchema);
      const sheet = await printQrSheet(
        { db, publicUrl },
        { request, actor: c.get("viewer"), origin: requestOrigin(c) },
      );
      return new Response(new Uint8Array(sheet.pdf), {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": `attachment; filename="${sheet.filename}"`,
          "Cache-Control": "private, no-store",
          "X-Codes": String(sheet.count),
        },
      });
    })
    .get("/qr/:file", async (c) => {
      const { id, format } = readParam(c.req.param("file"));
      const query = readQuery(c, adminQrImageQuerySchema);
      const image = await profileQrCode({ db, qr, publicUrl }, { id, format, ...query }, c.get("viewer"));
      return new Response(image.body, {
        headers: {
          "Content-Type": image.contentType,
          "Content-Disposition": `attachment; filename="${image.filename}"`,
          "Cache-Control": "private, no-store",
        },
      });
    });
}

/** The page and format of ".../qr/K7M2P9QX.svg"; a 400 naming `id` (or `file` for no format) when bad. */
function readParam(file: string) {
  const parsed = adminQrFileSchema.safeParse(file);
  if (parsed.success) return parsed.data;
  const fields = fieldErrors(parsed.error.issues);
  const { body, ...named } = fields;
  throw invalidInput(body === undefined ? named : { ...named, file: body }, "query");
}
