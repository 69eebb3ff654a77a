// Paying for a page: orders and their numbers, subscriptions, checkout links and the payment
// providers' events.
import { sql } from "drizzle-orm";
import type { PostalAddress } from "../../../contract/addresses";
import type { CardOnFile } from "../../../contract/checkout";
import type { TermPlan } from "../../../contract/pricing";
import type {
  CheckoutLinkInterval,
  OrderMethod,
  OrderPlan,
  OrderStatus,
  PaymentProviderName,
  SubscriptionStatus,
} from "../../../contract/orders";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { profiles } from "./profiles";

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
    // A prepaid term the link sells at its price, paid once (migration 0027, ADR 041); null: periods.
    term: text("term").$type<TermPlan>(),
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
    // Where the printed plaque or card goes, given at a card checkout (migration 0019); null: none.
    deliveryAddress: jsonb("delivery_address").$type<PostalAddress>(),
    // A prepaid term: the stretch it pays, from where the page's time ended (migration 0027, ADR 041);
    // set when it is paid (card) or invoiced; null for a plan.
    termFrom: timestamp("term_from", { withTimezone: true }),
    termUntil: timestamp("term_until", { withTimezone: true }),
    // A year someone gave the page (migration 0029, ADR 044): the giver is the customer, never made
    // its owner or editor; anonymous keeps their name out of the family's e-mail.
    gift: boolean("gift").notNull().default(false),
    giftAnonymous: boolean("gift_anonymous").notNull().default(false),
    // The name the giver signed the gift with (their address when they gave none).
    giftGiverName: text("gift_giver_name"),
  },
  (table) => [
    index("orders_profile_idx").on(table.profileId, table.createdAt),
    // A page's gifts, for "a gift is already under way" (ADR 044).
    index("orders_gift_idx")
      .on(table.profileId, table.createdAt)
      .where(sql`${table.gift}`),
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

// The receipt of each renewal: an order's first payment has the order's receipt, every later period
// paid has one of its own, numbered after the order (KM-000123-2 pays the second period), with the
// amount and period it paid. sent_at is the claim: of the booking's effect and the sweep, one sends it.
export const renewalReceipts = pgTable(
  "renewal_receipts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    receiptNumber: text("receipt_number").notNull().unique(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    paymentEventId: uuid("payment_event_id")
      .notNull()
      .unique()
      .references(() => paymentEvents.id, { onDelete: "restrict" }),
    plan: text("plan").$type<OrderPlan>().notNull(),
    // VAT included in amount; amount = net + vat, as on orders.
    amountOre: integer("amount_ore").notNull(),
    netOre: integer("net_ore").notNull(),
    vatOre: integer("vat_ore").notNull(),
    vatRatePercent: integer("vat_rate_percent").notNull(),
    currency: text("currency").notNull().default("SEK"),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    index("renewal_receipts_order_idx").on(table.orderId, table.paidAt),
    index("renewal_receipts_unsent_idx")
      .on(table.paidAt)
      .where(sql`${table.sentAt} is null`),
  ],
);
