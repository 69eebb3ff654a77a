// POST /api/kammare/images: an owner's (or an admin's) image upload for a profile, checked and resized
// into WebP variants that go to the image store; and GET /uploads/*, which serves them.
import { randomUUID } from "node:crypto";
import { Hono, type Handler } from "hono";
import { errorCodes } from "../../contract/errors";
import { imageKindSchema, maxImageUploadBytes, type UploadImageResponse } from "../../contract/images";
import { profileIdSchema } from "../../contract/profiles";
import type { Database } from "../db/client";
import { profileImages } from "../db/schema";
import { findProfile } from "../domain/profiles";
import { consume } from "../domain/rate-limit";
import { hasRole } from "../domain/viewer";
import type { ApiEnv } from "../http/env";
import type { SignedInEnv } from "../http/guards";
import { ApiError } from "../http/errors";
import { ImageRejectedError, processUpload, type ImageStore } from "../providers/images";

export const imageUploadPath = "/api/kammare/images";
/** The body limit of the upload call: the largest image plus room for the multipart framing. */
export const imageUploadBodyBytes = maxImageUploadBytes + 64 * 1024;
/** Resizing costs CPU: an owner uploads a handful of images, not a stream of them. */
const uploadsPerMinute = 10;

export type ImageDeps = { db: Database; images: ImageStore };

const invalid = (fields: Record<string, string>) =>
  new ApiError(400, errorCodes.invalidRequest, `Invalid request: ${Object.keys(fields).join(", ")}`, fields);

const tooLarge = () =>
  new ApiError(413, errorCodes.payloadTooLarge, "The image is larger than 10 MB.", {
    image: "The image is larger than 10 MB.",
  });

export function imageRoutes({ db, images }: ImageDeps) {
  return new Hono<SignedInEnv>().post("/images", async (c) => {
    const viewer = c.get("viewer");
    const mediaType = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
    if (mediaType !== "multipart/form-data") {
      throw invalid({ body: "Send the image as multipart/form-data with profileId, kind and image." });
    }
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw invalid({ body: "The multipart/form-data body cannot be read." });
    }

    const fields: Record<string, string> = {};
    const profileId = profileIdSchema.safeParse(form.get("profileId") ?? undefined);
    if (!profileId.success) fields.profileId = profileId.error.issues[0]?.message ?? "Not a profile id.";
    const kind = imageKindSchema.safeParse(form.get("kind") ?? undefined);
    if (!kind.success) fields.kind = kind.error.issues[0]?.message ?? "The kind must be portrait or cover.";
    const file = form.get("image");
    if (!(file instanceof File)) fields.image = "Attach the image as a file.";
    else if (file.size === 0) fields.image = "The image file is empty.";
    if (!profileId.success || !kind.success || !(file instanceof File) || fields.image) {
      throw invalid(fields);
    }

    const profile = await findProfile(db, profileId.data);
    if (!profile) {
      throw new ApiError(404, errorCodes.notFound, "There is no page with this code.", {
        profileId: "There is no page with this code.",
      });
    }
    const admin = hasRole(viewer, "admin");
    if (!admin && profile.ownerUserId !== viewer.id) {
      throw new ApiError(403, "forbidden", "Only the page's owner can add images to it.");
    }
    if (!admin && profile.status === "suspended") {
      throw new ApiError(403, "forbidden", "This page is suspended.");
    }
    if (file.size > maxImageUploadBytes) throw tooLarge();
    if (!admin) {
      await consume(db, [{ key: `image-upload:${viewer.id}`, max: uploadsPerMinute, windowSeconds: 60 }]);
    }

    let processed;
    try {
      processed = await processUpload(Buffer.from(await file.arrayBuffer()), kind.data);
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      if (error.reason === "too_large") throw tooLarge();
      throw invalid({ image: error.message });
    }

    const id = randomUUID();
    const stored = processed.variants.map((variant) => ({
      ...variant,
      key: `${profile.id}/${id}-${variant.name}.webp`,
    }));
    const variants: UploadImageResponse["image"]["variants"] = {};
    for (const variant of stored) {
      variants[variant.name] = {
        url: `/uploads/${variant.key}`,
        width: variant.width,
        height: variant.height,
      };
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
        uploadedBy: viewer.id,
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

    c.get("logger").info(
      {
        profileId: profile.id,
        imageId: id,
        kind: kind.data,
        sourceFormat: processed.sourceFormat,
        sourceBytes: processed.sourceBytes,
      },
      "image uploaded",
    );
    // Variants are largest first.
    const largest = stored[0] as (typeof stored)[number];
    const answer: UploadImageResponse = { image: { id, url: `/uploads/${largest.key}`, variants } };
    return c.json(answer, 201);
  });
}

/** GET /uploads/{key}: a stored image. Keys never change content (each upload gets a new one). */
export function serveUploads(images: ImageStore): Handler<ApiEnv> {
  return async (c) => {
    const key = c.req.path.slice("/uploads/".length);
    const found = await images.get(key);
    if (!found) {
      c.header("Cache-Control", "no-store");
      return c.text("Not found", 404);
    }
    return c.body(new Uint8Array(found.data), 200, {
      "Content-Type": found.contentType,
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    });
  };
}
