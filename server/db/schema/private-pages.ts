// A private page's door (ADR 043): the visitor password its family shares (only its argon2id hash),
// whether the door shows the portrait, and the invitations e-mailed to let one address's holder in.
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { profiles } from "./profiles";

export const privatePageDoors = pgTable("private_page_doors", {
  profileId: text("profile_id")
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  // A visitor's pass is bound to this hash (its salt is new with each password), so a new password
  // shuts out everyone let in by the old one.
  passwordHash: text("password_hash"),
  passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
  showPortrait: boolean("show_portrait").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// An e-mailed invitation to a private page: its link carries a secret whose SHA-256 is kept here; it
// lets in whoever holds it (on each browser they open it on) until the family revokes it.
export const pageVisitorInvitations = pgTable(
  "page_visitor_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedByUserId: uuid("invited_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("page_visitor_invitations_token_key").on(table.tokenHash),
    index("page_visitor_invitations_profile_idx").on(table.profileId, table.createdAt),
  ],
);
