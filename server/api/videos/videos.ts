// /api/kammare/videos: a page's videos for its owner and editors (decisions "A life in pictures",
// Video): the list with each clip's conversion, links added, clips uploaded and videos removed. A clip's
// body is the file itself, streamed to this machine's disk as it arrives (up to 500 MB: never held in
// memory), then checked and converted by the domain (server/domain/videos).
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { Hono, type Context } from "hono";
import {
  addVideoLinkRequestSchema,
  maxClipBytes,
  removeVideoRequestSchema,
  uploadClipQuerySchema,
  videosQuerySchema,
  type VideosAnswer,
} from "../../../contract/videos";
import type { Database } from "../../db/client";
import { refuse } from "../../domain/core";
import { addVideoLink, listVideos, removeVideo, type ClipConverter } from "../../domain/videos";
import type { SignedInEnv } from "../../http/guards";
import { invalidInput, mediaTypeOf, readJson, readQuery } from "../../http/errors";
import type { ImageStore } from "../../providers/images";

export const clipUploadPath = "/api/kammare/videos/clips";

export type VideoDeps = { db: Database; images: ImageStore; clips: ClipConverter };

/** What a clip's body may be sent as: any video type, or bytes of no named type. */
function isClipMediaType(type: string): boolean {
  return type === "application/octet-stream" || /^video\/[a-z0-9.+-]+$/.test(type);
}

class TooLarge extends Error {}

/** Writes the request's body to `file`, stopping (and refusing) past the clip limit. */
async function receive(c: Context<SignedInEnv>, file: string): Promise<void> {
  const body = c.req.raw.body;
  if (!body) throw invalidInput({ file: "Send the video file as the request body." });
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > maxClipBytes) done(new TooLarge());
      else done(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(body as WebReadableStream<Uint8Array>),
      counter,
      createWriteStream(file, { flags: "wx" }),
    );
  } catch (error) {
    await rm(file, { force: true });
    if (error instanceof TooLarge) throw refuse("video.too-large");
    throw error;
  }
  if (received === 0) {
    await rm(file, { force: true });
    throw invalidInput({ file: "The video file is empty." });
  }
}

export function videoRoutes({ db, images, clips }: VideoDeps) {
  return new Hono<SignedInEnv>()
    .get("/videos", async (c) => {
      const { profileId } = readQuery(c, videosQuerySchema);
      const videos = await listVideos(db, { profileId, actor: c.get("viewer") });
      return c.json({ uploadsAvailable: await clips.uploadsAvailable(), videos } satisfies VideosAnswer);
    })
    .post("/videos/links", async (c) => {
      const { profileId, url, title } = await readJson(c, addVideoLinkRequestSchema);
      const video = await addVideoLink(db, { profileId, url, title, actor: c.get("viewer") });
      return c.json({ video }, 201);
    })
    .post("/videos/clips", async (c) => {
      const { profileId, title } = readQuery(c, uploadClipQuerySchema);
      const actor = c.get("viewer");
      const length = c.req.header("content-length");
      const declaredBytes = length && /^\d{1,15}$/.test(length) ? Number(length) : null;
      // Who may, and whether the site converts clips at all, before a byte of the file is read.
      await clips.assertMayUpload({ profileId, actor, declaredBytes });
      if (!isClipMediaType(mediaTypeOf(c))) {
        throw invalidInput({
          file: "Send the video as the body, with a video/* or application/octet-stream type.",
        });
      }
      const file = await clips.uploadFile(`upload-${randomUUID()}`);
      await receive(c, file);
      const video = await clips.acceptClip({ profileId, title, actor, file });
      c.get("logger").info({ profileId, videoId: video.id, seconds: video.durationSeconds }, "clip uploaded");
      return c.json({ video }, 202);
    })
    .post("/videos/remove", async (c) => {
      const { profileId, videoId } = await readJson(c, removeVideoRequestSchema);
      const keys = await removeVideo(db, { profileId, videoId, actor: c.get("viewer") });
      await Promise.allSettled(keys.map((key) => images.delete(key)));
      return c.json({ removed: true as const });
    });
}
