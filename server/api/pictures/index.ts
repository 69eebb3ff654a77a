// The family's photos as one router for the /kammare area: the ZIP of originals, the photos and
// their albums (mounted in that order, so /photos/download is not read as a photo's id).
import { Hono } from "hono";
import type { SignedInEnv } from "../../http/guards";
import { albumRoutes } from "./albums";
import { photoDownloadRoutes } from "./download";
import { photoRoutes, type PictureDeps } from "./photos";

export function pictureRoutes(deps: PictureDeps) {
  return new Hono<SignedInEnv>()
    .route("/", photoDownloadRoutes(deps))
    .route("/", photoRoutes(deps))
    .route("/", albumRoutes(deps));
}
