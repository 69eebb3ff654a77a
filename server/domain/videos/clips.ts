// Uploaded clips (decisions "A life in pictures", Video; ADR 040): checked with ffprobe (at most 10
// minutes, a picture in it), recorded as waiting, and converted one at a time in the background to
// H.264/AAC MP4 with a poster frame, the family seeing each stage. The file arrives on the disk
// (streamed there by the router, never held in memory) and leaves for the image store when converted.
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, lt } from "drizzle-orm";
import { clipKeys, maxClipBytes, maxClipSeconds } from "../../../contract/video-values";
import type { Video } from "../../../contract/videos";
import type { Database } from "../../db/client";
import { videos } from "../../db/schema";
import type { ImageStore } from "../../providers/images/store";
import type { VideoTools } from "../../providers/video/ffmpeg";
import { pageChanged, recordEvent, refuse, transaction, type Actor } from "../core";
import { nextPosition, videoOf, videoPage } from "./videos";

/** Work that outlives the request (server/background.ts), so a shutdown waits for it. */
type Background = { run(name: string, work: () => Promise<unknown>): void };
type Log = { info(details: object, message: string): void; error(details: object, message: string): void };

export type ClipDeps = {
  db: Database;
  images: ImageStore;
  /** The tools found at start (null: no ffmpeg on this site). */
  tools: Promise<VideoTools | null>;
  background: Background;
  /** A folder on this machine's disk for uploads and conversions under way. */
  workDir: string;
  logger: Log;
};

export type ClipConverter = ReturnType<typeof createClipConverter>;

// ffprobe rounds; a clip of exactly ten minutes may read a few milliseconds over.
const lengthTolerance = 0.5;

export function createClipConverter({ db, images, tools, background, workDir, logger }: ClipDeps) {
  let queue: Promise<void> = Promise.resolve();

  async function available(): Promise<VideoTools> {
    const found = await tools;
    if (!found) throw refuse("video.uploads-unavailable");
    return found;
  }

  /** Where an upload is streamed to before it is checked. */
  async function uploadFile(name: string): Promise<string> {
    await mkdir(workDir, { recursive: true });
    return path.join(workDir, name);
  }

  /**
   * Before a byte of the body is read: the site converts clips, the actor may add one, the page has
   * room, and the size said (Content-Length) is within the limit.
   */
  async function assertMayUpload({
    profileId,
    actor,
    declaredBytes,
  }: {
    profileId: string;
    actor: Actor;
    declaredBytes: number | null;
  }): Promise<void> {
    await available();
    await videoPage(db, profileId, actor);
    if (declaredBytes !== null && declaredBytes > maxClipBytes) throw refuse("video.too-large");
    await transaction(db, async (tx) => {
      await nextPosition(tx, profileId);
    });
  }

  /**
   * The uploaded file (on this machine's disk): read with ffprobe, recorded as waiting and queued for
   * its conversion. A refusal (not a video, too long) removes the file.
   */
  async function acceptClip({
    profileId,
    title,
    actor,
    file,
  }: {
    profileId: string;
    title: string;
    actor: Actor;
    file: string;
  }): Promise<Video> {
    try {
      const found = await available();
      const { size } = await stat(file);
      if (size > maxClipBytes) throw refuse("video.too-large");
      const probed = await found.probe(file);
      if (!probed?.video || probed.durationSeconds === null || probed.durationSeconds <= 0) {
        throw refuse("video.not-a-video");
      }
      if (probed.durationSeconds > maxClipSeconds + lengthTolerance) throw refuse("video.too-long");
      const durationSeconds = probed.durationSeconds;
      const row = await transaction(db, async (tx) => {
        await videoPage(tx, profileId, actor, true);
        const position = await nextPosition(tx, profileId);
        const [inserted] = await tx
          .insert(videos)
          .values({
            profileId,
            kind: "clip",
            title,
            status: "waiting",
            progress: 0,
            durationSeconds,
            bytes: size,
            position,
            createdBy: actor.id,
          })
          .returning();
        return inserted as typeof videos.$inferSelect;
      });
      enqueue({ id: row.id, profileId, source: file, durationSeconds });
      return videoOf(row);
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
  }

  function enqueue(job: Job): void {
    // One conversion at a time: ffmpeg uses every core it is given.
    const turn = queue.then(() => convertOne(job));
    queue = turn.catch(() => {});
    background.run("video conversion", () => turn);
  }

  type Job = { id: string; profileId: string; source: string; durationSeconds: number };

  async function convertOne({ id, profileId, source, durationSeconds }: Job): Promise<void> {
    const output = path.join(workDir, `${id}.mp4`);
    const poster = path.join(workDir, `${id}.jpg`);
    const keys = clipKeys(profileId, id);
    const stillThere = (status: "waiting" | "converting") =>
      and(eq(videos.id, id), eq(videos.status, status));
    try {
      const started = await db
        .update(videos)
        .set({ status: "converting", progress: 0, updatedAt: new Date() })
        .where(stillThere("waiting"))
        .returning({ id: videos.id });
      // Removed while it waited.
      if (started.length === 0) return;
      const found = await available();
      let lastWrite = 0;
      let writing: Promise<unknown> = Promise.resolve();
      const began = Date.now();
      await found.convert({
        input: source,
        output,
        poster,
        durationSeconds,
        onProgress(percent) {
          // At most one write a second: the editor polls, nobody needs each percent.
          if (Date.now() - lastWrite < 1000) return;
          lastWrite = Date.now();
          writing = writing.then(() =>
            db
              .update(videos)
              .set({ progress: percent, updatedAt: new Date() })
              .where(stillThere("converting")),
          );
        },
      });
      await writing;
      const made = await found.probe(output);
      if (!made?.video) throw new Error("the converted file holds no picture");
      await images.putFile?.(keys.video, output, "video/mp4");
      await images.putFile?.(keys.poster, poster, "image/jpeg");
      const { size } = await stat(output);
      const posterBytes = (await stat(poster)).size;
      const ready = await db
        .update(videos)
        .set({
          status: "ready",
          progress: 100,
          videoKey: keys.video,
          posterKey: keys.poster,
          width: made.video.width,
          height: made.video.height,
          durationSeconds: made.durationSeconds ?? durationSeconds,
          bytes: size + posterBytes,
          updatedAt: new Date(),
        })
        .where(stillThere("converting"))
        .returning({ id: videos.id });
      if (ready.length === 0) {
        // Removed while it converted: nothing of it stays in the store.
        await Promise.allSettled([images.delete(keys.video), images.delete(keys.poster)]);
        return;
      }
      recordEvent(db, pageChanged(profileId));
      logger.info(
        { videoId: id, profileId, seconds: (Date.now() - began) / 1000, bytes: size },
        "clip converted",
      );
    } catch (error) {
      logger.error({ err: error, videoId: id, profileId }, "clip conversion failed");
      await Promise.allSettled([images.delete(keys.video), images.delete(keys.poster)]);
      await db
        .update(videos)
        .set({ status: "failed", failure: "conversion", updatedAt: new Date() })
        .where(stillThere("converting"));
    } finally {
      await Promise.allSettled([
        rm(source, { force: true }),
        rm(output, { force: true }),
        rm(poster, { force: true }),
      ]);
    }
  }

  /**
   * Clips a stopped process was converting (or had queued) never finish: after half an hour without a
   * word (a conversion under way writes its progress every second) they are said to have been
   * interrupted, so the family uploads them again.
   */
  async function markInterrupted(now = new Date()): Promise<number> {
    const stale = new Date(now.getTime() - 30 * 60 * 1000);
    const rows = await db
      .update(videos)
      .set({ status: "failed", failure: "interrupted", updatedAt: now })
      .where(and(inArray(videos.status, ["waiting", "converting"]), lt(videos.updatedAt, stale)))
      .returning({ id: videos.id });
    return rows.length;
  }

  return {
    /** Whether the site converts clips (ffmpeg found at start). */
    uploadsAvailable: async () => (await tools) !== null,
    uploadFile,
    assertMayUpload,
    acceptClip,
    markInterrupted,
    /** Resolves once every conversion queued so far has ended (tests, shutdown). */
    idle: () => queue,
  };
}
