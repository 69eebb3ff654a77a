// The partner side (ADR 014): the admin's whitelist, partner sign-up, the organisation's name, the
// referral cookie and attribution at sign-up and claim (first touch wins), the dashboard's figures,
// the users list (with each page's count of memories) and its CSV, and that a partner sees only its
// own organisation.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  partnerDashboardSchema,
  partnerMeSchema,
  partnerUserListSchema,
  referralCookieMaxAgeSeconds,
  slugFromName,
  whitelistEntryAnswerSchema,
  whitelistListSchema,
  type PartnerMe,
} from "../../contract/partners";
import { auditLog, memories, partnerAttributions, profiles, users } from "../../server/db/schema";
import { createProfiles } from "../../server/domain/profiles";
import { qrcodeEncoder } from "../../server/providers/qr";
import { awayFromWindowEdge, call, expectError, expectSession, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { insertOrder } from "../support/order-row";
import { testCard } from "../support/checkout-samples";

const partnerCalls = [
  { method: "GET", path: "/api/partner/me" },
  { method: "PUT", path: "/api/partner/organisation", json: { name: "X" } },
  { method: "GET", path: "/api/partner/dashboard" },
  { method: "GET", path: "/api/partner/users" },
  { method: "GET", path: "/api/partner/users.csv" },
  { method: "GET", path: "/api/partner/referral-qr.svg" },
  { method: "GET", path: "/api/partner/referral-qr.png" },
];

type Partner = { id: string; email: string; token: string; me: PartnerMe };

describeOnEngines("partners", ({ app, db, accounts, admin, customer }) => {
  async function whitelist(email: string, partnerName: string) {
    const response = await call(app, "/api/admin/partner-whitelist", {
      bearer: admin.token,
      json: { email, partnerName },
    });
    expect(response.status).toBe(201);
    return whitelistEntryAnswerSchema.parse(await response.json()).entry;
  }

  async function partnerSignUp(email: string, password = accounts.password()) {
    return call(app, "/api/partner/signup", { json: { email, password } });
  }

  async function me(token: string): Promise<PartnerMe> {
    const response = await call(app, "/api/partner/me", { bearer: token });
    expect(response.status).toBe(200);
    return partnerMeSchema.parse(await response.json());
  }

  /** A whitelisted partner, signed up, in the organisation of `partnerName`. */
  async function newPartner(partnerName: string): Promise<Partner> {
    const email = accounts.email("partner");
    await whitelist(email, partnerName);
    const session = await expectSession(await partnerSignUp(email), 201);
    accounts.secret(session.access_token);
    return { id: session.user.id, email, token: session.access_token, me: await me(session.access_token) };
  }

  /** A customer signing up, with the referral cookie of `slug` when given. */
  async function customerSignUp(slug?: string, email = accounts.email("customer")): Promise<Account> {
    const password = accounts.password();
    const response = await call(app, "/api/auth/signup", {
      json: { email, password },
      headers: slug ? { Cookie: `ref=${slug}` } : {},
    });
    const session = await expectSession(response, 201);
    accounts.secret(session.access_token);
    return { id: session.user.id, email, password, token: session.access_token, session };
  }

  async function newProfile(partnerOrganisationId?: string): Promise<string> {
    const [row] = await createProfiles(
      db,
      { count: 1, partnerOrganisationId },
      { id: admin.id, roles: ["admin"] },
      { ip: null, userAgent: "test" },
    );
    return row?.id as string;
  }

  async function claim(account: Account, profileId: string, slug?: string) {
    const response = await call(app, "/api/kammare/own", {
      bearer: account.token,
      json: { owner: account.id, profileId },
      headers: slug ? { Cookie: `ref=${slug}` } : {},
    });
    expect(response.status).toBe(200);
  }

  async function users_(token: string, query = "") {
    const response = await call(app, `/api/partner/users${query}`, { bearer: token });
    expect(response.status).toBe(200);
    return partnerUserListSchema.parse(await response.json());
  }

  async function dashboard(token: string) {
    const response = await call(app, "/api/partner/dashboard", { bearer: token });
    expect(response.status).toBe(200);
    return partnerDashboardSchema.parse(await response.json());
  }

  async function organisationOfAttribution(subject: { userId: string } | { profileId: string }) {
    const [row] = await db
      .select()
      .from(partnerAttributions)
      .where(
        "userId" in subject
          ? eq(partnerAttributions.userId, subject.userId)
          : eq(partnerAttributions.profileId, subject.profileId),
      );
    return row ?? null;
  }

  describe("the whitelist (admin)", () => {
    it("lists, adds, edits and removes entries, each audited", async () => {
      const email = accounts.email("listed");
      const entry = await whitelist(email, "Blomsterhandeln");
      expect(entry).toMatchObject({ email, partnerName: "Blomsterhandeln", addedBy: admin.email });
      expect(entry.signedUp).toBe(false);
      expect(entry.organisation).toBeNull();

      const list = whitelistListSchema.parse(
        await (await call(app, "/api/admin/partner-whitelist", { bearer: admin.token })).json(),
      );
      expect(list.entries.map((item) => item.id)).toContain(entry.id);

      const newEmail = accounts.email("edited");
      const edited = await call(app, `/api/admin/partner-whitelist/${entry.id}`, {
        method: "PUT",
        bearer: admin.token,
        json: { email: newEmail, partnerName: "Blomsterhandeln AB" },
      });
      expect(edited.status).toBe(200);
      expect(whitelistEntryAnswerSchema.parse(await edited.json()).entry).toMatchObject({
        email: newEmail,
        partnerName: "Blomsterhandeln AB",
      });

      const removed = await call(app, `/api/admin/partner-whitelist/${entry.id}`, {
        method: "DELETE",
        bearer: admin.token,
      });
      expect(removed.status).toBe(204);
      await expectError(
        await call(app, `/api/admin/partner-whitelist/${entry.id}`, {
          method: "DELETE",
          bearer: admin.token,
        }),
        404,
        "not_found",
      );

      const actions = (
        await db.select({ action: auditLog.action, details: auditLog.details }).from(auditLog)
      ).filter((row) => (row.details as { entryId?: string }).entryId === entry.id);
      expect(actions.map((row) => row.action).sort()).toEqual([
        "admin.partner_whitelist_add",
        "admin.partner_whitelist_remove",
        "admin.partner_whitelist_update",
      ]);
    });

    it("keeps one entry per address whatever its case", async () => {
      const email = accounts.email("twice");
      const first = await whitelist(email, "Första");
      await expectError(
        await call(app, "/api/admin/partner-whitelist", {
          bearer: admin.token,
          json: { email: email.toUpperCase(), partnerName: "Andra" },
        }),
        409,
        "conflict",
        "email",
      );
      const other = await whitelist(accounts.email("other"), "Andra");
      await expectError(
        await call(app, `/api/admin/partner-whitelist/${other.id}`, {
          method: "PUT",
          bearer: admin.token,
          json: { email: first.email.toUpperCase(), partnerName: "Andra" },
        }),
        409,
        "conflict",
        "email",
      );
    });

    it("answers 404 for an unknown id and 400 naming the field for a bad body", async () => {
      const body = { email: accounts.email(), partnerName: "X" };
      for (const id of [randomUUID(), "not-a-uuid"]) {
        await expectError(
          await call(app, `/api/admin/partner-whitelist/${id}`, {
            method: "PUT",
            bearer: admin.token,
            json: body,
          }),
          404,
          "not_found",
        );
      }
      await expectError(
        await call(app, "/api/admin/partner-whitelist", {
          bearer: admin.token,
          json: { email: "no-at-sign", partnerName: "" },
        }),
        400,
        "invalid_request",
        "partnerName",
      );
    });

    it("refuses a customer (403) and a visitor (401)", async () => {
      await expectError(
        await call(app, "/api/admin/partner-whitelist", { bearer: customer.token }),
        403,
        "forbidden",
      );
      await expectError(await call(app, "/api/admin/partner-whitelist"), 401, "unauthorized");
      await expectError(
        await call(app, "/api/admin/partner-whitelist", {
          bearer: customer.token,
          json: { email: accounts.email(), partnerName: "Sneaky" },
        }),
        403,
        "forbidden",
      );
    });
  });

  describe("partner sign-up", () => {
    it("lets a whitelisted address sign up (any case) with the partner role only, in a new organisation named as the admin named it", async () => {
      const email = accounts.email("shop");
      await whitelist(email, "Kista Blommor");
      const password = accounts.password();
      const session = await expectSession(await partnerSignUp(email.toUpperCase(), password), 201);
      const [user] = await db.select().from(users).where(eq(users.id, session.user.id));
      expect(user?.roles).toEqual(["partner"]);
      const mine = await me(session.access_token);
      expect(mine.organisation.name).toBe("Kista Blommor");
      expect(mine.organisation.slug).toBe(slugFromName("Kista Blommor"));
      expect(mine.organisation.referralLink).toBe(`http://localhost:3000/?ref=${mine.organisation.slug}`);
      expect(mine.suggestedName).toBe("Kista Blommor");
      // A partner is no customer and no admin.
      await expectError(
        await call(app, "/api/admin/profiles", { bearer: session.access_token }),
        403,
        "forbidden",
      );
      // And signs in with the customers' sign-in call.
      const signedIn = await accounts.logIn(email, password);
      expect((await me(signedIn.access_token)).organisation.id).toBe(mine.organisation.id);
    });

    it("puts a colleague with the same partner name in the same organisation, with a unique slug per organisation", async () => {
      const first = await newPartner("Ankeborgs Begravningsbyrå");
      const colleague = await newPartner("ANKEBORGS BEGRAVNINGSBYRÅ");
      expect(colleague.me.organisation.id).toBe(first.me.organisation.id);
      const [entry] = whitelistListSchema
        .parse(await (await call(app, "/api/admin/partner-whitelist", { bearer: admin.token })).json())
        .entries.filter((item) => item.email === first.email);
      expect(entry?.signedUp).toBe(true);
      expect(entry?.organisation).toMatchObject({ id: first.me.organisation.id, members: 2 });
      // Another organisation whose name makes the same slug gets another slug.
      const namesake = await newPartner("Ankeborgs begravningsbyra");
      expect(namesake.me.organisation.id).not.toBe(first.me.organisation.id);
      expect(namesake.me.organisation.slug).toBe(`${first.me.organisation.slug}-2`);
    });

    it("refuses an address not on the whitelist with the same answer as a removed one, creating nothing", async () => {
      const stranger = accounts.email("stranger");
      const removedEmail = accounts.email("removed");
      const entry = await whitelist(removedEmail, "Borttagen");
      await call(app, `/api/admin/partner-whitelist/${entry.id}`, { method: "DELETE", bearer: admin.token });
      const answers = [];
      for (const email of [stranger, removedEmail]) {
        const body = await expectError(await partnerSignUp(email), 403, "forbidden", "email");
        answers.push(body);
        expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
      }
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]?.error).toMatchObject({
        refusal: "partner.signup-refused",
        message:
          "This e-mail address cannot sign up as a partner. Ask your Kammare contact for an invitation.",
      });
      // Nothing in the answer names the whitelist.
      expect(JSON.stringify(answers[0]).toLowerCase()).not.toContain("whitelist");
    });

    it("answers an address that has an account as a customer's sign-up does (409), listed or not", async () => {
      await whitelist(customer.email, "Kundens företag");
      await expectError(await partnerSignUp(customer.email), 409, "email_taken", "email");
      await expectError(await partnerSignUp(admin.email), 409, "email_taken", "email");
    });

    it("allows 10 sign-up attempts a minute per address, then 429 with Retry-After", async () => {
      // All eleven in one fixed window: a minute's turn between them would start the count anew.
      await awayFromWindowEdge();
      const email = accounts.email("guessing");
      for (let attempt = 0; attempt < 10; attempt++) {
        expect((await partnerSignUp(email)).status).toBe(403);
      }
      const limited = await partnerSignUp(email);
      await expectError(limited, 429, "rate_limited");
      expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    });

    it("refuses a bad body with a 400 naming the field", async () => {
      await expectError(
        await call(app, "/api/partner/signup", { json: { email: "x@example.com", password: "short" } }),
        400,
        "invalid_request",
        "password",
      );
    });
  });

  describe("the partner's organisation", () => {
    it("sets the name; an empty one is a 400 naming the field", async () => {
      const partner = await newPartner("Namnlösa");
      const response = await call(app, "/api/partner/organisation", {
        method: "PUT",
        bearer: partner.token,
        json: { name: "  Namnlösa Blommor AB  " },
      });
      expect(response.status).toBe(200);
      expect(partnerMeSchema.parse(await response.json()).organisation.name).toBe("Namnlösa Blommor AB");
      expect((await me(partner.token)).organisation.name).toBe("Namnlösa Blommor AB");
      await expectError(
        await call(app, "/api/partner/organisation", {
          method: "PUT",
          bearer: partner.token,
          json: { name: " " },
        }),
        400,
        "invalid_request",
        "name",
      );
    });

    it("draws the referral link the dashboard shows as a QR code, SVG or PNG, to look at or download", async () => {
      const partner = await newPartner("QR-kransen");
      const svg = await call(app, "/api/partner/referral-qr.svg", { bearer: partner.token });
      expect(svg.status).toBe(200);
      expect(svg.headers.get("content-type")).toContain("image/svg+xml");
      expect(svg.headers.get("content-disposition")).toBeNull();
      // The same drawing as the link's own QR code: the code carries exactly the shown link.
      const expected = await qrcodeEncoder(partner.me.organisation.referralLink, {
        format: "svg",
        size: 512,
        margin: 4,
      });
      expect(await svg.text()).toBe(new TextDecoder().decode(expected.body));

      const png = await call(app, "/api/partner/referral-qr.png?size=1024&download=1", {
        bearer: partner.token,
      });
      expect(png.status).toBe(200);
      expect(png.headers.get("content-type")).toBe("image/png");
      expect(png.headers.get("content-disposition")).toBe(
        `attachment; filename="kammare-${partner.me.organisation.slug}-qr.png"`,
      );
      const bytes = new Uint8Array(await png.arrayBuffer());
      expect([...bytes.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);

      await expectError(
        await call(app, "/api/partner/referral-qr.png?size=9999", { bearer: partner.token }),
        400,
        "invalid_request",
        "size",
      );
    });

    it("answers 404 to a partner account without an organisation", async () => {
      const orphan = await accounts.signUp({ roles: ["partner"] });
      await expectError(await call(app, "/api/partner/me", { bearer: orphan.token }), 404, "not_found");
      await expectError(
        await call(app, "/api/partner/dashboard", { bearer: orphan.token }),
        404,
        "not_found",
      );
    });
  });

  describe("the referral cookie", () => {
    let slug: string;
    beforeAll(async () => {
      slug = (await newPartner("Cookiebageriet")).me.organisation.slug;
    });

    it("is set for 90 days, HttpOnly and SameSite=Lax, by a visit to /?ref= or /k/{id}?ref=", async () => {
      for (const path of [`/?ref=${slug}`, `/k/ABCDEFGH?ref=${slug}`]) {
        const response = await app.request(path);
        expect(response.status).toBe(200);
        const cookie = response.headers.getSetCookie().find((line) => line.startsWith("ref="));
        expect(cookie).toBe(
          `ref=${slug}; Max-Age=${referralCookieMaxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax`,
        );
        expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      }
      expect(referralCookieMaxAgeSeconds).toBe(90 * 24 * 3600);
    });

    it("is not set for an unknown slug, another page, or over an existing partner's cookie", async () => {
      const other = (await newPartner("Andra bageriet")).me.organisation.slug;
      const cases: { path: string; headers: Record<string, string> }[] = [
        { path: "/?ref=no-such-partner", headers: {} },
        { path: `/login?ref=${slug}`, headers: {} },
        { path: `/?ref=${other}`, headers: { Cookie: `ref=${slug}` } },
      ];
      for (const { path, headers } of cases) {
        const response = await app.request(path, { headers });
        expect(response.headers.getSetCookie().filter((line) => line.startsWith("ref="))).toEqual([]);
      }
      // A cookie naming no partner (any more) is replaced.
      const replaced = await app.request(`/?ref=${other}`, { headers: { Cookie: "ref=gone-partner" } });
      expect(replaced.headers.getSetCookie().some((line) => line.startsWith(`ref=${other};`))).toBe(true);
    });
  });

  describe("attribution, figures and isolation", () => {
    let a: Partner;
    let b: Partner;
    let viaA: Account;

    beforeAll(async () => {
      a = await newPartner("Partner A");
      b = await newPartner("Partner B");
    });

    it("attributes a customer signing up through A's link to A, and their claimed page too", async () => {
      viaA = await customerSignUp(a.me.organisation.slug);
      expect((await organisationOfAttribution({ userId: viaA.id }))?.organisationId).toBe(
        a.me.organisation.id,
      );
      let list = await users_(a.token);
      expect(list.rows).toEqual([
        expect.objectContaining({ email: viaA.email, profileId: null, status: null }),
      ]);

      // A page claimed without a cookie goes to the customer's partner.
      const page = await newProfile();
      await claim(viaA, page);
      expect(await organisationOfAttribution({ profileId: page })).toMatchObject({
        organisationId: a.me.organisation.id,
        source: "referral_link",
      });
      list = await users_(a.token);
      expect(list.rows).toEqual([
        expect.objectContaining({ email: viaA.email, profileId: page, status: "draft" }),
      ]);
    });

    it("attributes a customer and page through a checkout link A passed on, once the checkout starts", async () => {
      // A customer from nowhere, with a page in its trial, and a checkout link the admin made for them.
      const buyer = await customerSignUp();
      const profileId = await newProfile();
      await db
        .update(profiles)
        .set({ status: "trial", ownerUserId: buyer.id })
        .where(eq(profiles.id, profileId));
      const made = await call(app, "/api/admin/checkout-session-link", {
        bearer: admin.token,
        json: {
          customerId: buyer.id,
          price: 39_000,
          iterations: 1,
          includesFreeTrial: false,
          interval: "year",
        },
      });
      expect(made.status).toBe(201);
      const { token } = (await made.json()) as { token: string };

      // A passes the link on with its ref: the visit remembers A.
      const visit = await app.request(`/checkout-link/${token}?ref=${a.me.organisation.slug}`);
      const cookie = visit.headers.getSetCookie().find((line) => line.startsWith("ref="));
      expect(cookie).toContain(`ref=${a.me.organisation.slug};`);

      // A refused checkout (another customer's page) attributes nothing.
      const refused = await call(app, "/api/checkout/card", {
        bearer: buyer.token,
        json: { profileId: await newProfile(), link: token },
        headers: { Cookie: `ref=${a.me.organisation.slug}` },
      });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(await organisationOfAttribution({ userId: buyer.id })).toBeNull();

      const started = await call(app, "/api/checkout/card", {
        bearer: buyer.token,
        json: { profileId, link: token },
        headers: { Cookie: `ref=${a.me.organisation.slug}` },
      });
      expect(started.status).toBe(200);
      expect(await organisationOfAttribution({ userId: buyer.id })).toMatchObject({
        organisationId: a.me.organisation.id,
        source: "checkout_link",
      });
      expect(await organisationOfAttribution({ profileId })).toMatchObject({
        organisationId: a.me.organisation.id,
        source: "checkout_link",
      });
      expect((await users_(a.token)).rows.map((row) => row.email)).toContain(buyer.email);
    });

    it("first touch wins: a later link changes neither the customer nor a page already attributed", async () => {
      // The customer came through A; claiming A's own page through B's link keeps both A's.
      const sold = await newProfile(a.me.organisation.id);
      await claim(viaA, sold, b.me.organisation.slug);
      expect((await organisationOfAttribution({ profileId: sold }))?.organisationId).toBe(
        a.me.organisation.id,
      );
      expect((await organisationOfAttribution({ userId: viaA.id }))?.organisationId).toBe(
        a.me.organisation.id,
      );
      // A new page claimed through B's link is B's, and its owner shows on B's list with that page only.
      const fresh = await newProfile();
      await claim(viaA, fresh, b.me.organisation.slug);
      expect((await organisationOfAttribution({ profileId: fresh }))?.organisationId).toBe(
        b.me.organisation.id,
      );
      const onB = await users_(b.token);
      expect(onB.rows.map((row) => row.profileId)).toEqual([fresh]);
      const onA = await users_(a.token);
      expect(onA.rows.map((row) => row.profileId).sort()).not.toContain(fresh);
    });

    it("attributes a customer at claim: a page A sold makes its new owner A's customer", async () => {
      const buyer = await customerSignUp();
      const sold = await newProfile(a.me.organisation.id);
      await claim(buyer, sold);
      expect(await organisationOfAttribution({ userId: buyer.id })).toMatchObject({
        organisationId: a.me.organisation.id,
        source: "admin_created",
      });
      // Through the customer's own cookie at claim, when nothing was attributed yet.
      const walkIn = await customerSignUp();
      const page = await newProfile();
      await claim(walkIn, page, b.me.organisation.slug);
      expect((await organisationOfAttribution({ userId: walkIn.id }))?.organisationId).toBe(
        b.me.organisation.id,
      );
      expect((await organisationOfAttribution({ profileId: page }))?.organisationId).toBe(
        b.me.organisation.id,
      );
    });

    it("attributes pages an admin creates for a partner; an unknown partner is a 404 naming partnerId", async () => {
      const created = await call(app, "/api/admin/profiles", {
        bearer: admin.token,
        json: { count: 3, partnerId: b.me.organisation.id },
      });
      expect(created.status).toBe(201);
      const figures = await dashboard(b.token);
      expect(figures.profilesByStatus.unclaimed).toBeGreaterThanOrEqual(3);
      await expectError(
        await call(app, "/api/admin/profiles", {
          bearer: admin.token,
          json: { count: 1, partnerId: randomUUID() },
        }),
        404,
        "not_found",
        "partnerId",
      );
    });

    it("counts pages by status, trials, paid conversions and this month's revenue from a paid order", async () => {
      const before = await dashboard(a.token);
      const buyer = await customerSignUp(a.me.organisation.slug);
      const page = await newProfile();
      await claim(buyer, page);
      const now = new Date();
      await db
        .update(profiles)
        .set({ status: "active", trialStartedAt: now, paidUntil: new Date(now.getTime() + 30 * 86_400_000) })
        .where(eq(profiles.id, page));
      await insertOrder(db, {
        profileId: page,
        customerUserId: buyer.id,
        method: "card",
        plan: "monthly",
        amountOre: 4900,
        paidAt: now,
      });
      const after = await dashboard(a.token);
      expect(after.customers).toBe(before.customers + 1);
      expect(after.profilesByStatus.active).toBe(before.profilesByStatus.active + 1);
      expect(after.trialsStarted).toBe(before.trialsStarted + 1);
      expect(after.paidConversions).toBe(before.paidConversions + 1);
      expect(after.revenueTotalOre).toBe(before.revenueTotalOre + 4900);
      expect(after.revenueByMonth).toHaveLength(12);
      expect(after.revenueByMonth.at(-1)?.revenueOre).toBe(
        (before.revenueByMonth.at(-1)?.revenueOre ?? 0) + 4900,
      );
      expect(after.revenueByMonth.at(-1)?.month).toBe(
        new Intl.DateTimeFormat("sv-SE", {
          timeZone: "Europe/Stockholm",
          year: "numeric",
          month: "2-digit",
        }).format(now),
      );

      const row = (await users_(a.token, `?q=${page.toLowerCase()}`)).rows;
      expect(row).toEqual([
        expect.objectContaining({
          email: buyer.email,
          profileId: page,
          status: "active",
          lastPaymentAt: now.toISOString(),
        }),
      ]);
      // B's figures know nothing of it.
      const onB = await dashboard(b.token);
      expect(onB.revenueTotalOre).toBe(0);
      expect(onB.paidConversions).toBe(0);
    });

    it("counts a prepaid term as its amount, once: the total and the month's figure add up (ADR 041)", async () => {
      const before = await dashboard(a.token);
      const buyer = await customerSignUp(a.me.organisation.slug);
      const page = await newProfile();
      await claim(buyer, page);
      await db
        .update(profiles)
        .set({ status: "expired", content: { displayName: "Karin Berg" } })
        .where(eq(profiles.id, page));
      const started = await call(app, "/api/checkout/card", {
        bearer: buyer.token,
        json: { profileId: page, plan: "term25" },
      });
      expect(started.status, await started.clone().text()).toBe(200);
      const { order } = (await started.json()) as { order: { orderNumber: string } };
      const paid = await call(app, "/api/checkout/sandbox/pay", {
        bearer: buyer.token,
        json: { orderNumber: order.orderNumber, ...testCard },
      });
      expect(paid.status).toBe(200);
      const after = await dashboard(a.token);
      expect(after.paidConversions).toBe(before.paidConversions + 1);
      expect(after.revenueTotalOre).toBe(before.revenueTotalOre + 790_000);
      expect(after.revenueByMonth.at(-1)?.revenueOre).toBe(
        (before.revenueByMonth.at(-1)?.revenueOre ?? 0) + 790_000,
      );
      const months = after.revenueByMonth.reduce((sum, month) => sum + month.revenueOre, 0);
      expect(months).toBeLessThanOrEqual(after.revenueTotalOre);
    });

    it("counts each page's memories but removed ones, and none for a customer without a page", async () => {
      const buyer = await customerSignUp(a.me.organisation.slug);
      const page = await newProfile();
      await claim(buyer, page);
      let row = (await users_(a.token, `?q=${page}`)).rows;
      expect(row).toEqual([expect.objectContaining({ profileId: page, memories: 0 })]);
      await db.insert(memories).values(
        (["shown", "shown", "pending", "hidden", "removed"] as const).map((state) => ({
          profileId: page,
          writerName: "Karin",
          body: `A ${state} memory.`,
          state,
        })),
      );
      // Another page's memories are not this one's.
      const other = await newProfile();
      await db.insert(memories).values({ profileId: other, writerName: "Erik", body: "Hi.", state: "shown" });
      row = (await users_(a.token, `?q=${page}`)).rows;
      expect(row).toEqual([expect.objectContaining({ profileId: page, memories: 4 })]);
      // Only the count: no memory's name or text is in the answer.
      expect(JSON.stringify(row)).not.toContain("Karin");
      const pageless = await customerSignUp(a.me.organisation.slug);
      expect((await users_(a.token, `?q=${encodeURIComponent(pageless.email)}`)).rows).toEqual([
        expect.objectContaining({ profileId: null, memories: null }),
      ]);
    });

    it("never shows B's customers or figures to A, in the list, the search or the CSV", async () => {
      const bCustomer = await customerSignUp(b.me.organisation.slug);
      const aList = await users_(a.token, `?pageSize=100`);
      expect(aList.rows.map((row) => row.email)).not.toContain(bCustomer.email);
      expect((await users_(a.token, `?q=${encodeURIComponent(bCustomer.email)}`)).rows).toEqual([]);
      const csv = await (await call(app, "/api/partner/users.csv", { bearer: a.token })).text();
      expect(csv).not.toContain(bCustomer.email);
      expect((await users_(b.token)).rows.map((row) => row.email)).toContain(bCustomer.email);
      // Nothing in a request can point a partner at another organisation.
      const tricked = await call(app, `/api/partner/users?organisationId=${b.me.organisation.id}`, {
        bearer: a.token,
      });
      expect(tricked.status).toBe(200);
      expect(
        ((await tricked.json()) as { rows: { email: string }[] }).rows.map((row) => row.email),
      ).not.toContain(bCustomer.email);
    });

    it("searches by part of the e-mail and pages through the rows", async () => {
      const all = await users_(a.token, "?pageSize=100");
      expect(all.total).toBe(all.rows.length);
      expect(all.total).toBeGreaterThanOrEqual(2);
      const second = await users_(a.token, "?pageSize=1&page=2");
      expect(second.rows).toEqual([all.rows[1]]);
      expect(second.total).toBe(all.total);
      const byEmail = await users_(
        a.token,
        `?q=${encodeURIComponent(viaA.email.slice(0, 12).toUpperCase())}`,
      );
      expect(byEmail.rows.every((row) => row.email === viaA.email)).toBe(true);
      expect(byEmail.rows.length).toBeGreaterThan(0);
      // A LIKE wildcard is a character to look for, not a wildcard.
      expect((await users_(a.token, "?q=%25")).rows).toEqual([]);
      await expectError(
        await call(app, "/api/partner/users?pageSize=1000", { bearer: a.token }),
        400,
        "invalid_request",
        "pageSize",
      );
    });

    it("exports the rows as CSV, quoted, with formulas made harmless", async () => {
      const sneaky = await customerSignUp(
        a.me.organisation.slug,
        `=cmd-${randomUUID().slice(0, 6)}@example.com`,
      );
      const plus = await customerSignUp(
        a.me.organisation.slug,
        `+46-${randomUUID().slice(0, 6)}@example.com`,
      );
      const response = await call(app, "/api/partner/users.csv", { bearer: a.token });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toMatch(
        new RegExp(
          `^attachment; filename="kammare-${a.me.organisation.slug}-customers-\\d{4}-\\d{2}-\\d{2}\\.csv"$`,
        ),
      );
      const text = await response.text();
      expect(text.startsWith("\uFEFF")).toBe(false); // Response.text() drops the byte order mark
      const lines = text.split("\r\n");
      expect(lines[0]).toBe(
        '"email","signed_up_at","page_code","page_name","status","trial_ends_at","paid_until","last_payment_at","memories","made_by_you"',
      );
      expect(lines).toContainEqual(
        expect.stringMatching(new RegExp(`^"'${sneaky.email.replace(/[+]/g, "\\+")}",`)),
      );
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^"'\\${plus.email}",`)));
      const total = (await users_(a.token, "?pageSize=100")).total;
      expect(lines.filter((line) => line !== "")).toHaveLength(total + 1);
      const bytes = new Uint8Array(
        await (await call(app, "/api/partner/users.csv", { bearer: a.token })).arrayBuffer(),
      );
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    });
  });

  describe("who may call the partner area", () => {
    it.each(partnerCalls)(
      "$method $path: 401 for a visitor, 403 for a customer and an admin",
      async (request) => {
        const options = { method: request.method, json: request.json };
        await expectError(await call(app, request.path, options), 401, "unauthorized");
        for (const account of [customer, admin]) {
          await expectError(
            await call(app, request.path, { ...options, bearer: account.token }),
            403,
            "forbidden",
          );
        }
      },
    );
  });

  it("stores every attribution for exactly one customer or one page", async () => {
    const rows = await db.select().from(partnerAttributions);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => (row.userId === null) !== (row.profileId === null))).toBe(true);
    await expect(
      db
        .insert(partnerAttributions)
        .values({ organisationId: rows[0]?.organisationId ?? "", source: "admin_created" }),
    ).rejects.toThrow();
  });
});
