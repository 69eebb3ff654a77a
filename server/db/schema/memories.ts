// Memories and candles on a page (ADR 026), the reports visitors make of memories, each page's
// settings for them, and the site's signing keys (for the forms' render time).
import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { CandleNameState, MemoryState, ModerationMode, ReportState } from "../../../contract/memories";
import { users } from "./accounts";
import { profiles } from "./profiles";

export const memories = pgTable(
  "memories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    writerName: text("writer_name").notNull(),
    relation: text("relation"),
    body: text("body").notNull(),
    // Kept private: for the owner, and for the writer's link to delete the memory.
    writerEmail: text("writer_email"),
    state: text("state").$type<MemoryState>().notNull(),
    reply: text("reply"),
    // The SHA-256 of the writer's secret link to delete the memory (only when they left an address).
    deleteTokenHash: text("delete_token_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedByUserId: uuid("decided_by_user_id").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (table) => [
    // The page's list (newest first, keyset pages) in each state.
    index("memories_profile_state_idx").on(table.profileId, table.state, table.createdAt, table.id),
    // The admin dashboard's "waiting" figure.
    index("memories_pending_idx")
      .on(table.createdAt)
      .where(sql`${table.state} = 'pending'`),
    uniqueIndex("memories_delete_token_idx").on(table.deleteTokenHash),
  ],
);

// What a visitor wrote in a form the light page posted and the API refused (ADR 011): kept here a
// short while, under a secret the redirect back to the page carries, so the text comes back into the
// form without ever being in the address (migration 0017).
export const memoryDrafts = pgTable(
  "memory_drafts",
  {
    tokenHash: text("token_hash").primaryKey(),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    fields: jsonb("fields").$type<Record<string, string>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("memory_drafts_created_idx").on(table.createdAt)],
);

export const candles = pgTable(
  "candles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    name: text("name"),
    // Whether the name shows: it waits for the owner where memories wait. The count never waits.
    nameState: text("name_state").$type<CandleNameState>().notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("candles_profile_idx").on(table.profileId, table.createdAt),
    // The page's shown names, and the owner's waiting ones, newest first.
    index("candles_named_idx")
      .on(table.profileId, table.nameState, table.createdAt)
      .where(sql`${table.name} is not null`),
  ],
);

export const memoryReports = pgTable(
  "memory_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memoryId: uuid("memory_id")
      .notNull()
      .references(() => memories.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    // The first reporter's address, keyed-hashed: nothing to read back.
    reporterHash: text("reporter_hash").notNull(),
    // Every reporting address (keyed hashes, the first one's too), up to a cap: a memory has one
    // open report at a time, and later reports add their address here instead of a row of their own.
    reporterHashes: text("reporter_hashes")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // The reasons given after the first, a few at most.
    laterReasons: text("later_reasons")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    state: text("state").$type<ReportState>().notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedByUserId: uuid("decided_by_user_id").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("memory_reports_reporter_idx").on(table.memoryId, table.reporterHash),
    // One open report per memory: the admin's queue has one row for it, however many report it.
    uniqueIndex("memory_reports_open_idx")
      .on(table.memoryId)
      .where(sql`${table.state} = 'open'`),
    index("memory_reports_state_idx").on(table.state, table.createdAt),
  ],
);

// A page without a row has the defaults (contract/memories.ts: defaultMemorySettings).
export const memorySettings = pgTable("memory_settings", {
  profileId: text("profile_id")
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  moderation: text("moderation").$type<ModerationMode>().notNull().default("review"),
  candlesOn: boolean("candles_on").notNull().default(true),
  allowLinks: boolean("allow_links").notNull().default(false),
  // The owner's e-mails: the first memory at once, then a daily digest of what came since.
  firstMemoryMailedAt: timestamp("first_memory_mailed_at", { withTimezone: true }),
  digestMailedAt: timestamp("digest_mailed_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// Secrets the site makes for itself and every process shares (a form's signed render time).
export const siteKeys = pgTable("site_keys", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
