// Which partner a customer or a page came through (ADR 014): a table of its own, as it points
// at partners, accounts and pages alike.
import { sql } from "drizzle-orm";
import type { AttributionSource } from "../../../contract/partners";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { partnerOrganisations } from "./partners";
import { profiles } from "./profiles";

// Which partner a customer or a page came through: one row per customer and one per page, the first
// touch only (the unique indexes make a later one a no-op), with when and how.
export const partnerAttributions = pgTable(
  "partner_attributions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => partnerOrganisations.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    profileId: text("profile_id").references(() => profiles.id, { onDelete: "cascade" }),
    source: text("source").$type<AttributionSource>().notNull(),
    attributedAt: timestamp("attributed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("partner_attributions_user_key")
      .on(table.userId)
      .where(sql`${table.userId} is not null`),
    uniqueIndex("partner_attributions_profile_key")
      .on(table.profileId)
      .where(sql`${table.profileId} is not null`),
    index("partner_attributions_organisation_idx").on(table.organisationId, table.attributedAt),
    check("partner_attributions_one_subject", sql`(${table.userId} is null) <> (${table.profileId} is null)`),
  ],
);
