// The people of a page beyond its owner (ADR 029): the editors the owner invited, and the invitations
// themselves (to edit, or to take the page over), each a signed link sent by e-mail.
import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { InvitationKind } from "../../../contract/family-values";
import { users } from "./accounts";
import { profiles } from "./profiles";

// Editors edit a page's content and moderate its memories; only its owner pays, invites, removes
// editors, deletes or hands it over (decisions, "The memorial itself").
export const profileEditors = pgTable(
  "profile_editors",
  {
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    addedByUserId: uuid("added_by_user_id").references(() => users.id, { onDelete: "set null" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.profileId, table.userId] }),
    // "The pages I help keep" on an editor's home.
    index("profile_editors_user_idx").on(table.userId, table.addedAt),
  ],
);

// An invitation to a page: `editor` (help keep it) or `handover` (become its owner). The link carries
// a secret whose SHA-256 is kept here; it works once, for the invited address only, until it expires.
export const profileInvitations = pgTable(
  "profile_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: text("kind").$type<InvitationKind>().notNull(),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedByUserId: uuid("invited_by_user_id").references(() => users.id, { onDelete: "set null" }),
    // How the inviter signed it (accounts have no name of their own), and their personal note; the
    // e-mail and the invitation's page show the address only when there is no name (migration 0017).
    inviterName: text("inviter_name"),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedByUserId: uuid("accepted_by_user_id").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("profile_invitations_token_key").on(table.tokenHash),
    index("profile_invitations_profile_idx").on(table.profileId, table.createdAt),
    // One open invitation per address and kind on a page: inviting again sends a new link instead.
    uniqueIndex("profile_invitations_open_key")
      .on(table.profileId, table.kind, sql`lower(${table.email})`)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
  ],
);
