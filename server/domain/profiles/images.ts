// Images added to a profile: who may (the owner, unless the page is suspended, or an admin), how
// many a minute, and the processed variants stored with their row, all or nothing. The image store
// and the processing are passed in (server/providers/images), so tests and other stores swap them.
import { randomUUID } from "node:crypto";
import { maxImageUploadBytes, type ImageKind, type UploadedImage } from "../../../contract/images";
import type { Database } from "../../db/client";
import { profileImages } from "../../db/schema";
import {
  ImageRejectedError,
  type ImageProcessor,
  type ImageStore,
  type ProcessedImage,
} from "../../providers/images/index";
import { pageMissing, type Actor, consume } from "../core";
import { assertMayEditProfile } from "./profiles";
import { findProfile } from "./profile-view";

/** Resizing costs CPU: an owner uploads a handful of images, not a stream of them. */
export const imageUploadsPerMinute = 10;

export type ImageUploadDeps = { db: Database; images: ImageStore; process: ImageProcessor };

export type ImageUpload = {
  profileId: string;
  kind: ImageKind;
  /** The uploaded file: its size is checked, and its bytes read, only once the actor may add it. */
  file: { size: number; bytes(): Promise<Buffer> };
};

export type StoredUpload = {
  image: UploadedImage;
  /** What was uploaded, for the log. */
  source: Pick<ProcessedImage, "sourceFormat" | "sourceBytes">;
};

/**
 * Adds an image to a profile: checks who may, processes the file into WebP variants, puts them in
 * the store and records them. Throws a DomainError (not_found naming profileId, forbidden,
 * rate_limited) or the processing's ImageRejectedError (too_large also for a file over 10 MB).
 */
export async function uploadProfileImage(
  { db, images, process }: ImageUploadDeps,
  { profileId, kind, file }: ImageUpload,
  actor: Actor,
): Promise<StoredUpload> {
  const profile = await findProfile(db, profileId);
  if (!profile) throw pageMissing();
  await assertMayEditProfile(db, profile, actor, "page.editors-only-images");
  if (file.size > maxImageUploadBytes) {
    throw new ImageRejectedError("too_large", "The image is larger than 10 MB.");
  }
  if (!actor.roles.includes("admin")) {
    await consume(db, [{ key: `image-upload:${actor.id}`, max: imageUploadsPerMinute, windowSeconds: 60 }]);
  }

  const processed = await process(await file.bytes(), kind);
  const id = randomUUID();
  const stored = processed.variants.map((variant) => ({
    ...variant,
    key: `${profile.id}/${id}-${variant.name}.webp`,
  }));
  // Variants are largest first.
  const largest = stored[0];
  if (!largest) throw new Error("image processing gave no variants");
  const variants: UploadedImage["variants"] = {};
  for (const variant of stored) {
    variants[variant.name] = { url: `/uploads/${variant.key}`, width: variant.width, height: variant.height };
  }
  const written: string[] = [];
  try {
    for (const variant of stored) {
      await images.put(variant.key, variant.data, variant.contentType);
      written.push(variant.key);
    }
    await db.insert(profileImages).values({
      id,
      profileId: profile.id,
      uploadedBy: actor.id,
      contentType: "image/webp",
      variants,
      // What the upload costs in storage: every variant kept.
      bytes: stored.reduce((sum, variant) => sum + variant.bytes, 0),
    });
  } catch (error) {
    // No row, no files: a failed upload leaves nothing behind to serve or to clean up later.
    await Promise.allSettled(written.map((key) => images.delete(key)));
    throw error;
  }

  return {
    image: { id, url: `/uploads/${largest.key}`, variants },
    source: { sourceFormat: processed.sourceFormat, sourceBytes: processed.sourceBytes },
  };
}

/** The store keys of an image's variants, from the addresses kept in its row (`/uploads/{key}`). */
export function imageKeysOf(variants: UploadedImage["variants"]): string[] {
  return Object.values(variants)
    .map((variant) => variant.url)
    .filter((url) => url.startsWith("/uploads/"))
    .map((url) => url.slice("/uploads/".length));
}
