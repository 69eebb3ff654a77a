// The history of orders and receipts on /account (customerOrders without a page), on every database
// engine: the orders a customer placed, newest first, each with its page and its PDF, capped at the
// newest N; a page they handed on keeps its orders and receipts in their history (decisions "Where money
// meets people"), and its new owner never sees them; never another customer's orders. And the owner's
// list of one page (GET /api/kammare/orders), which the same function reads, names its page.
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { accountOrderLimit, customerOrderListSchema } from "../../contract/admin-orders";
import { invoicePdfPath } from "../../contract/invoices";
import { createProfilesAnswerSchema } from "../../contract/profiles";
import { invoices, profiles } from "../../server/db/schema";
import { customerOrders } from "../../server/domain/billing";
import { call, siteOrigin, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { insertCreditor } from "../support/creditor-row";
import { insertOrder } from "../support/order-row";

const hourMs = 60 * 60 * 1000;

describeOnEngines("the order history of an account", ({ app, db, accounts, admin, customer }) => {
  let owner: Account;
  /** The owner's named page, their unnamed page, and the other customer's page. */
  let named: string;
  let unnamed: string;
  let othersPage: string;
  /** Was the owner's, handed on to the other customer: the owner's old order there stays in the owner's history. */
  let handedOn: string;
  const numbers: Record<string, string> = {};
  let invoiceId: string;

  const ago = (hours: number) => new Date(Date.now() - hours * hourMs);
  const asCustomer = (account: Account) => ({ id: account.id, roles: ["customer" as const] });

  async function pageOf(account: Account, displayName?: string): Promise<string> {
    const made = await call(app, "/api/admin/profiles", {
      bearer: admin.token,
      json: { count: 1, ownerEmail: account.email },
      origin: siteOrigin,
    });
    expect(made.status).toBe(201);
    const id = createProfilesAnswerSchema.parse(await made.json()).profiles[0]?.id as string;
    if (displayName) await db.update(profiles).set({ content: { displayName } }).where(eq(profiles.id, id));
    return id;
  }

  beforeAll(async () => {
    owner = await accounts.signUp();
    named = await pageOf(owner, "Astrid Lind");
    unnamed = await pageOf(owner);
    othersPage = await pageOf(customer, "Erik Berg");
    handedOn = await pageOf(owner, "Karin Lind");

    const order = async (
      key: string,
      values: Omit<Parameters<typeof insertOrder>[1], "createdAt"> & { hoursAgo: number },
    ) => {
      const { hoursAgo, ...rest } = values;
      const row = await insertOrder(db, { ...rest, createdAt: ago(hoursAgo), paidAt: ago(hoursAgo) });
      numbers[key] = row.orderNumber;
      return row;
    };
    await order("paidCard", { profileId: named, customerUserId: owner.id, method: "card", hoursAgo: 50 });
    const byInvoice = await order("invoice", {
      profileId: named,
      customerUserId: owner.id,
      method: "invoice",
      status: "pending",
      hoursAgo: 40,
    });
    await order("pendingCard", {
      profileId: unnamed,
      customerUserId: owner.id,
      method: "card",
      status: "pending",
      hoursAgo: 30,
    });
    // The other customer's order on their own page and one they placed on the owner's page (as a former
    // owner would have): theirs, not the owner's. The owner's on the other's page is the owner's.
    await order("others", {
      profileId: othersPage,
      customerUserId: customer.id,
      method: "card",
      hoursAgo: 20,
    });
    await order("othersOnMine", {
      profileId: named,
      customerUserId: customer.id,
      method: "card",
      hoursAgo: 10,
    });
    await order("mineOnOthers", {
      profileId: othersPage,
      customerUserId: owner.id,
      method: "card",
      hoursAgo: 5,
    });
    // Paid while the owner had it, then handed on.
    await order("handedOn", { profileId: handedOn, customerUserId: owner.id, method: "card", hoursAgo: 1 });
    await db.update(profiles).set({ ownerUserId: customer.id }).where(eq(profiles.id, handedOn));

    const creditorId = await insertCreditor(db);
    const invoice = {
      creditorId,
      orderId: byInvoice.id,
      profileId: named,
      customerUserId: owner.id,
      customerName: "Astrid's daughter",
      customerAddressLines: ["Storgatan 1", "123 45 Ort"],
      customerEmail: owner.email,
      netOre: byInvoice.netOre,
      vatOre: byInvoice.vatOre,
      totalOre: byInvoice.amountOre,
    };
    const [issued] = await db.insert(invoices).values(invoice).returning({ id: invoices.id });
    invoiceId = issued?.id as string;
    // A credit note of it points at the order too: the order is still one row, with its own invoice.
    await db.insert(invoices).values({ ...invoice, creditsInvoiceId: invoiceId, netOre: -invoice.netOre });
  });

  it("lists the orders the owner placed, on a page handed on too, newest first, with the page and the right PDF", async () => {
    const history = await customerOrders(db, asCustomer(owner), { limit: accountOrderLimit });
    expect(history.capped).toBe(false);
    expect(history.orders.map((order) => order.orderNumber)).toEqual([
      numbers.handedOn,
      numbers.mineOnOthers,
      numbers.pendingCard,
      numbers.invoice,
      numbers.paidCard,
    ]);
    expect(history.orders[0]).toMatchObject({
      profileId: handedOn,
      pageName: "Karin Lind",
      receiptUrl: `/api/kammare/orders/${numbers.handedOn}/receipt.pdf`,
    });
    const [, , pendingCard, byInvoice, paidCard] = history.orders;
    expect(pendingCard).toMatchObject({
      profileId: unnamed,
      pageName: "",
      method: "card",
      status: "pending",
      receiptUrl: null,
      invoiceUrl: null,
    });
    expect(byInvoice).toMatchObject({
      profileId: named,
      pageName: "Astrid Lind",
      method: "invoice",
      receiptUrl: null,
      invoiceUrl: invoicePdfPath(invoiceId),
    });
    expect(paidCard).toMatchObject({
      profileId: named,
      pageName: "Astrid Lind",
      method: "card",
      status: "paid",
      amountOre: 49_000,
      currency: "SEK",
      receiptUrl: `/api/kammare/orders/${numbers.paidCard}/receipt.pdf`,
      invoiceUrl: null,
    });
    expect(paidCard?.paidAt).not.toBeNull();
  });

  it("shows another customer only the orders they placed, never the owner's on the page they took over", async () => {
    const theirs = await customerOrders(db, asCustomer(customer), { limit: accountOrderLimit });
    expect(theirs.orders.map((order) => order.orderNumber)).toEqual([numbers.othersOnMine, numbers.others]);
    expect(theirs.orders[1]).toMatchObject({ profileId: othersPage, pageName: "Erik Berg" });
  });

  it("shows an admin their own history, not everyone's", async () => {
    const asAdmin = await customerOrders(
      db,
      { id: admin.id, roles: ["customer", "admin"] },
      { limit: accountOrderLimit },
    );
    expect(asAdmin).toEqual({ orders: [], capped: false });
  });

  it("keeps the newest when there are more than the limit, and says so", async () => {
    const two = await customerOrders(db, asCustomer(owner), { limit: 2 });
    expect(two.orders.map((order) => order.orderNumber)).toEqual([numbers.handedOn, numbers.mineOnOthers]);
    expect(two.capped).toBe(true);
    // Exactly as many as the limit is not capped.
    expect((await customerOrders(db, asCustomer(owner), { limit: 5 })).capped).toBe(false);
  });

  it("names the page in the owner's list of one page (GET /api/kammare/orders), still only their orders", async () => {
    const response = await call(app, `/api/kammare/orders?profileId=${named}`, { bearer: owner.token });
    expect(response.status).toBe(200);
    const { orders } = customerOrderListSchema.parse(await response.json());
    expect(orders.map((order) => order.orderNumber)).toEqual([numbers.invoice, numbers.paidCard]);
    expect(orders.every((order) => order.profileId === named && order.pageName === "Astrid Lind")).toBe(true);
  });
});
