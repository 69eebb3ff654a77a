// A partner makes pages for its families (decisions "Pages a family can start, and funeral homes that
// hand them out"), on every engine: one page or a batch of 500 with fresh codes, attributed to it; the
// QR sheet of its own pages (every code decodes to its page's address); the claim link e-mailed with a
// note, which the family follows to sign up and own the page; resend and take back; the extended
// trial the partner gives; that partner B can never see, print, send or take back A's pages; and the
// counts on the dashboard, the users list and its CSV.
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { partnerDashboardSchema, partnerMeSchema, partnerUserListSchema } from "../../contract/partners";
import {
  partnerClaimLink,
  partnerMadePagesSchema,
  partnerPageAnswerSchema,
  partnerPageListSchema,
  partnerPagesMax,
  type PartnerMadePages,
  type PartnerPage,
} from "../../contract/partner-pages";
import { isProfileId } from "../../contract/profile-id";
import { auditLog, partnerAttributions, profiles } from "../../server/db/schema";
import { codeBox, codesPerSheet } from "../../server/providers/pdf/qr-sheet";
import { awayFromWindowEdge, call, expectError, expectSession, type Account } from "../support/accounts";
import { partnerSendLimits } from "../../server/domain/partner-pages/pages";
import { describeOnEngines } from "../support/api-fixture";
import { pdfRectangles } from "../support/pdf-text";
import { decodeDrawnCode } from "../support/qr-decode";

/** The test app's public address (PUBLIC_URL). */
const site = "http://localhost:3000";

type Partner = Account & { slug: string; organisationId: string; name: string };

describeOnEngines("a partner's pages for its families", ({ app, db, accounts, admin, mailbox }) => {
  let unique = 0;
  async function newPartner(): Promise<Partner> {
    const email = accounts.email("partner");
    const name = `Lindqvists Begravningsbyrå ${++unique} ${Math.random().toString(36).slice(2, 6)}`;
    const listed = await call(app, "/api/admin/partner-whitelist", {
      bearer: admin.token,
      json: { email, partnerName: name },
    });
    expect(listed.status).toBe(201);
    const password = accounts.password();
    const session = await expectSession(
      await call(app, "/api/partner/signup", { json: { email, password } }),
      201,
    );
    accounts.secret(session.access_token);
    const token = session.access_token;
    // The organisation's name, as its families will read it in the e-mail.
    const named = await call(app, "/api/partner/organisation", {
      method: "PUT",
      bearer: token,
      json: { name },
    });
    expect(named.status).toBe(200);
    const me = partnerMeSchema.parse(await named.json());
    return {
      id: session.user.id,
      email,
      password,
      token,
      session,
      slug: me.organisation.slug,
      organisationId: me.organisation.id,
      name,
    };
  }

  async function make(partner: Partner, count: number, extendedTrial = false): Promise<PartnerMadePages> {
    const response = await call(app, "/api/partner/pages", {
      bearer: partner.token,
      json: { count, extendedTrial },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return partnerMadePagesSchema.parse(await response.json());
  }

  async function list(partner: Partner, q?: string) {
    const query = new URLSearchParams({ pageSize: "100", ...(q ? { q } : {}) });
    const response = await call(app, `/api/partner/pages?${query}`, { bearer: partner.token });
    expect(response.status).toBe(200);
    return partnerPageListSchema.parse(await response.json());
  }

  async function pageOf(partner: Partner, id: string): Promise<PartnerPage | undefined> {
    return (await list(partner, id)).rows.find((row) => row.id === id);
  }

  const send = (partner: Partner, id: string, json: unknown) =>
    call(app, `/api/partner/pages/${id}/send`, { bearer: partner.token, json });
  const act = (partner: Partner, id: string, what: "resend" | "take-back") =>
    call(app, `/api/partner/pages/${id}/${what}`, { bearer: partner.token, method: "POST" });
  const sheet = (partner: Partner, json: unknown) =>
    call(app, "/api/partner/pages/qr-sheet", { bearer: partner.token, json });

  const mailsTo = async (email: string) => (await mailbox()).filter((mail) => mail.to === email);

  /** A family member signing up from the link and claiming the page, as /k/{id}?claim=1 does. */
  async function familyClaims(id: string, email = accounts.email("family")) {
    const family = await accounts.signUp({ email });
    const claimed = await call(app, "/api/kammare/own", {
      bearer: family.token,
      json: { owner: family.id, profileId: id },
    });
    return { family, claimed };
  }

  it("makes one page and a batch of 500, fresh codes, unclaimed and attributed to the partner", async () => {
    const partner = await newPartner();
    const one = await make(partner, 1);
    expect(one.pages).toHaveLength(1);
    const [page] = one.pages;
    expect(isProfileId(page!.id)).toBe(true);
    expect(page!.url).toBe(`${site}/k/${page!.id}`);

    const started = Date.now();
    const batch = await make(partner, partnerPagesMax);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(batch.pages).toHaveLength(500);
    expect(batch.batchId).not.toBeNull();
    const ids = new Set([...batch.pages.map((made) => made.id), page!.id]);
    expect(ids.size).toBe(501);
    expect([...ids].every(isProfileId)).toBe(true);

    const rows = await db
      .select({ status: profiles.status, owner: profiles.ownerUserId, source: partnerAttributions.source })
      .from(profiles)
      .innerJoin(partnerAttributions, eq(partnerAttributions.profileId, profiles.id))
      .where(eq(partnerAttributions.organisationId, partner.organisationId));
    expect(rows).toHaveLength(501);
    expect(
      rows.every((row) => row.status === "unclaimed" && !row.owner && row.source === "partner_made"),
    ).toBe(true);

    const listed = await list(partner);
    expect(listed.total).toBe(501);
    expect(listed.counts).toEqual({ made: 501, sent: 0, claimed: 0 });
    expect(listed.rows[0]).toMatchObject({ state: "made", status: "unclaimed", sentTo: null });

    // More than 500, or none, is bad input naming the field; nothing is made.
    await expectError(
      await call(app, "/api/partner/pages", { bearer: partner.token, json: { count: 501 } }),
      400,
      "invalid_request",
      "count",
    );
    await expectError(
      await call(app, "/api/partner/pages", { bearer: partner.token, json: { count: 0 } }),
      400,
      "invalid_request",
      "count",
    );
    expect((await list(partner)).total).toBe(501);
  });

  it("prints the QR sheet of its own pages: a PDF whose codes decode to the pages' addresses", async () => {
    const partner = await newPartner();
    const made = await make(partner, 24);
    const response = await sheet(partner, { source: "batch", batchId: made.batchId });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("x-codes")).toBe("24");
    const pdf = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe("%PDF-");
    const rectangles = await pdfRectangles(pdf);
    const byCode = made.pages.map((page) => page.id).sort();
    byCode.forEach((id, index) => {
      const onPage = Math.floor(index / codesPerSheet) + 1;
      const drawn = rectangles.filter((rectangle) => rectangle.page === onPage);
      expect(decodeDrawnCode(drawn, codeBox(index)), id).toBe(`${site}/k/${id}`);
    });

    // One page's card by its code; its listing says it was printed, and the print is audited.
    const [first] = byCode;
    const single = await sheet(partner, { source: "ids", ids: [first] });
    expect(single.status).toBe(200);
    const singlePdf = new Uint8Array(await single.arrayBuffer());
    const drawn = (await pdfRectangles(singlePdf)).filter((rectangle) => rectangle.page === 1);
    expect(decodeDrawnCode(drawn, codeBox(0))).toBe(`${site}/k/${first}`);
    expect((await pageOf(partner, first!))?.qrPrintedAt).not.toBeNull();
    const audited = await db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, "partner.qr_printed"), eq(auditLog.actorUserId, partner.id)));
    expect(audited).toHaveLength(2);

    // A page nobody made is no page of its own either.
    const stranger = await sheet(partner, { source: "ids", ids: ["ZZZZZZZZ"] });
    expect(stranger.status).toBe(404);
  });

  it("e-mails a family the claim link with its note; the family signs up from it and owns the page", async () => {
    const partner = await newPartner();
    const [page] = (await make(partner, 1)).pages;
    const id = page!.id;
    const familyEmail = accounts.email("family");
    const sent = await send(partner, id, {
      email: familyEmail,
      note: "Vi tänker på er.\nHör av er om något.",
    });
    expect(sent.status, await sent.clone().text()).toBe(200);
    expect(partnerPageAnswerSchema.parse(await sent.json()).page).toMatchObject({
      state: "sent",
      sentTo: familyEmail,
      sentCount: 1,
      status: "unclaimed",
    });

    const [mail, ...more] = await mailsTo(familyEmail);
    expect(more).toHaveLength(0);
    // The partner signed up in Swedish (no language of its own): the family's e-mail is Swedish too.
    expect(mail?.subject).toBe(`${partner.name} har skapat en minnessida åt er på Kammare`);
    expect(mail?.text).toContain(partner.name);
    expect(mail?.text).toContain("Vi tänker på er.\nHör av er om något.");
    const link = partnerClaimLink(site, id);
    expect(mail?.text).toContain(link);
    expect(mail?.text).not.toContain("förlängda provperioden");

    // The link is the page's claim view; the family signs up there and the page becomes theirs.
    const { family, claimed } = await familyClaims(id, familyEmail);
    expect(claimed.status, await claimed.clone().text()).toBe(200);
    const [row] = await db.select().from(profiles).where(eq(profiles.id, id));
    expect(row).toMatchObject({ ownerUserId: family.id, status: "draft" });

    // The partner sees it claimed; nothing more can be sent or taken back.
    expect(await pageOf(partner, id)).toMatchObject({
      state: "claimed",
      status: "draft",
      sentTo: familyEmail,
    });
    const refused = await expectError(await act(partner, id, "take-back"), 409, "conflict");
    expect(refused.error.refusal).toBe("partner.page-claimed");
    expect((await expectError(await act(partner, id, "resend"), 409, "conflict")).error.refusal).toBe(
      "partner.page-claimed",
    );

    // Counted beside the referrals: the dashboard, the users list (made by the partner) and its CSV.
    const dashboard = partnerDashboardSchema.parse(
      await (await call(app, "/api/partner/dashboard", { bearer: partner.token })).json(),
    );
    expect(dashboard).toMatchObject({ pagesMade: 1, pagesSent: 1, pagesClaimed: 1, pagesReferred: 0 });
    expect(dashboard.customers).toBe(1);
    const users = partnerUserListSchema.parse(
      await (await call(app, "/api/partner/users", { bearer: partner.token })).json(),
    );
    expect(users.rows).toEqual([
      expect.objectContaining({ email: familyEmail, profileId: id, source: "made", memories: 0 }),
    ]);
    const csv = await (await call(app, "/api/partner/users.csv", { bearer: partner.token })).text();
    // Every field is quoted; none of these holds a comma.
    const [header, line] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/)
      .map((text) => text.split(",").map((field) => field.replace(/^"|"$/g, "")));
    expect(header).toEqual([
      "email",
      "signed_up_at",
      "page_code",
      "page_name",
      "status",
      "trial_ends_at",
      "paid_until",
      "last_payment_at",
      "memories",
      "made_by_you",
    ]);
    expect(line).toEqual([familyEmail, expect.any(String), id, "", "draft", "", "", "", "0", "yes"]);
  });

  it("resends the link, and a link taken back stops giving the page until it is sent again", async () => {
    const partner = await newPartner();
    const [page] = (await make(partner, 1)).pages;
    const id = page!.id;
    const familyEmail = accounts.email("family");

    // Nothing to resend before a first sending.
    expect((await expectError(await act(partner, id, "resend"), 409, "conflict")).error.refusal).toBe(
      "partner.page-not-sent",
    );
    expect((await send(partner, id, { email: familyEmail, note: "Första" })).status).toBe(200);
    const again = await act(partner, id, "resend");
    expect(again.status).toBe(200);
    expect(partnerPageAnswerSchema.parse(await again.json()).page).toMatchObject({
      state: "sent",
      sentCount: 2,
    });
    const mails = await mailsTo(familyEmail);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain("Första");

    const back = await act(partner, id, "take-back");
    expect(back.status).toBe(200);
    expect(partnerPageAnswerSchema.parse(await back.json()).page).toMatchObject({ state: "taken_back" });
    const { family, claimed } = await familyClaims(id, familyEmail);
    const refused = await expectError(claimed, 410, "gone");
    expect(refused.error.refusal).toBe("partner.page-taken-back");
    expect((await db.select().from(profiles).where(eq(profiles.id, id)))[0]?.ownerUserId).toBeNull();
    // Taken back, it is not resent; sending it again (here to another address) opens it.
    expect((await expectError(await act(partner, id, "resend"), 409, "conflict")).error.refusal).toBe(
      "partner.page-not-sent",
    );
    const other = accounts.email("family-other");
    expect((await send(partner, id, { email: other })).status).toBe(200);
    expect(await mailsTo(other)).toHaveLength(1);
    const retry = await call(app, "/api/kammare/own", {
      bearer: family.token,
      json: { owner: family.id, profileId: id },
    });
    expect(retry.status).toBe(200);
  });

  it("gives the family the extended trial without the usual verified address", async () => {
    const partner = await newPartner();
    const [gift] = (await make(partner, 1, true)).pages;
    const [plain] = (await make(partner, 1)).pages;
    const familyEmail = accounts.email("family");
    expect((await send(partner, gift!.id, { email: familyEmail })).status).toBe(200);
    const [mail] = await mailsTo(familyEmail);
    expect(mail?.text).toContain("förlängda provperioden på 90 dagar");
    expect(mail?.text).toContain(`${site}/extended-trial`);

    for (const [page, expected] of [
      [gift!, 200],
      [plain!, 403],
    ] as const) {
      const { family, claimed } = await familyClaims(page.id);
      expect(claimed.status).toBe(200);
      const named = await call(app, "/api/kammare/walkthrough-steps", {
        bearer: family.token,
        json: { profileId: page.id, step: "name", displayName: "Anna Lindqvist" },
      });
      expect(named.status).toBe(200);
      const trial = await call(app, "/api/kammare/extended-trial", {
        bearer: family.token,
        json: { profileId: page.id, acceptTerms: true },
      });
      expect(trial.status, `${page.id}: ${await trial.clone().text()}`).toBe(expected);
      if (expected === 403) {
        expect((await expectError(trial, 403, "forbidden")).error.refusal).toBe("trial.email-unverified");
      }
    }
    expect(await pageOf(partner, gift!.id)).toMatchObject({ state: "claimed", status: "extended_trial" });
  });

  it("sends one page's link at most 5 times an hour, then 429 with Retry-After in the partner's words", async () => {
    const partner = await newPartner();
    const [page] = (await make(partner, 1)).pages;
    const id = page!.id;
    // All six in one hour's window: one started near its end would count the sixth anew.
    await awayFromWindowEdge(3600, 20_000);
    const first = accounts.email("first");
    expect((await send(partner, id, { email: first })).status).toBe(200);
    for (let again = 1; again < partnerSendLimits.page.max; again++) {
      expect((await act(partner, id, "resend")).status).toBe(200);
    }
    const refused = await act(partner, id, "resend");
    const body = await expectError(refused, 429, "rate_limited");
    expect(body.error.refusal).toBe("partner.page-send-limit");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another address is no way around it; another page is not touched by it.
    expect((await send(partner, id, { email: accounts.email("second") })).status).toBe(429);
    const [other] = (await make(partner, 1)).pages;
    expect((await send(partner, other!.id, { email: accounts.email("third") })).status).toBe(200);
    // The refused sending sent nothing: the family has the five.
    expect(await mailsTo(first)).toHaveLength(partnerSendLimits.page.max);
  });

  it("forgets the family's address and note when the family deletes its account, claimed or not", async () => {
    const partner = await newPartner();
    const [claimedPage, waitingPage] = (await make(partner, 2)).pages;
    const familyEmail = accounts.email("family");
    for (const page of [claimedPage!, waitingPage!]) {
      expect((await send(partner, page.id, { email: familyEmail, note: "Vi tänker på er." })).status).toBe(
        200,
      );
    }
    const { family, claimed } = await familyClaims(claimedPage!.id, familyEmail);
    expect(claimed.status).toBe(200);
    const deleted = await call(app, "/api/kammare/account/delete", {
      bearer: family.token,
      json: { password: family.password },
    });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    // The partner keeps its pages; the address it typed for that family, and its note, are gone.
    for (const page of [claimedPage!, waitingPage!]) {
      expect(await pageOf(partner, page.id)).toMatchObject({ sentTo: null, note: null });
    }
  });

  it("never lets partner B see, print, send or take back partner A's pages", async () => {
    const partnerA = await newPartner();
    const partnerB = await newPartner();
    const made = await make(partnerA, 2);
    const [first, second] = made.pages.map((page) => page.id);
    expect((await send(partnerA, first!, { email: accounts.email("family") })).status).toBe(200);

    const listed = await list(partnerB);
    expect(listed.rows.map((row) => row.id)).not.toContain(first);
    expect(listed.counts.made).toBe(0);
    expect((await list(partnerB, first)).total).toBe(0);

    await expectError(await sheet(partnerB, { source: "ids", ids: [first] }), 404, "not_found");
    await expectError(await sheet(partnerB, { source: "ids", ids: [first, second] }), 404, "not_found");
    await expectError(await sheet(partnerB, { source: "batch", batchId: made.batchId }), 404, "not_found");
    for (const id of [first!, second!]) {
      const sent = await send(partnerB, id, { email: accounts.email("stranger") });
      expect((await expectError(sent, 404, "not_found")).error.refusal).toBe("partner.page-missing");
      await expectError(await act(partnerB, id, "resend"), 404, "not_found");
      await expectError(await act(partnerB, id, "take-back"), 404, "not_found");
    }
    // A's page is as A left it: sent once, not taken back.
    expect(await pageOf(partnerA, first!)).toMatchObject({ state: "sent", sentCount: 1, takenBackAt: null });
    expect(await pageOf(partnerA, second!)).toMatchObject({ state: "made", sentCount: 0 });
    // Nor may a customer or an admin use the partner's calls.
    const customer = await accounts.signUp();
    expect((await call(app, "/api/partner/pages", { bearer: customer.token })).status).toBe(403);
  });

  it("makes address labels from pasted addresses, and names a bad one", async () => {
    const partner = await newPartner();
    const good = await call(app, "/api/partner/address-labels.pdf", {
      bearer: partner.token,
      json: { source: "paste", text: "Anna Lindqvist\nStorgatan 1\n123 45 Stad", layout: "labels-3x8" },
    });
    expect(good.status).toBe(200);
    expect(good.headers.get("content-type")).toBe("application/pdf");
    const bad = await call(app, "/api/partner/address-labels.pdf", {
      bearer: partner.token,
      json: { source: "paste", text: "Anna Lindqvist", layout: "labels-3x8" },
    });
    expect(bad.status).toBe(400);
    // The pages awaiting a plaque are the admin's list: a partner cannot ask for them.
    const awaiting = await call(app, "/api/partner/address-labels.pdf", {
      bearer: partner.token,
      json: { source: "awaiting", profileIds: ["ZZZZZZZZ"], layout: "labels-3x8" },
    });
    await expectError(awaiting, 400, "invalid_request", "source");
  });
});
