// The kammare calls (spec section 7): claiming and the owner's changes, on every database engine.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profileAnswerSchema } from "../../contract/profiles";
import { profileStatusHistory, profiles, walkthroughSteps } from "../../server/db/schema";
import { createProfiles } from "../../server/domain/profiles";
import { badPayloads, call, expectError, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";

describeOnEngines("kammare API", ({ app, db, accounts, admin }) => {
  const origin = { ip: null, userAgent: "test" };
  async function unclaimed(): Promise<string> {
    const [row] = await createProfiles(db, { count: 1 }, { id: admin.id, roles: ["admin"] }, origin);
    return row?.id as string;
  }
  /** A profile claimed by a fresh customer. */
  async function owned(): Promise<{ id: string; owner: Account }> {
    const owner = await accounts.signUp();
    const id = await unclaimed();
    const response = await call(app, "/api/kammare/own", {
      bearer: owner.token,
      json: { owner: owner.id, profileId: id },
    });
    expect(response.status).toBe(200);
    return { id, owner };
  }
  const put = (path: string, token: string, json: unknown) =>
    call(app, path, { method: "PUT", bearer: token, json });

  describe("POST /api/kammare/own", () => {
    it("claims an unclaimed profile for the signed-in user: a draft, with history", async () => {
      const customer = await accounts.signUp();
      const id = await unclaimed();
      const response = await call(app, "/api/kammare/own", {
        bearer: customer.token,
        json: { owner: customer.id, profileId: id.toLowerCase() },
      });
      expect(response.status).toBe(200);
      const { profile } = profileAnswerSchema.parse(await response.json());
      expect(profile).toMatchObject({ id, status: "draft", ownerUserId: customer.id });
      const history = await db
        .select()
        .from(profileStatusHistory)
        .where(eq(profileStatusHistory.profileId, id));
      expect(history.map((row) => [row.fromStatus, row.toStatus, row.reasonCode, row.reason])).toEqual(
        expect.arrayContaining([["unclaimed", "draft", "claimed", null]]),
      );
      // It is now one of the user's profiles.
      const session = await call(app, "/api/auth/session", { json: customer.session });
      expect(((await session.json()) as { ownedProfiles: string[] }).ownedProfiles).toEqual([id]);
    });

    it("refuses a profile that already has an owner (409) and a claim for somebody else (403)", async () => {
      const { id } = await owned();
      const other = await accounts.signUp();
      await expectError(
        await call(app, "/api/kammare/own", {
          bearer: other.token,
          json: { owner: other.id, profileId: id },
        }),
        409,
        "conflict",
        "profileId",
      );
      const free = await unclaimed();
      await expectError(
        await call(app, "/api/kammare/own", {
          bearer: other.token,
          json: { owner: admin.id, profileId: free },
        }),
        403,
        "forbidden",
        "owner",
      );
    });

    it("lets an admin assign any profile to a user", async () => {
      const { id } = await owned();
      const newOwner = await accounts.signUp();
      const response = await call(app, "/api/kammare/own", {
        bearer: admin.token,
        json: { owner: newOwner.id, profileId: id },
      });
      expect(response.status).toBe(200);
      const [row] = await db.select().from(profiles).where(eq(profiles.id, id));
      expect(row?.ownerUserId).toBe(newOwner.id);
    });

    it("answers 404 for an unknown code and 401 without a live session", async () => {
      const customer = await accounts.signUp();
      await expectError(
        await call(app, "/api/kammare/own", {
          bearer: customer.token,
          json: { owner: customer.id, profileId: "ZZZZZZZZ" },
        }),
        404,
        "not_found",
        "profileId",
      );
      const id = await unclaimed();
      for (const { token } of await accounts.deadTokens()) {
        await expectError(
          await call(app, "/api/kammare/own", { bearer: token, json: { owner: customer.id, profileId: id } }),
          401,
          "unauthorized",
        );
      }
      await expectError(
        await call(app, "/api/kammare/own", { json: { owner: customer.id, profileId: id } }),
        401,
        "unauthorized",
      );
    });

    it.each(
      badPayloads(
        { owner: "00000000-0000-4000-8000-000000000000", profileId: "ABCDEFGH" },
        { profileId: "A".repeat(30) },
      ),
    )("answers 400 naming the field for $name", async ({ body, field }) => {
      const customer = await accounts.signUp();
      await expectError(
        await call(app, "/api/kammare/own", { bearer: customer.token, json: body }),
        400,
        "invalid_request",
        field,
      );
    });
  });

  describe("PUT /api/kammare/profile", () => {
    it("lets the owner change only the fields sent", async () => {
      const { id, owner } = await owned();
      await put("/api/kammare/profile", owner.token, {
        profile: { id, displayName: "Astrid Lindqvist", subtitle: "1931–2024" },
      });
      const response = await put("/api/kammare/profile", owner.token, {
        profile: {
          id,
          story: "Line one.\n\nLine two.",
          links: [{ label: "Album", url: "https://example.se/album" }],
        },
      });
      expect(response.status).toBe(200);
      const { profile } = profileAnswerSchema.parse(await response.json());
      expect(profile.content).toMatchObject({
        displayName: "Astrid Lindqvist",
        subtitle: "1931–2024",
        story: "Line one.\n\nLine two.",
        links: [{ label: "Album", url: "https://example.se/album" }],
      });
    });

    it("takes a link typed without https:// (www.example.se) as https://", async () => {
      const { id, owner } = await owned();
      const response = await put("/api/kammare/profile", owner.token, {
        profile: { id, links: [{ label: "Church", url: " www.example.se/minnen " }] },
      });
      expect(response.status).toBe(200);
      const { profile } = profileAnswerSchema.parse(await response.json());
      expect(profile.content.links).toEqual([{ label: "Church", url: "https://www.example.se/minnen" }]);
    });

    it("refuses another customer (403) and lets an admin (200)", async () => {
      const { id } = await owned();
      const stranger = await accounts.signUp();
      await expectError(
        await put("/api/kammare/profile", stranger.token, { profile: { id, displayName: "Mine now" } }),
        403,
        "forbidden",
      );
      const [row] = await db.select().from(profiles).where(eq(profiles.id, id));
      expect(row?.content.displayName).toBeUndefined();
      expect(
        (await put("/api/kammare/profile", admin.token, { profile: { id, displayName: "Fixed by admin" } }))
          .status,
      ).toBe(200);
    });

    it("refuses the owner of a suspended page", async () => {
      const { id, owner } = await owned();
      await db.update(profiles).set({ status: "suspended" }).where(eq(profiles.id, id));
      await expectError(
        await put("/api/kammare/profile", owner.token, { profile: { id, displayName: "x" } }),
        403,
        "forbidden",
      );
    });

    const badContent: [string, Record<string, unknown>, string][] = [
      ["an empty name", { displayName: " " }, "profile.displayName"],
      ["a name of 121 characters", { displayName: "n".repeat(121) }, "profile.displayName"],
      ["HTML in the story", { story: "Hello <script>alert(1)</script>" }, "profile.story"],
      ["a story of 20,001 characters", { story: "s".repeat(20_001) }, "profile.story"],
      ["an http link", { links: [{ label: "x", url: "http://example.se" }] }, "profile.links.0.url"],
      ["a link that is no address", { links: [{ label: "x", url: "our album" }] }, "profile.links.0.url"],
      ["a javascript: link", { links: [{ label: "x", url: "javascript:alert(1)" }] }, "profile.links.0.url"],
      [
        "a link without a label",
        { links: [{ label: "", url: "https://example.se" }] },
        "profile.links.0.label",
      ],
      [
        "13 links",
        { links: Array.from({ length: 13 }, (_, n) => ({ label: `l${n}`, url: "https://e.se" })) },
        "profile.links",
      ],
      ["a colour name", { themeColor: "red" }, "profile.themeColor"],
      ["a javascript: image", { portraitImageUrl: "javascript:alert(1)" }, "profile.portraitImageUrl"],
      ["a subtitle as a number", { subtitle: 5 }, "profile.subtitle"],
      ["a bad id", { id: "nope" }, "profile.id"],
    ];
    it.each(badContent)("answers 400 naming the field for %s", async (_name, patch, field) => {
      const { id, owner } = await owned();
      await expectError(
        await put("/api/kammare/profile", owner.token, { profile: { id, ...patch } }),
        400,
        "invalid_request",
        field,
      );
    });

    it("answers 404 for an unknown profile and 401 without a session", async () => {
      const customer = await accounts.signUp();
      await expectError(
        await put("/api/kammare/profile", customer.token, { profile: { id: "ZZZZZZZZ", displayName: "x" } }),
        404,
        "not_found",
      );
      await expectError(
        await call(app, "/api/kammare/profile", { method: "PUT", json: { profile: { id: "ZZZZZZZZ" } } }),
        401,
        "unauthorized",
      );
    });
  });

  describe("POST /api/kammare/walkthrough-steps", () => {
    const step = (token: string, json: unknown) =>
      call(app, "/api/kammare/walkthrough-steps", { bearer: token, json });

    it("saves each step's fields and marks it done; publishing starts the 30-day free trial once", async () => {
      const { id, owner } = await owned();
      expect((await step(owner.token, { profileId: id, step: "welcome" })).status).toBe(200);
      await expectError(
        await step(owner.token, { profileId: id, step: "publish" }),
        409,
        "conflict",
        "displayName",
      );
      expect(
        (await step(owner.token, { profileId: id, step: "name", displayName: "Karl", subtitle: "Sjöman" }))
          .status,
      ).toBe(200);
      expect((await step(owner.token, { profileId: id, step: "story", story: "Han seglade." })).status).toBe(
        200,
      );
      const before = Date.now();
      const published = await step(owner.token, { profileId: id, step: "publish", visibility: "unlisted" });
      expect(published.status).toBe(200);
      const { profile } = profileAnswerSchema.parse(await published.json());
      expect(profile.status).toBe("trial");
      expect(profile.metadata.visibility).toBe("unlisted");
      expect(profile.content).toMatchObject({
        displayName: "Karl",
        subtitle: "Sjöman",
        story: "Han seglade.",
      });
      expect(profile.walkthrough.map((done) => done.step)).toEqual(["welcome", "name", "story", "publish"]);
      const days = (new Date(profile.trialEndsAt ?? 0).getTime() - before) / 86_400_000;
      expect(days).toBeGreaterThan(29.99);
      expect(days).toBeLessThan(30.01);
      // A second publish does not start another trial.
      const again = profileAnswerSchema.parse(
        await (await step(owner.token, { profileId: id, step: "publish" })).json(),
      );
      expect(again.profile.trialEndsAt).toBe(profile.trialEndsAt);
      const trials = await db
        .select()
        .from(profileStatusHistory)
        .where(and(eq(profileStatusHistory.profileId, id), eq(profileStatusHistory.toStatus, "trial")));
      expect(trials.map((row) => [row.fromStatus, row.reasonCode, row.reason])).toEqual([
        ["draft", "trial_started_on_publish", null],
      ]);
      const rows = await db.select().from(walkthroughSteps).where(eq(walkthroughSteps.profileId, id));
      expect(rows.find((row) => row.step === "name")?.data).toEqual({
        displayName: "Karl",
        subtitle: "Sjöman",
      });
    });

    it("refuses another customer's profile (403)", async () => {
      const { id } = await owned();
      const stranger = await accounts.signUp();
      await expectError(
        await step(stranger.token, { profileId: id, step: "name", displayName: "x" }),
        403,
        "forbidden",
      );
    });

    it.each([
      ["an unknown step", { step: "dance" }, "step"],
      ["a name step without a name", { step: "name" }, "displayName"],
      ["links that are not https", { step: "links", links: [{ label: "a", url: "ftp://x" }] }, "links.0.url"],
      ["a bad visibility", { step: "publish", visibility: "secret" }, "visibility"],
    ])("answers 400 naming the field for %s", async (_name, body, field) => {
      const { id, owner } = await owned();
      await expectError(await step(owner.token, { profileId: id, ...body }), 400, "invalid_request", field);
    });
  });

  describe("PUT /api/kammare/profile-metadata", () => {
    it("changes only the metadata fields sent", async () => {
      const { id, owner } = await owned();
      const response = await put("/api/kammare/profile-metadata", owner.token, {
        id,
        metadata: { visibility: "unlisted", tags: ["plaque-2026"] },
      });
      expect(response.status).toBe(200);
      const { profile } = profileAnswerSchema.parse(await response.json());
      expect(profile.metadata).toEqual({ visibility: "unlisted", language: "sv-SE", tags: ["plaque-2026"] });
    });

    it("refuses another customer (403) and bad values (400 naming the field)", async () => {
      const { id, owner } = await owned();
      const stranger = await accounts.signUp();
      await expectError(
        await put("/api/kammare/profile-metadata", stranger.token, {
          id,
          metadata: { visibility: "public" },
        }),
        403,
        "forbidden",
      );
      await expectError(
        await put("/api/kammare/profile-metadata", owner.token, { id, metadata: { visibility: "hidden" } }),
        400,
        "invalid_request",
        "metadata.visibility",
      );
      await expectError(
        await put("/api/kammare/profile-metadata", owner.token, { id, metadata: { language: "fi-FI" } }),
        400,
        "invalid_request",
        "metadata.language",
      );
    });
  });
});
