// Checkout links: terms an admin sets for one customer (price per period, iterations, a free trial
// first), reached through our own lasting URL /checkout-link/{token}; the payment provider's session
// is made only when the customer opens it. Made (for one of the customer's pages when the admin
// chooses it, and e-mailed to the customer when asked), listed and revoked here; opened by the checkout.
import {
  dayMs,
  audit,
  type RequestOrigin,
  newToken,
  type Actor,
  pageMissing,
  recordEvent,
  refuse,
  transaction,
} from "../core";
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL } from "drizzle-orm";
import {
  checkoutLinkLifetimeDays,
  checkoutLinkPageSize,
  type CheckoutLink,
  type CheckoutLinkListQuery,
  type CheckoutLinkList,
  type CheckoutLinkStatus,
  type CreatedCheckoutLink,
  type MadeCheckoutLink,
} from "../../../contract/admin-orders";
import { openOrderStatuses, type CheckoutLinkRequest } from "../../../contract/orders";
import type { Database, Executor } from "../../db/client";
import { checkoutLinks, orders, profiles, users } from "../../db/schema";

type LinkRow = typeof checkoutLinks.$inferSelect;

/** The address a customer opens; the token is the whole secret, so it is shown to the admin only. */
export function checkoutLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/checkout-link/${token}`;
}

/** What became of a link; used and revoked win over expired (they say more). */
export function checkoutLinkStatus(
  row: Pick<LinkRow, "usedAt" | "revokedAt" | "expiresAt">,
  now = new Date(),
): CheckoutLinkStatus {
  if (row.usedAt) return "used";
  if (row.revokedAt) return "revoked";
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return "expired";
  return "active";
}

function created(row: LinkRow, publicUrl: string): CreatedCheckoutLink {
  return {
    url: checkoutLinkUrl(publicUrl, row.token),
    token: row.token,
    id: row.id,
    customerId: row.customerUserId,
    price: row.priceOre,
    iterations: row.iterations,
    includesFreeTrial: row.includesFreeTrial,
    interval: row.interval,
    term: row.term ?? null,
    // Every link gets one on creation; a row without (made by hand) reads as made to last its lifetime.
    expiresAt: (
      row.expiresAt ?? new Date(row.createdAt.getTime() + checkoutLinkLifetimeDays * dayMs)
    ).toISOString(),
    createdAt: row.createdAt.toISOString(),
    profileId: row.profileId,
  };
}

function listed(row: LinkRow, customerEmail: string, publicUrl: string, now: Date): CheckoutLink {
  return {
    ...created(row, publicUrl),
    customerEmail,
    status: checkoutLinkStatus(row, now),
    usedAt: row.usedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export async function createCheckoutLink(
  db: Database,
  {
    input,
    actor,
    origin,
    publicUrl,
  }: { input: CheckoutLinkRequest; actor: Actor; origin: RequestOrigin; publicUrl: string },
): Promise<MadeCheckoutLink> {
  const [customer] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, input.customerId))
    .limit(1);
  if (!customer) throw refuse("checkout.link-customer-missing");
  // The page the admin chose for it is bound now, as a first checkout would bind it: one of the
  // customer's own (decisions: a checkout link pays for one page, once).
  if (input.profileId) {
    const [page] = await db
      .select({ ownerUserId: profiles.ownerUserId })
      .from(profiles)
      .where(eq(profiles.id, input.profileId));
    if (!page) throw pageMissing();
    if (page.ownerUserId !== customer.id) throw refuse("checkout.link-page-not-customers");
  }
  const now = new Date();
  return transaction(db, async (tx) => {
    const [row] = await tx
      .insert(checkoutLinks)
      .values({
        token: newToken(),
        customerUserId: customer.id,
        profileId: input.profileId ?? null,
        priceOre: input.price,
        interval: input.interval,
        iterations: input.iterations,
        // A term is one payment: no trial first, one "period".
        includesFreeTrial: input.term ? false : input.includesFreeTrial,
        term: input.term ?? null,
        createdByUserId: actor.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + checkoutLinkLifetimeDays * dayMs),
      })
      .returning();
    if (!row) throw new Error("The checkout link was not stored.");
    await audit(tx, {
      action: "admin.checkout_link_create",
      actorUserId: actor.id,
      targetUserId: customer.id,
      // The terms, never the token: the audit log is read by more people than should open the link.
      details: {
        linkId: row.id,
        price: row.priceOre,
        interval: row.interval,
        iterations: row.iterations,
        includesFreeTrial: row.includesFreeTrial,
        term: row.term,
        profileId: row.profileId,
        emailed: input.emailCustomer,
      },
      ...origin,
    });
    // Sent after the commit, so a link that was never stored is never mailed (ADR 033).
    if (input.emailCustomer) recordEvent(tx, { type: "checkout-link.made", linkId: row.id });
    return { ...created(row, publicUrl), emailedTo: input.emailCustomer ? customer.email : null };
  });
}

function statusCondition(status: CheckoutLinkStatus, now: Date): SQL | undefined {
  switch (status) {
    case "used":
      return isNotNull(checkoutLinks.usedAt);
    case "revoked":
      return and(isNull(checkoutLinks.usedAt), isNotNull(checkoutLinks.revokedAt));
    case "expired":
      return and(
        isNull(checkoutLinks.usedAt),
        isNull(checkoutLinks.revokedAt),
        lte(checkoutLinks.expiresAt, now),
      );
    case "active":
      return and(
        isNull(checkoutLinks.usedAt),
        isNull(checkoutLinks.revokedAt),
        or(isNull(checkoutLinks.expiresAt), gt(checkoutLinks.expiresAt, now)),
      );
  }
}

/** Newest first, a page of 50 at a time; filtered by customer and status when asked. */
export async function listCheckoutLinks(
  db: Executor,
  query: CheckoutLinkListQuery,
  publicUrl: string,
  now = new Date(),
): Promise<CheckoutLinkList> {
  const where = and(
    query.customerId ? eq(checkoutLinks.customerUserId, query.customerId) : undefined,
    query.status ? statusCondition(query.status, now) : undefined,
  );
  const page = query.page;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ link: checkoutLinks, email: users.email })
      .from(checkoutLinks)
      .innerJoin(users, eq(users.id, checkoutLinks.customerUserId))
      .where(where)
      .orderBy(desc(checkoutLinks.createdAt), desc(checkoutLinks.id))
      .limit(checkoutLinkPageSize)
      .offset((page - 1) * checkoutLinkPageSize),
    db.select({ n: count() }).from(checkoutLinks).where(where),
  ]);
  return {
    links: rows.map(({ link, email }) => listed(link, email, publicUrl, now)),
    total: counted?.n ?? 0,
    page,
    pageSize: checkoutLinkPageSize,
  };
}

/**
 * Revokes a link so it can no longer be opened. Idempotent: revoking it again answers the same link
 * and changes nothing. A used link is refused: its checkout is paid, so there is nothing to stop. The
 * orders started from it and not yet paid are cancelled with it.
 */
export async function revokeCheckoutLink(
  db: Database,
  { id, actor, origin, publicUrl }: { id: string; actor: Actor; origin: RequestOrigin; publicUrl: string },
): Promise<CheckoutLink> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ link: checkoutLinks, email: users.email })
      .from(checkoutLinks)
      .innerJoin(users, eq(users.id, checkoutLinks.customerUserId))
      .where(eq(checkoutLinks.id, id))
      .for("update", { of: checkoutLinks });
    if (!found) throw refuse("checkout.link-id-missing");
    const now = new Date();
    if (found.link.usedAt) {
      throw refuse("checkout.link-used-revoke");
    }
    if (found.link.revokedAt) return listed(found.link, found.email, publicUrl, now);
    const [row] = await tx
      .update(checkoutLinks)
      .set({ revokedAt: now })
      .where(eq(checkoutLinks.id, id))
      .returning();
    if (!row) throw new Error("The checkout link vanished while it was revoked.");
    // Orders started from it and not paid stop too: revoking leaves nothing of the link to pay.
    const stopped = await tx
      .update(orders)
      .set({ status: "cancelled" })
      .where(and(eq(orders.checkoutLinkId, row.id), inArray(orders.status, openOrderStatuses)))
      .returning({ orderNumber: orders.orderNumber });
    await audit(tx, {
      action: "admin.checkout_link_revoke",
      actorUserId: actor.id,
      targetUserId: row.customerUserId,
      details: { linkId: row.id, cancelledOrders: stopped.map((order) => order.orderNumber) },
      ...origin,
    });
    return listed(row, found.email, publicUrl, now);
  });
}
