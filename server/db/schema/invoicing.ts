// Invoicing (ADR 013): the creditor, invoices with their lines and payments, and the BgMax files
// imported.
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { profiles } from "./profiles";
import { orders } from "./billing";

// The company's invoicing identity (the admin's Capway creditor screen). Invoice numbers run per
// creditor without gaps: `next_invoice_number` is taken and raised in the transaction that issues.
export const creditors = pgTable("creditors", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  orgNumber: text("org_number").notNull(),
  vatNumber: text("vat_number").notNull(),
  addressLines: jsonb("address_lines").$type<string[]>().notNull(),
  bankgiro: text("bankgiro"),
  plusgiro: text("plusgiro"),
  // "Styrelsens säte": the municipality of the board's seat, required on invoices of a company.
  seat: text("seat").notNull(),
  fSkatt: boolean("f_skatt").notNull().default(true),
  email: text("email").notNull(),
  phone: text("phone"),
  // An uploaded PNG (the image store's address), printed top left on invoices.
  logoUrl: text("logo_url"),
  termsDays: integer("terms_days").notNull().default(30),
  reminderFeeOre: integer("reminder_fee_ore").notNull().default(6000),
  lateInterestText: text("late_interest_text"),
  nextInvoiceNumber: integer("next_invoice_number").notNull().default(1),
  // One creditor issues; others are kept for the invoices they issued.
  active: boolean("active").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type InvoiceStatus = "draft" | "sent" | "paid" | "overdue" | "credited";

export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    creditorId: uuid("creditor_id")
      .notNull()
      .references(() => creditors.id, { onDelete: "restrict" }),
    // Null while a draft; given when issued, strictly sequential per creditor.
    number: integer("number"),
    // Digits with a length digit and a Luhn check digit (contract/swedish-numbers.ts makeOcr).
    ocr: text("ocr").unique(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    profileId: text("profile_id").references(() => profiles.id, { onDelete: "set null" }),
    customerUserId: uuid("customer_user_id").references(() => users.id, { onDelete: "set null" }),
    customerName: text("customer_name").notNull(),
    customerAddressLines: jsonb("customer_address_lines").$type<string[]>().notNull(),
    customerEmail: text("customer_email").notNull(),
    language: text("language").notNull().default("sv-SE"),
    issueDate: date("issue_date"),
    dueDate: date("due_date"),
    status: text("status").$type<InvoiceStatus>().notNull().default("draft"),
    netOre: integer("net_ore").notNull(),
    vatOre: integer("vat_ore").notNull(),
    totalOre: integer("total_ore").notNull(),
    roundingOre: integer("rounding_ore").notNull().default(0),
    paidOre: integer("paid_ore").notNull().default(0),
    // At most one reminder fee per invoice (decisions "Invoice": at most 60 SEK).
    reminderFeeOre: integer("reminder_fee_ore").notNull().default(0),
    remindersSent: integer("reminders_sent").notNull().default(0),
    lastReminderAt: timestamp("last_reminder_at", { withTimezone: true }),
    // A credit note points at the invoice it credits.
    creditsInvoiceId: uuid("credits_invoice_id"),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    // The invoice provider's (Capway's) own id once handed over; null with the built-in `none`.
    providerReference: text("provider_reference"),
    // Why the last hand-over failed (the sweep tries again), for the admin's list.
    providerError: text("provider_error"),
  },
  (table) => [
    uniqueIndex("invoices_creditor_number_key")
      .on(table.creditorId, table.number)
      .where(sql`${table.number} is not null`),
    index("invoices_status_due_idx").on(table.status, table.dueDate),
    index("invoices_customer_idx").on(table.customerUserId, table.createdAt),
    index("invoices_order_idx").on(table.orderId),
  ],
);

export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    description: text("description").notNull(),
    // Thousandths: 1.5 is 1500 (quantities with up to three decimals).
    quantityMilli: integer("quantity_milli").notNull(),
    unitPriceOre: integer("unit_price_ore").notNull(),
    vatRatePercent: integer("vat_rate_percent").notNull(),
    netOre: integer("net_ore").notNull(),
    vatOre: integer("vat_ore").notNull(),
  },
  (table) => [uniqueIndex("invoice_lines_position_key").on(table.invoiceId, table.position)],
);

// A BgMax file once imported: its SHA-256, so the same file is never booked twice.
export const bgmaxImports = pgTable("bgmax_imports", {
  id: uuid("id").primaryKey().defaultRandom(),
  fileKey: text("file_key").notNull().unique(),
  importedByUserId: uuid("imported_by_user_id").references(() => users.id, { onDelete: "set null" }),
  importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
  summary: jsonb("summary").$type<Record<string, unknown>>().notNull(),
});

export const invoicePayments = pgTable(
  "invoice_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Null for a payment whose reference matched no invoice (shown in the import's report).
    invoiceId: uuid("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    amountOre: integer("amount_ore").notNull(),
    paidOn: date("paid_on").notNull(),
    source: text("source").$type<"bgmax" | "manual">().notNull(),
    reference: text("reference"),
    bgmaxImportId: uuid("bgmax_import_id").references(() => bgmaxImports.id, { onDelete: "set null" }),
    // Bankgirot's serial number of the payment within its file.
    bankSerial: text("bank_serial"),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("invoice_payments_invoice_idx").on(table.invoiceId, table.paidOn)],
);
