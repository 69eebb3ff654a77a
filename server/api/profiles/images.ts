// POST /api/kammare/images: an owner's (or an admin's) image upload for a profile: the multipart body
// read and checked here, the rest done by the domain (server/domain/profiles/images.ts); and GET /uploads/*,
// which serves the stored images.
import { Hono, type Handler } from "hono";
import { errorCodes } from "../../../contract/errors";
import { imageKindSchema, maxImageUploadBytes, type UploadImageResponse } from "../../../contract/images";
import { profileIdSchema } from "../../../contract/profiles";
import type { Database } from "../../db/client";
import { uploadProfileImage } from "../../domain/profiles";
import type { ApiEnv } from "../../http/env";
import type { SignedInEnv } from "../../http/guards";
import { ApiError, invalidInput, readFormData } from "../../http/errors";
import {
  imageCacheControl,
  ImageRejectedError,
  isImageKey,
  parseRange,
  processUpload,
  RangeNotSatisfiableError,
  type ImageProcessor,
  type ImageStore,
} from "../../providers/images";

export const imageUploadPath = "/api/kammare/images";
/** The body limit of the upload call: the largest image plus room for the multipart framing. */
export const imageUploadBodyBytes = maxImageUploadBytes + 64 * 1024;

/** `process`: the image processing (sharp's, by default). */
export type ImageDeps = { db: Database; images: ImageStore; process?: ImageProcessor };

const tooLarge = () =>
  new ApiError(413, errorCodes.payloadTooLarge, "The image is larger than 10 MB.", {
    image: "The image is larger than 10 MB.",
  });

export function imageRoutes({ db, images, process = processUpload }: ImageDeps) {
  return new Hono<SignedInEnv>().post("/images", async (c) => {
    const form = await readFormData(
      c,
      "Send the image as multipart/form-data with profileId, kind and image.",
    );

    const fields: Record<string, string> = {};
    const profileId = profileIdSchema.safeParse(form.get("profileId") ?? undefined);
    if (!profileId.success) fields.profileId = profileId.error.issues[0]?.message ?? "Not a profile id.";
    const kind = imageKindSchema.safeParse(form.get("kind") ?? undefined);
    if (!kind.success) fields.kind = kind.error.issues[0]?.message ?? "The kind must be portrait or cover.";
    const file = form.get("image");
    if (!(file instanceof File)) fields.image = "Attach the image as a file.";
    else if (file.size === 0) fields.image = "The image file is empty.";
    if (!profileId.success || !kind.success || !(file instanceof File) || fields.image) {
      throw invalidInput(fields);
    }

    let uploaded;
    try {
      uploaded = await uploadProfileImage(
        { db, images, process },
        {
          profileId: profileId.data,
          kind: kind.data,
          file: { size: file.size, bytes: async () => Buffer.from(await file.arrayBuffer()) },
        },
        c.get("viewer"),
      );
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      if (error.reason === "too_large") throw tooLarge();
      throw invalidInput({ image: error.message });
    }

    const { image, source } = uploaded;
    c.get("logger").info(
      { profileId: profileId.data, imageId: image.id, kind: kind.data, ...source },
      "image uploaded",
    );
    return c.json({ image } satisfies UploadImageResponse, 201);
  });
}

/** `{profile}/photos/{photo}/original.{ext}`: contract/photo-values.ts's photoOriginalKey. */
const isPhotoOriginalKey = (key: string) => /^[^/]+\/photos\/[^/]+\/original\.[a-z]+$/.test(key);

/**
 * GET /uploads/{key}: a stored image, streamed from the store as it reads (a bucket's answer is passed
 * on, never held whole), or a redirect to the CDN in front of the bucket (IMAGE_PUBLIC_URL). Keys never
 * change content (each upload gets a new one), so both are cached for long.
 */
export function serveUploads(images: ImageStore): Handler<ApiEnv> {
  const notFound = (c: Parameters<Handler<ApiEnv>>[0]) => {
    c.header("Cache-Control", "no-store");
    return c.text("Not found", 404);
  };
  return async (c) => {
    const key = c.req.path.slice("/uploads/".length);
    // A family's original photo is theirs (their ZIP), never served: the page shows its re-encoded widths.
    if (!isImageKey(key) || isPhotoOriginalKey(key)) return notFound(c);
    const direct = images.publicUrlOf?.(key);
    if (direct) {
      // A day: the address stays right as long as IMAGE_PUBLIC_URL does.
      c.header("Cache-Control", "public, max-age=86400");
      return c.redirect(direct, 302);
    }
    const headers = {
      "Cache-Control": imageCacheControl,
      "X-Content-Type-Options": "nosniff",
      // A video is played by asking for its parts (RFC 9110 ranges); every object may be.
      "Accept-Ranges": "bytes",
    };
    if (images.open) {
      const range = parseRange(c.req.header("range"));
      let found;
      try {
        found = await images.open(key, range ?? undefined);
      } catch (error) {
        if (!(error instanceof RangeNotSatisfiableError)) throw error;
        return c.body(null, 416, {
          ...headers,
          ...(error.total === null ? {} : { "Content-Range": `bytes */${error.total}` }),
        });
      }
      if (!found) return notFound(c);
      const sent = found.range;
      return c.body(found.body, sent ? 206 : 200, {
        ...headers,
        "Content-Type": found.contentType,
        ...(found.bytes === null ? {} : { "Content-Length": String(found.bytes) }),
        ...(sent ? { "Content-Range": `bytes ${sent.start}-${sent.end}/${sent.total}` } : {}),
      });
    }
    const found = await images.get(key);
    if (!found) return notFound(c);
    return c.body(new Uint8Array(found.data), 200, {
      ...headers,
      "Content-Type": found.contentType,
      "Content-Length": String(found.data.length),
    });
  };
}
