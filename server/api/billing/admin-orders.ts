// Orders and checkout links: the admin's calls (mounted in the admin area) and the customer's own
// order list (mounted in the signed-in area; the domain checks ownership). Guards: server/http/guards.ts.
import { Hono } from "hono";
import {
  checkoutLinkListQuerySchema,
  customerOrdersQuerySchema,
  type AdminOrderDetail,
  type CheckoutLink,
  type CheckoutLinkList,
  type MadeCheckoutLink,
  type CustomerOrderList,
} from "../../../contract/admin-orders";
import { adminOrderRequestSchema, checkoutLinkRequestSchema } from "../../../contract/orders";
import { z } from "../../../contract/zod";
import type { Database } from "../../db/client";
import {
  createCheckoutLink,
  listCheckoutLinks,
  revokeCheckoutLink,
  adminOrderDetail,
  customerOrders,
} from "../../domain/billing";
import { requestOrigin } from "../../http/auth";
import type { SignedInEnv } from "../../http/guards";
import { fieldErrors, invalidInput, readJson, readQuery } from "../../http/errors";
import { refuse } from "../../domain/core";
import { listQueryInput } from "../profiles/admin-profiles";

export type AdminOrderDeps = { db: Database; publicUrl: string };

const linkIdSchema = z.uuid();

export function adminOrderRoutes({ db, publicUrl }: AdminOrderDeps) {
  return new Hono<SignedInEnv>()
    .post("/checkout-session-link", async (c) => {
      const input = await readJson(c, checkoutLinkRequestSchema);
      const link = await createCheckoutLink(db, {
        input,
        actor: c.get("viewer"),
        origin: requestOrigin(c),
        publicUrl,
      });
      return c.json(link satisfies MadeCheckoutLink, 201);
    })
    .get("/checkout-links", async (c) => {
      const parsed = checkoutLinkListQuerySchema.safeParse(listQueryInput(c.req.query()));
      if (!parsed.success) throw invalidInput(fieldErrors(parsed.error.issues), "query");
      return c.json((await listCheckoutLinks(db, parsed.data, publicUrl)) satisfies CheckoutLinkList);
    })
    .post("/checkout-links/:id/revoke", async (c) => {
      const id = linkIdSchema.safeParse(c.req.param("id"));
      if (!id.success) throw refuse("checkout.link-id-missing");
      const link = await revokeCheckoutLink(db, {
        id: id.data,
        actor: c.get("viewer"),
        origin: requestOrigin(c),
        publicUrl,
      });
      return c.json({ link } satisfies { link: CheckoutLink });
    })
    .post("/order", async (c) => {
      const { orderNumber } = await readJson(c, adminOrderRequestSchema);
      const detail = await adminOrderDetail(db, orderNumber);
      if (!detail) throw refuse("checkout.admin-order-missing", { orderNumber });
      return c.json(detail satisfies AdminOrderDetail);
    });
}

export function customerOrderRoutes({ db }: { db: Database }) {
  return new Hono<SignedInEnv>().get("/orders", async (c) => {
    const { profileId } = readQuery(c, customerOrdersQuerySchema);
    const { orders } = await customerOrders(db, c.get("viewer"), { profileId });
    return c.json({ orders } satisfies CustomerOrderList);
  });
}
