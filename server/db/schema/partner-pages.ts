// The pages a partner made for its families (decisions "Pages a family can start, and funeral homes
// that hand them out"): a table of its own beside the attribution, as it points at partners, accounts
// and pages alike.
import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { partnerOrganisations } from "./partners";
import { profiles } from "./profiles";

// One row per page a partner made: who made it, whether the family may start the extended trial on it
// (the partner's gift), and the claim link's sending: to whom, when, how often, or taken back. A page
// taken back cannot be claimed until it is sent again; claimed means the page has an owner.
export const partnerMadePages = pgTable(
  "partner_made_pages",
  {
    profileId: text("profile_id")
      .primaryKey()
      .references(() => profiles.id, { onDelete: "cascade" }),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => partnerOrganisations.id, { onDelete: "cascade" }),
    madeByUserId: uuid("made_by_user_id").references(() => users.id, { onDelete: "set null" }),
    madeAt: timestamp("made_at", { withTimezone: true }).notNull().defaultNow(),
    extendedTrial: boolean("extended_trial").notNull().default(false),
    sentTo: text("sent_to"),
    note: text("note"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    sentByUserId: uuid("sent_by_user_id").references(() => users.id, { onDelete: "set null" }),
    sentCount: integer("sent_count").notNull().default(0),
    takenBackAt: timestamp("taken_back_at", { withTimezone: true }),
  },
  (table) => [index("partner_made_pages_organisation_idx").on(table.organisationId, table.madeAt)],
);
