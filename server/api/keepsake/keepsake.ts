// The keepsake's calls (ADR 045): GET /api/kammare/keepsake (the ZIP, streamed as it is made), GET
// /api/kammare/keepsake/book (the memorial book's PDF in A4 or A5) and POST /api/kammare/keepsake/links
// (the e-mail of links asked before an account is deleted). In the customer area behind its guard; the
// domain decides who may have a page's keepsake.
import { Hono } from "hono";
import {
  keepsakeBookQuerySchema,
  keepsakeLinksAnswerSchema,
  keepsakeLinksRequestSchema,
  keepsakeQuerySchema,
} from "../../../contract/keepsake";
import type { Database } from "../../db/client";
import {
  bookFileName,
  keepsakeContent,
  keepsakeZip,
  memorialBook,
  sendKeepsakeLinks,
} from "../../domain/keepsake";
import type { SignedInEnv } from "../../http/guards";
import { readJson, readQuery } from "../../http/errors";
import type { EmailSender } from "../../providers/email/types";
import type { ImageStore } from "../../providers/images";

export function keepsakeRoutes({
  db,
  images,
  email,
  publicUrl,
}: {
  db: Database;
  images: ImageStore;
  email: EmailSender;
  publicUrl: string;
}) {
  return new Hono<SignedInEnv>()
    .get("/keepsake", async (c) => {
      const { profileId } = readQuery(c, keepsakeQuerySchema);
      const keepsake = await keepsakeContent(db, { profileId }, c.get("viewer"));
      const logger = c.get("logger");
      const body = keepsakeZip(images, keepsake, {
        pageUrl: `${publicUrl}/k/${keepsake.profileId}`,
        now: new Date(),
        // The answer is already under way: a file that cannot be read ends it broken (the download
        // fails rather than keeping a ZIP without it), and the log says which.
        onError: (key, error) => logger.error({ err: error, profileId, key }, "keepsake download failed"),
      });
      return c.body(body, 200, {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="keepsake-${keepsake.profileId}.zip"`,
        "Cache-Control": "private, no-store",
      });
    })
    .get("/keepsake/book", async (c) => {
      const { profileId, size } = readQuery(c, keepsakeBookQuerySchema);
      const keepsake = await keepsakeContent(db, { profileId }, c.get("viewer"));
      const pdf = await memorialBook(images, keepsake, size);
      return c.body(new Uint8Array(pdf), 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${keepsake.profileId}-${bookFileName(size)}"`,
        "Cache-Control": "private, no-store",
      });
    })
    .post("/keepsake/links", async (c) => {
      await readJson(c, keepsakeLinksRequestSchema);
      const answer = await sendKeepsakeLinks({ db, email, publicUrl }, c.get("viewer"));
      return c.json(keepsakeLinksAnswerSchema.parse(answer));
    });
}
