// The admin's profile calls: GET /api/admin/profiles (list), POST /api/admin/profiles (one or a
// batch), GET /api/admin/profiles/{id} (detail with history) and PUT /api/admin/profile (status),
// on every test database engine.
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  adminProfileDetailSchema,
  adminProfileListSchema,
  createProfilesAnswerSchema,
  profileAnswerSchema,
  profileSorts,
  profileStatuses,
  type AdminProfileList,
  type ProfileStatus,
} from "../../contract/profiles";
import { auditLog, profileStatusCounts, profileStatusHistory, profiles } from "../../server/db/schema";
import {
  badPayloads,
  call,
  expectError,
  longEmail,
  malformedBodies,
  type Account,
  type CallOptions,
  type PayloadCase,
} from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";

const idPattern = /^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{8}$/;
const siteUrl = "http://localhost:3000";

describeOnEngines("admin profile calls", ({ app, db, accounts, admin, customer }) => {
  async function createBatch(count: number, ownerEmail?: string) {
    const response = await call(app, "/api/admin/profiles", {
      bearer: admin.token,
      json: ownerEmail === undefined ? { count } : { count, ownerEmail },
    });
    expect(response.status).toBe(201);
    return createProfilesAnswerSchema.parse(await response.json()).profiles;
  }

  async function list(
    query: Record<string, string | number>,
    token = admin.token,
  ): Promise<AdminProfileList> {
    const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
    const response = await call(app, `/api/admin/profiles?${search}`, { bearer: token });
    expect(response.status).toBe(200);
    const raw = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(raw).sort()).toEqual(["nextCursor", "profiles", "total"]);
    return adminProfileListSchema.parse(raw);
  }

  /** Every page of the list, following nextCursor; checks the total on each page. */
  async function allPages(query: Record<string, string | number>) {
    const ids: string[] = [];
    let cursor: string | null = null;
    let total = -1;
    for (let page = 0; page < 1000; page++) {
      const answer = await list(cursor ? { ...query, cursor } : query);
      if (total === -1) total = answer.total;
      expect(answer.total).toBe(total);
      expect(answer.profiles.length).toBeLessThanOrEqual(Number(query.limit ?? 50));
      ids.push(...answer.profiles.map((row) => row.id));
      cursor = answer.nextCursor;
      if (!cursor) break;
    }
    return { ids, total };
  }

  async function countRows(status?: ProfileStatus): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(profiles)
      .where(status ? eq(profiles.status, status) : undefined);
    return row?.n ?? 0;
  }

  const detail = async (id: string, token = admin.token) =>
    call(app, `/api/admin/profiles/${encodeURIComponent(id)}`, { bearer: token });

  const setStatus = (json: unknown, token = admin.token) =>
    call(app, "/api/admin/profile", { method: "PUT", bearer: token, json });

  /** The four calls, each with what would be good for an admin. */
  const adminCalls: { name: string; path: () => string; options: () => CallOptions }[] = [
    { name: "GET /api/admin/profiles", path: () => "/api/admin/profiles", options: () => ({}) },
    {
      name: "POST /api/admin/profiles",
      path: () => "/api/admin/profiles",
      options: () => ({ json: { count: 1 } }),
    },
    { name: "GET /api/admin/profiles/{id}", path: () => "/api/admin/profiles/ABCDEFGH", options: () => ({}) },
    {
      name: "PUT /api/admin/profile",
      path: () => "/api/admin/profile",
      options: () => ({ method: "PUT", json: { id: "ABCDEFGH", status: "active" } }),
    },
  ];

  describe.each(adminCalls)("$name", ({ path, options }) => {
    it("answers 401 in the error shape without a token, and to a dead one", async () => {
      await expectError(await call(app, path(), options()), 401, "unauthorized");
      const [expired] = await accounts.deadTokens(["customer", "admin"]);
      await expectError(
        await call(app, path(), { ...options(), bearer: expired?.token ?? "" }),
        401,
        "unauthorized",
      );
    });

    it("answers 403 forbidden to a customer and to a partner, and changes nothing", async () => {
      const before = await countRows();
      await expectError(await call(app, path(), { ...options(), bearer: customer.token }), 403, "forbidden");
      const partner = await accounts.signUp({ roles: ["partner"] });
      await expectError(await call(app, path(), { ...options(), bearer: partner.token }), 403, "forbidden");
      expect(await countRows()).toBe(before);
    });
  });

  describe("POST /api/admin/profiles", () => {
    it("creates one unclaimed profile with its page address, its history and an audit entry", async () => {
      const [one, ...rest] = await createBatch(1);
      expect(rest).toEqual([]);
      expect(one).toEqual({
        id: expect.stringMatching(idPattern),
        status: "unclaimed",
        url: `${siteUrl}/k/${one?.id}`,
      });
      const response = await detail(one?.id ?? "");
      expect(response.status).toBe(200);
      const found = adminProfileDetailSchema.parse(await response.json());
      expect(found.profile).toMatchObject({ id: one?.id, status: "unclaimed", ownerUserId: null });
      expect(found.ownerEmail).toBeNull();
      expect(found.history).toEqual([
        {
          at: expect.any(String),
          from: null,
          to: "unclaimed",
          actorEmail: admin.email,
          reasonCode: "created",
          reason: null,
        },
      ]);
    });

    it("creates a batch of 250 unclaimed profiles with distinct ids, in one go", async () => {
      const before = await countRows();
      const batch = await createBatch(250);
      expect(batch).toHaveLength(250);
      expect(new Set(batch.map((row) => row.id)).size).toBe(250);
      for (const row of batch) {
        expect(row.id).toMatch(idPattern);
        expect(row.status).toBe("unclaimed");
        expect(row.url).toBe(`${siteUrl}/k/${row.id}`);
      }
      expect(await countRows()).toBe(before + 250);
      const [history] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(profileStatusHistory)
        .where(
          and(
            inArray(
              profileStatusHistory.profileId,
              batch.map((row) => row.id),
            ),
            eq(profileStatusHistory.reasonCode, "created"),
          ),
        );
      expect(history?.n).toBe(250);
      const entries = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "admin.profiles_create"), eq(auditLog.actorUserId, admin.id)));
      expect(entries.map((entry) => entry.details)).toContainEqual({ count: 250, status: "unclaimed" });
    });

    it("creates one draft owned by the user with ownerEmail (any case)", async () => {
      const owner = await accounts.signUp();
      const [one] = await createBatch(1, `  ${owner.email.toUpperCase()} `);
      expect(one?.status).toBe("draft");
      const found = adminProfileDetailSchema.parse(await (await detail(one?.id ?? "")).json());
      expect(found.profile).toMatchObject({ status: "draft", ownerUserId: owner.id });
      expect(found.ownerEmail).toBe(owner.email);
      expect(found.history).toEqual([
        {
          at: expect.any(String),
          from: null,
          to: "draft",
          actorEmail: admin.email,
          reasonCode: "created",
          reason: null,
        },
      ]);
      const entries = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "admin.profiles_create"), eq(auditLog.targetUserId, owner.id)));
      expect(entries).toHaveLength(1);
    });

    it("answers 400 naming count when ownerEmail comes with more than one profile, and creates none", async () => {
      const before = await countRows();
      const response = await call(app, "/api/admin/profiles", {
        bearer: admin.token,
        json: { count: 2, ownerEmail: customer.email },
      });
      await expectError(response, 400, "invalid_request", "count");
      expect(await countRows()).toBe(before);
    });

    it("answers 404 naming ownerEmail when no user has the address, and creates none", async () => {
      const before = await countRows();
      const response = await call(app, "/api/admin/profiles", {
        bearer: admin.token,
        json: { count: 1, ownerEmail: accounts.email("nobody") },
      });
      await expectError(response, 404, "not_found", "ownerEmail");
      expect(await countRows()).toBe(before);
    });

    it.each<PayloadCase>([
      ...badPayloads({ count: 1 }),
      { name: "count 0", body: { count: 0 }, field: "count" },
      { name: "count 10001", body: { count: 10_001 }, field: "count" },
      { name: 'count "x"', body: { count: "x" }, field: "count" },
      { name: 'count "5" (a string)', body: { count: "5" }, field: "count" },
      { name: "count 1.5", body: { count: 1.5 }, field: "count" },
      { name: "count -3", body: { count: -3 }, field: "count" },
      { name: "ownerEmail a number", body: { count: 1, ownerEmail: 42 }, field: "ownerEmail" },
      { name: "ownerEmail null", body: { count: 1, ownerEmail: null }, field: "ownerEmail" },
      {
        name: "ownerEmail of 300 characters",
        body: { count: 1, ownerEmail: longEmail },
        field: "ownerEmail",
      },
    ])("answers 400 invalid_request naming the field: $name", async ({ body, field }) => {
      const before = await countRows();
      const response = await call(app, "/api/admin/profiles", { bearer: admin.token, json: body });
      const error = await expectError(response, 400, "invalid_request", field);
      expect(Object.keys(error.error.fields ?? {})).toEqual([field]);
      expect(await countRows()).toBe(before);
    });

    it.each(malformedBodies)("answers 400 invalid_json to the body %j", async (body) => {
      await expectError(
        await call(app, "/api/admin/profiles", { bearer: admin.token, body }),
        400,
        "invalid_json",
      );
    });
  });

  describe("GET /api/admin/profiles", () => {
    let owner: Account;
    let ownedIds: string[];

    beforeAll(async () => {
      await createBatch(23);
      owner = await accounts.signUp();
      ownedIds = [
        (await createBatch(1, owner.email))[0]?.id ?? "",
        (await createBatch(1, owner.email))[0]?.id ?? "",
      ];
      const [suspend] = await createBatch(3);
      expect((await setStatus({ id: suspend?.id, status: "suspended" })).status).toBe(200);
    });

    it.each(profileSorts)(
      "walks every page in the sort %s: each row exactly once, in order",
      async (sort) => {
        const order = {
          created_desc: sql`${profiles.createdAt} desc, ${profiles.id} desc`,
          created_asc: sql`${profiles.createdAt} asc, ${profiles.id} asc`,
          updated_desc: sql`${profiles.updatedAt} desc, ${profiles.id} desc`,
          id_asc: sql`${profiles.id} asc`,
        }[sort];
        const expected = (await db.select({ id: profiles.id }).from(profiles).orderBy(order)).map(
          (row) => row.id,
        );
        expect(expected.length).toBeGreaterThan(20);
        const { ids, total } = await allPages({ sort, limit: 7 });
        expect(ids).toEqual(expected);
        expect(total).toBe(expected.length);
      },
    );

    it("answers 50 rows by default, newest first, with the total and a cursor", async () => {
      const answer = await list({});
      expect(answer.profiles).toHaveLength(50);
      expect(answer.total).toBe(await countRows());
      expect(answer.nextCursor).toEqual(expect.any(String));
      const first = answer.profiles[0];
      expect(first).toEqual({
        id: expect.stringMatching(idPattern),
        status: expect.any(String),
        displayName: null,
        ownerEmail: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const created = answer.profiles.map((row) => Date.parse(row.createdAt));
      expect(created).toEqual([...created].sort((a, b) => b - a));
    });

    it.each(profileStatuses)("filters by the status %s, across pages, with its total", async (status) => {
      const { ids, total } = await allPages({ status, limit: 5 });
      const expected = await countRows(status);
      expect(total).toBe(expected);
      expect(ids).toHaveLength(expected);
      const answer = await list({ status, limit: 200 });
      expect(answer.profiles.every((row) => row.status === status)).toBe(true);
    });

    it("searches by the beginning of an id, in any case", async () => {
      const [some] = await db.select({ id: profiles.id }).from(profiles).limit(1);
      const prefix = (some?.id ?? "").slice(0, 4);
      const answer = await list({ q: ` ${prefix.toLowerCase()} ` });
      expect(answer.profiles.map((row) => row.id)).toContain(some?.id);
      expect(answer.profiles.every((row) => row.id.startsWith(prefix))).toBe(true);
      const [matching] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(profiles)
        .where(sql`${profiles.id} like ${`${prefix}%`}`);
      expect(answer.total).toBe(matching?.n);

      const exact = await list({ q: some?.id ?? "" });
      expect(exact.profiles.map((row) => row.id)).toEqual([some?.id]);
      expect(exact.total).toBe(1);
    });

    it("searches by the owner's e-mail address, and pages through the matches", async () => {
      const answer = await list({ q: owner.email.toUpperCase() });
      expect(answer.profiles.map((row) => row.id).sort()).toEqual([...ownedIds].sort());
      expect(answer.profiles.every((row) => row.ownerEmail === owner.email && row.status === "draft")).toBe(
        true,
      );
      expect(answer.total).toBe(2);
      const { ids, total } = await allPages({ q: owner.email, limit: 1 });
      expect(ids.sort()).toEqual([...ownedIds].sort());
      expect(total).toBe(2);
      const none = await list({ q: "nobody-at-all@example.com" });
      expect(none).toEqual({ profiles: [], total: 0, nextCursor: null });
    });

    it("combines a status filter and a search", async () => {
      expect((await list({ q: owner.email, status: "draft" })).total).toBe(2);
      expect((await list({ q: owner.email, status: "active" })).total).toBe(0);
    });

    it.each([
      { name: "limit 0", query: "limit=0", field: "limit" },
      { name: "limit 201", query: "limit=201", field: "limit" },
      { name: "limit x", query: "limit=x", field: "limit" },
      { name: "limit 2.5", query: "limit=2.5", field: "limit" },
      { name: "an unknown status", query: "status=gone", field: "status" },
      { name: "an unknown sort", query: "sort=random", field: "sort" },
      { name: "a made-up cursor", query: "cursor=not-a-cursor", field: "cursor" },
      { name: "a cursor of 300 characters", query: `cursor=${"a".repeat(300)}`, field: "cursor" },
      { name: "a search of 300 characters", query: `q=${"a".repeat(300)}`, field: "q" },
    ])("answers 400 invalid_request naming the parameter: $name", async ({ query, field }) => {
      const response = await call(app, `/api/admin/profiles?${query}`, { bearer: admin.token });
      const error = await expectError(response, 400, "invalid_request", field);
      expect(Object.keys(error.error.fields ?? {})).toEqual([field]);
    });

    it("takes empty parameters as not given", async () => {
      const answer = await list({ status: "", q: "", sort: "", cursor: "" });
      expect(answer.total).toBe(await countRows());
    });
  });

  describe("GET /api/admin/profiles/{id}", () => {
    it("answers the profile in any case of its id", async () => {
      const [one] = await createBatch(1);
      const response = await detail((one?.id ?? "").toLowerCase());
      expect(response.status).toBe(200);
      const raw = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(raw).sort()).toEqual(["history", "ownerEmail", "profile", "settableStatuses"]);
      const parsed = adminProfileDetailSchema.parse(raw);
      expect(parsed.profile.id).toBe(one?.id);
      // An unclaimed page, without an owner: suspended, or as it is; nothing live (decisions).
      expect(parsed.settableStatuses).toEqual(["unclaimed", "suspended"]);
    });

    it.each(["ZZZZZZZZ", "short", "not-an-id-at-all"])("answers 404 naming id for %j", async (id) => {
      await expectError(await detail(id), 404, "not_found", "id");
    });
  });

  describe("PUT /api/admin/profile", () => {
    it("sets the status, keeps the change with who and why in the history, and audits it", async () => {
      const [one] = await createBatch(1);
      const id = one?.id ?? "";
      const response = await setStatus({ id: id.toLowerCase(), status: "suspended", reason: "  Reported  " });
      expect(response.status).toBe(200);
      const answer = profileAnswerSchema.parse(await response.json());
      expect(answer.profile).toMatchObject({ id, status: "suspended" });

      const found = adminProfileDetailSchema.parse(await (await detail(id)).json());
      expect(found.profile.status).toBe("suspended");
      expect(
        found.history.map(({ from, to, actorEmail, reasonCode, reason }) => ({
          from,
          to,
          actorEmail,
          reasonCode,
          reason,
        })),
      ).toEqual([
        { from: "unclaimed", to: "suspended", actorEmail: admin.email, reasonCode: null, reason: "Reported" },
        { from: null, to: "unclaimed", actorEmail: admin.email, reasonCode: "created", reason: null },
      ]);

      const entries = await db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, "admin.profile_status"), sql`${auditLog.details}->>'profileId' = ${id}`),
        );
      expect(entries).toHaveLength(1);
      expect(entries[0]?.actorUserId).toBe(admin.id);
      expect(entries[0]?.details).toEqual({
        profileId: id,
        from: "unclaimed",
        to: "suspended",
        reason: "Reported",
      });

      // Back again, without a reason; the counts per status follow.
      const unclaimedBefore = (await list({ status: "unclaimed" })).total;
      expect((await setStatus({ id, status: "unclaimed" })).status).toBe(200);
      const again = adminProfileDetailSchema.parse(await (await detail(id)).json());
      expect(again.history[0]).toMatchObject({
        from: "suspended",
        to: "unclaimed",
        reasonCode: null,
        reason: null,
      });
      expect((await list({ status: "unclaimed" })).total).toBe(unclaimedBefore + 1);
    });

    it("never makes a page without an owner live; an admin's assignment to an owner still does", async () => {
      const [one] = await createBatch(1);
      const id = one?.id ?? "";
      const statusOf = async () => adminProfileDetailSchema.parse(await (await detail(id)).json());
      // The admin's control offers only what the machine allows: an unclaimed page can be suspended.
      expect((await statusOf()).settableStatuses).toEqual(["unclaimed", "suspended"]);
      for (const status of ["active", "trial", "draft", "expired"] as const) {
        const refused = await expectError(await setStatus({ id, status }), 409, "conflict", "status");
        expect(refused.error.refusal).toBe("page.unclaimed-not-live");
      }
      // Suspended, it is still without an owner: it may only go back to unclaimed.
      expect((await setStatus({ id, status: "suspended" })).status).toBe(200);
      expect((await statusOf()).settableStatuses).toEqual(["unclaimed", "suspended"]);
      const laundered = await expectError(
        await setStatus({ id, status: "active" }),
        409,
        "conflict",
        "status",
      );
      expect(laundered.error.refusal).toBe("page.unclaimed-not-live");
      expect((await setStatus({ id, status: "unclaimed" })).status).toBe(200);
      const before = await statusOf();
      expect(before.profile.status).toBe("unclaimed");
      expect(before.history.map((row) => row.to)).toEqual(["unclaimed", "suspended", "unclaimed"]);

      // Given to a customer (POST /api/kammare/own as admin), it is theirs, a draft, and may go live.
      const given = await call(app, "/api/kammare/own", {
        bearer: admin.token,
        json: { owner: customer.id, profileId: id },
      });
      expect(given.status).toBe(200);
      const owned = await statusOf();
      expect(owned.profile.status).toBe("draft");
      expect(owned.ownerEmail).toBe(customer.email);
      expect(owned.settableStatuses).toContain("active");
      expect((await setStatus({ id, status: "active" })).status).toBe(200);
    });

    it("answers 404 naming id for a profile that does not exist", async () => {
      await expectError(await setStatus({ id: "ZZZZZZZZ", status: "active" }), 404, "not_found", "id");
    });

    it.each<PayloadCase>([
      ...badPayloads({ id: "ABCDEFGH", status: "active" }),
      { name: "id of 7 characters", body: { id: "ABCDEFG", status: "active" }, field: "id" },
      { name: "id with an I", body: { id: "ABCDEFGI", status: "active" }, field: "id" },
      { name: "an unknown status", body: { id: "ABCDEFGH", status: "deleted" }, field: "status" },
      { name: "reason a number", body: { id: "ABCDEFGH", status: "active", reason: 5 }, field: "reason" },
      {
        name: "reason of 501 characters",
        body: { id: "ABCDEFGH", status: "active", reason: "r".repeat(501) },
        field: "reason",
      },
    ])("answers 400 invalid_request naming the field: $name", async ({ body, field }) => {
      const error = await expectError(await setStatus(body), 400, "invalid_request", field);
      expect(Object.keys(error.error.fields ?? {})).toEqual([field]);
    });

    it.each(malformedBodies)("answers 400 invalid_json to the body %j", async (body) => {
      await expectError(
        await call(app, "/api/admin/profile", { method: "PUT", bearer: admin.token, body }),
        400,
        "invalid_json",
      );
    });
  });

  it("creates 10,000 profiles in one call and one transaction; the counts per status follow", async () => {
    const countOf = async (status: ProfileStatus) => {
      const [row] = await db
        .select({ count: profileStatusCounts.count })
        .from(profileStatusCounts)
        .where(eq(profileStatusCounts.status, status));
      return row?.count ?? 0;
    };
    const rowsBefore = await countRows();
    const unclaimedBefore = await countOf("unclaimed");
    expect(unclaimedBefore).toBe(await countRows("unclaimed"));

    const batch = await createBatch(10_000);
    expect(batch).toHaveLength(10_000);
    expect(new Set(batch.map((row) => row.id)).size).toBe(10_000);
    expect(await countRows()).toBe(rowsBefore + 10_000);
    // The statement trigger saw the batch as one insert: the per-status count moved by exactly it.
    expect(await countOf("unclaimed")).toBe(unclaimedBefore + 10_000);
    expect(await countOf("unclaimed")).toBe(await countRows("unclaimed"));
    // One transaction: every row carries the transaction's one start time.
    const [times] = await db
      .select({ n: sql<number>`count(distinct ${profiles.createdAt})::int` })
      .from(profiles)
      .where(
        inArray(
          profiles.id,
          batch.slice(0, 5000).map((row) => row.id),
        ),
      );
    expect(times?.n).toBe(1);
  }, 60_000);
});
