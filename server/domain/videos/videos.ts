// A page's videos (decisions "A life in pictures", Video): who may change them (the page's owner and
// editors, or an admin), links added and removed, and the lists the editor and the public page read.
import { and, asc, count, eq, max } from "drizzle-orm";
import { maxVideosPerPage, parseVideoLink } from "../../../contract/video-values";
import type { Video } from "../../../contract/videos";
import type { Database, Executor } from "../../db/client";
import { profiles, videos } from "../../db/schema";
import { pageChanged, pageMissing, recordEvent, refuse, transaction, type Actor } from "../core";
import { assertMayEditProfile } from "../profiles";

type VideoRow = typeof videos.$inferSelect;

/** The page, locked for the change (in a transaction), if the actor may change its videos. */
export async function videoPage(tx: Executor, profileId: string, actor: Actor, lock = false) {
  const query = tx
    .select({ id: profiles.id, ownerUserId: profiles.ownerUserId, status: profiles.status })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  const [page] = lock ? await query.for("update") : await query;
  if (!page) throw pageMissing();
  await assertMayEditProfile(tx, page, actor, "video.editors-only");
  return page;
}

/** A row as the API and the page say it. */
export function videoOf(row: VideoRow): Video {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    provider: row.provider ?? null,
    externalId: row.externalId ?? null,
    status: row.status,
    progress: row.status === "ready" ? 100 : row.progress,
    failure: row.failure ?? null,
    url: row.status === "ready" && row.videoKey ? `/uploads/${row.videoKey}` : null,
    posterUrl: row.status === "ready" && row.posterKey ? `/uploads/${row.posterKey}` : null,
    width: row.width ?? null,
    height: row.height ?? null,
    durationSeconds: row.durationSeconds ?? null,
  };
}

/** Room for one more video on the locked page, and the position it takes (the last). */
export async function nextPosition(tx: Executor, profileId: string): Promise<number> {
  const [row] = await tx
    .select({ videos: count(), last: max(videos.position) })
    .from(videos)
    .where(eq(videos.profileId, profileId));
  if ((row?.videos ?? 0) >= maxVideosPerPage) throw refuse("video.too-many");
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
}

/** Every video of the page with each clip's conversion, for its owner and editors. */
export async function listVideos(db: Database, { profileId, actor }: { profileId: string; actor: Actor }) {
  await videoPage(db, profileId, actor);
  const rows = await db
    .select()
    .from(videos)
    .where(eq(videos.profileId, profileId))
    .orderBy(asc(videos.position), asc(videos.createdAt));
  return rows.map(videoOf);
}

/** What visitors see: links, and clips once converted, in the family's order. */
export async function publicVideos(db: Executor, profileId: string): Promise<Video[]> {
  const rows = await db
    .select()
    .from(videos)
    .where(and(eq(videos.profileId, profileId), eq(videos.status, "ready")))
    .orderBy(asc(videos.position), asc(videos.createdAt));
  return rows.map(videoOf);
}

/** Adds a link to a video on YouTube or Vimeo; anything else is refused (video.link-unsupported). */
export async function addVideoLink(
  db: Database,
  { profileId, url, title, actor }: { profileId: string; url: string; title: string; actor: Actor },
): Promise<Video> {
  const link = parseVideoLink(url);
  return transaction(db, async (tx) => {
    await videoPage(tx, profileId, actor, true);
    if (!link) throw refuse("video.link-unsupported");
    const position = await nextPosition(tx, profileId);
    const [row] = await tx
      .insert(videos)
      .values({
        profileId,
        kind: "link",
        title,
        provider: link.provider,
        externalId: link.id,
        status: "ready",
        progress: 100,
        position,
        createdBy: actor.id,
      })
      .returning();
    recordEvent(tx, pageChanged(profileId));
    return videoOf(row as VideoRow);
  });
}

/**
 * Removes a video from the page; answers the store keys of a clip's files, for the caller to delete
 * after the commit (a clip still converting finds its row gone and deletes what it made).
 */
export async function removeVideo(
  db: Database,
  { profileId, videoId, actor }: { profileId: string; videoId: string; actor: Actor },
): Promise<string[]> {
  return transaction(db, async (tx) => {
    await videoPage(tx, profileId, actor, true);
    const [row] = await tx
      .delete(videos)
      .where(and(eq(videos.id, videoId), eq(videos.profileId, profileId)))
      .returning({ videoKey: videos.videoKey, posterKey: videos.posterKey });
    if (!row) throw refuse("video.missing");
    recordEvent(tx, pageChanged(profileId));
    return [row.videoKey, row.posterKey].filter((key): key is string => !!key);
  });
}
