// GET /api/kammare/photos/download?profileId=: "Download all photos", every original of the page's
// albums as one ZIP, streamed as it is read from the store (never held whole: 500 photos of 25 MB are
// 12 GB). Stored, not deflated: JPEGs do not compress. Names `Album title/001 caption.jpg`.
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { Hono } from "hono";
import { ZipFile } from "yazl";
import { photosDownloadQuerySchema } from "../../../contract/photos";
import type { Database } from "../../db/client";
import { photoArchive, type ArchiveEntry } from "../../domain/pictures";
import type { SignedInEnv } from "../../http/guards";
import { readQuery } from "../../http/errors";
import type { ImageStore } from "../../providers/images";

/** One original as a Node stream, opened only when the ZIP reaches it. */
async function openOriginal(images: ImageStore, entry: ArchiveEntry): Promise<NodeJS.ReadableStream> {
  if (images.open) {
    const found = await images.open(entry.key);
    if (!found) throw new Error(`photo original missing from the store: ${entry.key}`);
    return Readable.fromWeb(found.body as WebReadableStream<Uint8Array>);
  }
  const found = await images.get(entry.key);
  if (!found) throw new Error(`photo original missing from the store: ${entry.key}`);
  return Readable.from([found.data]);
}

export function photoDownloadRoutes({ db, images }: { db: Database; images: ImageStore }) {
  return new Hono<SignedInEnv>().get("/photos/download", async (c) => {
    const { profileId } = readQuery(c, photosDownloadQuerySchema);
    const archive = await photoArchive(db, { profileId }, c.get("viewer"));
    const logger = c.get("logger");
    const zip = new ZipFile();
    // A file that cannot be read ends the answer broken (the download fails), never a ZIP missing it.
    zip.on("error", (error: unknown) => {
      (zip.outputStream as Readable).destroy(error instanceof Error ? error : new Error(String(error)));
    });
    for (const entry of archive.entries) {
      zip.addReadStreamLazy(
        entry.name,
        { compress: false, size: entry.bytes, mtime: entry.modified },
        (done) => {
          openOriginal(images, entry).then(
            (stream) => done(null, stream),
            (error: unknown) => {
              // The answer has begun: the ZIP ends broken, and the log says which file was missing.
              logger.error({ err: error, profileId, key: entry.key }, "photo download failed");
              done(error, Readable.from([]));
            },
          );
        },
      );
    }
    let total: number | null = null;
    zip.end({ forceZip64Format: false, comment: "" }, (size?: number) => {
      if (typeof size === "number" && size >= 0) total = size;
    });
    const body = Readable.toWeb(zip.outputStream as Readable) as unknown as ReadableStream<Uint8Array>;
    const filename = `photos-${archive.profileId}.zip`;
    return c.body(body, 200, {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${filename}"`,
      ...(total === null ? {} : { "Content-Length": String(total) }),
    });
  });
}
