// /api/kammare/albums: a page's albums as its family arranges them (in the signed-in area): made,
// renamed and given a cover, put in order, deleted with their photos.
import { Hono } from "hono";
import {
  createAlbumRequestSchema,
  orderAlbumsRequestSchema,
  updateAlbumRequestSchema,
} from "../../../contract/photos";
import type { Database } from "../../db/client";
import { createAlbum, deleteAlbum, orderAlbums, updateAlbum } from "../../domain/pictures";
import type { SignedInEnv } from "../../http/guards";
import { readJson } from "../../http/errors";
import type { ImageStore } from "../../providers/images";
import { albumIdParam } from "./params";

export function albumRoutes({ db, images }: { db: Database; images: ImageStore }) {
  return new Hono<SignedInEnv>()
    .post("/albums", async (c) => {
      const input = await readJson(c, createAlbumRequestSchema);
      return c.json({ album: await createAlbum(db, input, c.get("viewer")) }, 201);
    })
    .post("/albums/order", async (c) => {
      const input = await readJson(c, orderAlbumsRequestSchema);
      await orderAlbums(db, input, c.get("viewer"));
      return c.json({ ordered: true as const });
    })
    .patch("/albums/:albumId", async (c) => {
      // The body first: each of its fields is named, then the id in the path.
      const patch = await readJson(c, updateAlbumRequestSchema);
      const albumId = albumIdParam(c);
      return c.json({ album: await updateAlbum(db, { albumId, patch }, c.get("viewer")) });
    })
    .delete("/albums/:albumId", async (c) => {
      const albumId = albumIdParam(c);
      const { photos, failedKeys } = await deleteAlbum({ db, images }, { albumId }, c.get("viewer"));
      if (failedKeys.length) c.get("logger").warn({ albumId, failedKeys }, "photo files left in the store");
      return c.json({ deleted: true as const, photos });
    });
}
