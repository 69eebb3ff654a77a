// Partners (ADR 014): their organisations, the partner accounts in each, and the whitelist of
// addresses that may sign up as partners.
import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

// A partner organisation (a shop, an undertaker…): its members are users with the partner role. The
// slug names it in referral links and never changes; the name starts as the admin's partner name on
// the whitelist (migration 0021 named the older ones so); null only if a partner ever had no entry.
export const partnerOrganisations = pgTable(
  "partner_organisations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name"),
    slug: text("slug").notNull(),
    // The address of the member who created it (the first sign-up), for the admin to reach them.
    contactEmail: text("contact_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("partner_organisations_slug_key").on(table.slug)],
);

// Which organisation a partner account belongs to: one each.
export const partnerMembers = pgTable(
  "partner_members",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => partnerOrganisations.id, { onDelete: "cascade" }),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("partner_members_organisation_idx").on(table.organisationId)],
);

// The addresses an admin lets sign up as partners, each with its partner's name. The organisation is
// filled in at the first sign-up with that partner name, so later entries of the name join it.
export const partnerWhitelist = pgTable(
  "partner_whitelist",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    partnerName: text("partner_name").notNull(),
    organisationId: uuid("organisation_id").references(() => partnerOrganisations.id, {
      onDelete: "set null",
    }),
    addedByUserId: uuid("added_by_user_id").references(() => users.id, { onDelete: "set null" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // One entry per address, whatever its case.
  (table) => [
    uniqueIndex("partner_whitelist_email_lower_key").on(sql`lower(${table.email})`),
    index("partner_whitelist_partner_name_idx").on(sql`lower(${table.partnerName})`),
  ],
);
