// /api/kammare/photos: the family's photos of a page (in the signed-in area): the album editor's list,
// an upload (multipart: profileId, albumId optional, image), a photo's caption, date and album, the
// order within an album, deleting one. The domain checks who may (server/domain/pictures).
import { Hono, type Context } from "hono";
import { errorCodes } from "../../../contract/errors";
import { resolveLocale } from "../../../contract/locale";
import {
  albumIdSchema,
  familyPhotosQuerySchema,
  maxPhotoUploadBytes,
  orderPhotosRequestSchema,
  updatePhotoRequestSchema,
} from "../../../contract/photos";
import { profileIdSchema } from "../../../contract/profiles";
import type { Database } from "../../db/client";
import { addPhoto, deletePhoto, familyPhotos, orderPhotos, updatePhoto } from "../../domain/pictures";
import type { SignedInEnv } from "../../http/guards";
import { ApiError, invalidInput, readFormData, readJson, readQuery } from "../../http/errors";
import { ImageRejectedError, type ImageStore } from "../../providers/images";
import { admitPhotoUpload, processPhoto, type PhotoProcessor } from "../../providers/images/photos";
import { photoIdParam } from "./params";

export const photoUploadPath = "/api/kammare/photos";
/** The body limit of the upload call: the largest photo plus room for the multipart framing. */
export const photoUploadBodyBytes = maxPhotoUploadBytes + 64 * 1024;

export type PictureDeps = {
  db: Database;
  images: ImageStore;
  /** PHOTOS_PER_PAGE. */
  photosPerPage: number;
  /** The photo processing (sharp's, by default). */
  process?: PhotoProcessor;
};

const tooLarge = () =>
  new ApiError(413, errorCodes.payloadTooLarge, "The photo is larger than 25 MB.", {
    image: "The photo is larger than 25 MB.",
  });

/** The multipart upload's fields, checked; a 400 naming each wrong one. */
async function readUpload(c: Context<SignedInEnv>) {
  const form = await readFormData(c, "Send the photo as multipart/form-data with profileId and image.");
  const fields: Record<string, string> = {};
  const profileId = profileIdSchema.safeParse(form.get("profileId") ?? undefined);
  if (!profileId.success) fields.profileId = profileId.error.issues[0]?.message ?? "Not a profile id.";
  const albumValue = form.get("albumId");
  const albumId = albumValue === null || albumValue === "" ? undefined : albumIdSchema.safeParse(albumValue);
  if (albumId && !albumId.success) fields.albumId = "Not an album id.";
  const file = form.get("image");
  if (!(file instanceof File)) fields.image = "Attach the photo as a file.";
  else if (file.size === 0) fields.image = "The photo file is empty.";
  if (!profileId.success || Object.keys(fields).length || !(file instanceof File)) throw invalidInput(fields);
  return { profileId: profileId.data, albumId: albumId?.data, file };
}

export function photoRoutes({ db, images, photosPerPage, process = processPhoto }: PictureDeps) {
  async function storeUpload(c: Context<SignedInEnv>) {
    const { profileId, albumId, file } = await readUpload(c);
    const locale = resolveLocale(c.req.header("cookie") ?? null, c.req.header("accept-language") ?? null);
    let photo;
    try {
      photo = await addPhoto(
        { db, images, process, photosPerPage },
        {
          profileId,
          albumId,
          locale,
          file: { size: file.size, bytes: async () => Buffer.from(await file.arrayBuffer()) },
        },
        c.get("viewer"),
      );
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      if (error.reason === "too_large") throw tooLarge();
      throw invalidInput({ image: error.message });
    }
    c.get("logger").info({ profileId, photoId: photo.id, bytes: file.size }, "photo uploaded");
    return photo;
  }

  return new Hono<SignedInEnv>()
    .get("/photos", async (c) => {
      const { profileId } = readQuery(c, familyPhotosQuerySchema);
      return c.json(await familyPhotos(db, { profileId, photosPerPage }, c.get("viewer")));
    })
    .post("/photos", async (c) => {
      // Before the body is parsed: a full server answers at once, and the editor sends it again.
      const release = admitPhotoUpload();
      if (!release) {
        // Read and dropped as it comes (never held): a server that answered before taking the body
        // would close the connection under a client still sending it, and it would see no answer.
        await c.req.raw.body?.pipeTo(new WritableStream()).catch(() => undefined);
        c.header("Retry-After", "2");
        throw new ApiError(
          503,
          errorCodes.unavailable,
          "Other photos are being made; send this one again shortly.",
        );
      }
      try {
        const photo = await storeUpload(c);
        return c.json({ photo }, 201);
      } finally {
        release();
      }
    })
    .post("/photos/order", async (c) => {
      const input = await readJson(c, orderPhotosRequestSchema);
      return c.json({ photos: await orderPhotos(db, input, c.get("viewer")) });
    })
    .patch("/photos/:photoId", async (c) => {
      // The body first: each of its fields is named, then the id in the path.
      const patch = await readJson(c, updatePhotoRequestSchema);
      const photoId = photoIdParam(c);
      return c.json({ photo: await updatePhoto(db, { photoId, patch }, c.get("viewer")) });
    })
    .delete("/photos/:photoId", async (c) => {
      const photoId = photoIdParam(c);
      const { failedKeys } = await deletePhoto({ db, images }, { photoId }, c.get("viewer"));
      if (failedKeys.length) c.get("logger").warn({ photoId, failedKeys }, "photo files left in the store");
      return c.json({ deleted: true as const, photos: 1 });
    });
}
