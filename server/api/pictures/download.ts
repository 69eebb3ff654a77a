// GET /api/kammare/photos/download?profileId=: "Download all photos", every original of the page's
// albums as one ZIP, streamed as it is read from the store (never held whole: 500 photos of 25 MB are
// 12 GB). Stored, not deflated: JPEGs do not compress. Names `Album title/001 caption.jpg`.
import { Hono } from "hono";
import { photosDownloadQuerySchema } from "../../../contract/photos";
import type { Database } from "../../db/client";
import { zipStream } from "../../domain/core";
import { photoArchive, type ArchiveEntry } from "../../domain/pictures";
import type { SignedInEnv } from "../../http/guards";
import { readQuery } from "../../http/errors";
import type { ImageStore } from "../../providers/images";

/** One original as a stream, opened only when the ZIP reaches it; a missing one is an error. */
async function openOriginal(
  images: ImageStore,
  entry: ArchiveEntry,
): Promise<ReadableStream<Uint8Array> | Uint8Array> {
  const found = images.open ? (await images.open(entry.key))?.body : (await images.get(entry.key))?.data;
  if (!found) throw new Error(`photo original missing from the store: ${entry.key}`);
  return found;
}

export function photoDownloadRoutes({ db, images }: { db: Database; images: ImageStore }) {
  return new Hono<SignedInEnv>().get("/photos/download", async (c) => {
    const { profileId } = readQuery(c, photosDownloadQuerySchema);
    const archive = await photoArchive(db, { profileId }, c.get("viewer"));
    const logger = c.get("logger");
    const body = zipStream(
      archive.entries.map((entry) => ({
        name: entry.name,
        compress: false,
        modified: entry.modified,
        // A file that cannot be read ends the answer broken (the download fails), never a ZIP
        // missing it; the log says which file it was.
        data: () =>
          openOriginal(images, entry).catch((error: unknown) => {
            logger.error({ err: error, profileId, key: entry.key }, "photo download failed");
            throw error;
          }),
      })),
      new Date(),
    );
    return c.body(body, 200, {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="photos-${archive.profileId}.zip"`,
    });
  });
}
