// A family starts a page without a code (decisions "Pages a family can start, and funeral homes that
// hand them out"), on every engine: a customer makes a page with a fresh public id, owned by them,
// whose walkthrough they fill and whose free trial they start; a referral attributes it to the
// partner; the account's limit refuses the 11th page with its code and Retry-After; nobody else may
// touch the page; bad input is a 400 naming the field; and once paid by invoice with an address, the
// page waits in the admin's "awaiting a plaque" list.
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { awaitingPlaquesSchema } from "../../contract/address-labels";
import { swedishDate } from "../../contract/calendar-days";
import { isProfileId } from "../../contract/profile-id";
import { profileAnswerSchema } from "../../contract/profiles";
import { startPageAnswerSchema, startPageDefaults } from "../../contract/start-page";
import { trialAnswerSchema } from "../../contract/trials";
import { customerInvoiceSchema } from "../../contract/invoices";
import {
  auditLog,
  orders,
  partnerAttributions,
  partnerOrganisations,
  profiles,
} from "../../server/db/schema";
import { call, expectError, siteOrigin, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { billingAddress, testCard } from "../support/checkout-samples";
import { startCardCheckoutAnswerSchema } from "../../contract/checkout";
import { insertCreditor } from "../support/creditor-row";

let unique = 0;

describeOnEngines("a page a family starts", ({ app, db, accounts, admin }) => {
  const start = (who: Account | undefined, json: unknown = {}, headers: Record<string, string> = {}) =>
    call(app, "/api/kammare/start", { bearer: who?.token, json, origin: siteOrigin, headers });

  async function started(who: Account, json: unknown = {}, headers: Record<string, string> = {}) {
    const response = await start(who, json, headers);
    expect(response.status, await response.clone().text()).toBe(201);
    return startPageAnswerSchema.parse(await response.json()).id;
  }

  async function organisation(): Promise<{ id: string; slug: string }> {
    unique += 1;
    const slug = `begravning-${unique}-${Date.now().toString(36)}`;
    const [row] = await db
      .insert(partnerOrganisations)
      .values({ name: `Begravningsbyrå ${unique}`, slug, contactEmail: `${slug}@example.se` })
      .returning({ id: partnerOrganisations.id });
    return { id: row!.id, slug };
  }

  const pageAttribution = async (profileId: string) =>
    (await db.select().from(partnerAttributions).where(eq(partnerAttributions.profileId, profileId)))[0];
  const customerAttribution = async (userId: string) =>
    (await db.select().from(partnerAttributions).where(eq(partnerAttributions.userId, userId)))[0];

  it("makes a draft with a fresh id, owned by the customer, with its audit row; the walkthrough and the free trial follow", async () => {
    const family = await accounts.signUp();
    const id = await started(family);
    expect(isProfileId(id)).toBe(true);
    const [row] = await db.select().from(profiles).where(eq(profiles.id, id));
    expect(row).toMatchObject({ ownerUserId: family.id, status: "draft", batchId: null });
    expect(row?.claimedAt).not.toBeNull();
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "profile.start"), eq(auditLog.actorUserId, family.id)));
    expect(audits.map((entry) => (entry.details as { profileId: string }).profileId)).toEqual([id]);

    // A second page is another id.
    expect(await started(family)).not.toBe(id);

    // The walkthrough, as on a claimed page: the name, then publishing, which starts the free trial.
    const step = (json: unknown) =>
      call(app, "/api/kammare/walkthrough-steps", { bearer: family.token, json, origin: siteOrigin });
    const named = await step({ profileId: id, step: "name", displayName: "Karin Lind" });
    expect(named.status, await named.clone().text()).toBe(200);
    expect(profileAnswerSchema.parse(await named.json()).profile.content.displayName).toBe("Karin Lind");
    const trial = await call(app, "/api/kammare/free-trial", {
      bearer: family.token,
      json: { profileId: id },
      origin: siteOrigin,
    });
    expect(trial.status, await trial.clone().text()).toBe(200);
    expect(trialAnswerSchema.parse(await trial.json()).profile.status).toBe("trial");

    // The page is the owner's first: "/" and the session name it.
    const session = await call(app, "/api/auth/session", {
      json: { access_token: family.token, user: { id: family.id, email: family.email } },
      origin: siteOrigin,
    });
    expect(session.status).toBe(200);
    expect(((await session.json()) as { ownedProfiles: string[] }).ownedProfiles).toContain(id);
  });

  it("attributes the page and its new owner to the partner of ref, or of the referral cookie", async () => {
    const byLink = await organisation();
    const family = await accounts.signUp();
    const id = await started(family, { ref: byLink.slug });
    expect(await pageAttribution(id)).toMatchObject({ organisationId: byLink.id, source: "referral_link" });
    expect(await customerAttribution(family.id)).toMatchObject({ organisationId: byLink.id });

    // Through the cookie the partner's link set, with no ref in the body.
    const byCookie = await organisation();
    const other = await accounts.signUp();
    const viaCookie = await started(other, {}, { Cookie: `ref=${byCookie.slug}` });
    expect(await pageAttribution(viaCookie)).toMatchObject({
      organisationId: byCookie.id,
      source: "referral_link",
    });

    // A slug no organisation has attributes nothing; the page is made all the same.
    const stranger = await accounts.signUp();
    const unattributed = await started(stranger, { ref: "no-such-home" });
    expect(await pageAttribution(unattributed)).toBeUndefined();
  });

  it(`refuses the ${startPageDefaults.max + 1}th page of a day with its code, 429 and Retry-After`, async () => {
    const family = await accounts.signUp();
    for (let index = 0; index < startPageDefaults.max; index++) await started(family);
    const refused = await start(family);
    const body = await expectError(refused, 429, "rate_limited");
    expect(body.error).toMatchObject({
      refusal: "page.start-limit",
      params: { max: startPageDefaults.max, hours: startPageDefaults.windowHours },
    });
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(startPageDefaults.windowHours * 3600);
    const owned = await db.select().from(profiles).where(eq(profiles.ownerUserId, family.id));
    expect(owned).toHaveLength(startPageDefaults.max);
    // Another account has its own limit.
    await started(await accounts.signUp());
  });

  it("answers a visitor 401, refuses partner and admin accounts with their codes, and keeps the page from others", async () => {
    await expectError(await start(undefined), 401, "unauthorized");
    // A partner account is no customer: the signed-in area's guard refuses it; one that is both is
    // told where a partner makes pages.
    await expectError(await start(await accounts.signUp({ roles: ["partner"] })), 403, "forbidden");
    const partner = await accounts.signUp({ roles: ["customer", "partner"] });
    expect((await expectError(await start(partner), 403, "forbidden")).error).toMatchObject({
      refusal: "page.start-partner",
    });
    expect((await expectError(await start(admin), 403, "forbidden")).error).toMatchObject({
      refusal: "page.start-admin",
    });

    const family = await accounts.signUp();
    const id = await started(family);
    const other = await accounts.signUp();
    const asOther = (path: string, json: unknown, method = "POST") =>
      call(app, path, { bearer: other.token, json, method, origin: siteOrigin });
    await expectError(
      await asOther("/api/kammare/walkthrough-steps", { profileId: id, step: "name", displayName: "X" }),
      403,
      "forbidden",
    );
    await expectError(
      await asOther("/api/kammare/profile", { profile: { id, story: "x" } }, "PUT"),
      403,
      "forbidden",
    );
    await expectError(await asOther("/api/kammare/free-trial", { profileId: id }), 403, "forbidden");
    await expectError(await asOther("/api/kammare/own", { owner: other.id, profileId: id }), 409, "conflict");
    const [row] = await db.select().from(profiles).where(eq(profiles.id, id));
    expect(row).toMatchObject({ ownerUserId: family.id, status: "draft" });
  });

  it("answers bad input with a 400 naming the field, and makes nothing", async () => {
    const family = await accounts.signUp();
    for (const ref of ["Not A Slug!", "a\u0000b", "x".repeat(100_000), 42, "--", "<script>"]) {
      await expectError(await start(family, { ref }), 400, "invalid_request", "ref");
    }
    await expectError(await start(family, ["ref"]), 400, "invalid_request");
    await expectError(
      await call(app, "/api/kammare/start", { bearer: family.token, body: "{not json", origin: siteOrigin }),
      400,
      "invalid_json",
    );
    expect(await db.select().from(profiles).where(eq(profiles.ownerUserId, family.id))).toHaveLength(0);
  });

  it("once paid by invoice with an address, waits in the admin's awaiting-a-plaque list", async () => {
    await insertCreditor(db);
    const family = await accounts.signUp();
    const id = await started(family);
    const named = await call(app, "/api/kammare/walkthrough-steps", {
      bearer: family.token,
      json: { profileId: id, step: "name", displayName: "Sven Berg" },
      origin: siteOrigin,
    });
    expect(named.status).toBe(200);
    const published = await call(app, "/api/kammare/walkthrough-steps", {
      bearer: family.token,
      json: { profileId: id, step: "publish" },
      origin: siteOrigin,
    });
    expect(published.status, await published.clone().text()).toBe(200);
    const checkout = await call(app, "/api/checkout/faktura", {
      bearer: family.token,
      json: { profileId: id, plan: "yearly", billing: billingAddress },
      origin: siteOrigin,
    });
    expect(checkout.status, await checkout.clone().text()).toBe(200);
    const invoice = customerInvoiceSchema.parse(((await checkout.json()) as { invoice: unknown }).invoice);
    const paid = await call(app, `/api/admin/invoices/${invoice.id}/payments`, {
      bearer: admin.token,
      json: { amountOre: invoice.toPayOre, paidOn: swedishDate(new Date()) },
      origin: siteOrigin,
    });
    expect(paid.status, await paid.clone().text()).toBe(200);

    const awaiting = await call(app, "/api/admin/address-labels/awaiting", { bearer: admin.token });
    expect(awaiting.status).toBe(200);
    const row = awaitingPlaquesSchema
      .parse(await awaiting.json())
      .rows.find((entry) => entry.profileId === id);
    expect(row).toMatchObject({ ownerEmail: family.email, method: "invoice" });
    expect(row?.address).toEqual([
      billingAddress.name,
      billingAddress.street,
      `${billingAddress.postcode.slice(0, 3)} ${billingAddress.postcode.slice(3)} ${billingAddress.city}`,
    ]);
  });

  it("paid by card with the printed plaque's address, waits in the awaiting-a-plaque list with that address", async () => {
    const family = await accounts.signUp();
    const id = await started(family);
    const as = (path: string, json: unknown, bearer = family.token, method = "POST") =>
      call(app, path, { bearer, json, method, origin: siteOrigin });
    expect(
      (await as("/api/kammare/walkthrough-steps", { profileId: id, step: "name", displayName: "Ella Ek" }))
        .status,
    ).toBe(200);
    expect((await as("/api/kammare/walkthrough-steps", { profileId: id, step: "publish" })).status).toBe(200);
    // Past its trial, so the card pays at once (during a trial it is kept for the first charge).
    expect((await as("/api/admin/profile", { id, status: "expired" }, admin.token, "PUT")).status).toBe(200);

    // A wrong address is a 400 naming its field, and no order is made.
    const delivery = { name: "Ella Eks familj", street: "Sjövägen 3", postcode: "54321", city: "Ljusdal" };
    await expectError(
      await as("/api/checkout/card", {
        profileId: id,
        plan: "yearly",
        delivery: { ...delivery, postcode: "1" },
      }),
      400,
      "invalid_request",
      "delivery.postcode",
    );
    const checkout = await as("/api/checkout/card", { profileId: id, plan: "yearly", delivery });
    expect(checkout.status, await checkout.clone().text()).toBe(200);
    const { order } = startCardCheckoutAnswerSchema.parse(await checkout.json());
    const paid = await as("/api/checkout/sandbox/pay", { orderNumber: order.orderNumber, ...testCard });
    expect(paid.status, await paid.clone().text()).toBe(200);

    const awaiting = await call(app, "/api/admin/address-labels/awaiting", { bearer: admin.token });
    const row = awaitingPlaquesSchema
      .parse(await awaiting.json())
      .rows.find((entry) => entry.profileId === id);
    expect(row).toMatchObject({ method: "card", orderNumber: order.orderNumber });
    expect(row?.address).toEqual(["Ella Eks familj", "Sjövägen 3", "543 21 Ljusdal"]);

    // The account deleted: the order stays for the books, the plaque's address goes.
    const deleted = await as("/api/kammare/account/delete", { password: family.password });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    const [kept] = await db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
    expect(kept).toMatchObject({ status: "paid", deliveryAddress: null });
  });
});
