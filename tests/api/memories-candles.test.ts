// Candles keep the page's rules, on every database engine: a candle counts at
// once, but its name follows the link rule and the moderation setting (it waits for the owner where
// memories wait, shows at once on an `open` page where the owner can hide it), and a page takes at
// most so many candles an hour from any number of addresses. The same from the light page's form. A
// resting page still takes candles (a visitor at the grave), but no memories.
import { describe, expect, it } from "vitest";
import { memoryDraftParam, ownerCandleAnswerSchema, type OwnerCandleName } from "../../contract/memories";
import { eq } from "drizzle-orm";
import { candles as candlesTable } from "../../server/db/schema";
import { memoriesWaitingOn, readDraft, visitorLimits } from "../../server/domain/memories";
import { awayFromWindowEdge, call, expectError, siteOrigin, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { livePage, memoryCalls, newAddress, proxiedConfig } from "../support/memories";

describeOnEngines("memories and candles: candles", { app: { config: proxiedConfig } }, (fixture) => {
  const { app, db, accounts, admin } = fixture;
  const { token, page, candle, write, form, list, ownerList, stored } = memoryCalls(fixture);

  const decideName = (candleId: string, state: "shown" | "hidden", as: Account) =>
    call(app, "/api/kammare/candles/decision", { bearer: as.token, json: { candleId, state } });

  /** The page's one waiting name, as its owner sees it. */
  const waitingName = async (profileId: string, owner: Account): Promise<OwnerCandleName> => {
    const { candles } = await ownerList(profileId, owner);
    expect(candles.waiting).toHaveLength(1);
    return candles.waiting[0] as OwnerCandleName;
  };

  describe("a name with a link", () => {
    it("is refused with a 400 naming the name while links are off; nothing is lit", async () => {
      const { id, owner } = await page();
      const spam = "Cheap pills www.spam-pills.com";
      const body = await expectError(await candle(id, { name: spam }), 400, "invalid_request", "name");
      expect(body.error.refusal).toBe("memory.candle-links");
      expect(body.error.fields?.name).toBe(body.error.message);
      for (const name of [
        "bit.ly/abc123",
        "evil . com",
        "ｅｖｉｌ．ｃｏｍ",
        "gοogle.com",
        "tel:+46701234567",
      ]) {
        await expectError(await candle(id, { name }), 400, "invalid_request", "name");
      }
      expect((await list(id)).candles).toEqual({ count: 0, latestNames: [] });
      expect((await ownerList(id, owner)).candles.waiting).toEqual([]);
      // A name that only looks like one, or none at all, is lit.
      expect((await candle(id, { name: "Dr. Berg, St. Petersburg" })).status).toBe(204);
      expect((await candle(id, { name: "" })).status).toBe(204);
      expect((await list(id)).candles.count).toBe(2);
    });

    it("is taken where the owner allows links (and waits like any name)", async () => {
      const { id, owner } = await page({ allowLinks: true });
      expect((await candle(id, { name: "www.example.com" })).status).toBe(204);
      expect((await waitingName(id, owner)).name).toBe("www.example.com");
    });
  });

  describe("the moderation setting", () => {
    it("review: the candle counts at once, its name waits until the owner shows it", async () => {
      const { id, owner } = await page();
      expect((await candle(id, { name: "Erik" })).status).toBe(204);
      expect((await list(id)).candles).toEqual({ count: 1, latestNames: [] });
      expect(await memoriesWaitingOn(db, id)).toBe(1);
      const waiting = await waitingName(id, owner);
      expect(waiting).toMatchObject({ name: "Erik", state: "pending" });

      const shown = await decideName(waiting.id, "shown", owner);
      expect(shown.status).toBe(200);
      expect(ownerCandleAnswerSchema.parse(await shown.json()).candle).toMatchObject({ state: "shown" });
      expect((await list(id)).candles).toEqual({ count: 1, latestNames: ["Erik"] });
      expect(await memoriesWaitingOn(db, id)).toBe(0);
      const { candles } = await ownerList(id, owner);
      expect(candles).toMatchObject({ waiting: [], waitingCount: 0, latestNames: ["Erik"] });
      expect(candles.decided.map((row) => [row.name, row.state])).toEqual([["Erik", "shown"]]);
    });

    it("review: a hidden name never shows; the candle stays counted", async () => {
      const { id, owner } = await page();
      expect((await candle(id, { name: "Spammy McSpam" })).status).toBe(204);
      const waiting = await waitingName(id, owner);
      expect((await decideName(waiting.id, "hidden", owner)).status).toBe(200);
      expect((await list(id)).candles).toEqual({ count: 1, latestNames: [] });
    });

    it("open: the name shows at once, and the owner can hide it", async () => {
      const { id, owner } = await page({ moderation: "open" });
      expect((await candle(id, { name: "Karin" })).status).toBe(204);
      expect((await list(id)).candles).toEqual({ count: 1, latestNames: ["Karin"] });
      const { candles } = await ownerList(id, owner);
      expect(candles.waiting).toEqual([]);
      const [lit] = candles.decided;
      expect(lit).toMatchObject({ name: "Karin", state: "shown" });
      expect((await decideName(lit?.id ?? "", "hidden", owner)).status).toBe(200);
      expect((await list(id)).candles).toEqual({ count: 1, latestNames: [] });
    });

    it("off: memories are not taken, and a candle's name waits for the owner", async () => {
      const { id, owner } = await page({ moderation: "off" });
      expect((await candle(id, { name: "Erik" })).status).toBe(204);
      expect((await list(id)).candles).toEqual({ count: 1, latestNames: [] });
      expect((await waitingName(id, owner)).name).toBe("Erik");
    });

    it("only whoever may change the page decides a name; another's is as unknown as none", async () => {
      const { id, owner } = await page();
      expect((await candle(id, { name: "Erik" })).status).toBe(204);
      expect((await candle(id, { name: "" })).status).toBe(204);
      const waiting = await waitingName(id, owner);
      const stranger = await accounts.signUp();
      await expectError(await decideName(waiting.id, "shown", stranger), 404, "not_found", "candleId");
      await expectError(
        await decideName("0b9d6d52-8f4e-4d43-9a59-6c1f4c8f2f3e", "shown", owner),
        404,
        "not_found",
        "candleId",
      );
      expect((await list(id)).candles.latestNames).toEqual([]);
      expect((await decideName(waiting.id, "shown", admin)).status).toBe(200);
      expect((await list(id)).candles.latestNames).toEqual(["Erik"]);
    });
  });

  describe("the page's limit", () => {
    it("a hundred candles an hour on one page from a hundred and twenty addresses; another page goes on", async () => {
      // A hundred and twenty posts take seconds: all of them in one hour's window.
      await awayFromWindowEdge(3600, 90_000);
      const { id } = await page();
      const answers: number[] = [];
      for (let count = 0; count < 120; count++) {
        answers.push((await candle(id, { name: "" }, { from: newAddress() })).status);
      }
      expect(answers.filter((status) => status === 204)).toHaveLength(visitorLimits.candlesPerPagePerHour);
      expect(answers.slice(visitorLimits.candlesPerPagePerHour).every((status) => status === 429)).toBe(true);
      expect((await list(id)).candles.count).toBe(visitorLimits.candlesPerPagePerHour);
      const { id: otherPage } = await page();
      expect((await candle(otherPage)).status).toBe(204);
    }, 180_000);
  });

  describe("from the light page's form", () => {
    const candleForm = async (profileId: string, name: string) =>
      form("/api/memories/candles", { profileId, name, website: "", formToken: await token(profileId) });

    it("a waiting name says so; a name shown at once, or none, is plainly lit", async () => {
      const reviewed = await page();
      const waiting = await candleForm(reviewed.id, "Erik");
      expect(waiting.status).toBe(303);
      expect(waiting.headers.get("location")).toBe(
        `/k/${reviewed.id}?memory=candleWaiting&at=candles#candles`,
      );
      const nameless = await candleForm(reviewed.id, "");
      expect(nameless.headers.get("location")).toBe(`/k/${reviewed.id}?memory=candle&at=candles#candles`);
      const open = await page({ moderation: "open" });
      const shown = await candleForm(open.id, "Erik");
      expect(shown.headers.get("location")).toBe(`/k/${open.id}?memory=candle&at=candles#candles`);
    });

    it("a name with a link comes back to the candle's form, said and filled in", async () => {
      const { id } = await page();
      const response = await candleForm(id, "Cheap pills www.spam-pills.com");
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get("location") ?? "", siteOrigin);
      expect(location.pathname).toBe(`/k/${id}`);
      // The name comes back from its draft on the server, not through the address.
      expect([...location.searchParams.keys()].sort()).toEqual(["at", memoryDraftParam, "memory"].sort());
      expect(location.searchParams.get("memory")).toBe("links");
      expect(location.searchParams.get("at")).toBe("candles");
      const draft = await readDraft(db, {
        profileId: id,
        token: location.searchParams.get(memoryDraftParam) ?? "",
      });
      expect(draft).toEqual({ name: "Cheap pills www.spam-pills.com" });
      expect(location.hash).toBe("#candles");
      expect((await list(id)).candles.count).toBe(0);
    });
  });

  describe("candles lit without a name", () => {
    it("the owner sees each one, newest first, and removes one: it counts no more", async () => {
      const { id, owner } = await page();
      for (let lit = 0; lit < 3; lit++) expect((await candle(id, { name: "" })).status).toBe(204);
      expect((await candle(id, { name: "Erik" })).status).toBe(204);
      const { candles } = await ownerList(id, owner);
      expect(candles.count).toBe(4);
      expect(candles.unnamedCount).toBe(3);
      expect(candles.unnamed).toHaveLength(3);
      const times = candles.unnamed.map((row) => row.createdAt);
      expect(times).toEqual([...times].sort().reverse());
      const [newest] = candles.unnamed;
      const removed = await call(app, "/api/kammare/candles/remove", {
        bearer: owner.token,
        json: { candleId: newest?.id },
      });
      expect(removed.status, await removed.clone().text()).toBe(200);
      const after = await ownerList(id, owner);
      expect(after.candles).toMatchObject({ count: 3, unnamedCount: 2 });
      expect(after.candles.unnamed.map((row) => row.id)).not.toContain(newest?.id);
      expect((await list(id)).candles.count).toBe(3);
    });
  });

  describe("a resting page (its paid time over)", () => {
    const resting = { ...livePage, status: "expired" as const };

    it("takes a candle, from the app and from the light page's form, and counts it", async () => {
      const { id, owner } = await page({}, resting);
      expect((await candle(id, { name: "Erik" })).status).toBe(204);
      const lit = await form("/api/memories/candles", {
        profileId: id,
        name: "",
        website: "",
        formToken: await token(id),
      });
      expect(lit.status).toBe(303);
      expect(lit.headers.get("location")).toBe(`/k/${id}?memory=candle&at=candles#candles`);
      const { candles } = await ownerList(id, owner);
      expect(candles.count).toBe(2);
      // The name waits for the family as on a live page.
      expect(candles.waiting.map((row) => row.name)).toEqual(["Erik"]);
    });

    it("keeps the live page's guards: the hidden field, the signed form, the name's links", async () => {
      const { id, owner } = await page({}, resting);
      const robot = await expectError(await candle(id, { website: "x" }), 400, "invalid_request");
      expect(robot.error.refusal).toBe("memory.robot");
      await expectError(await candle(id, { formToken: "123.forged" }), 400, "invalid_request", "formToken");
      const linked = await expectError(
        await candle(id, { name: "www.spam-pills.com" }),
        400,
        "invalid_request",
      );
      expect(linked.error.refusal).toBe("memory.candle-links");
      expect((await ownerList(id, owner)).candles.count).toBe(0);
    });

    it("refuses a memory (memory.closed): writing waits for payment", async () => {
      const { id } = await page({ moderation: "open" }, resting);
      const body = await expectError(await write(id), 403, "forbidden");
      expect(body.error.refusal).toBe("memory.closed");
      expect(await stored(id)).toEqual([]);
    });

    it("a draft, suspended, unclaimed or removed page takes no candle: as missing as none", async () => {
      for (const status of ["draft", "suspended", "unclaimed", "removed"] as const) {
        const { id } = await page({}, { ...livePage, status });
        await expectError(await candle(id), 404, "not_found");
        const lit = await db.select().from(candlesTable).where(eq(candlesTable.profileId, id));
        expect(lit, status).toEqual([]);
      }
    });
  });
});
