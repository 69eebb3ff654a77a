// Receipts for card payments, as Swedish bookkeeping expects them: the seller's name, organisation and
// VAT numbers and address, the receipt's number (the order number), its date, what was bought, the net,
// the VAT at its rate and the total, in the customer's language (the page's language, as users have none).
import { eq } from "drizzle-orm";
import { isLocale, type Locale } from "../../../contract/locale";
import { defaultMetadata } from "../../../contract/profiles";
import type { OrderPlan } from "../../../contract/orders";
import { i18nFor } from "../../../i18n/index";
import type { Config } from "../../config";
import type { Executor } from "../../db/client";
import { orders, profiles, renewalReceipts, subscriptions, users } from "../../db/schema";
import { formatMoney } from "../../providers/pdf/layout";
import { renderReceiptPdf, type ReceiptLayout } from "../../providers/pdf/receipt";
import { activeCreditorRow } from "./creditor";
import { hasRole, refuse, type Actor } from "../core";

/** The seller on every receipt (configuration: SELLER_*). */
export type Seller = { name: string; orgNumber: string; vatNumber: string; address: string; email: string };

export function sellerFromConfig(
  config: Pick<
    Config,
    "SELLER_NAME" | "SELLER_ORG_NUMBER" | "SELLER_VAT_NUMBER" | "SELLER_ADDRESS" | "SELLER_EMAIL"
  >,
): Seller {
  return {
    name: config.SELLER_NAME,
    orgNumber: config.SELLER_ORG_NUMBER,
    vatNumber: config.SELLER_VAT_NUMBER,
    address: config.SELLER_ADDRESS,
    email: config.SELLER_EMAIL,
  };
}

/** What a receipt is made of: one payment of an order, with its customer, page and period. */
export type ReceiptData = {
  orderId: string;
  /**
   * The receipt's number: the order's for its first payment (KM-000123), the order's with the period's
   * ordinal for a renewal's (KM-000123-2).
   */
  orderNumber: string;
  /** A renewal's receipt: the number of the order whose later period it paid; null for the first. */
  renewalOf: string | null;
  customerUserId: string;
  customerEmail: string;
  profileId: string;
  plan: OrderPlan;
  method: "card" | "invoice";
  amountOre: number;
  netOre: number;
  vatOre: number;
  vatRatePercent: number;
  currency: string;
  paidAt: Date;
  period: { start: Date; end: Date };
  locale: Locale;
};

// Receipts and dates are read in Sweden: one time zone, the market's, whatever the machine's is.
const timeZone = "Europe/Stockholm";

/** The page's language, the one its owner writes in; a page that never chose has the default's. */
export function localeOf(language: unknown): Locale {
  return isLocale(language) ? language : defaultMetadata.language;
}

/**
 * The language to write to a customer in: the account's, the one it last used the site in (decisions:
 * e-mails in the language of the account); an account that never told, its page's.
 */
export function customerLocale(accountLocale: unknown, pageLanguage: unknown): Locale {
  return isLocale(accountLocale) ? accountLocale : localeOf(pageLanguage);
}

/**
 * Who sells, on every receipt: the creditor that issues the invoices (decisions: one seller), and the
 * SELLER_* settings only while no creditor is set up.
 */
export async function receiptSeller(db: Executor, fallback: Seller): Promise<Seller> {
  const creditor = await activeCreditorRow(db);
  if (!creditor) return fallback;
  return {
    name: creditor.name,
    orgNumber: creditor.orgNumber,
    vatNumber: creditor.vatNumber,
    address: creditor.addressLines.join(", "),
    email: creditor.email,
  };
}

function addInterval(start: Date, interval: "month" | "year"): Date {
  const end = new Date(start);
  if (interval === "year") end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/**
 * The paid order behind a receipt, or null when there is no such order or it is not paid. Asked for
 * a refunded one, the order whose receipt a credit note gives back.
 */
export async function receiptData(
  db: Executor,
  orderNumber: string,
  state: "paid" | "refunded" = "paid",
): Promise<ReceiptData | null> {
  if (state === "paid" && renewalReceiptNumberPattern.test(orderNumber)) {
    return renewalReceiptData(db, orderNumber);
  }
  const [row] = await db
    .select({ order: orders, email: users.email, accountLocale: users.locale, metadata: profiles.metadata })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerUserId))
    .innerJoin(profiles, eq(profiles.id, orders.profileId))
    .where(eq(orders.orderNumber, orderNumber))
    .limit(1);
  if (!row || row.order.status !== state || !row.order.paidAt) return null;
  const { order } = row;
  const paidAt = order.paidAt as Date;
  const [subscription] = await db
    .select({
      interval: subscriptions.interval,
      start: subscriptions.currentPeriodStart,
      end: subscriptions.currentPeriodEnd,
      periodsPaid: subscriptions.periodsPaid,
    })
    .from(subscriptions)
    .where(eq(subscriptions.orderId, order.id))
    .limit(1);
  // The order pays the subscription's first period; while that is the current one, it is exact.
  // Otherwise (or without a subscription) the period runs one interval from the payment.
  const interval = subscription?.interval ?? (order.plan === "yearly" ? "year" : "month");
  // A prepaid term's receipt names the stretch it bought (ADR 041).
  const period =
    order.termFrom && order.termUntil
      ? { start: order.termFrom, end: order.termUntil }
      : subscription?.start && subscription.end && subscription.periodsPaid <= 1
        ? { start: subscription.start, end: subscription.end }
        : { start: paidAt, end: addInterval(paidAt, interval) };
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    renewalOf: null,
    customerUserId: order.customerUserId,
    customerEmail: row.email,
    profileId: order.profileId,
    plan: order.plan,
    method: order.method,
    amountOre: order.amountOre,
    netOre: order.netOre,
    vatOre: order.vatOre,
    vatRatePercent: order.vatRatePercent,
    currency: order.currency,
    paidAt,
    period,
    locale: customerLocale(row.accountLocale, row.metadata.language),
  };
}

/** A renewal's receipt number: its order's, then the period it paid (KM-000123-2). */
const renewalReceiptNumberPattern = /^KM-\d{6,}-\d+$/;

/**
 * A renewal's receipt: the payment of a later period of an order, as booked (renewal_receipts), or
 * null when there is no such receipt. The order may since have been refunded (a withdrawal gives back
 * the first payment only); the renewal was paid all the same.
 */
async function renewalReceiptData(db: Executor, receiptNumber: string): Promise<ReceiptData | null> {
  const [row] = await db
    .select({
      receipt: renewalReceipts,
      order: orders,
      email: users.email,
      accountLocale: users.locale,
      metadata: profiles.metadata,
    })
    .from(renewalReceipts)
    .innerJoin(orders, eq(orders.id, renewalReceipts.orderId))
    .innerJoin(users, eq(users.id, orders.customerUserId))
    .innerJoin(profiles, eq(profiles.id, orders.profileId))
    .where(eq(renewalReceipts.receiptNumber, receiptNumber))
    .limit(1);
  if (!row) return null;
  const { receipt, order } = row;
  return {
    orderId: order.id,
    orderNumber: receipt.receiptNumber,
    renewalOf: order.orderNumber,
    customerUserId: order.customerUserId,
    customerEmail: row.email,
    profileId: order.profileId,
    plan: receipt.plan,
    method: order.method,
    amountOre: receipt.amountOre,
    netOre: receipt.netOre,
    vatOre: receipt.vatOre,
    vatRatePercent: receipt.vatRatePercent,
    currency: receipt.currency,
    paidAt: receipt.paidAt,
    period: { start: receipt.periodStart, end: receipt.periodEnd },
    locale: customerLocale(row.accountLocale, row.metadata.language),
  };
}

/** Money as people in that language read it: "1 234,50 kr" in Swedish, "SEK 1,234.50" in English. */
export function formatReceiptMoney(amountOre: number, currency: string, locale: Locale): string {
  return formatMoney(amountOre, currency, locale);
}

export function formatReceiptDate(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone }).format(date);
}

/** The receipt's texts, in the customer's language. */
export function receiptLayout(data: ReceiptData, seller: Seller): ReceiptLayout {
  const { t } = i18nFor(data.locale);
  const money = (ore: number) => formatReceiptMoney(ore, data.currency, data.locale);
  const date = (value: Date) => formatReceiptDate(value, data.locale);
  return {
    language: data.locale,
    title: t("receipt.title"),
    stamp: t("receipt.paid"),
    seller: [
      seller.name,
      seller.address,
      t("receipt.orgNumber", { value: seller.orgNumber }),
      t("receipt.vatNumber", { value: seller.vatNumber }),
      seller.email,
    ],
    facts: [
      { label: t("receipt.number"), value: data.orderNumber },
      { label: t("receipt.date"), value: date(data.paidAt) },
      { label: t("receipt.customer"), value: data.customerEmail },
      { label: t("receipt.method"), value: t(`receipt.methods.${data.method}`) },
      { label: t("receipt.status"), value: t("receipt.paid") },
    ],
    columns: { description: t("receipt.description"), amount: t("receipt.amount") },
    items: [
      {
        description: t("receipt.item", {
          profileId: data.profileId,
          plan: t(`receipt.plans.${data.plan}`),
          from: date(data.period.start),
          to: date(data.period.end),
        }),
        amount: money(data.amountOre),
      },
    ],
    totals: [
      { label: t("receipt.net"), value: money(data.netOre) },
      { label: t("receipt.vat", { rate: data.vatRatePercent }), value: money(data.vatOre) },
      { label: t("receipt.total"), value: money(data.amountOre) },
    ],
    footer: [t("receipt.footer"), t("receipt.questions", { email: seller.email })],
  };
}

/**
 * The credit note of a refunded card payment: the receipt it gives back, by its number, with every
 * amount negative (a refund of the whole payment, as a withdrawal is).
 */
export function creditNoteLayout(data: ReceiptData, seller: Seller, refundedAt: Date): ReceiptLayout {
  const { t } = i18nFor(data.locale);
  const receipt = receiptLayout(data, seller);
  const negative = (ore: number) => formatReceiptMoney(-ore, data.currency, data.locale);
  return {
    ...receipt,
    title: t("receipt.creditNote.title"),
    stamp: t("receipt.creditNote.stamp"),
    facts: [
      { label: t("receipt.creditNote.credits"), value: data.orderNumber },
      { label: t("receipt.creditNote.date"), value: formatReceiptDate(refundedAt, data.locale) },
      { label: t("receipt.customer"), value: data.customerEmail },
      { label: t("receipt.method"), value: t(`receipt.methods.${data.method}`) },
    ],
    items: receipt.items.map((item) => ({ ...item, amount: negative(data.amountOre) })),
    totals: [
      { label: t("receipt.net"), value: negative(data.netOre) },
      { label: t("receipt.vat", { rate: data.vatRatePercent }), value: negative(data.vatOre) },
      { label: t("receipt.creditNote.total"), value: negative(data.amountOre) },
    ],
    footer: [t("receipt.creditNote.footer"), t("receipt.questions", { email: seller.email })],
  };
}

export async function creditNotePdf(
  data: ReceiptData,
  seller: Seller,
  refundedAt: Date,
): Promise<ReceiptFile> {
  const { t } = i18nFor(data.locale);
  return {
    filename: `${t("receipt.creditNote.filePrefix")}-${data.orderNumber}.pdf`,
    content: await renderReceiptPdf(creditNoteLayout(data, seller, refundedAt)),
    contentType: "application/pdf",
  };
}

/** Where the customer (or an admin) downloads the receipt: GET, signed in. */
export function receiptDownloadPath(orderNumber: string): string {
  return `/api/kammare/orders/${encodeURIComponent(orderNumber)}/receipt.pdf`;
}

export type ReceiptFile = { filename: string; content: Uint8Array; contentType: "application/pdf" };

export async function receiptPdf(data: ReceiptData, seller: Seller): Promise<ReceiptFile> {
  const { t } = i18nFor(data.locale);
  return {
    filename: `${t("receipt.filePrefix")}-${data.orderNumber}.pdf`,
    content: await renderReceiptPdf(receiptLayout(data, seller)),
    contentType: "application/pdf",
  };
}

/**
 * The receipt of an order for its customer or an admin. Anyone else, an unknown number and an order
 * not (yet) paid all get the same "not found": order numbers run in sequence, so a refusal would tell
 * a stranger which numbers exist.
 */
export async function receiptForViewer(
  db: Executor,
  seller: Seller,
  orderNumber: string,
  actor: Actor,
): Promise<ReceiptFile> {
  const data = await receiptData(db, orderNumber);
  if (!data || (data.customerUserId !== actor.id && !hasRole(actor, "admin"))) {
    throw refuse("checkout.receipt-missing");
  }
  return receiptPdf(data, await receiptSeller(db, seller));
}
