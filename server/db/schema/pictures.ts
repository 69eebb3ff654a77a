// A life in pictures (decisions "A life in pictures"): the albums a family names on a page and the
// photos in them, and the photos visitors add to their memories (waiting for the family's approval).
// The image files live in the image store; a photo's row names its original and the widths made.
import { index, integer, jsonb, pgTable, text, timestamp, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { memories } from "./memories";
import { profiles } from "./profiles";

/** Whether a photo is on the page (`shown`) or waits for the family's approval (a visitor's). */
export type PhotoState = "shown" | "pending";

/** One re-encoded width of a photo: stored as `{profile}/photos/{photo}/{width}.webp` and `.avif`. */
export type PhotoSize = { width: number; height: number };

export const albums = pgTable(
  "albums",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    // The family's order of the albums on the page, from 0.
    position: integer("position").notNull(),
    coverPhotoId: uuid("cover_photo_id").references((): AnyPgColumn => photos.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("albums_profile_idx").on(table.profileId, table.position)],
);

export const photos = pgTable(
  "photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    // A family's photo is in one album; a visitor's belongs to a memory instead.
    albumId: uuid("album_id").references(() => albums.id, { onDelete: "cascade" }),
    memoryId: uuid("memory_id").references(() => memories.id, { onDelete: "cascade" }),
    // A life chapter's id (the chapters are part of the page's content), or none.
    chapterId: text("chapter_id"),
    // The order within its album (or memory), from 0.
    position: integer("position").notNull().default(0),
    caption: text("caption").notNull().default(""),
    // When it was taken, as the family knows it: "1962", "1962-06" or "1962-06-21".
    taken: text("taken"),
    state: text("state").$type<PhotoState>().notNull().default("shown"),
    // The upright original's size; every stored width keeps its proportions.
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    sizes: jsonb("sizes").$type<PhotoSize[]>().notNull(),
    // The original as uploaded (kept for the family's download), its type and size.
    originalKey: text("original_key").notNull(),
    originalType: text("original_type").notNull(),
    originalBytes: integer("original_bytes").notNull(),
    // Everything stored for this photo, original included.
    bytes: integer("bytes").notNull(),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("photos_profile_album_idx").on(table.profileId, table.albumId, table.position),
    index("photos_memory_idx").on(table.memoryId),
  ],
);
