// A photo for the database tests that need one without going through the upload (the privacy and
// backup tests): an album (or a visitor's memory) row, a photo row, and small real files in the store
// under the contract's keys, an original and each width in both encodings.
import { createHash, randomUUID } from "node:crypto";
import sharp from "sharp";
import { photoOriginalKey, photoSizeKey, photoStoreKeys } from "../../contract/photo-values";
import type { Executor } from "../../server/db/client";
import { albums, photos } from "../../server/db/schema";
import type { ImageStore } from "../../server/providers/images";

export type PhotoRow = typeof photos.$inferSelect & { keys: string[]; originalSha256: string };

/** An album on the page, titled as given, after the page's others. */
export async function insertAlbum(db: Executor, profileId: string, title = "Photos", position = 0) {
  const [album] = await db.insert(albums).values({ profileId, title, position }).returning();
  if (!album) throw new Error("no album row");
  return album;
}

/** A 640 × 480 JPEG photo in an album (or with a memory), its files written to the store first. */
export async function insertPhoto(
  { db, images }: { db: Executor; images: ImageStore },
  place: { profileId: string; albumId?: string; memoryId?: string; position?: number; caption?: string },
): Promise<PhotoRow> {
  const id = randomUUID();
  const original = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: id.charCodeAt(0) } },
  })
    .jpeg()
    .toBuffer();
  const originalKey = photoOriginalKey(place.profileId, id, "jpg");
  await images.put(originalKey, original, "image/jpeg");
  const sizes = [
    { width: 320, height: 240 },
    { width: 640, height: 480 },
  ];
  for (const { width, height } of sizes) {
    const resized = sharp(original).resize(width, height);
    await images.put(
      photoSizeKey(place.profileId, id, width, "webp"),
      await resized.clone().webp().toBuffer(),
      "image/webp",
    );
    await images.put(
      photoSizeKey(place.profileId, id, width, "avif"),
      await resized.clone().avif().toBuffer(),
      "image/avif",
    );
  }
  const [row] = await db
    .insert(photos)
    .values({
      id,
      profileId: place.profileId,
      albumId: place.albumId ?? null,
      memoryId: place.memoryId ?? null,
      position: place.position ?? 0,
      caption: place.caption ?? "",
      state: place.memoryId ? "pending" : "shown",
      width: 640,
      height: 480,
      sizes,
      originalKey,
      originalType: "image/jpeg",
      originalBytes: original.length,
      bytes: original.length,
    })
    .returning();
  if (!row) throw new Error("no photo row");
  return {
    ...row,
    keys: photoStoreKeys(row),
    originalSha256: createHash("sha256").update(original).digest("hex"),
  };
}
