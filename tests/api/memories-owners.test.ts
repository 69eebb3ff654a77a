// Memories and candles (ADR 026), the deciding side, on every database engine: the owner's
// moderation in each mode and their replies, who else may decide (an admin) and who may not (another
// customer, a partner), the reports and the admin's queue (audited), the writer's own link, the
// owner's first e-mail and their e-mail of a report, removing a candle, and the notices that drop a
// page's cached copies.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  memoryPostedSchema,
  memoryReportAnswerSchema,
  memoryReportsSchema,
  ownerMemoryAnswerSchema,
  replyMaxLength,
} from "../../contract/memories";
import { auditLog, candles, memoryReports, users } from "../../server/db/schema";
import { candleAnnouncer, readOwnMemory } from "../../server/domain/memories";
import { call, expectError, siteOrigin, sleep, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { memoryCalls, newAddress, proxiedConfig } from "../support/memories";

/** Waits until `check` holds, polling; fails after `timeoutMs`. */
async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await sleep(10);
  }
}

describeOnEngines(
  "memories and candles: owners and admins",
  { app: { config: proxiedConfig } },
  (fixture) => {
    const { app, db, handle, accounts, admin, mailbox } = fixture;
    const { page, write, candle, report, list, ownerList, decide, stored, shownMemory, settings } =
      memoryCalls(fixture);

    const reply = (memoryId: string, text: string, as: Account) =>
      call(app, "/api/kammare/memories/reply", { bearer: as.token, json: { memoryId, reply: text } });

    describe("the owner's moderation", () => {
      it("review (the default): a memory waits for the owner, then shows once approved", async () => {
        const { id, owner } = await page();
        const response = await write(id);
        expect(response.status).toBe(201);
        expect(memoryPostedSchema.parse(await response.json())).toEqual({ state: "pending" });
        expect((await list(id)).memories).toEqual([]);
        const listed = await ownerList(id, owner);
        expect(listed.counts).toEqual({ pending: 1, shown: 0, hidden: 0, removed: 0 });
        expect(listed.settings).toEqual({ moderation: "review", candlesOn: true, allowLinks: false });
        const memoryId = listed.memories[0]?.id ?? "";
        const decided = await decide(memoryId, "shown", owner);
        expect(decided.status).toBe(200);
        expect(ownerMemoryAnswerSchema.parse(await decided.json()).memory).toMatchObject({
          state: "shown",
          decidedAt: expect.any(String) as unknown,
        });
        expect((await list(id)).memories.map((memory) => memory.text)).toEqual(["She taught me to swim."]);
      });

      it("open: a memory shows at once, and the owner hides or removes it", async () => {
        const { id, owner } = await page({ moderation: "open" });
        expect(memoryPostedSchema.parse(await (await write(id)).json())).toEqual({ state: "shown" });
        const [memory] = (await list(id)).memories;
        expect(memory?.name).toBe("Karin");
        expect((await decide(memory?.id ?? "", "hidden", owner)).status).toBe(200);
        expect((await list(id)).memories).toEqual([]);
        expect((await decide(memory?.id ?? "", "removed", owner)).status).toBe(200);
        // Removed ones are left out of the owner's list unless asked for.
        expect((await ownerList(id, owner)).memories).toEqual([]);
        const removed = await call(app, `/api/kammare/memories?profileId=${id}&state=removed`, {
          bearer: owner.token,
        });
        expect(((await removed.json()) as { memories: unknown[] }).memories).toHaveLength(1);
      });

      it("a reply of at most 1,000 characters shows with its memory; an empty one takes it away", async () => {
        const { id, owner } = await page();
        const memory = await shownMemory(id, owner);
        await expectError(
          await reply(memory.id, "r".repeat(replyMaxLength + 1), owner),
          400,
          "invalid_request",
          "reply",
        );
        expect((await reply(memory.id, ` ${"r".repeat(replyMaxLength)} `, owner)).status).toBe(200);
        expect((await reply(memory.id, "Thank you, Karin.", owner)).status).toBe(200);
        expect((await list(id)).memories[0]?.reply).toBe("Thank you, Karin.");
        expect((await reply(memory.id, "   ", owner)).status).toBe(200);
        expect((await list(id)).memories[0]?.reply).toBeNull();
      });

      it("the owner's list shows the writer's address; the page never does", async () => {
        const { id, owner } = await page({ moderation: "open" });
        expect((await write(id, { email: "karin@example.com" })).status).toBe(201);
        expect((await ownerList(id, owner)).memories[0]?.email).toBe("karin@example.com");
        expect(JSON.stringify(await list(id))).not.toContain("karin@example.com");
      });
    });

    describe("who decides", () => {
      it("another customer: the page's memories are not theirs to see or decide", async () => {
        const { id, owner } = await page();
        const memory = await shownMemory(id, owner);
        const other = await accounts.signUp();
        await expectError(
          await call(app, `/api/kammare/memories?profileId=${id}`, { bearer: other.token }),
          403,
          "forbidden",
        );
        // Someone else's memory is as unknown as one that does not exist.
        await expectError(await decide(memory.id, "hidden", other), 404, "not_found", "memoryId");
        await expectError(await reply(memory.id, "Mine now.", other), 404, "not_found", "memoryId");
        const changed = await call(app, "/api/kammare/memory-settings", {
          method: "PUT",
          bearer: other.token,
          json: { profileId: id, moderation: "off" },
        });
        await expectError(changed, 403, "forbidden");
        expect(await list(id)).toMatchObject({
          moderation: "review",
          memories: [{ id: memory.id, reply: null }],
        });
      });

      it("a partner, and nobody signed in, are refused every call of the owner's and the admin's", async () => {
        const { id, owner } = await page();
        const memory = await shownMemory(id, owner);
        const partner = await accounts.signUp({ roles: ["partner"] });
        const calls = [
          { path: `/api/kammare/memories?profileId=${id}` },
          { path: "/api/kammare/memories/decision", json: { memoryId: memory.id, state: "hidden" } },
          { path: "/api/kammare/memories/reply", json: { memoryId: memory.id, reply: "x" } },
          { path: "/api/kammare/memory-settings", method: "PUT", json: { profileId: id, moderation: "off" } },
          { path: "/api/admin/memory-reports" },
        ];
        for (const { path, ...options } of calls) {
          await expectError(await call(app, path, { ...options, bearer: partner.token }), 403, "forbidden");
          await expectError(await call(app, path, options), 401, "unauthorized");
        }
        expect((await list(id)).memories).toHaveLength(1);
      });

      it("an admin may see and decide any page's memories", async () => {
        const { id, owner } = await page();
        const memory = await shownMemory(id, owner);
        expect((await ownerList(id, admin)).memories.map((row) => row.id)).toEqual([memory.id]);
        expect((await reply(memory.id, "From the site.", admin)).status).toBe(200);
        expect((await decide(memory.id, "hidden", admin)).status).toBe(200);
        await settings(admin, id, { candlesOn: false });
        expect(await list(id)).toMatchObject({ memories: [], candlesOn: false });
      });
    });

    describe("reports and the admin's queue", () => {
      const queue = async (state?: string) => {
        const response = await call(app, `/api/admin/memory-reports${state ? `?state=${state}` : ""}`, {
          bearer: admin.token,
        });
        expect(response.status).toBe(200);
        return memoryReportsSchema.parse(await response.json());
      };
      const decideReport = (reportId: string, decision: "hide" | "keep", as: Account = admin) =>
        call(app, "/api/admin/memory-reports/decision", { bearer: as.token, json: { reportId, decision } });

      it("once per address: a second report from it is a 409, another address's counts", async () => {
        const { id, owner } = await page();
        const memory = await shownMemory(id, owner);
        const from = newAddress();
        expect((await report(memory, {}, { from })).status).toBe(204);
        await expectError(await report(memory, { reason: "Again." }, { from }), 409, "conflict", "memoryId");
        expect((await report(memory, {}, { from: newAddress() })).status).toBe(204);
        expect((await ownerList(id, owner)).memories[0]?.openReports).toBe(2);
      });

      it("only a shown memory can be reported", async () => {
        const { id, owner } = await page();
        expect((await write(id)).status).toBe(201);
        const [pending] = await stored(id);
        await expectError(
          await report({ id: pending?.id ?? "", profileId: id }),
          404,
          "not_found",
          "memoryId",
        );
        const missing = { id: "0b9d6d52-8f4e-4d43-9a59-6c1f4c8f2f3e", profileId: id };
        await expectError(await report(missing), 404, "not_found", "memoryId");
        const memory = await shownMemory(id, owner);
        expect((await decide(memory.id, "hidden", owner)).status).toBe(200);
        await expectError(await report(memory), 404, "not_found", "memoryId");
      });

      it("reaches the admin's queue; the admin's hide hides the memory, answers its reports, and is audited", async () => {
        const { id, owner } = await page();
        const memory = await shownMemory(id, owner, "Something unkind.");
        expect((await report(memory, { reason: "Unkind to the family." })).status).toBe(204);
        expect((await report(memory, { reason: "Not true." })).status).toBe(204);
        // One report in the queue for the memory, counting both addresses and keeping both reasons.
        const open = (await queue()).reports.filter((row) => row.memory.id === memory.id);
        expect(open).toHaveLength(1);
        expect(open[0]).toMatchObject({ reasons: ["Unkind to the family.", "Not true."], reporters: 2 });
        expect(open[0]?.memory).toMatchObject({ profileId: id, text: "Something unkind.", state: "shown" });
        const customer = await accounts.signUp();
        await expectError(await decideReport(open[0]?.id ?? "", "hide", customer), 403, "forbidden");

        const decided = await decideReport(open[0]?.id ?? "", "hide");
        expect(decided.status).toBe(200);
        const { report: answered } = memoryReportAnswerSchema.parse(await decided.json());
        expect(answered).toMatchObject({ state: "hidden", memory: { state: "hidden" } });
        expect((await list(id)).memories).toEqual([]);
        const rows = await db.select().from(memoryReports).where(eq(memoryReports.memoryId, memory.id));
        expect(rows.map((row) => row.state)).toEqual(["hidden"]);
        const [audited] = await db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, "admin.memory_hidden"), eq(auditLog.actorUserId, admin.id)));
        expect(audited?.details).toMatchObject({ reportId: open[0]?.id, memoryId: memory.id });
        expect((await queue()).reports.some((row) => row.memory.id === memory.id)).toBe(false);
        expect((await queue("hidden")).reports.filter((row) => row.memory.id === memory.id)).toHaveLength(1);
      });

      it("the admin's keep leaves the memory shown, audited; the owner's later hide keeps that decision", async () => {
        const { id, owner } = await page();
        const memory = await shownMemory(id, owner);
        expect((await report(memory)).status).toBe(204);
        const [kept] = (await queue()).reports.filter((row) => row.memory.id === memory.id);
        expect((await decideReport(kept?.id ?? "", "keep")).status).toBe(200);
        expect((await list(id)).memories.map((row) => row.id)).toEqual([memory.id]);
        const audits = await db.select().from(auditLog).where(eq(auditLog.action, "admin.memory_kept"));
        expect(audits.some((row) => row.details.reportId === kept?.id)).toBe(true);
        // A later report is open; the owner's hide answers it, and leaves the admin's "kept" as it was.
        expect((await report(memory)).status).toBe(204);
        expect((await decide(memory.id, "hidden", owner)).status).toBe(200);
        const rows = await db.select().from(memoryReports).where(eq(memoryReports.memoryId, memory.id));
        expect(rows.map((row) => row.state).sort()).toEqual(["hidden", "kept"]);
        await expectError(
          await decideReport("0b9d6d52-8f4e-4d43-9a59-6c1f4c8f2f3e", "keep"),
          404,
          "not_found",
        );
      });

      it("a report tells the page's owner too, in their language, with the link to hide or remove it; once per report", async () => {
        const { id, owner } = await page();
        await db.update(users).set({ locale: "sv-SE" }).where(eq(users.id, owner.id));
        const memory = await shownMemory(id, owner, "Something unkind.");
        const before = (await mailbox()).length;
        expect((await report(memory, { reason: "Unkind to the family." })).status).toBe(204);
        const told = (await mailbox()).slice(before).filter((message) => message.to === owner.email);
        expect(told.map((message) => message.subject)).toEqual([
          "Ett minne på Anna Anderssons sida har anmälts",
        ]);
        expect(told[0]?.text).toContain("Unkind to the family.");
        expect(told[0]?.text).toContain("Karin");
        // Where the owner (who moderates the page's memories) can hide or remove it.
        expect(told[0]?.text).toContain(`/k/${id}/memories?state=shown`);
        // Later addresses join the open report: the owner is not told again for each.
        for (let count = 0; count < 3; count++) expect((await report(memory)).status).toBe(204);
        const after = (await mailbox()).slice(before).filter((message) => message.to === owner.email);
        expect(after).toHaveLength(1);
        // Nobody else hears of it: not the reporters, not another customer.
        expect((await mailbox()).slice(before).every((message) => message.to === owner.email)).toBe(true);
        // The owner hides it, as the link offers.
        expect((await decide(memory.id, "hidden", owner)).status).toBe(200);
      });
    });

    describe("removing a candle", () => {
      const remove = (candleId: string, as: Account) =>
        call(app, "/api/kammare/candles/remove", { bearer: as.token, json: { candleId } });
      const candleIds = async (profileId: string) =>
        (await db.select({ id: candles.id }).from(candles).where(eq(candles.profileId, profileId))).map(
          (row) => row.id,
        );

      it("the owner removes a candle: it counts no more, its name leaves the page, audited", async () => {
        const { id, owner } = await page({ moderation: "open" });
        expect((await candle(id, { name: "Spam Spamsson" })).status).toBe(204);
        expect((await candle(id, { name: "Erik" })).status).toBe(204);
        expect((await list(id)).candles).toEqual({ count: 2, latestNames: ["Erik", "Spam Spamsson"] });
        const [spam] = await db.select().from(candles).where(eq(candles.name, "Spam Spamsson"));
        const removed = await remove(spam?.id ?? "", owner);
        expect(removed.status, await removed.clone().text()).toBe(200);
        expect(await removed.json()).toEqual({ candleId: spam?.id, profileId: id });
        expect((await list(id)).candles).toEqual({ count: 1, latestNames: ["Erik"] });
        const [audited] = await db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, "memory.candle_remove"), eq(auditLog.actorUserId, owner.id)));
        expect(audited?.details).toMatchObject({ profileId: id, candleId: spam?.id, name: "Spam Spamsson" });
        // Gone: a second removal finds nothing.
        await expectError(await remove(spam?.id ?? "", owner), 404, "not_found", "candleId");
      });

      it("a visitor, another owner and a partner cannot; an admin can", async () => {
        const { id, owner } = await page();
        expect((await candle(id, { name: "Erik" })).status).toBe(204);
        const [candleId = ""] = await candleIds(id);
        // Nobody signed in.
        expect((await call(app, "/api/kammare/candles/remove", { json: { candleId } })).status).toBe(401);
        // Another page's owner: someone else's candle is as unknown as none.
        const other = await page();
        await expectError(await remove(candleId, other.owner), 404, "not_found", "candleId");
        expect(await candleIds(id)).toEqual([candleId]);
        expect((await remove(candleId, admin)).status).toBe(200);
        expect(await candleIds(id)).toEqual([]);
        expect(owner.id).not.toBe(other.owner.id);
      });
    });

    describe("the writer's link and the owner's e-mail", () => {
      it("the link sent to the writer deletes their memory, once", async () => {
        const { id } = await page({ moderation: "open" });
        const before = (await mailbox()).length;
        expect((await write(id, { email: "karin@example.com" })).status).toBe(201);
        const receipt = (await mailbox()).slice(before).find((message) => message.to === "karin@example.com");
        expect(receipt?.subject).toBe("Your memory on Anna Andersson's page");
        const link = /\/memories\/delete\?token=([A-Za-z0-9_%-]+)/.exec(receipt?.text ?? "");
        const token = decodeURIComponent(link?.[1] ?? "");
        expect(token).not.toBe("");
        // The link's page shows which memory it deletes before the writer confirms.
        expect(await readOwnMemory(db, token)).toMatchObject({
          profileId: id,
          pageName: "Anna Andersson",
          name: "Karin",
          text: "She taught me to swim.",
        });
        const first = await call(app, "/api/memories/delete-own", { origin: siteOrigin, json: { token } });
        expect(first.status).toBe(200);
        expect(await first.json()).toEqual({ profileId: id });
        expect(await stored(id)).toEqual([]);
        expect((await list(id)).memories).toEqual([]);
        const again = await call(app, "/api/memories/delete-own", { origin: siteOrigin, json: { token } });
        await expectError(again, 400, "invalid_token", "token");
      });

      it("a writer who left no address is sent nothing", async () => {
        const { id } = await page();
        const before = (await mailbox()).length;
        expect((await write(id, { name: "Nobody Known" })).status).toBe(201);
        const sent = (await mailbox()).slice(before);
        expect(sent.filter((message) => message.subject.startsWith("Your memory"))).toEqual([]);
      });

      it("the owner hears of the first memory at once, and only of the first", async () => {
        const owner = await accounts.signUp();
        const { id } = await page({}, undefined, owner);
        for (let count = 0; count < 3; count++) expect((await write(id)).status).toBe(201);
        const toOwner = (await mailbox()).filter((message) => message.to === owner.email);
        expect(toOwner.map((message) => message.subject)).toEqual([
          "A first memory on Anna Andersson's page",
        ]);
        expect(toOwner[0]?.text).toContain(`/k/${id}/memories`);
      });
    });

    describe("the notices that drop a page's cached copies (profile_changed)", () => {
      /**
       * Listens while `act` runs: expects `times` notices of the page, waiting for them (a notice
       * arrives at commit, on PostgreSQL through another connection), then a little for any more.
       */
      async function expectHeard(id: string, times: number, act: () => Promise<unknown>): Promise<void> {
        const received: string[] = [];
        const unlisten = await handle.listen("profile_changed", (payload) => received.push(payload));
        const ofPage = () => received.filter((payload) => payload === id).length;
        try {
          await act();
          await until(() => ofPage() >= times);
          await sleep(300);
          expect(ofPage()).toBe(times);
        } finally {
          await unlisten();
        }
      }

      it("the page's memory settings changing", async () => {
        const { id, owner } = await page();
        await expectHeard(id, 1, () => settings(owner, id, { moderation: "open" }));
        await expectHeard(id, 1, () => settings(owner, id, { candlesOn: false }));
      });

      it("a memory shown, replied to while shown, hidden; not a memory waiting", async () => {
        const { id, owner } = await page();
        expect((await write(id)).status).toBe(201);
        const [memory] = await stored(id);
        const memoryId = memory?.id ?? "";
        // The owner's first-memory mark is written by then: what follows is the memory's own notice.
        await fixture.settled();
        await expectHeard(id, 0, () => write(id));
        await expectHeard(id, 1, () => decide(memoryId, "shown", owner));
        await expectHeard(id, 1, () => reply(memoryId, "Thank you.", owner));
        await expectHeard(id, 1, () => decide(memoryId, "hidden", owner));
        await expectHeard(id, 0, () => reply(memoryId, "Hidden now.", owner));
      });

      it("a candle's name shown or hidden; not one decided while waiting", async () => {
        const { id, owner } = await page();
        expect((await candle(id, { name: "Erik" })).status).toBe(204);
        const candleId = (await ownerList(id, owner)).candles.waiting[0]?.id ?? "";
        const decideName = (state: "shown" | "hidden") =>
          call(app, "/api/kammare/candles/decision", { bearer: owner.token, json: { candleId, state } });
        // The candle's own notice (candleAnnouncer, two seconds late) is over before listening.
        await sleep(2500);
        await expectHeard(id, 1, () => decideName("shown"));
        await expectHeard(id, 0, () => decideName("shown"));
        await expectHeard(id, 1, () => decideName("hidden"));
      });

      it("candles: one notice for a rush, after the short delay; a flush sends it at once", async () => {
        const { id } = await page();
        const announcer = candleAnnouncer(db, 300);
        const received: string[] = [];
        const unlisten = await handle.listen("profile_changed", (payload) => received.push(payload));
        const ofPage = () => received.filter((payload) => payload === id).length;
        try {
          for (let lit = 0; lit < 5; lit++) announcer.lit(id);
          await sleep(100);
          expect(ofPage()).toBe(0);
          await until(() => ofPage() > 0);
          await sleep(400);
          expect(ofPage()).toBe(1);
          // What waits is sent at once by a flush (a process shutting down), and not again after.
          announcer.lit(id);
          await announcer.flush();
          await until(() => ofPage() === 2);
          await sleep(400);
          expect(ofPage()).toBe(2);
        } finally {
          await unlisten();
        }
      });

      it("a candle lit through the API reaches the listeners within seconds", async () => {
        const { id } = await page();
        const received: string[] = [];
        const unlisten = await handle.listen("profile_changed", (payload) => received.push(payload));
        try {
          expect((await candle(id)).status).toBe(204);
          expect((await candle(id)).status).toBe(204);
          await until(() => received.includes(id), 5000);
          await sleep(300);
          expect(received.filter((payload) => payload === id)).toHaveLength(1);
        } finally {
          await unlisten();
        }
      });
    });
  },
);
