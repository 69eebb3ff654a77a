// The accounts: users, their sessions, and the single-use links for a password reset and e-mail
// verification.
import { sql } from "drizzle-orm";
import type { Locale } from "../../../contract/locale";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

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
    // Set when the owner of the address followed the verification link sent to it.
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    // Set when the account was deleted: the row stays, erased, because the orders and
    // invoices bookkeeping law keeps point at it; nobody can sign in to it again.
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    // The language the account last used the site in (signing up, signing in, switching language):
    // its e-mails are written in it (decisions: e-mails in the language of the account).
    locale: text("locale").$type<Locale>(),
  },
  (table) => [
    // E-mail addresses are unique regardless of case.
    uniqueIndex("users_email_lower_key").on(sql`lower(${table.email})`),
    // The admin dashboard counts sign-ups per day over a range of this index, never the whole table.
    index("users_created_idx").on(table.createdAt),
  ],
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

// Single-use e-mail verification links; only the SHA-256 of the token is kept.
export const emailVerificationTokens = pgTable(
  "email_verification_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [index("email_verification_tokens_user_idx").on(table.userId, table.createdAt)],
);
