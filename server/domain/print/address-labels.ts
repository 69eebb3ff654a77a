// The address PDF maker (ADR 015): the addresses of a request (pasted, a CSV file, or the pages whose
// plaque awaits mailing), their preview and PDF, the awaiting list, and marking plaques as sent.
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  addressLabelMessages,
  pagesFor,
  placementOf,
  previewPages,
  problemField,
  type AddressLabelsParsedRequest,
  type AddressLabelsPreview,
  type AwaitingPlaque,
  type AwaitingPlaques,
  type LabelLayout,
} from "../../../contract/address-labels";
import {
  addressLines,
  maxAddresses,
  parseAddressBlocks,
  parseAddressCsv,
  postalAddressSchema,
  type AddressProblem,
  type PostalAddress,
} from "../../../contract/addresses";
import type { Database, Executor } from "../../db/client";
import { invoices, orders, profiles, users } from "../../db/schema";
import { makeLabelsPdf } from "../../providers/pdf/labels";
import { audit, type RequestOrigin, refuse, type Actor } from "../core";

/** The addresses of a request, or what is wrong: problems by block or row, and by request field. */
export type LabelAddresses =
  | { ok: true; addresses: PostalAddress[] }
  | { ok: false; problems: AddressProblem[]; fields: Record<string, string> };

/**
 * A page's address from an invoice: the customer's name, then its address lines as the invoice prints
 * them (c/o and street, then "123 45 City"). Null when the lines are not in that form (an invoice made
 * by hand with another address): such a page is listed without an address rather than mis-addressed.
 */
export function addressFromInvoice(name: string, lines: string[]): PostalAddress | null {
  const place = /^(\d{3} ?\d{2})\s+(\S.*)$/.exec(lines.at(-1)?.trim() ?? "");
  const streets = lines.slice(0, -1);
  if (!place || streets.length < 1 || streets.length > 2) return null;
  const parsed = postalAddressSchema.safeParse({
    name,
    street: streets[0],
    street2: streets[1],
    postcode: place[1],
    city: place[2],
  });
  return parsed.success ? parsed.data : null;
}

type AwaitingRow = AwaitingPlaque & { postal: PostalAddress | null };

/**
 * Pages awaiting a plaque: with a paid order, made for their owner (no batch, so a page a family
 * started themselves too) and not yet marked sent,
 * the longest waiting first, at most `limit` (and whether there were more). Driven from the paid
 * orders, which are few beside the unclaimed pages printed in batches.
 */
async function awaitingRows(db: Executor, limit: number, only?: string[]): Promise<AwaitingRow[]> {
  const paid = db
    .select({
      profileId: orders.profileId,
      firstPaidAt: sql<Date>`min(${orders.paidAt})`.as("first_paid_at"),
    })
    .from(orders)
    .where(and(eq(orders.status, "paid"), only ? inArray(orders.profileId, only) : undefined))
    .groupBy(orders.profileId)
    .as("paid");
  const rows = await db
    .select({ profileId: profiles.id, ownerEmail: users.email, firstPaidAt: paid.firstPaidAt })
    .from(paid)
    .innerJoin(profiles, eq(profiles.id, paid.profileId))
    .leftJoin(users, eq(users.id, profiles.ownerUserId))
    .where(and(isNull(profiles.batchId), isNull(profiles.plaqueSentAt)))
    .orderBy(asc(paid.firstPaidAt), asc(profiles.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.profileId);

  // The newest paid order of each page says how it was paid.
  const paidOrders = await db
    .select({
      profileId: orders.profileId,
      orderNumber: orders.orderNumber,
      method: orders.method,
      paidAt: orders.paidAt,
      deliveryAddress: orders.deliveryAddress,
    })
    .from(orders)
    .where(and(eq(orders.status, "paid"), inArray(orders.profileId, ids)))
    .orderBy(desc(orders.paidAt), desc(orders.createdAt));
  const newestOrder = new Map<string, (typeof paidOrders)[number]>();
  // The address given for the plaque at the newest card checkout that gave one (migration 0019).
  const delivery = new Map<string, PostalAddress>();
  for (const order of paidOrders) {
    if (!newestOrder.has(order.profileId)) newestOrder.set(order.profileId, order);
    const given = order.deliveryAddress ? postalAddressSchema.safeParse(order.deliveryAddress) : null;
    if (given?.success && !delivery.has(order.profileId)) delivery.set(order.profileId, given.data);
  }

  // The newest invoice (not a credit note) of any of the page's orders has the address.
  const pageInvoices = await db
    .select({
      profileId: orders.profileId,
      name: invoices.customerName,
      lines: invoices.customerAddressLines,
    })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(inArray(orders.profileId, ids), isNull(invoices.creditsInvoiceId)))
    .orderBy(desc(invoices.createdAt), desc(invoices.id));
  const newestInvoice = new Map<string, (typeof pageInvoices)[number]>();
  for (const invoice of pageInvoices) {
    if (!newestInvoice.has(invoice.profileId)) newestInvoice.set(invoice.profileId, invoice);
  }

  return rows.map((row) => {
    const order = newestOrder.get(row.profileId);
    const invoice = newestInvoice.get(row.profileId);
    // The address given for the plaque, else the invoice's (where a page paid by invoice is sent).
    const postal =
      delivery.get(row.profileId) ?? (invoice ? addressFromInvoice(invoice.name, invoice.lines) : null);
    return {
      profileId: row.profileId,
      ownerEmail: row.ownerEmail ?? null,
      orderNumber: order?.orderNumber ?? "",
      method: order?.method === "invoice" ? "invoice" : "card",
      paidAt: new Date(order?.paidAt ?? row.firstPaidAt).toISOString(),
      address: postal ? addressLines(postal) : null,
      postal,
    };
  });
}

export async function listAwaitingPlaques(db: Database): Promise<AwaitingPlaques> {
  const rows = await awaitingRows(db, maxAddresses + 1);
  return {
    rows: rows.slice(0, maxAddresses).map(({ postal: _postal, ...row }) => row),
    more: rows.length > maxAddresses,
  };
}

/** The addresses a request names, all or nothing: any bad block, row or page gives only the problems. */
export async function labelAddresses(
  db: Database,
  request: AddressLabelsParsedRequest,
): Promise<LabelAddresses> {
  if (request.source === "awaiting") {
    const found = await awaitingRows(db, maxAddresses, request.profileIds);
    const byId = new Map(found.map((row) => [row.profileId, row]));
    const fields: Record<string, string> = {};
    const addresses: PostalAddress[] = [];
    request.profileIds.forEach((id, index) => {
      const row = byId.get(id);
      if (!row) fields[`profileIds.${index}`] = addressLabelMessages.notAwaiting;
      else if (!row.postal) fields[`profileIds.${index}`] = addressLabelMessages.noAddress;
      else addresses.push(row.postal);
    });
    return Object.keys(fields).length > 0 ? { ok: false, problems: [], fields } : { ok: true, addresses };
  }
  const parsed = request.source === "csv" ? parseAddressCsv(request.text) : parseAddressBlocks(request.text);
  if (parsed.ok) return parsed;
  const fields: Record<string, string> = {};
  for (const problem of parsed.errors) fields[problemField(problem, request.source)] ??= problem.text;
  return { ok: false, problems: parsed.errors, fields };
}

export function labelsPreview(
  addresses: PostalAddress[],
  layout: LabelLayout,
  startPosition: number,
): AddressLabelsPreview {
  const start = layout === "c5" ? 1 : startPosition;
  const placements = [];
  for (let index = 0; index < addresses.length; index++) {
    const placement = placementOf(index, layout, start);
    if (placement.page > previewPages) break;
    placements.push(placement);
  }
  return {
    layout,
    startPosition: start,
    count: addresses.length,
    pages: pagesFor(addresses.length, layout, start),
    addresses: addresses.map(addressLines),
    placements,
  };
}

export async function labelsPdf(
  addresses: PostalAddress[],
  layout: LabelLayout,
  startPosition: number,
): Promise<{ content: Uint8Array; filename: string }> {
  const content = await makeLabelsPdf(addresses, { layout, startPosition });
  return { content, filename: layout === "c5" ? "kuvert-c5.pdf" : "adressetiketter.pdf" };
}

/**
 * Marks the pages' plaques as mailed, in one transaction with its audit entry. A page marked before
 * keeps its first date; a code that names no page refuses the whole call.
 */
export async function markPlaquesSent(
  db: Database,
  profileIds: string[],
  actor: Actor,
  origin: RequestOrigin,
): Promise<{ marked: number }> {
  const unique = [...new Set(profileIds)];
  return db.transaction(async (tx) => {
    const existing = await tx.select({ id: profiles.id }).from(profiles).where(inArray(profiles.id, unique));
    const known = new Set(existing.map((row) => row.id));
    const missing = profileIds.findIndex((id) => !known.has(id));
    if (missing !== -1) {
      throw refuse("page.missing", {}, { field: `profileIds.${missing}` });
    }
    const marked = await tx
      .update(profiles)
      .set({ plaqueSentAt: new Date() })
      .where(and(inArray(profiles.id, unique), isNull(profiles.plaqueSentAt)))
      .returning({ id: profiles.id });
    await audit(tx, {
      action: "admin.plaques_sent",
      actorUserId: actor.id,
      details: { profileIds: marked.map((row) => row.id), count: marked.length },
      ...origin,
    });
    return { marked: marked.length };
  });
}
