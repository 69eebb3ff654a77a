// Memories and candles (ADR 026) from the light page's plain HTML forms, on every database engine:
// without JavaScript a visitor's post is answered 303 back to the page, `?memory=` saying the outcome
// (and a refused memory's fields kept on the server under the secret `?draft=`, so the form comes back
// filled in while the address never holds what was written); what is no visitor's mistake to mend
// (no such page, not from the site) is the API's error as for JSON.
import { describe, expect, it } from "vitest";
import {
  memoryDraftParam,
  memoryFormAnchors,
  memoryOutcomes,
  memoryTextMaxLength,
  type MemoryFormPlace,
  type MemoryOutcome,
} from "../../contract/memories";
import { memories } from "../../server/db/schema";
import { readDraft, visitorLimits } from "../../server/domain/memories";
import { newToken, tokenHash } from "../../server/domain/core";
import { awayFromWindowEdge, expectError, siteOrigin } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { memoryCalls, newAddress, proxiedConfig, type Sender } from "../support/memories";

describeOnEngines("memories and candles: plain forms", { app: { config: proxiedConfig } }, (fixture) => {
  const { db } = fixture;
  const { token, page, form, list, stored, shownMemory } = memoryCalls(fixture);

  /**
   * The form's answer: a 303 to the page with this outcome, said at `at` (a success at the list or the
   * candles, a refusal at the form sent), scrolled to its anchor; answers the address's query.
   */
  async function backWith(
    response: Response,
    profileId: string,
    outcome: MemoryOutcome,
    at: MemoryFormPlace,
  ) {
    expect(response.status, await response.clone().text()).toBe(303);
    const location = new URL(response.headers.get("location") ?? "", siteOrigin);
    expect(location.origin).toBe(siteOrigin);
    expect(location.pathname).toBe(`/k/${profileId}`);
    expect(location.searchParams.get("memory")).toBe(outcome);
    expect(location.searchParams.get("at")).toBe(at);
    expect(location.hash).toBe(`#${memoryFormAnchors[at]}`);
    return location.searchParams;
  }

  /**
   * What a refused form's draft kept, read back by the secret the address carries. The address itself
   * holds the outcome, the place and that secret, nothing the visitor wrote.
   */
  async function draftOf(params: URLSearchParams, profileId: string) {
    expect([...params.keys()].sort()).toEqual(["at", memoryDraftParam, "memory"].sort());
    return (await readDraft(db, { profileId, token: params.get(memoryDraftParam) ?? "" })) ?? {};
  }

  const memoryForm = async (profileId: string, fields: Record<string, string> = {}, sender?: Sender) =>
    form(
      "/api/memories",
      {
        profileId,
        name: "Karin",
        relation: "",
        text: "Summers at the lake.",
        email: "",
        website: "",
        formToken: await token(profileId),
        ...fields,
      },
      sender,
    );

  describe("each outcome", () => {
    it("pending on a reviewed page, shown on an open one", async () => {
      const reviewed = await page();
      const response = await memoryForm(reviewed.id);
      expect(response.headers.get("location")).toBe(`/k/${reviewed.id}?memory=pending&at=list#memories`);
      const open = await page({ moderation: "open" });
      await backWith(await memoryForm(open.id), open.id, "shown", "list");
      expect((await list(open.id)).memories.map((memory) => memory.text)).toEqual(["Summers at the lake."]);
    });

    it("candle, back to the candles", async () => {
      // A name shows at once on an open page; on a reviewed one it waits (memories-candles.test.ts).
      const { id } = await page({ moderation: "open" });
      const response = await form("/api/memories/candles", {
        profileId: id,
        name: "Erik",
        website: "",
        formToken: await token(id),
      });
      expect(response.headers.get("location")).toBe(`/k/${id}?memory=candle&at=candles#candles`);
      expect((await list(id)).candles).toEqual({ count: 1, latestNames: ["Erik"] });
    });

    it("reported, and reported again from the same address (the report stands)", async () => {
      const { id, owner } = await page();
      const memory = await shownMemory(id, owner);
      const from = newAddress();
      const fields = async () => ({
        profileId: id,
        memoryId: memory.id,
        reason: "Not about her.",
        formToken: await token(id),
      });
      await backWith(await form("/api/memories/reports", await fields(), { from }), id, "reported", "list");
      await backWith(await form("/api/memories/reports", await fields(), { from }), id, "reported", "list");
    });

    it("deleted, by the writer's link; a link used already goes to the link's page saying so", async () => {
      const { id } = await page();
      const secret = newToken();
      await db.insert(memories).values({
        profileId: id,
        writerName: "Karin",
        body: "To take back.",
        writerEmail: "karin@example.com",
        state: "pending",
        deleteTokenHash: tokenHash(secret),
      });
      await backWith(await form("/api/memories/delete-own", { token: secret }), id, "deleted", "list");
      expect(await stored(id)).toEqual([]);
      const again = await form("/api/memories/delete-own", { token: secret });
      expect(again.status).toBe(303);
      expect(again.headers.get("location")).toBe("/memories/delete?invalid=1");
    });

    it("invalid: a field refused, or the hidden field filled; the fields come back", async () => {
      const { id } = await page();
      const missingName = await backWith(await memoryForm(id, { name: " " }), id, "invalid", "write");
      expect((await draftOf(missingName, id)).text).toBe("Summers at the lake.");
      const long = await backWith(await memoryForm(id, { relation: "r".repeat(61) }), id, "invalid", "write");
      expect((await draftOf(long, id)).relation).toBe("r".repeat(61));
      await backWith(await memoryForm(id, { email: "karin@" }), id, "invalid", "write");
      // A robot's post (the hidden field filled) keeps no draft.
      const robot = await backWith(
        await memoryForm(id, { website: "http://spam.example" }),
        id,
        "invalid",
        "write",
      );
      expect(robot.has(memoryDraftParam)).toBe(false);
      expect(await stored(id)).toEqual([]);
    });

    it("tooSoon, and expired, for the form's age", async () => {
      const { id } = await page();
      const soon = await backWith(
        await memoryForm(id, { formToken: await token(id, 1) }),
        id,
        "tooSoon",
        "write",
      );
      expect((await draftOf(soon, id)).name).toBe("Karin");
      await backWith(await memoryForm(id, { formToken: await token(id, 49 * 3600) }), id, "expired", "write");
      await backWith(await memoryForm(id, { formToken: "123.forged" }), id, "expired", "write");
      expect(await stored(id)).toEqual([]);
    });

    it("links, with the memory to mend", async () => {
      const { id } = await page();
      const links = await backWith(
        await memoryForm(id, { text: "See www.spam.example" }),
        id,
        "links",
        "write",
      );
      expect((await draftOf(links, id)).text).toBe("See www.spam.example");
    });

    it("limited, past the address's limit", async () => {
      await awayFromWindowEdge(3600, 20_000);
      const { id } = await page();
      const from = newAddress();
      for (let count = 0; count < visitorLimits.memoriesPerAddressPerHour; count++) {
        await backWith(await memoryForm(id, {}, { from }), id, "pending", "list");
      }
      await backWith(await memoryForm(id, {}, { from }), id, "limited", "write");
    }, 60_000);

    it("closed: memories off, or candles off", async () => {
      const { id } = await page({ moderation: "off", candlesOn: false });
      await backWith(await memoryForm(id), id, "closed", "write");
      const candle = await form("/api/memories/candles", { profileId: id, formToken: await token(id) });
      await backWith(candle, id, "closed", "candles");
    });

    it("every outcome the page knows is one of the contract's", () => {
      expect([...memoryOutcomes].sort()).toEqual(
        [
          "candle",
          "candleWaiting",
          "closed",
          "deleted",
          "expired",
          "invalid",
          "limited",
          "links",
          "pending",
          "photos",
          "reported",
          "shown",
          "tooSoon",
        ].sort(),
      );
    });
  });

  describe("what a form cannot mend", () => {
    it("a refused memory's text never travels in the address, however long; it comes back from its draft", async () => {
      const { id } = await page();
      const text = "å".repeat(memoryTextMaxLength + 1);
      const response = await memoryForm(id, { text });
      const location = response.headers.get("location") ?? "";
      expect(location).not.toContain(encodeURIComponent("åå"));
      expect(location).not.toContain("Karin");
      const draft = await draftOf(await backWith(response, id, "invalid", "write"), id);
      expect(draft).toEqual({ name: "Karin", text });
      // The secret works for its own page only.
      const { id: other } = await page();
      const secret = new URL(location, siteOrigin).searchParams.get(memoryDraftParam) ?? "";
      expect(await readDraft(db, { profileId: other, token: secret })).toBeNull();
      // And for an hour: then it is gone.
      const later = new Date(Date.now() + 61 * 60_000);
      expect(await readDraft(db, { profileId: id, token: secret, now: later })).toBeNull();
    });

    it("no page, or one not live: the API's 404", async () => {
      const { id } = await page({}, { status: "draft", content: { displayName: "Anna" } });
      await expectError(await memoryForm(id), 404, "not_found");
      await expectError(await memoryForm("ZZZZ9999"), 404, "not_found");
      const candle = await form("/api/memories/candles", { profileId: id, formToken: await token(id) });
      await expectError(candle, 404, "not_found");
    });

    it("a form without the site's Origin, or from another site: the API's 403", async () => {
      const { id } = await page();
      await expectError(await memoryForm(id, {}, { origin: null }), 403, "forbidden_origin");
      await expectError(
        await memoryForm(id, {}, { origin: "https://evil.example" }),
        403,
        "forbidden_origin",
      );
      expect(await stored(id)).toEqual([]);
    });

    it("a form without a page to go back to: the API's 400", async () => {
      const { id } = await page();
      await expectError(await memoryForm(id, { profileId: "" }), 400, "invalid_request", "profileId");
    });
  });
});
