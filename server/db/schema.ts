// The database schema (Drizzle). Migrations in ./migrations are generated from it by drizzle-kit.
import { sql } from "drizzle-orm";
import type {
  ProfileContent,
  ProfileMetadata,
  ProfileStatus,
  StatusReasonCode,
  WalkthroughStep,
} from "../../contract/profiles";
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    roles: text("roles")
      .array()
      .notNull()
      .default(sql`ARRAY['customer']::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // E-mail addresses are unique regardless of case.
  (table) => [uniqueIndex("users_email_lower_key").on(sql`lower(${table.email})`)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Only the SHA-256 of the bearer token is kept, so a leaked table grants no access.
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    userAgent: text("user_agent"),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

// A profile ("kammare"); the public id is the 8-character code printed on plaques.
export const profiles = pgTable(
  "profiles",
  {
    id: text("id").primaryKey(),
    status: text("status").$type<ProfileStatus>().notNull().default("unclaimed"),
    ownerUserId: uuid("owner_user_id").references(() => users.id, { onDelete: "set null" }),
    // The partner the profile (and its customer) came through; partners are users with that role.
    partnerUserId: uuid("partner_user_id").references(() => users.id, { onDelete: "set null" }),
    // Partial until the owner fills it in; read through the profiles domain, which fills the gaps.
    content: jsonb("content").$type<Partial<ProfileContent>>().notNull().default({}),
    metadata: jsonb("metadata").$type<Partial<ProfileMetadata>>().notNull().default({}),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    trialStartedAt: timestamp("trial_started_at", { withTimezone: true }),
    trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
    extendedTrialStartedAt: timestamp("extended_trial_started_at", { withTimezone: true }),
    paidUntil: timestamp("paid_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("profiles_owner_user_id_idx").on(table.ownerUserId, table.createdAt),
    index("profiles_partner_user_id_idx").on(table.partnerUserId, table.createdAt),
    // The admin list: keyset pages in each sort, with and without a status filter.
    index("profiles_created_idx").on(table.createdAt, table.id),
    index("profiles_status_created_idx").on(table.status, table.createdAt, table.id),
    index("profiles_updated_idx").on(table.updatedAt, table.id),
    index("profiles_status_updated_idx").on(table.status, table.updatedAt, table.id),
    index("profiles_status_id_idx").on(table.status, table.id),
  ],
);

// What the owner has done of the guided walkthrough, step by step, so they can leave and resume.
export const walkthroughSteps = pgTable(
  "walkthrough_steps",
  {
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    step: text("step").$type<WalkthroughStep>().notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.profileId, table.step] })],
);

// Every status change: who, from, to, when and why: `reason_code` when the system made the change
// (created, claimed, trial started), `reason` for an admin's own words.
export const profileStatusHistory = pgTable(
  "profile_status_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    fromStatus: text("from_status").$type<ProfileStatus>(),
    toStatus: text("to_status").$type<ProfileStatus>().notNull(),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    reasonCode: text("reason_code").$type<StatusReasonCode>(),
    reason: text("reason"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("profile_status_history_profile_idx").on(table.profileId, table.at)],
);

// Profiles per status, kept by a statement trigger, so the admin list's totals cost nothing at
// a million profiles.
export const profileStatusCounts = pgTable("profile_status_counts", {
  status: text("status").$type<ProfileStatus>().primaryKey(),
  count: integer("count").notNull().default(0),
});

// Images an owner uploaded; the files live in the image store (DATA_DIR/uploads by default).
export const profileImages = pgTable(
  "profile_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    contentType: text("content_type").notNull(),
    variants: jsonb("variants")
      .$type<Record<string, { url: string; width: number; height: number }>>()
      .notNull(),
    bytes: integer("bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("profile_images_profile_idx").on(table.profileId, table.createdAt)],
);

// The admin's list of first names: /{name} shows a stub page for each.
export const firstNames = pgTable("first_names", {
  name: text("name").primaryKey(),
  displayName: text("display_name").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

// Security events: who did what to whom, when and from where.
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    action: text("action").notNull(),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    targetUserId: uuid("target_user_id").references(() => users.id, { onDelete: "set null" }),
    ip: text("ip"),
    userAgent: text("user_agent"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index("audit_log_target_idx").on(table.targetUserId, table.at),
    index("audit_log_actor_idx").on(table.actorUserId, table.at),
  ],
);

// Fixed-window counters for rate limits, shared by every process through the database.
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.key, table.windowStart] }),
    index("rate_limit_counters_window_idx").on(table.windowStart),
  ],
);

// Single-use password reset tokens; only the SHA-256 of the token is kept.
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [index("password_reset_tokens_user_idx").on(table.userId)],
);
