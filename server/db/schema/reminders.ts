// Reminders about a page's dates (ADR 029): who asked for an e-mail before the anniversaries, and
// every reminder sent, so that each is sent once however many processes sweep.
import { date, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { ReminderKind } from "../../../contract/family-values";
import { users } from "./accounts";
import { profiles } from "./profiles";

// The owner or an editor asked to be e-mailed a week before the birth and death days (and the ceremony).
export const anniversarySubscriptions = pgTable(
  "anniversary_subscriptions",
  {
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.profileId, table.userId] }),
    index("anniversary_subscriptions_user_idx").on(table.userId),
  ],
);

// One row per reminder sent: the page, the person, what it was about and the day it was about (the
// grave right's end, this year's birthday...). The key makes a second send a no-op.
export const remindersSent = pgTable(
  "reminders_sent",
  {
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ReminderKind>().notNull(),
    occasion: date("occasion", { mode: "string" }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.profileId, table.userId, table.kind, table.occasion] })],
);
