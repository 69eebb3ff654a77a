// The pages ("kammare") with their status history, walkthrough progress, images and print batches; and
// the first names with a stub page.
import { sql } from "drizzle-orm";
import type {
  ProfileContent,
  ProfileMetadata,
  ProfileStatus,
  StatusReasonCode,
  WalkthroughStep,
} from "../../../contract/profiles";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { partnerOrganisations } from "./partners";

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
    // The unclaimed batch it was made in for printing; null for a page made for its owner,
    // which is the kind whose plaque is mailed after the order.
    batchId: uuid("batch_id").references(() => profileBatches.id, { onDelete: "set null" }),
    // When its QR code was last printed from the QR manager (a sheet or a single code).
    qrPrintedAt: timestamp("qr_printed_at", { withTimezone: true }),
    // When its plaque was mailed to the owner (the address PDF maker marks it).
    plaqueSentAt: timestamp("plaque_sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("profiles_batch_idx").on(table.batchId, table.id),
    // The admin dashboard's per-day counts read ranges of these (partial: most pages have neither).
    index("profiles_claimed_idx")
      .on(table.claimedAt)
      .where(sql`${table.claimedAt} is not null`),
    index("profiles_trial_started_idx")
      .on(table.trialStartedAt)
      .where(sql`${table.trialStartedAt} is not null`),
    index("profiles_extended_trial_started_idx")
      .on(table.extendedTrialStartedAt)
      .where(sql`${table.extendedTrialStartedAt} is not null`),
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

// Unclaimed pages made together for printing: the QR manager picks a batch, or its pages
// not yet claimed, to print their codes.
export const profileBatches = pgTable(
  "profile_batches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    count: integer("count").notNull(),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    // The partner organisation the pages were made for, if any (they are attributed to it).
    partnerOrganisationId: uuid("partner_organisation_id").references(() => partnerOrganisations.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("profile_batches_created_idx").on(table.createdAt)],
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
