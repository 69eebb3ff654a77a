// The database schema (Drizzle). Migrations in ./migrations are generated from it by drizzle-kit.
import { sql } from "drizzle-orm";
import type {
  ProfileContent,
  ProfileMetadata,
  ProfileStatus,
  StatusReasonCode,
  WalkthroughStep,
} from "../../contract/profiles";
import type {
  CheckoutLinkInterval,
  OrderMethod,
  OrderPlan,
  OrderStatus,
  PaymentProviderName,
  SubscriptionStatus,
} from "../../contract/orders";
import type { AttributionSource } from "../../contract/partners";
import type { Locale } from "../../contract/locale";
import type { CardOnFile } from "../../contract/checkout";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
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
    // Set when the owner of the address followed the verification link sent to it.
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    // Set when the account was deleted (issue 14): the row stays, erased, because the orders and
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
    // The unclaimed batch it was made in for printing (issue 13); null for a page made for its owner,
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

// Unclaimed pages made together for printing (issue 13): the QR manager picks a batch, or its pages
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

// Order numbers KM-000123: one sequence, so numbers never repeat, even across processes.
export const orderNumberSequence = pgSequence("order_number_seq", { startWith: 1, increment: 1 });

// Admin-made checkout terms for one customer, opened through our own lasting URL (/checkout-link/{token}).
export const checkoutLinks = pgTable(
  "checkout_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Random, URL-safe; the link is only usable by its customer, signed in.
    token: text("token").notNull().unique(),
    customerUserId: uuid("customer_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Per billing period, VAT included.
    priceOre: integer("price_ore").notNull(),
    currency: text("currency").notNull().default("SEK"),
    interval: text("interval").$type<CheckoutLinkInterval>().notNull().default("month"),
    // Billing periods to charge: 1 to 120, or 0 for until cancelled.
    iterations: integer("iterations").notNull(),
    includesFreeTrial: boolean("includes_free_trial").notNull().default(false),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    usedAt: timestamp("used_at", { withTimezone: true }),
    usedOrderId: uuid("used_order_id"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    // The one page the link pays for: bound by the first checkout started with it (decisions: a
    // checkout link pays for one page, once).
    profileId: text("profile_id").references(() => profiles.id, { onDelete: "set null" }),
  },
  (table) => [index("checkout_links_customer_idx").on(table.customerUserId, table.createdAt)],
);

// One purchase: the first payment of a plan or a checkout link's terms, by card or invoice.
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderNumber: text("order_number").notNull().unique(),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "restrict" }),
    customerUserId: uuid("customer_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    method: text("method").$type<OrderMethod>().notNull(),
    plan: text("plan").$type<OrderPlan>().notNull(),
    checkoutLinkId: uuid("checkout_link_id").references(() => checkoutLinks.id, { onDelete: "set null" }),
    // Amounts in öre, VAT included in amount; amount = net + vat.
    amountOre: integer("amount_ore").notNull(),
    netOre: integer("net_ore").notNull(),
    vatOre: integer("vat_ore").notNull(),
    vatRatePercent: integer("vat_rate_percent").notNull(),
    currency: text("currency").notNull().default("SEK"),
    status: text("status").$type<OrderStatus>().notNull().default("pending"),
    provider: text("provider").$type<PaymentProviderName>().notNull(),
    // The provider's own id (a Stripe Checkout Session, a sandbox payment, an invoice number).
    providerReference: text("provider_reference"),
    // Why the last attempt failed, in the provider's words (shown to the customer translated by code).
    failureCode: text("failure_code"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    // The lifecycle sweep sends each e-mail once and records it here.
    receiptSentAt: timestamp("receipt_sent_at", { withTimezone: true }),
    failureNotifiedAt: timestamp("failure_notified_at", { withTimezone: true }),
  },
  (table) => [
    index("orders_profile_idx").on(table.profileId, table.createdAt),
    index("orders_customer_idx").on(table.customerUserId, table.createdAt),
    uniqueIndex("orders_provider_reference_key")
      .on(table.provider, table.providerReference)
      .where(sql`${table.providerReference} is not null`),
    index("orders_status_idx").on(table.status, table.createdAt),
    // The admin dashboard's conversions and revenue per day read ranges of this.
    index("orders_paid_idx")
      .on(table.paidAt)
      .where(sql`${table.paidAt} is not null`),
  ],
);

// What keeps a page paid: a plan or a checkout link's terms, period by period.
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "restrict" }),
    customerUserId: uuid("customer_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    plan: text("plan").$type<OrderPlan>().notNull(),
    interval: text("interval").$type<CheckoutLinkInterval>().notNull(),
    priceOre: integer("price_ore").notNull(),
    currency: text("currency").notNull().default("SEK"),
    // Billing periods to charge: 1 to 120, or 0 for until cancelled; periodsPaid counts up to it.
    iterations: integer("iterations").notNull(),
    periodsPaid: integer("periods_paid").notNull().default(0),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    nextChargeAt: timestamp("next_charge_at", { withTimezone: true }),
    trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
    status: text("status").$type<SubscriptionStatus>().notNull(),
    provider: text("provider").$type<PaymentProviderName>().notNull(),
    providerSubscriptionId: text("provider_subscription_id"),
    // The card charged at each renewal, as far as we may know it: its last four digits, and for the
    // sandbox the outcome its test number stands for (the sandbox "keeps" the card; Stripe keeps the
    // real one). Never a card number.
    cardOnFile: jsonb("card_on_file").$type<CardOnFile>(),
    // The customer cancelled: nothing more is charged, and the subscription ends with its period.
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    cancelRequestedAt: timestamp("cancel_requested_at", { withTimezone: true }),
    // A switch between monthly and yearly, taking effect from the next period.
    nextPlan: text("next_plan").$type<"monthly" | "yearly">(),
    // Dunning: failed charges of the current period so far, and when the next retry is due.
    failedAttempts: integer("failed_attempts").notNull().default(0),
    nextRetryAt: timestamp("next_retry_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("subscriptions_profile_idx").on(table.profileId, table.createdAt),
    index("subscriptions_status_next_idx").on(table.status, table.nextChargeAt),
    uniqueIndex("subscriptions_provider_id_key")
      .on(table.provider, table.providerSubscriptionId)
      .where(sql`${table.providerSubscriptionId} is not null`),
  ],
);

// Every event a payment provider reported, stored before it is acted on; the unique event id makes a
// replayed webhook a no-op.
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").$type<PaymentProviderName>().notNull(),
    providerEventId: text("provider_event_id").notNull(),
    type: text("type").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("payment_events_provider_event_key").on(table.provider, table.providerEventId)],
);

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

// --- Partners (issue 12, ADR 014) ---

// A partner organisation (a shop, an undertaker…): its members are users with the partner role. The
// slug names it in referral links and never changes; the name is null until a member sets it.
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
