// The ids in the paths of the photo calls, checked like any field: a bad one is a 400 naming it.
import type { Context } from "hono";
import { albumIdSchema, photoIdSchema } from "../../../contract/photos";
import { invalidInput } from "../../http/errors";

export function photoIdParam(c: Context): string {
  const parsed = photoIdSchema.safeParse(c.req.param("photoId"));
  if (!parsed.success) throw invalidInput({ photoId: "Not a photo id." });
  return parsed.data;
}

export function albumIdParam(c: Context): string {
  const parsed = albumIdSchema.safeParse(c.req.param("albumId"));
  if (!parsed.success) throw invalidInput({ albumId: "Not an album id." });
  return parsed.data;
}
