// The API's authorisation matrix: every call of contract/endpoints.ts asked by six callers, with the
// answer each must get written down. A call missing from the table (or a row for a call that is gone)
// fails the first test, so a new call cannot be forgotten. The callers:
//   anonymous   no session
//   customerA   the owner of the things asked about: a page, its paid order, its invoice; signed up
//               through partner A's referral link
//   customerB   another customer, asking about A's things
//   partnerA    a partner whose organisation brought customer A
//   partnerB    a partner of another organisation
//   admin       an admin (who is also a customer, but not A)
// Within a row the refused callers ask first and the allowed ones last, so a refused caller's attempt
// cannot be hidden by what an allowed one changed. Any 2xx answer to customer B or partner B must hold
// nothing of A's side (A's e-mail, page, order, invoice; partner A's organisation and e-mail).
// Every refusal is in the error shape, with the code its status means.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../../contract/endpoints";
import { apiErrorSchema } from "../../contract/errors";
import { partnerMeSchema, whitelistEntryAnswerSchema } from "../../contract/partners";
import { partnerMadePagesSchema } from "../../contract/partner-pages";
import { startCardCheckoutAnswerSchema } from "../../contract/checkout";
import { customerInvoiceSchema } from "../../contract/invoices";
import { createdCheckoutLinkSchema } from "../../contract/admin-orders";
import { eq } from "drizzle-orm";
import {
  albums,
  photos,
  candles as candleRows,
  photos as photoRows,
  memories,
  profileEditors,
  profileInvitations,
  privatePageDoors,
  profiles as profileRows,
  users,
} from "../../server/db/schema";
import { hashPassword } from "../../server/domain/accounts";
import { newToken, tokenHash } from "../../server/domain/core";
import { issueFormToken } from "../../server/domain/memories";
import { createProfiles } from "../../server/domain/profiles";
import { loadConfig } from "../../server/config";
import { memoryReportsSchema, ownerMemoriesSchema } from "../../contract/memories";
import type { Database } from "../../server/db/client";
import {
  call,
  expectSession,
  siteOrigin,
  type Account,
  type Accounts,
  type TestApp,
} from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { billingAddress } from "../support/checkout-samples";
import { buildBgMax } from "../support/bgmax-builder";
import { creditorForm } from "../support/creditor-row";

/** The error code each refusal of the table must carry. */
const errorCodes: Record<number, string> = { 401: "unauthorized", 403: "forbidden", 404: "not_found" };

const callers = ["anonymous", "customerA", "customerB", "partnerA", "partnerB", "admin"] as const;
type Caller = (typeof callers)[number];

/** Who is asking: an account with its password, or nobody. */
type Me = (Account & { kind: Caller }) | undefined;

/** A's side of the world, and the admin's own things, made once per database (or anew for a row). */
type World = {
  customerA: Account;
  partnerA: Account & { organisationName: string; slug: string };
  /** A's page, in its trial, claimed through partner A. */
  pageA: string;
  /** A's paid card order (it has a receipt). */
  orderA: string;
  /** The page A's paid card order pays for: its subscription runs. */
  subscribedPageA: string;
  /** A new page of A's with a paid card subscription, one per call that withdraws. */
  newSubscribedPage: () => Promise<string>;
  /** A's invoice (paying by faktura). */
  invoiceA: { id: string };
  /** A new page of A's in its free trial, for a call that pays for it. */
  trialPage: () => Promise<string>;
  /** A new page of A's, named, its trial not started. */
  namedPage: () => Promise<string>;
  /** A page nobody has claimed yet, one per call that claims. */
  unclaimedPage: () => Promise<string>;
  checkoutLinkId: string;
  whitelistId: () => Promise<string>;
  /** A new page partner A made for a family, its link sent (to send, resend or take back). */
  partnerPageA: () => Promise<string>;
  /** A customer to act on, made for the call (erase, set password). */
  target: () => Promise<Account>;
  /** Memories on A's page, as visitors and the owner made them. */
  memories: {
    /** A visitor's form token for A's page, rendered ten seconds ago (sooner is a robot's). */
    formToken: () => Promise<string>;
    /** Waiting for A's decision. */
    pendingId: string;
    /** Shown on A's page: what a visitor may report. */
    shownId: string;
    /** A visitor's report of the shown memory, in the admin's queue. */
    reportId: string;
    /** A new photo a visitor sent with the waiting memory, waiting for A's decision. */
    newPhotoId: () => Promise<string>;
    /** The link's token of a new memory on another page of A's, whose writer left an address. */
    deleteToken: () => Promise<string>;
    /** A visitor's named candle on A's page, its name waiting for A. */
    candleId: string;
    /** A new candle on A's page, one per call that removes. */
    newCandleId: () => Promise<string>;
  };
  /** A page's family, made straight in the database. */
  family: {
    /** An open invitation (a hand-over: it holds no editor's seat) of A's page, one per call. */
    invitationId: () => Promise<string>;
    /** A new page of A's with an editor, one per call that removes. */
    editorOfA: () => Promise<{ profileId: string; userId: string }>;
    /** The token of an editor's invitation for `email` to another customer's page. */
    tokenFor: (email: string) => Promise<string>;
    /** Another customer's page with `userId` as its editor (the editor leaves it). */
    editorPage: (userId: string) => Promise<string>;
  };
  /** A private page of A's with a visitor password, one per call (each call lets a browser in). */
  doorOfA: () => Promise<{ profileId: string; password: string }>;
  /** A new page of A's with an album holding one photo (its row only), one per call. */
  photoOfA: () => Promise<{ profileId: string; albumId: string; photoId: string }>;
};

type Request = {
  path: string;
  /** More headers (a visitor's address behind the proxy). */
  headers?: Record<string, string>;
  json?: unknown;
  /** A raw body with its type (an upload, a BgMax file). */
  body?: { data: BodyInit; type?: string };
};

type Row = {
  /** Expected status per caller, in the order of `callers`. */
  cells: string;
  send: (world: World, me: Me) => Request | Promise<Request>;
  /** Each caller is a new account of its kind (the call signs it out, deletes or changes it). */
  fresh?: true;
  why?: string;
};

const card = { cardNumber: "4242 4242 4242 4242", expiry: "12/39", cvc: "123", name: "Kalle Anka" };
const billing = billingAddress;
const manualInvoice = {
  customer: { ...billing, name: "Föreningen Minnet" },
  language: "sv-SE",
  lines: [{ description: "Minnesplakett", quantity: 1, unitPriceOre: 39_900, vatRatePercent: 25 }],
};
const company = creditorForm;
const pasted = { source: "paste", text: "Anna Andersson\nStorgatan 1\n123 45 Överum", layout: "labels-3x8" };
const pngBytes = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC",
  "base64",
);
const emptyBgMax = () =>
  buildBgMax({
    sections: [
      {
        recipientBankgiro: "9912346",
        depositDate: "2026-11-20",
        payments: [{ reference: "1", amountOre: 100 }],
      },
    ],
  });
let unique = 0;
const fresh = (prefix: string) => `${prefix}-m${(unique += 1)}-${Date.now().toString(36)}@example.com`;
/**
 * A visitor's own address, through the proxy the matrix's app trusts: the per-address limits of
 * memories (5 an hour) and reports (one per memory) would otherwise refuse a row's later callers.
 */
const visitorAddress = () => ({ "X-Forwarded-For": `198.51.100.${((unique += 1) % 250) + 1}` });
/** Whose credentials an open call (sign-in, sign-up) uses: the caller's, or, for nobody, customer A's. */
const credentials = (world: World, me: Me) => me ?? world.customerA;

const table: Record<string, Row> = {
  // Open to everyone.
  "GET /api/health": { cells: "200 200 200 200 200 200", send: () => ({ path: "/api/health" }) },
  "GET /api/ready": { cells: "200 200 200 200 200 200", send: () => ({ path: "/api/ready" }) },
  "GET /api/build": { cells: "200 200 200 200 200 200", send: () => ({ path: "/api/build" }) },
  "GET /api/openapi.json": { cells: "200 200 200 200 200 200", send: () => ({ path: "/api/openapi.json" }) },
  "POST /api/preferences/locale": {
    cells: "204 204 204 204 204 204",
    send: () => ({ path: "/api/preferences/locale", json: { locale: "sv-SE" } }),
  },
  "POST /api/preferences/analytics-consent": {
    cells: "204 204 204 204 204 204",
    send: () => ({ path: "/api/preferences/analytics-consent", json: { consent: "denied" } }),
  },
  "POST /api/auth/login": {
    cells: "200 200 200 200 200 200",
    why: "anyone holding the password signs in; nobody's row uses customer A's",
    send: (w, me) => {
      const { email, password } = credentials(w, me);
      return { path: "/api/auth/login", json: { type: "email", email, password } };
    },
  },
  "POST /api/auth/signup": {
    cells: "201 201 201 201 201 201",
    send: () => ({ path: "/api/auth/signup", json: { email: fresh("new"), password: "a-good-password-1" } }),
  },
  "POST /api/auth/session": {
    cells: "401 200 200 200 200 200",
    why: "the token in the body is the authorisation: nobody has none, so nobody's made-up one fails",
    send: (w, me) => ({
      path: "/api/auth/session",
      json: me
        ? { access_token: me.token, user: { id: me.id, email: me.email } }
        : {
            access_token: "made-up-token-0123456789",
            user: { id: w.customerA.id, email: w.customerA.email },
          },
    }),
  },
  "POST /api/auth/logout": {
    cells: "401 204 204 204 204 204",
    fresh: true,
    send: () => ({ path: "/api/auth/logout" }),
  },
  "POST /api/auth/change-password": {
    cells: "401 200 200 200 200 200",
    fresh: true,
    send: (w, me) => ({
      path: "/api/auth/change-password",
      json: { currentPassword: credentials(w, me).password, newPassword: "another-good-password-2" },
    }),
  },
  "POST /api/auth/reset-request": {
    cells: "202 202 202 202 202 202",
    send: (w) => ({ path: "/api/auth/reset-request", json: { email: w.customerA.email } }),
  },
  "POST /api/auth/reset": {
    cells: "400 400 400 400 400 400",
    why: "the e-mailed token is the authorisation (reset-password.test.ts): a made-up one fails for anyone",
    send: () => ({ path: "/api/auth/reset", json: { token: "x".repeat(43), password: "a-good-password-1" } }),
  },
  "POST /api/auth/verify-email/request": {
    cells: "401 200 200 200 200 200",
    fresh: true,
    send: () => ({ path: "/api/auth/verify-email/request" }),
  },
  "POST /api/auth/verify-email": {
    cells: "400 400 400 400 400 400",
    why: "the e-mailed token is the authorisation (trials.test.ts): a made-up one fails for anyone",
    send: () => ({ path: "/api/auth/verify-email", json: { token: "x".repeat(43) } }),
  },
  "POST /api/partner/signup": {
    cells: "403 403 403 403 403 403",
    why: "only a whitelisted address may; none of these is (partners.test.ts signs one up)",
    send: () => ({ path: "/api/partner/signup", json: { email: fresh("p"), password: "a-good-password-1" } }),
  },
  "POST /api/webhooks/{provider}": {
    cells: "400 400 400 400 400 400",
    why: "the provider's signature is the authorisation: unsigned, nobody's event is taken",
    send: () => ({ path: "/api/webhooks/sandbox", json: { type: "checkout.completed" } }),
  },

  // The admin check answers every signed-in user (how the browser learns who is an admin).
  "GET /api/admin/check": { cells: "401 200 200 200 200 200", send: () => ({ path: "/api/admin/check" }) },

  // A customer's own things: A may, B may not (404: B is not told A's page exists), partners are not
  // customers, and an admin may see and change any page but not pay, claim or start trials for A.
  "GET /api/kammare/account/export": {
    cells: "401 200 200 403 403 200",
    why: "each customer exports their own account; the leak check proves B's holds nothing of A's",
    send: () => ({ path: "/api/kammare/account/export" }),
  },
  "POST /api/kammare/account/delete": {
    cells: "401 200 200 403 403 200",
    fresh: true,
    send: (w, me) => ({
      path: "/api/kammare/account/delete",
      json: { password: credentials(w, me).password },
    }),
  },
  "GET /api/kammare/subscriptions": {
    cells: "401 200 200 403 403 200",
    why: "each customer lists their own; the leak check proves B's holds nothing of A's",
    send: () => ({ path: "/api/kammare/subscriptions" }),
  },
  "POST /api/kammare/subscriptions/cancel": {
    cells: "401 200 403 403 403 403",
    why: "only the page's owner cancels its subscription; an admin does not cancel for a customer",
    send: (w) => ({ path: "/api/kammare/subscriptions/cancel", json: { profileId: w.subscribedPageA } }),
  },
  "POST /api/kammare/subscriptions/resume": {
    cells: "401 200 403 403 403 403",
    send: (w) => ({ path: "/api/kammare/subscriptions/resume", json: { profileId: w.subscribedPageA } }),
  },
  "POST /api/kammare/subscriptions/switch": {
    cells: "401 200 403 403 403 403",
    send: (w) => ({
      path: "/api/kammare/subscriptions/switch",
      json: { profileId: w.subscribedPageA, plan: "yearly" },
    }),
  },
  "POST /api/kammare/subscriptions/card": {
    cells: "401 200 403 403 403 403",
    why: "only the page's owner gives its subscription a new card",
    send: (w) => ({
      path: "/api/kammare/subscriptions/card",
      json: { profileId: w.subscribedPageA, ...card },
    }),
  },
  "POST /api/kammare/subscriptions/card-page": {
    cells: "401 409 403 403 403 403",
    why: "the sandbox's card is changed on our own form, so the owner gets no provider's page",
    send: (w) => ({ path: "/api/kammare/subscriptions/card-page", json: { profileId: w.subscribedPageA } }),
  },
  "POST /api/kammare/subscriptions/withdraw": {
    cells: "401 200 403 403 403 403",
    why: "only the page's owner withdraws; each caller tries on a new paid page of A's",
    send: async (w) => ({
      path: "/api/kammare/subscriptions/withdraw",
      json: { profileId: await w.newSubscribedPage() },
    }),
  },
  "POST /api/kammare/own": {
    cells: "401 200 403 403 403 200",
    why: "one claims a page only for oneself (the others name A as the owner); an admin may for anyone",
    send: async (w) => ({
      path: "/api/kammare/own",
      json: { owner: w.customerA.id, profileId: await w.unclaimedPage() },
    }),
  },
  "POST /api/kammare/start": {
    cells: "401 201 201 403 403 403",
    why: "any customer starts a page of their own; a partner or an admin makes pages with its own tools",
    send: () => ({ path: "/api/kammare/start", json: {} }),
  },
  "POST /api/kammare/free-trial": {
    cells: "401 200 403 403 403 403",
    why: "a trial is the owner's to start, on a new named page of A's each time",
    send: async (w) => ({ path: "/api/kammare/free-trial", json: { profileId: await w.namedPage() } }),
  },
  "POST /api/kammare/extended-trial": {
    cells: "401 200 403 403 403 403",
    send: async (w) => ({
      path: "/api/kammare/extended-trial",
      json: { profileId: await w.namedPage(), acceptTerms: true },
    }),
  },
  "PUT /api/kammare/profile": {
    cells: "401 200 403 403 403 200",
    send: (w) => ({
      path: "/api/kammare/profile",
      json: { profile: { id: w.pageA, subtitle: "1942 – 2024" } },
    }),
  },
  "POST /api/kammare/walkthrough-steps": {
    cells: "401 200 403 403 403 200",
    send: (w) => ({ path: "/api/kammare/walkthrough-steps", json: { profileId: w.pageA, step: "welcome" } }),
  },
  "PUT /api/kammare/profile-metadata": {
    cells: "401 200 403 403 403 200",
    send: (w) => ({
      path: "/api/kammare/profile-metadata",
      json: { id: w.pageA, metadata: { tags: ["matrix"] } },
    }),
  },
  "GET /api/kammare/profile-qr": {
    cells: "401 200 403 403 403 200",
    send: (w) => ({ path: `/api/kammare/profile-qr?id=${w.pageA}&format=svg` }),
  },
  "GET /api/kammare/orders/{orderNumber}/receipt.pdf": {
    cells: "401 200 404 403 403 200",
    send: (w) => ({ path: `/api/kammare/orders/${w.orderA}/receipt.pdf` }),
  },
  "POST /api/kammare/images": {
    cells: "401 201 403 403 403 201",
    send: (w) => {
      const form = new FormData();
      form.append("profileId", w.pageA);
      form.append("kind", "portrait");
      form.append("image", new File([new Uint8Array(pngBytes)], "p.png", { type: "image/png" }));
      return { path: "/api/kammare/images", body: { data: form } };
    },
  },
  "GET /api/kammare/orders": {
    cells: "401 200 403 403 403 200",
    why: "a page's orders are its owner's and the admins' (orders-admin.ts)",
    send: (w) => ({ path: `/api/kammare/orders?profileId=${w.pageA}` }),
  },
  "GET /api/kammare/invoices/{id}/invoice.pdf": {
    cells: "401 200 404 403 403 200",
    send: (w) => ({ path: `/api/kammare/invoices/${w.invoiceA.id}/invoice.pdf` }),
  },
  "POST /api/checkout/card": {
    cells: "401 200 403 403 403 403",
    why: "only the owner pays for a page, on a page of A's in its trial",
    send: async (w) => ({
      path: "/api/checkout/card",
      json: { profileId: await w.trialPage(), plan: "monthly" },
    }),
  },
  "POST /api/checkout/faktura": {
    cells: "401 200 403 403 403 403",
    send: async (w) => ({
      path: "/api/checkout/faktura",
      json: { profileId: await w.trialPage(), plan: "yearly", billing },
    }),
  },
  "POST /api/checkout/gift/card": {
    cells: "401 409 200 403 403 200",
    why: "any customer may give A's page (in its trial, nothing kept) a year, but not A, who pays at the checkout; partners pay nothing here",
    send: async (w) => ({
      path: "/api/checkout/gift/card",
      json: { profileId: await w.trialPage(), anonymous: false },
    }),
  },
  "POST /api/checkout/gift/faktura": {
    cells: "401 409 200 403 403 200",
    send: async (w) => ({
      path: "/api/checkout/gift/faktura",
      json: { profileId: await w.trialPage(), anonymous: true, billing },
    }),
  },
  "POST /api/checkout/sandbox/pay": {
    cells: "401 200 404 403 403 404",
    why: "A's order, paid already, answers A as paid again (a second click); to anyone else it does not exist",
    send: (w) => ({ path: "/api/checkout/sandbox/pay", json: { orderNumber: w.orderA, ...card } }),
  },
  "POST /api/checkout/sandbox/confirm": {
    cells: "401 200 404 403 403 404",
    send: (w) => ({ path: "/api/checkout/sandbox/confirm", json: { orderNumber: w.orderA, approve: true } }),
  },

  // The partner's own organisation: both partners may; each sees only their own.
  "GET /api/partner/me": { cells: "401 403 403 200 200 403", send: () => ({ path: "/api/partner/me" }) },
  "PUT /api/partner/organisation": {
    cells: "401 403 403 200 200 403",
    send: (_w, me) => ({
      path: "/api/partner/organisation",
      json: { name: `Org of ${me?.kind ?? "nobody"}` },
    }),
  },
  "GET /api/partner/dashboard": {
    cells: "401 403 403 200 200 403",
    send: () => ({ path: "/api/partner/dashboard" }),
  },
  "GET /api/partner/users": {
    cells: "401 403 403 200 200 403",
    send: () => ({ path: "/api/partner/users" }),
  },
  "GET /api/partner/users.csv": {
    cells: "401 403 403 200 200 403",
    send: () => ({ path: "/api/partner/users.csv" }),
  },
  "GET /api/partner/referral-qr.svg": {
    cells: "401 403 403 200 200 403",
    send: () => ({ path: "/api/partner/referral-qr.svg" }),
  },
  "GET /api/partner/referral-qr.png": {
    cells: "401 403 403 200 200 403",
    send: () => ({ path: "/api/partner/referral-qr.png" }),
  },
  // The pages a partner makes for its families: each partner makes and lists its own; partner B is
  // answered for A's page as for no page at all (404), whatever it tries.
  "GET /api/partner/pages": {
    cells: "401 403 403 200 200 403",
    send: () => ({ path: "/api/partner/pages" }),
  },
  "POST /api/partner/pages": {
    cells: "401 403 403 201 201 403",
    send: () => ({ path: "/api/partner/pages", json: { count: 1 } }),
  },
  "POST /api/partner/pages/qr-sheet": {
    cells: "401 403 403 200 404 403",
    send: async (w) => ({
      path: "/api/partner/pages/qr-sheet",
      json: { source: "ids", ids: [await w.partnerPageA()] },
    }),
  },
  "POST /api/partner/pages/{id}/send": {
    cells: "401 403 403 200 404 403",
    send: async (w) => ({
      path: `/api/partner/pages/${await w.partnerPageA()}/send`,
      json: { email: fresh("family"), note: "A note" },
    }),
  },
  "POST /api/partner/pages/{id}/resend": {
    cells: "401 403 403 200 404 403",
    send: async (w) => ({ path: `/api/partner/pages/${await w.partnerPageA()}/resend` }),
  },
  "POST /api/partner/pages/{id}/take-back": {
    cells: "401 403 403 200 404 403",
    send: async (w) => ({ path: `/api/partner/pages/${await w.partnerPageA()}/take-back` }),
  },
  "POST /api/partner/address-labels.pdf": {
    cells: "401 403 403 200 200 403",
    send: () => ({
      path: "/api/partner/address-labels.pdf",
      json: { source: "paste", text: "Anna Andersson\nStorgatan 1\n123 45 Stad", layout: "labels-3x8" },
    }),
  },
  // A partner's colleagues: each partner works on its own organisation only; one cannot
  // remove oneself (409), nor a member of another organisation (404, as for no member at all).
  "GET /api/partner/colleagues": {
    cells: "401 403 403 200 200 403",
    send: () => ({ path: "/api/partner/colleagues" }),
  },
  "POST /api/partner/colleagues": {
    cells: "401 403 403 201 201 403",
    send: () => ({ path: "/api/partner/colleagues", json: { email: fresh("colleague") } }),
  },
  "DELETE /api/partner/colleagues/{userId}": {
    cells: "401 403 403 409 404 403",
    send: (w) => ({ path: `/api/partner/colleagues/${w.partnerA.id}` }),
  },
  "DELETE /api/partner/invitations/{id}": {
    cells: "401 403 403 404 404 403",
    why: "no pending invitation has this id (partner-ways-in.test.ts withdraws real ones)",
    send: () => ({ path: "/api/partner/invitations/00000000-0000-4000-8000-000000000000" }),
  },

  // Memories and candles. A visitor's calls are open to anyone on a live page, each from
  // the site's own form (Origin, form token); whoever holds the writer's link deletes that memory.
  "GET /api/memories": {
    cells: "200 200 200 200 200 200",
    send: (w) => ({ path: `/api/memories?profileId=${w.pageA}` }),
  },
  "POST /api/memories": {
    cells: "201 201 201 201 201 201",
    send: async (w) => ({
      path: "/api/memories",
      headers: visitorAddress(),
      json: {
        profileId: w.pageA,
        name: "Karin",
        text: "Summers at the lake.",
        formToken: await w.memories.formToken(),
      },
    }),
  },
  "POST /api/memories/candles": {
    cells: "204 204 204 204 204 204",
    send: async (w) => ({
      path: "/api/memories/candles",
      headers: visitorAddress(),
      json: { profileId: w.pageA, name: "Erik", formToken: await w.memories.formToken() },
    }),
  },
  "POST /api/memories/reports": {
    cells: "204 204 204 204 204 204",
    why: "once per address and memory: each caller reports from an address of its own",
    send: async (w) => ({
      path: "/api/memories/reports",
      headers: visitorAddress(),
      json: {
        memoryId: w.memories.shownId,
        reason: "Not about her.",
        formToken: await w.memories.formToken(),
      },
    }),
  },
  "POST /api/memories/delete-own": {
    cells: "200 200 200 200 200 200",
    why: "the e-mailed link is the authorisation: each caller holds one of a new memory's",
    send: async (w) => ({
      path: "/api/memories/delete-own",
      json: { token: await w.memories.deleteToken() },
    }),
  },
  // The owner's moderation: A's and the admins'; B is not told a memory of A's exists.
  "GET /api/kammare/memories": {
    cells: "401 200 403 403 403 200",
    send: (w) => ({ path: `/api/kammare/memories?profileId=${w.pageA}` }),
  },
  "POST /api/kammare/memories/decision": {
    cells: "401 200 404 403 403 200",
    send: (w) => ({
      path: "/api/kammare/memories/decision",
      json: { memoryId: w.memories.pendingId, state: "hidden" },
    }),
  },
  "POST /api/kammare/memories/photos": {
    cells: "401 200 404 403 403 200",
    send: async (w) => ({
      path: "/api/kammare/memories/photos",
      json: { photoId: await w.memories.newPhotoId(), decision: "shown" },
    }),
  },
  "POST /api/kammare/memories/reply": {
    cells: "401 200 404 403 403 200",
    send: (w) => ({
      path: "/api/kammare/memories/reply",
      json: { memoryId: w.memories.pendingId, reply: "Thank you." },
    }),
  },
  "POST /api/kammare/candles/decision": {
    cells: "401 200 404 403 403 200",
    send: (w) => ({
      path: "/api/kammare/candles/decision",
      json: { candleId: w.memories.candleId, state: "shown" },
    }),
  },
  "POST /api/kammare/candles/remove": {
    cells: "401 200 404 403 403 200",
    send: async (w) => ({
      path: "/api/kammare/candles/remove",
      json: { candleId: await w.memories.newCandleId() },
    }),
  },
  "PUT /api/kammare/memory-settings": {
    cells: "401 200 403 403 403 200",
    send: (w) => ({ path: "/api/kammare/memory-settings", json: { profileId: w.pageA, allowLinks: false } }),
  },

  // A page's family: its people are its owner's, its editors' and the admins'; only the owner
  // (or an admin) invites, withdraws and removes; whoever holds an invitation to their own address
  // accepts it; an editor leaves. What an editor may do on every other call: tests/api/family.test.ts.
  "GET /api/kammare/people": {
    cells: "401 200 403 403 403 200",
    send: (w) => ({ path: `/api/kammare/people?profileId=${w.pageA}` }),
  },
  "POST /api/kammare/invitations": {
    cells: "401 201 403 403 403 201",
    send: (w) => ({ path: "/api/kammare/invitations", json: { profileId: w.pageA, email: fresh("kin") } }),
  },
  "POST /api/kammare/invitations/revoke": {
    cells: "401 200 403 403 403 200",
    send: async (w) => ({
      path: "/api/kammare/invitations/revoke",
      json: { profileId: w.pageA, invitationId: await w.family.invitationId() },
    }),
  },
  "POST /api/kammare/invitations/accept": {
    cells: "401 200 200 403 403 200",
    why: "the link is for the caller's own address, on another customer's page",
    send: async (w, me) => ({
      path: "/api/kammare/invitations/accept",
      json: { token: await w.family.tokenFor(me?.email ?? fresh("nobody")) },
    }),
  },
  "POST /api/kammare/editors/remove": {
    cells: "401 200 403 403 403 200",
    send: async (w) => ({ path: "/api/kammare/editors/remove", json: await w.family.editorOfA() }),
  },
  "POST /api/kammare/editors/leave": {
    cells: "401 200 200 403 403 200",
    why: "each caller is made an editor of another customer's page, and leaves it",
    send: async (w, me) => ({
      path: "/api/kammare/editors/leave",
      json: { profileId: me ? await w.family.editorPage(me.id) : w.pageA },
    }),
  },
  // A private page's door (ADR 043): the password and the invitation's link are open (an unknown link
  // goes back to the door), the door's
  // settings are its owner's, its editors' (private-pages.test.ts) and the admins'.
  "POST /api/page-access": {
    cells: "204 204 204 204 204 204",
    why: "anyone holding the page's visitor password is let in (private-pages.test.ts: a wrong one is not)",
    send: async (w) => ({ path: "/api/page-access", json: await w.doorOfA() }),
  },
  "GET /api/page-access/invitation": {
    cells: "303 303 303 303 303 303",
    why: "the link's token is the key; an unknown one goes back to the page's door",
    send: (w) => ({ path: `/api/page-access/invitation?page=${w.pageA}&token=${fresh("no-such-token")}` }),
  },
  "GET /api/kammare/private-page": {
    cells: "401 200 403 403 403 200",
    send: (w) => ({ path: `/api/kammare/private-page?profileId=${w.pageA}` }),
  },
  "PUT /api/kammare/private-page": {
    cells: "401 200 403 403 403 200",
    send: (w) => ({ path: "/api/kammare/private-page", json: { profileId: w.pageA, showPortrait: true } }),
  },
  "POST /api/kammare/private-page/invitations": {
    cells: "401 201 403 403 403 201",
    send: (w) => ({
      path: "/api/kammare/private-page/invitations",
      json: { profileId: w.pageA, email: fresh("guest") },
    }),
  },
  "POST /api/kammare/private-page/invitations/revoke": {
    cells: "401 404 403 403 403 404",
    why: "no open invitation has this id: refused only after the owner's (or an admin's) check",
    send: (w) => ({
      path: "/api/kammare/private-page/invitations/revoke",
      json: { profileId: w.pageA, invitationId: "5b0e4a61-4a59-4c39-9a57-2f1c9f0e9d11" },
    }),
  },
  "GET /api/invitation": {
    cells: "200 200 200 200 200 200",
    why: "the link's token is the key; the invited address is masked",
    send: async (w) => ({ path: `/api/invitation?token=${await w.family.tokenFor(fresh("kin"))}` }),
  },
  // The anniversary e-mails are the asker's own: A's (the owner's), not B's; an admin is not one of
  // the page's people (reminders.test.ts: its editors may).
  // A page's photos (decisions "A life in pictures"): its owner, its editors (photos.test.ts) and admins.
  "GET /api/kammare/photos": {
    cells: "401 200 403 403 403 200",
    send: (w) => ({ path: `/api/kammare/photos?profileId=${w.pageA}` }),
  },
  "POST /api/kammare/photos": {
    cells: "401 201 403 403 403 201",
    send: (w) => {
      const form = new FormData();
      form.append("profileId", w.pageA);
      form.append("image", new File([new Uint8Array(pngBytes)], "p.png", { type: "image/png" }));
      return { path: "/api/kammare/photos", body: { data: form } };
    },
  },
  "GET /api/kammare/photos/download": {
    cells: "401 200 403 403 403 200",
    send: (w) => ({ path: `/api/kammare/photos/download?profileId=${w.pageA}` }),
  },
  // The keepsake (ADR 045): a page's owner, its editors (keepsake.test.ts) and admins.
  "GET /api/kammare/keepsake": {
    cells: "401 200 403 403 403 200",
    send: (w) => ({ path: `/api/kammare/keepsake?profileId=${w.pageA}` }),
  },
  "GET /api/kammare/keepsake/book": {
    cells: "401 200 403 403 403 200",
    send: (w) => ({ path: `/api/kammare/keepsake/book?profileId=${w.pageA}&size=a5` }),
  },
  "POST /api/kammare/keepsake/links": {
    cells: "401 200 200 403 403 200",
    why: "each customer is e-mailed the links of their own pages only",
    send: () => ({ path: "/api/kammare/keepsake/links", json: {} }),
  },
  "POST /api/kammare/photos/order": {
    cells: "401 200 403 403 403 200",
    send: async (w) => {
      const { albumId, photoId } = await w.photoOfA();
      return { path: "/api/kammare/photos/order", json: { albumId, photoIds: [photoId] } };
    },
  },
  "PATCH /api/kammare/photos/{photoId}": {
    cells: "401 200 403 403 403 200",
    send: async (w) => ({
      path: `/api/kammare/photos/${(await w.photoOfA()).photoId}`,
      json: { caption: "Matrix" },
    }),
  },
  "DELETE /api/kammare/photos/{photoId}": {
    cells: "401 200 403 403 403 200",
    send: async (w) => ({ path: `/api/kammare/photos/${(await w.photoOfA()).photoId}` }),
  },
  "POST /api/kammare/albums": {
    cells: "401 201 403 403 403 201",
    send: (w) => ({ path: "/api/kammare/albums", json: { profileId: w.pageA, title: "Matrix" } }),
  },
  "POST /api/kammare/albums/order": {
    cells: "401 200 403 403 403 200",
    send: async (w) => {
      const { profileId, albumId } = await w.photoOfA();
      return { path: "/api/kammare/albums/order", json: { profileId, albumIds: [albumId] } };
    },
  },
  "PATCH /api/kammare/albums/{albumId}": {
    cells: "401 200 403 403 403 200",
    send: async (w) => ({
      path: `/api/kammare/albums/${(await w.photoOfA()).albumId}`,
      json: { title: "Matrix" },
    }),
  },
  "DELETE /api/kammare/albums/{albumId}": {
    cells: "401 200 403 403 403 200",
    send: async (w) => ({ path: `/api/kammare/albums/${(await w.photoOfA()).albumId}` }),
  },
  "GET /api/kammare/anniversary-reminders": {
    cells: "401 200 403 403 403 403",
    send: (w) => ({ path: `/api/kammare/anniversary-reminders?profileId=${w.pageA}` }),
  },
  "POST /api/kammare/anniversary-reminders": {
    cells: "401 200 403 403 403 403",
    send: (w) => ({ path: "/api/kammare/anniversary-reminders", json: { profileId: w.pageA, on: true } }),
  },
  // A page's videos: its owner and editors (videos.test.ts) and the admins.
  "GET /api/kammare/videos": {
    cells: "401 200 403 403 403 200",
    send: (w) => ({ path: `/api/kammare/videos?profileId=${w.pageA}` }),
  },
  "POST /api/kammare/videos/links": {
    cells: "401 201 403 403 403 201",
    send: (w) => ({
      path: "/api/kammare/videos/links",
      json: { profileId: w.pageA, url: "https://youtu.be/dQw4w9WgXcQ" },
    }),
  },
  "POST /api/kammare/videos/clips": {
    cells: "401 400 403 403 403 400",
    why: "who may is checked before the body is read; these bytes are then refused as no video (video.not-a-video)",
    send: (w) => ({
      path: `/api/kammare/videos/clips?profileId=${w.pageA}`,
      body: { data: new Uint8Array(pngBytes), type: "video/mp4" },
    }),
  },
  "POST /api/kammare/videos/remove": {
    cells: "401 404 403 403 403 404",
    why: "who may is checked before the video is looked for; this one is on no page (video.missing)",
    send: (w) => ({
      path: "/api/kammare/videos/remove",
      json: { profileId: w.pageA, videoId: "00000000-0000-4000-8000-000000000000" },
    }),
  },
};

/** The admin's calls: only an admin. */
const adminOnly = "401 403 403 403 403";
const admin = (status: number, send: Row["send"], extra: Partial<Row> = {}): Row => ({
  cells: `${adminOnly} ${status}`,
  send,
  ...extra,
});
Object.assign(table, {
  "POST /api/admin/user-fetch": admin(200, (w) => ({
    path: "/api/admin/user-fetch",
    json: { email: w.customerA.email },
  })),
  "PATCH /api/admin/user": admin(200, async (w) => ({
    path: "/api/admin/user",
    json: { userId: (await w.target()).id, password: "a-new-good-password-3" },
  })),
  "POST /api/admin/user/erase": admin(200, async (w) => ({
    path: "/api/admin/user/erase",
    json: { userId: (await w.target()).id },
  })),
  "GET /api/admin/profiles": admin(200, () => ({ path: "/api/admin/profiles" })),
  "POST /api/admin/profiles": admin(201, () => ({ path: "/api/admin/profiles", json: { count: 1 } })),
  "GET /api/admin/profiles/{id}": admin(200, (w) => ({ path: `/api/admin/profiles/${w.pageA}` })),
  "PUT /api/admin/profile": admin(200, (w) => ({
    path: "/api/admin/profile",
    json: { id: w.pageA, status: "trial", reason: "matrix" },
  })),
  "GET /api/admin/first-names": admin(200, () => ({ path: "/api/admin/first-names" })),
  "POST /api/admin/first-names": admin(201, () => ({
    path: "/api/admin/first-names",
    json: { name: `Matrixa${"b".repeat((unique += 1) % 20)}` },
  })),
  "DELETE /api/admin/first-names/{name}": admin(
    404,
    () => ({ path: "/api/admin/first-names/Ingenstansnamn" }),
    {
      why: "a name not on the list: the refusals come before it is looked up",
    },
  ),
  "POST /api/admin/checkout-session-link": admin(201, (w) => ({
    path: "/api/admin/checkout-session-link",
    json: { customerId: w.customerA.id, price: 4900, iterations: 12, includesFreeTrial: false },
  })),
  "GET /api/admin/checkout-links": admin(200, () => ({ path: "/api/admin/checkout-links" })),
  "POST /api/admin/checkout-links/{id}/revoke": admin(200, (w) => ({
    path: `/api/admin/checkout-links/${w.checkoutLinkId}/revoke`,
  })),
  "POST /api/admin/order": admin(200, (w) => ({ path: "/api/admin/order", json: { orderNumber: w.orderA } })),
  "POST /api/admin/invoices/bgmax": admin(200, () => ({
    path: "/api/admin/invoices/bgmax",
    body: { data: new Uint8Array(emptyBgMax()), type: "application/octet-stream" },
  })),
  "GET /api/admin/creditor": admin(200, () => ({ path: "/api/admin/creditor" })),
  "PUT /api/admin/creditor": admin(200, () => ({ path: "/api/admin/creditor", json: company })),
  "GET /api/admin/invoices": admin(200, () => ({ path: "/api/admin/invoices" })),
  "POST /api/admin/invoices": admin(200, () => ({ path: "/api/admin/invoices", json: manualInvoice })),
  "POST /api/admin/invoices/preview.pdf": admin(200, () => ({
    path: "/api/admin/invoices/preview.pdf",
    json: manualInvoice,
  })),
  "GET /api/admin/invoices/{id}": admin(200, (w) => ({ path: `/api/admin/invoices/${w.invoiceA.id}` })),
  "POST /api/admin/invoices/{id}/payments": admin(200, (w) => ({
    path: `/api/admin/invoices/${w.invoiceA.id}/payments`,
    json: { amountOre: 100, paidOn: "2026-11-20", reference: "matrix" },
  })),
  "POST /api/admin/invoices/{id}/credit": admin(404, () => ({
    path: "/api/admin/invoices/00000000-0000-4000-8000-000000000000/credit",
    json: { reason: "matrix" },
  })),
  "POST /api/admin/invoices/{id}/reminder": admin(404, () => ({
    path: "/api/admin/invoices/00000000-0000-4000-8000-000000000000/reminder",
  })),
  "GET /api/admin/partner-whitelist": admin(200, () => ({ path: "/api/admin/partner-whitelist" })),
  "POST /api/admin/partner-whitelist": admin(201, () => ({
    path: "/api/admin/partner-whitelist",
    json: { email: fresh("wl"), partnerName: "Matrix Partner" },
  })),
  "PUT /api/admin/partner-whitelist/{id}": admin(200, async (w) => ({
    path: `/api/admin/partner-whitelist/${await w.whitelistId()}`,
    json: { email: fresh("wl"), partnerName: "Matrix Partner Renamed" },
  })),
  "DELETE /api/admin/partner-whitelist/{id}": admin(204, async (w) => ({
    path: `/api/admin/partner-whitelist/${await w.whitelistId()}`,
  })),
  "POST /api/admin/partner-whitelist/{id}/invitation": admin(204, async (w) => ({
    path: `/api/admin/partner-whitelist/${await w.whitelistId()}/invitation`,
  })),
  "GET /api/admin/partner-organisations": admin(200, () => ({ path: "/api/admin/partner-organisations" })),
  "POST /api/admin/address-labels/preview": admin(200, () => ({
    path: "/api/admin/address-labels/preview",
    json: pasted,
  })),
  "POST /api/admin/address-labels.pdf": admin(200, () => ({
    path: "/api/admin/address-labels.pdf",
    json: pasted,
  })),
  "GET /api/admin/address-labels/awaiting": admin(200, () => ({
    path: "/api/admin/address-labels/awaiting",
  })),
  "POST /api/admin/address-labels/plaques-sent": admin(200, (w) => ({
    path: "/api/admin/address-labels/plaques-sent",
    json: { profileIds: [w.pageA] },
  })),
  "GET /api/admin/dashboard": admin(200, () => ({ path: "/api/admin/dashboard" })),
  "GET /api/admin/qr/{file}": admin(200, (w) => ({ path: `/api/admin/qr/${w.pageA}.svg` })),
  "GET /api/admin/qr/batches": admin(200, () => ({ path: "/api/admin/qr/batches" })),
  "GET /api/admin/memory-reports": admin(200, () => ({ path: "/api/admin/memory-reports" })),
  "POST /api/admin/memory-reports/decision": admin(200, (w) => ({
    path: "/api/admin/memory-reports/decision",
    json: { reportId: w.memories.reportId, decision: "keep" },
  })),
  "GET /api/admin/qr/profiles": admin(200, (w) => ({ path: `/api/admin/qr/profiles?q=${w.pageA}` })),
  "POST /api/admin/qr/sheet": admin(200, (w) => ({
    path: "/api/admin/qr/sheet",
    json: { source: "ids", ids: [w.pageA] },
  })),
} satisfies Record<string, Row>);

const keyOf = (endpoint: { method: string; path: string }) =>
  `${endpoint.method.toUpperCase()} ${endpoint.path}`;

describe("the API matrix", () => {
  it("has a row for every call of contract/endpoints.ts, and none for a call that is gone", () => {
    expect(Object.keys(table).sort()).toEqual(endpoints.map(keyOf).sort());
  });
  it("has a cell for every caller in every row", () => {
    for (const [name, row] of Object.entries(table)) {
      expect(row.cells.split(" ").map(Number).filter(Number.isInteger), name).toHaveLength(callers.length);
    }
  });
});

type Side = Omit<
  World,
  "unclaimedPage" | "trialPage" | "namedPage" | "whitelistId" | "target" | "partnerPageA"
> & {
  customerB: Account;
  partnerB: Account;
  admin: Account;
};

/** A whitelisted partner, signed up, with an organisation of that name. */
async function newPartner(app: TestApp, accounts: Accounts, admin: Account, name: string) {
  const email = accounts.email("partner");
  const listed = await call(app, "/api/admin/partner-whitelist", {
    bearer: admin.token,
    json: { email, partnerName: name },
    origin: siteOrigin,
  });
  expect(listed.status).toBe(201);
  const password = accounts.password();
  const session = await expectSession(
    await call(app, "/api/partner/signup", { json: { email, password } }),
    201,
  );
  accounts.secret(session.access_token);
  const me = partnerMeSchema.parse(
    await (await call(app, "/api/partner/me", { bearer: session.access_token })).json(),
  );
  return {
    id: session.user.id,
    email,
    password,
    token: session.access_token,
    session,
    organisationName: me.organisation.name ?? name,
    slug: me.organisation.slug,
  };
}

/** Makes A's side and the other callers on one database through the API, as users would. */
async function makeWorld(
  app: TestApp,
  db: Database,
  accounts: Accounts,
  admin: Account,
): Promise<World & Side> {
  const adminCall = (path: string, json?: unknown) =>
    call(app, path, { bearer: admin.token, json, origin: siteOrigin });
  const partnerA = await newPartner(app, accounts, admin, `Begravningsbyrån A ${unique++}`);
  const partnerB = await newPartner(app, accounts, admin, `Begravningsbyrån B ${unique++}`);

  const password = accounts.password();
  const email = accounts.email("customer-a");
  const signedUp = await expectSession(
    await call(app, "/api/auth/signup", {
      json: { email, password },
      headers: { Cookie: `ref=${partnerA.slug}` },
    }),
    201,
  );
  accounts.secret(signedUp.access_token);
  const customerA: Account = {
    id: signedUp.user.id,
    email,
    password,
    token: signedUp.access_token,
    session: signedUp,
  };
  const customerB = await accounts.signUp();
  // A followed the verification link (trials.test.ts follows it): the extended trial needs it.
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, customerA.id));

  const unclaimedPage = async () => {
    const [row] = await createProfiles(
      db,
      { count: 1 },
      { id: admin.id, roles: ["admin"] },
      { ip: null, userAgent: "t" },
    );
    return row?.id as string;
  };
  const asA = (path: string, json: unknown) =>
    call(app, path, { bearer: customerA.token, json, origin: siteOrigin });
  /** A page of A's in its free trial: claimed, named, started, as the walkthrough does it. */
  async function trialPage(untilTrial = true): Promise<string> {
    const id = await unclaimedPage();
    const steps = [
      ["/api/kammare/own", { owner: customerA.id, profileId: id }],
      ["/api/kammare/walkthrough-steps", { profileId: id, step: "name", displayName: "Anna" }],
      ["/api/kammare/free-trial", { profileId: id }],
    ] as const;
    for (const [path, json] of untilTrial ? steps : steps.slice(0, 2)) {
      const response = await asA(path, json);
      expect(response.status, `${path}: ${await response.text()}`).toBe(200);
    }
    return id;
  }
  const pageA = await trialPage();
  // A page whose trial an admin ended, so its card payment is charged at once (during a trial the
  // card is only kept): A's paid order, with its receipt and its running subscription.
  async function subscribedPage(): Promise<{ id: string; orderNumber: string }> {
    const id = await trialPage();
    const ended = await call(app, "/api/admin/profile", {
      method: "PUT",
      bearer: admin.token,
      json: { id, status: "expired" },
      origin: siteOrigin,
    });
    expect(ended.status, "trial ended").toBe(200);
    const started = await asA("/api/checkout/card", { profileId: id, plan: "monthly" });
    expect(started.status, await started.clone().text()).toBe(200);
    const orderNumber = startCardCheckoutAnswerSchema.parse(await started.json()).order.orderNumber;
    expect((await asA("/api/checkout/sandbox/pay", { orderNumber, ...card })).status).toBe(200);
    return { id, orderNumber };
  }
  const { id: subscribedPageA, orderNumber: orderA } = await subscribedPage();

  // A second page of A's, paid by faktura, for A's invoice.
  const creditor = await call(app, "/api/admin/creditor", {
    method: "PUT",
    bearer: admin.token,
    json: company,
    origin: siteOrigin,
  });
  expect(creditor.status, "creditor").toBe(200);
  const pageA2 = await trialPage();
  const faktura = await asA("/api/checkout/faktura", { profileId: pageA2, plan: "yearly", billing });
  expect(faktura.status, await faktura.clone().text()).toBe(200);
  const invoice = customerInvoiceSchema.parse(((await faktura.json()) as { invoice: unknown }).invoice);

  const link = await adminCall("/api/admin/checkout-session-link", {
    customerId: customerA.id,
    price: 4900,
    iterations: 12,
    includesFreeTrial: false,
  });
  expect(link.status).toBe(201);
  const checkoutLinkId = createdCheckoutLinkSchema.parse(await link.json()).id;

  // Two visitors' memories on A's page (moderated: both wait), A shows the second, a third visitor
  // reports it.
  const formToken = () => issueFormToken(db, pageA, new Date(Date.now() - 10_000));
  const visitor = async (path: string, json: Record<string, unknown>) =>
    call(app, path, {
      json: { ...json, formToken: await formToken() },
      headers: visitorAddress(),
      origin: siteOrigin,
    });
  for (const text of ["Summers at the lake.", "She taught me to swim."]) {
    const written = await visitor("/api/memories", { profileId: pageA, name: "Karin", text });
    expect(written.status, "memory written").toBe(201);
  }
  const listed = ownerMemoriesSchema.parse(
    await (await call(app, `/api/kammare/memories?profileId=${pageA}`, { bearer: customerA.token })).json(),
  );
  const [shownId = "", pendingId = ""] = listed.memories.map((memory) => memory.id);
  expect((await asA("/api/kammare/memories/decision", { memoryId: shownId, state: "shown" })).status).toBe(
    200,
  );
  const reported = await visitor("/api/memories/reports", { memoryId: shownId, reason: "Not about her." });
  expect(reported.status, "reported").toBe(204);
  const queue = memoryReportsSchema.parse(
    await (await call(app, "/api/admin/memory-reports", { bearer: admin.token })).json(),
  );
  const reportId = queue.reports[0]?.id ?? "";
  expect((await visitor("/api/memories/candles", { profileId: pageA, name: "Erik" })).status).toBe(204);
  const candles = ownerMemoriesSchema.parse(
    await (await call(app, `/api/kammare/memories?profileId=${pageA}`, { bearer: customerA.token })).json(),
  ).candles;
  const candleId = candles.waiting[0]?.id ?? "";
  const newCandleId = async () => {
    const [lit] = await db.insert(candleRows).values({ profileId: pageA, name: "Karin" }).returning();
    return lit?.id ?? "";
  };
  // The row alone: deciding on it reads and changes no file.
  const newPhotoId = async () => {
    const id = randomUUID();
    await db.insert(photoRows).values({
      id,
      profileId: pageA,
      memoryId: pendingId,
      state: "pending",
      width: 640,
      height: 480,
      sizes: [{ width: 640, height: 480 }],
      originalKey: `${pageA}/photos/${id}/original.jpg`,
      originalType: "image/jpeg",
      originalBytes: 1,
      bytes: 1,
    });
    return id;
  };
  /** The writer's link comes by e-mail: the memory is made here with a token of the test's. */
  const deleteToken = async () => {
    const token = newToken();
    await db.insert(memories).values({
      profileId: pageA2,
      writerName: "Karin",
      body: "A memory to take back.",
      writerEmail: "karin@example.com",
      state: "pending",
      deleteTokenHash: tokenHash(token),
    });
    return token;
  };

  // A page's family: pages of another customer's, invitations and editors written directly.
  const pageOf = async (ownerUserId: string) => {
    const [row] = await createProfiles(
      db,
      { count: 1, ownerUserId },
      { id: admin.id, roles: ["admin"] },
      { ip: null, userAgent: "t" },
    );
    return row?.id as string;
  };
  const someoneElse = await accounts.signUp();
  const invitation = async (profileId: string, email: string, kind: "editor" | "handover") => {
    const token = newToken();
    const [row] = await db
      .insert(profileInvitations)
      .values({
        profileId,
        kind,
        email,
        tokenHash: tokenHash(token),
        expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
      })
      .returning({ id: profileInvitations.id });
    return { id: row?.id as string, token };
  };
  const family: World["family"] = {
    invitationId: async () => (await invitation(pageA, fresh("heir"), "handover")).id,
    editorOfA: async () => {
      const profileId = await pageOf(customerA.id);
      const editor = await accounts.signUp();
      await db.insert(profileEditors).values({ profileId, userId: editor.id });
      return { profileId, userId: editor.id };
    },
    tokenFor: async (email) => (await invitation(await pageOf(someoneElse.id), email, "editor")).token,
    editorPage: async (userId) => {
      const profileId = await pageOf(someoneElse.id);
      await db.insert(profileEditors).values({ profileId, userId });
      return profileId;
    },
  };

  const photoOfA: World["photoOfA"] = async () => {
    const profileId = await pageOf(customerA.id);
    const [album] = await db.insert(albums).values({ profileId, title: "Matrix", position: 0 }).returning();
    const albumId = album?.id as string;
    const photoId = randomUUID();
    await db.insert(photos).values({
      id: photoId,
      profileId,
      albumId,
      width: 10,
      height: 10,
      sizes: [{ width: 10, height: 10 }],
      originalKey: `${profileId}/photos/${photoId}/original.png`,
      originalType: "image/png",
      originalBytes: 1,
      bytes: 1,
    });
    return { profileId, albumId, photoId };
  };

  const doorOfA: World["doorOfA"] = async () => {
    const profileId = await pageOf(customerA.id);
    const password = "the-family-word";
    await db
      .update(profileRows)
      .set({ metadata: { visibility: "private" } })
      .where(eq(profileRows.id, profileId));
    await db.insert(privatePageDoors).values({ profileId, passwordHash: await hashPassword(password) });
    return { profileId, password };
  };

  return {
    photoOfA,
    doorOfA,
    customerA,
    customerB,
    partnerA,
    partnerB,
    admin,
    pageA,
    orderA,
    subscribedPageA,
    newSubscribedPage: async () => (await subscribedPage()).id,
    invoiceA: { id: invoice.id },
    unclaimedPage,
    trialPage,
    namedPage: () => trialPage(false),
    checkoutLinkId,
    whitelistId: async () => {
      const made = await adminCall("/api/admin/partner-whitelist", {
        email: fresh("wl"),
        partnerName: "Matrix",
      });
      return whitelistEntryAnswerSchema.parse(await made.json()).entry.id;
    },
    partnerPageA: async () => {
      const asPartnerA = (path: string, json: unknown) =>
        call(app, path, { bearer: partnerA.token, json, origin: siteOrigin });
      const made = await asPartnerA("/api/partner/pages", { count: 1 });
      expect(made.status, "partner A makes a page").toBe(201);
      const id = partnerMadePagesSchema.parse(await made.json()).pages[0]?.id as string;
      const sent = await asPartnerA(`/api/partner/pages/${id}/send`, { email: fresh("family") });
      expect(sent.status, "partner A sends it").toBe(200);
      return id;
    },
    target: () => accounts.signUp(),
    memories: { formToken, pendingId, shownId, reportId, deleteToken, candleId, newCandleId, newPhotoId },
    family,
  };
}

// Behind a proxy, so a visitor's row can send each caller from an address of its own (visitorAddress);
// the other rows send none and share the one unknown address, as without a proxy.
const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:3000", TRUST_PROXY: "on" });

describeOnEngines("the API matrix", { app: { config } }, ({ app, db, accounts, admin }) => {
  let world: World & Side;
  beforeAll(async () => {
    world = await makeWorld(app, db, accounts, admin);
  });

  const who = (w: World & Side, caller: Caller): Me => {
    const account = caller === "anonymous" ? undefined : w[caller];
    return account && { ...account, kind: caller };
  };

  async function freshCaller(caller: Caller): Promise<Me> {
    if (caller === "anonymous") return undefined;
    const account =
      caller === "admin"
        ? await accounts.admin()
        : caller.startsWith("partner")
          ? await newPartner(app, accounts, admin, `Fresh ${caller} ${(unique += 1)}`)
          : await accounts.signUp();
    return { ...account, kind: caller };
  }

  /** What of A's side must not reach B. */
  const secretsOfA = (w: World & Side) => [
    w.customerA.email,
    w.pageA,
    w.orderA,
    w.invoiceA.id,
    w.partnerA.email,
    w.partnerA.organisationName,
  ];

  it.each(Object.entries(table))("%s", async (name, row) => {
    const method = name.split(" ")[0] as string;
    const expected = row.cells.split(" ").map(Number);
    const order = callers
      .map((caller, index) => ({ caller, status: expected[index] as number }))
      .sort((a, b) => Number(a.status < 300) - Number(b.status < 300));
    const got: Record<string, number> = {};
    for (const { caller } of order) {
      const w = world;
      const me = row.fresh ? await freshCaller(caller) : who(w, caller);
      const request = await row.send(w, me);
      const headers: Record<string, string> = { Origin: siteOrigin, ...request.headers };
      if (me) headers.Authorization = `Bearer ${me.token}`;
      let body: BodyInit | undefined;
      if (request.json !== undefined) {
        headers["Content-Type"] = "application/json";
        body = JSON.stringify(request.json);
      } else if (request.body) {
        if (request.body.type) headers["Content-Type"] = request.body.type;
        body = request.body.data;
      }
      const response = await app.request(request.path, { method, headers, body });
      got[caller] = response.status;
      const text = Buffer.from(await response.arrayBuffer()).toString("latin1");
      const code = errorCodes[response.status];
      if (code) {
        const body = apiErrorSchema.safeParse(JSON.parse(text));
        expect(body.success && body.data.error.code, `${name} as ${caller}: ${text}`).toBe(code);
      }
      if (response.status < 300 && (caller === "customerB" || caller === "partnerB")) {
        for (const secret of secretsOfA(w))
          expect(text, `${name} as ${caller} holds ${secret}`).not.toContain(secret);
      }
    }
    expect(callers.map((caller) => got[caller]).join(" "), name).toBe(row.cells);
  });

  it("the same answers to A's side do hold A's things, so the check on B's can fail", async () => {
    const text = async (path: string, token: string) =>
      Buffer.from(await (await call(app, path, { bearer: token })).arrayBuffer()).toString("latin1");
    expect(await text("/api/partner/users.csv", world.partnerA.token)).toContain(world.customerA.email);
    expect(await text("/api/partner/me", world.partnerA.token)).toContain(world.partnerA.email);
    const orders = await text(
      `/api/kammare/orders?profileId=${world.subscribedPageA}`,
      world.customerA.token,
    );
    expect(orders).toContain(world.orderA);
  });
});
