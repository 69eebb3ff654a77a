// A page's videos (decisions "A life in pictures", Video): links to YouTube or Vimeo, and clips the
// family uploaded, converted to MP4 in the background. A clip's files are in the image store.
import { index, integer, pgTable, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { ClipFailure, ClipStatus, VideoKind, VideoProvider } from "../../../contract/video-values";
import { users } from "./accounts";
import { profiles } from "./profiles";

export const videos = pgTable(
  "videos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: text("kind").$type<VideoKind>().notNull(),
    title: text("title").notNull().default(""),
    // A link's site and the video's id there; none for a clip.
    provider: text("provider").$type<VideoProvider>(),
    externalId: text("external_id"),
    // A link is `ready` at once; a clip waits, converts, then is ready or failed.
    status: text("status").$type<ClipStatus>().notNull(),
    progress: integer("progress").notNull().default(0),
    failure: text("failure").$type<ClipFailure>(),
    // A ready clip's store keys, its size, length and bytes stored.
    videoKey: text("video_key"),
    posterKey: text("poster_key"),
    width: integer("width"),
    height: integer("height"),
    durationSeconds: real("duration_seconds"),
    bytes: integer("bytes").notNull().default(0),
    // The family's order on the page, from 0.
    position: integer("position").notNull().default(0),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("videos_profile_idx").on(table.profileId, table.position)],
);
