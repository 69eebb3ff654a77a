// Memories and candles (ADR 026), a visitor's side, on every database engine: each field's limits,
// the guards every post passes (the hidden field, the form's age and signature, links, the site's own
// Origin, a live page, the page's settings), the limits per address and per page, and the list.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { RefusalCode } from "../../contract/refusals";
import { memoriesPageSize, memoryPostedSchema, type PublicMemory } from "../../contract/memories";
import { memories } from "../../server/db/schema";
import { publicMemories, visitorLimits } from "../../server/domain/memories";
import { apiErrorSchema } from "../../contract/errors";
import { awayFromWindowEdge, call, expectError, foreignOrigin } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { memoryCalls, newAddress, proxiedConfig } from "../support/memories";

describeOnEngines("memories and candles: visitors", { app: { config: proxiedConfig } }, (fixture) => {
  const { app, db } = fixture;
  const { token, page, write, candle, report, list, stored, shownMemory, settings } = memoryCalls(fixture);

  /** Refused with a 400 naming the field (and saying `message`, when given). */
  // A refusal of the business names itself (ADR 032); bad input names only the field.
  const refused = async (response: Response, field: string, refusal?: RefusalCode) => {
    const body = await expectError(response, 400, "invalid_request", field);
    if (refusal) expect(body.error.refusal).toBe(refusal);
  };

  describe("a memory's fields", () => {
    it("a name of 1 to 80 characters once trimmed", async () => {
      const { id } = await page();
      expect((await write(id, { name: "n".repeat(80) })).status).toBe(201);
      expect((await write(id, { name: "  Karin  " })).status).toBe(201);
      for (const name of ["", "   ", "n".repeat(81), 12]) await refused(await write(id, { name }), "name");
      await refused(await write(id, { name: undefined }), "name");
      expect((await stored(id)).map((row) => row.writerName).sort()).toEqual(["Karin", "n".repeat(80)]);
    });

    it("a relation of at most 60 characters; none, or only spaces, is kept as none", async () => {
      const { id } = await page();
      expect((await write(id, { relation: "r".repeat(60) })).status).toBe(201);
      expect((await write(id, { relation: "   " })).status).toBe(201);
      expect((await write(id, {})).status).toBe(201);
      await refused(await write(id, { relation: "r".repeat(61) }), "relation");
      const relations = (await stored(id)).map((row) => row.relation);
      expect(relations.filter((relation) => relation === null)).toHaveLength(2);
      expect(relations).toContain("r".repeat(60));
    });

    it("a text of 1 to 2,000 characters once trimmed, its line breaks kept as LF", async () => {
      const { id } = await page();
      const long = "x".repeat(2000);
      for (const text of [long, ` \n${long}\r\n `, `${"x".repeat(1000)}\r\n${"x".repeat(999)}`]) {
        expect((await write(id, { text })).status, `${text.length} characters`).toBe(201);
      }
      expect((await write(id, { text: "First line\r\nsecond\rthird\n" })).status).toBe(201);
      for (const text of ["", " \r\n\t ", "x".repeat(2001), `${"x".repeat(1000)}\r\n${"x".repeat(1000)}`]) {
        await refused(await write(id, { text }), "text");
      }
      const kept = (await stored(id)).map((row) => row.body);
      expect(kept[0]).toBe("First line\nsecond\nthird");
      expect(kept.slice(1).map((text) => text.length)).toEqual([2000, 2000, 2000]);
      expect(kept.some((text) => text.includes("\r"))).toBe(false);
    });

    it("an e-mail address, kept trimmed and in lower case, or none", async () => {
      const { id } = await page();
      expect((await write(id, { email: "  Karin@Example.COM " })).status).toBe(201);
      expect((await write(id, { email: "" })).status).toBe(201);
      for (const email of [
        "karin",
        "karin@",
        "@example.com",
        "karin example@example.com",
        `${"k".repeat(250)}@x.se`,
      ]) {
        await refused(await write(id, { email }), "email");
      }
      expect((await stored(id)).map((row) => row.writerEmail).sort()).toEqual(["karin@example.com", null]);
    });

    it("a candle's name of at most 60 characters, or none", async () => {
      // An open page shows a name at once (a reviewed one keeps it waiting: memories-candles.test.ts).
      const { id } = await page({ moderation: "open" });
      for (const name of ["c".repeat(60), "", undefined])
        expect((await candle(id, { name })).status).toBe(204);
      await refused(await candle(id, { name: "c".repeat(61) }), "name");
      expect((await list(id)).candles).toEqual({ count: 3, latestNames: ["c".repeat(60)] });
    });

    it("a report's reason of 1 to 500 characters once trimmed", async () => {
      const { id, owner } = await page();
      const memory = await shownMemory(id, owner);
      for (const reason of ["", "   ", "r".repeat(501)])
        await refused(await report(memory, { reason }), "reason");
      expect((await report(memory, { reason: ` ${"r".repeat(500)} ` })).status).toBe(204);
    });
  });

  describe("the guards", () => {
    it("a filled hidden field is a robot's", async () => {
      const { id } = await page();
      await refused(await write(id, { website: "http://spam.example" }), "website", "memory.robot");
      await refused(await candle(id, { website: "x" }), "website", "memory.robot");
      expect((await write(id, { website: "" })).status).toBe(201);
      expect(await stored(id)).toHaveLength(1);
    });

    it("a memory posted under 3 s after it was rendered is too soon; 3 s and more is fine", async () => {
      const { id } = await page();
      for (const secondsAgo of [0, 1, 2.5, -60]) {
        await refused(
          await write(id, { formToken: await token(id, secondsAgo) }),
          "formToken",
          "memory.too-soon",
        );
      }
      expect((await write(id, { formToken: await token(id, 3.5) })).status).toBe(201);
    });

    it("a candle is lit by a tap at once after the render; its other guards stand", async () => {
      const { id } = await page();
      for (const secondsAgo of [0, 0.5, 1]) {
        expect((await candle(id, { formToken: await token(id, secondsAgo) })).status).toBe(204);
      }
      expect((await list(id)).candles.count).toBe(3);
      // A token from the future is still no render of this page, the hidden field still a robot's.
      await refused(await candle(id, { formToken: await token(id, -60) }), "formToken", "memory.too-soon");
      await refused(await candle(id, { formToken: "123.forged" }), "formToken", "memory.form-expired");
      await refused(
        await candle(id, { website: "x", formToken: await token(id, 0) }),
        "website",
        "memory.robot",
      );
      expect((await list(id)).candles.count).toBe(3);
    });

    it("a form older than 48 hours has expired; one just younger is fine", async () => {
      const { id } = await page();
      const hours = 3600;
      await refused(
        await write(id, { formToken: await token(id, 48 * hours + 60) }),
        "formToken",
        "memory.form-expired",
      );
      expect((await write(id, { formToken: await token(id, 48 * hours - 60) })).status).toBe(201);
    });

    it("a forged token, or another page's, is refused (never a 500)", async () => {
      const { id } = await page();
      const { id: otherPage } = await page();
      const good = await token(id);
      const [time = "", signature = ""] = good.split(".");
      const flipped = `${time}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
      const forged = [
        flipped,
        `${Number(time) - 60_000}.${signature}`,
        `${time}.${"é".repeat(signature.length)}`,
        `${time}.${"😀".repeat(signature.length / 2)}`,
        `${time}.`,
        `.${signature}`,
        `${"9".repeat(16)}.${signature}`,
        "123.abc",
        await token(otherPage),
      ];
      for (const formToken of forged) {
        await refused(await write(id, { formToken }), "formToken", "memory.form-expired");
      }
      expect(await stored(id)).toEqual([]);
    });

    it("no links in a memory (its text, name or relation) unless the owner allows them", async () => {
      const { id, owner } = await page();
      const links: [string, Record<string, string>][] = [
        ["text", { text: "See https://example.org/offer" }],
        ["text", { text: "Visit www.example.com today" }],
        ["text", { text: "Cheap pills at pills.shop" }],
        ["name", { name: "best-deals.xyz" }],
        ["relation", { relation: "friend, see spam.com" }],
        // What a pattern of a few domains missed: every top-level domain, hidden dots,
        // letters that look alike or are not seen, and schemes without a host.
        ["text", { text: "Free at bit.ly/abc123" }],
        ["text", { text: "Join discord.gg/abc" }],
        ["text", { text: "evil . com" }],
        ["text", { text: "evil[.]com" }],
        ["text", { text: "ｅｖｉｌ．ｃｏｍ" }],
        ["text", { text: "evil。com" }],
        ["text", { text: "evil\u200B.com" }],
        ["name", { name: "gοogle.com" }],
        ["relation", { relation: "call tel:+46701234567" }],
      ];
      for (const [field, fields] of links) {
        await refused(await write(id, fields), field, "memory.links");
      }
      for (const text of [
        "We met in Sthlm.Sunny days, e.g. in June.",
        "Stockholm 1942–2024. Dr. Berg in St. Petersburg at 10 a.m., for 3.5 years.",
        "Anna-Karin minns dig, t.ex. från kören i Göteborg.",
      ]) {
        expect((await write(id, { text })).status, text).toBe(201);
      }
      await settings(owner, id, { allowLinks: true });
      for (const [, fields] of links) expect((await write(id, fields)).status).toBe(201);
    });

    it("takes posts only from the site itself: none without its Origin, or with another", async () => {
      const { id, owner } = await page();
      const memory = await shownMemory(id, owner);
      for (const origin of [null, foreignOrigin, "http://localhost:3001", "null"]) {
        const sender = { origin };
        await expectError(await write(id, {}, sender), 403, "forbidden_origin");
        await expectError(await candle(id, {}, sender), 403, "forbidden_origin");
        await expectError(await report(memory, {}, sender), 403, "forbidden_origin");
      }
      await expectError(
        await call(app, "/api/memories/delete-own", {
          origin: foreignOrigin,
          json: { token: "x".repeat(43) },
        }),
        403,
        "forbidden_origin",
      );
      expect(await stored(id)).toHaveLength(1);
      expect((await list(id)).candles.count).toBe(0);
    });

    it("a page that is not live (a draft, or none) answers 404 to posts and to the list", async () => {
      const { id } = await page({}, { status: "draft", content: { displayName: "Anna" } });
      const missing = "ZZZZ9999";
      for (const profileId of [id, missing]) {
        await expectError(await write(profileId), 404, "not_found");
        await expectError(await candle(profileId), 404, "not_found");
        await expectError(await call(app, `/api/memories?profileId=${profileId}`), 404, "not_found");
      }
      expect(await stored(id)).toEqual([]);
    });

    it("moderation off: no memory is taken (403) and none is shown", async () => {
      const { id, owner } = await page({ moderation: "open" });
      expect(memoryPostedSchema.parse(await (await write(id)).json()).state).toBe("shown");
      await settings(owner, id, { moderation: "off" });
      const shown = await list(id);
      expect(shown.moderation).toBe("off");
      expect(shown.memories).toEqual([]);
      await expectError(await write(id), 403, "forbidden");
      expect(await stored(id)).toHaveLength(1);
      expect((await candle(id)).status).toBe(204);
    });

    it("candles off: no candle is lit (403), and the list counts none", async () => {
      const { id, owner } = await page();
      expect((await candle(id)).status).toBe(204);
      await settings(owner, id, { candlesOn: false });
      await expectError(await candle(id), 403, "forbidden");
      expect(await list(id)).toMatchObject({ candlesOn: false, candles: { count: 0, latestNames: [] } });
      expect((await write(id)).status).toBe(201);
    });
  });

  describe("limits", () => {
    /** A 429 in the error shape whose Retry-After is within the window. */
    // Each test first waits out the end of a window it would straddle: time enough is given for it.
    const limited = async (response: Response, windowSeconds: number) => {
      await expectError(response, 429, "rate_limited");
      const wait = Number(response.headers.get("retry-after"));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(windowSeconds);
    };

    it("five memories an hour from one address, then 429 with Retry-After; other addresses go on", async () => {
      await awayFromWindowEdge(3600, 20_000);
      const { id } = await page();
      const { id: otherPage } = await page();
      const from = newAddress();
      for (let count = 0; count < visitorLimits.memoriesPerAddressPerHour; count++) {
        const profileId = count % 2 === 0 ? id : otherPage;
        expect((await write(profileId, {}, { from })).status).toBe(201);
      }
      await limited(await write(id, {}, { from }), 3600);
      await limited(await write(otherPage, {}, { from }), 3600);
      expect((await write(id, {}, { from: newAddress() })).status).toBe(201);
    }, 120_000);

    it("ten candles a minute from one address, then 429 with Retry-After", async () => {
      await awayFromWindowEdge(60, 15_000);
      const { id } = await page();
      const from = newAddress();
      for (let count = 0; count < visitorLimits.candlesPerAddressPerMinute; count++) {
        expect((await candle(id, {}, { from })).status).toBe(204);
      }
      await limited(await candle(id, {}, { from }), 60);
      expect((await candle(id, {}, { from: newAddress() })).status).toBe(204);
      expect((await list(id)).candles.count).toBe(visitorLimits.candlesPerAddressPerMinute + 1);
    }, 120_000);

    it("sixty memories an hour on one page, from any number of addresses", async () => {
      // Sixty posts take seconds: all of them in one hour's window.
      await awayFromWindowEdge(3600, 60_000);
      const { id } = await page();
      for (let count = 0; count < visitorLimits.memoriesPerPagePerHour; count++) {
        expect((await write(id)).status).toBe(201);
      }
      await limited(await write(id), 3600);
      const { id: otherPage } = await page();
      expect((await write(otherPage)).status).toBe(201);
    }, 120_000);
  });

  describe("the list", () => {
    it("shows the shown memories newest first, ten at a time, `next` leading on", async () => {
      const { id } = await page({ moderation: "open" });
      const count = memoriesPageSize + 2;
      for (let index = 1; index <= count; index++) {
        expect((await write(id, { text: `Memory ${index}` })).status).toBe(201);
      }
      const first = await list(id);
      expect(first.memories.map((memory) => memory.text)).toEqual(
        Array.from({ length: memoriesPageSize }, (_, index) => `Memory ${count - index}`),
      );
      expect(first.next).not.toBeNull();
      const second = await list(id, first.next ?? "");
      expect(second.memories.map((memory) => memory.text)).toEqual(["Memory 2", "Memory 1"]);
      expect(second.next).toBeNull();
      // What a visitor sees holds nothing private: no e-mail, no state.
      expect(Object.keys(first.memories[0] as PublicMemory).sort()).toEqual(
        ["createdAt", "id", "name", "photos", "reply", "relation", "text"].sort(),
      );
    });

    it("memories within one millisecond are neither skipped nor shown twice across pages", async () => {
      const { id } = await page();
      // Eleven in one millisecond (microseconds apart, as the column keeps them), one before.
      const times = [
        ...Array.from({ length: 11 }, (_, index) => `2026-03-01 12:00:00.1230${String(index + 10)}+00`),
        "2026-03-01 12:00:00.122000+00",
      ];
      for (const [index, time] of times.entries()) {
        await db.insert(memories).values({
          profileId: id,
          writerName: "Karin",
          body: `Memory ${index}`,
          state: "shown",
          createdAt: sql`${time}::timestamptz`,
        });
      }
      const seen: string[] = [];
      let next: string | null | undefined;
      do {
        const shown = await list(id, next ?? undefined);
        seen.push(...shown.memories.map((memory) => memory.text));
        next = shown.next;
      } while (next && seen.length < 50);
      // Newest first: the eleven from the latest microsecond down, then the one before them.
      expect(seen).toEqual([
        ...Array.from({ length: 11 }, (_, index) => `Memory ${10 - index}`),
        "Memory 11",
      ]);
    });

    it("a position that is no place in the list is a 400, never a 500", async () => {
      const { id, owner } = await page();
      const memory = await shownMemory(id, owner);
      const uuid = "0b9d6d52-8f4e-4d43-9a59-6c1f4c8f2f3e";
      const positions = [
        `2026-02-30T00:00:00.000Z_${uuid}`,
        `2026-13-01T00:00:00.000Z_${uuid}`,
        `2026-01-01T25:00:00.000Z_${uuid}`,
        `2026-01-01T24:00:00Z_${uuid}`,
        `0000-01-01T00:00:00.000Z_${uuid}`,
        `2026-01-01T00:00:00.000Z_${"-".repeat(36)}`,
        `2026-01-01T00:00:00.1234567Z_${uuid}`,
        "nothing",
      ];
      for (const before of positions) {
        const response = await call(
          app,
          `/api/memories?profileId=${id}&before=${encodeURIComponent(before)}`,
        );
        expect(response.status, before).toBe(400);
        expect(apiErrorSchema.parse(await response.json()).error.fields).toHaveProperty("before");
      }
      // One before the memory was written: the list starts after it, so it is not there.
      expect((await list(id, `2026-01-01T00:00:00.123456Z_${uuid}`)).memories).toEqual([]);
      // The page reads the list itself, from `?before=` it checked: what is no position is none.
      for (const before of positions) {
        const shown = await publicMemories(db, id, before);
        expect(
          shown.memories.map((row) => row.id),
          before,
        ).toEqual([memory.id]);
      }
    });
  });
});
