// The kept page data (ADR 047) on its own: one read per page and part while nothing changes, dropped
// by a change, never kept before the database's changes are followed, bounded, and shared frozen.
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { createKeptPages, type KeptPagesOptions } from "./kept-pages";
import { profileChangedChannel } from "./profile-changes";

/** A database that only listens: `notify` plays another process's change, `reset` a lost listener. */
function listeningDatabase() {
  const heard: ((payload: string) => void)[] = [];
  const resets: (() => void)[] = [];
  const database: Pick<DatabaseHandle, "listen"> = {
    listen: async (channel, onMessage, options) => {
      expect(channel).toBe(profileChangedChannel);
      heard.push(onMessage);
      if (options?.onReset) resets.push(options.onReset);
      return async () => {
        heard.splice(heard.indexOf(onMessage), 1);
      };
    },
  };
  return {
    database,
    notify: (profileId: string) => heard.forEach((onMessage) => onMessage(profileId)),
    reset: () => resets.forEach((onReset) => onReset()),
  };
}

async function followed(options: KeptPagesOptions = {}) {
  const kept = createKeptPages(options);
  const db = listeningDatabase();
  const stop = await kept.follow(db.database);
  return { kept, stop, ...db };
}

/** A read that counts its calls and answers the count. */
function counted() {
  let calls = 0;
  const read = async () => ({ call: ++calls, rows: [{ name: "Astrid" }] });
  return { read, calls: () => calls };
}

describe("kept page data", () => {
  it("reads a page's part once and answers it again until the page changes", async () => {
    const { kept } = await followed();
    const part = counted();
    expect((await kept.read("AAAA0001", "photos", part.read)).call).toBe(1);
    expect((await kept.read("AAAA0001", "photos", part.read)).call).toBe(1);
    expect(part.calls()).toBe(1);
    // Another part, another page: read for themselves.
    await kept.read("AAAA0001", "videos", part.read);
    await kept.read("BBBB0002", "photos", part.read);
    expect(part.calls()).toBe(3);
    expect(kept.stats()).toMatchObject({ pages: 2, hits: 1, misses: 3 });
  });

  it("drops only the changed page, whether the change is this process's or announced by the database", async () => {
    const { kept, notify } = await followed();
    const part = counted();
    await kept.read("AAAA0001", "photos", part.read);
    await kept.read("BBBB0002", "photos", part.read);
    kept.invalidate("AAAA0001");
    expect((await kept.read("AAAA0001", "photos", part.read)).call).toBe(3);
    expect((await kept.read("BBBB0002", "photos", part.read)).call).toBe(2);
    notify("BBBB0002");
    expect((await kept.read("BBBB0002", "photos", part.read)).call).toBe(4);
    expect((await kept.read("AAAA0001", "photos", part.read)).call).toBe(3);
  });

  it("drops everything when the database's announcements may have been missed", async () => {
    const { kept, reset } = await followed();
    const part = counted();
    await kept.read("AAAA0001", "photos", part.read);
    await kept.read("BBBB0002", "photos", part.read);
    reset();
    expect(kept.stats().pages).toBe(0);
    await kept.read("AAAA0001", "photos", part.read);
    expect(part.calls()).toBe(3);
  });

  it("keeps nothing before it follows the database's changes, nor after it stops", async () => {
    const kept = createKeptPages();
    const part = counted();
    await kept.read("AAAA0001", "photos", part.read);
    await kept.read("AAAA0001", "photos", part.read);
    expect(part.calls()).toBe(2);
    const stop = await kept.follow(listeningDatabase().database);
    await kept.read("AAAA0001", "photos", part.read);
    await kept.read("AAAA0001", "photos", part.read);
    expect(part.calls()).toBe(3);
    await stop();
    await kept.read("AAAA0001", "photos", part.read);
    expect(part.calls()).toBe(4);
  });

  it("gives those who ask during one read that read; a change meanwhile keeps it from later viewers", async () => {
    const { kept } = await followed();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const slow = async () => {
      calls += 1;
      const call = calls;
      if (call === 1) await gate;
      return { call };
    };
    const first = kept.read("AAAA0001", "view", slow);
    const second = kept.read("AAAA0001", "view", slow);
    kept.invalidate("AAAA0001");
    // Asked after the change: a read of its own, not the one that may predate the change.
    const after = await kept.read("AAAA0001", "view", slow);
    release();
    expect([(await first).call, (await second).call, after.call]).toEqual([1, 1, 2]);
    expect((await kept.read("AAAA0001", "view", slow)).call).toBe(2);
  });

  it("keeps neither a failed read nor a page that is not there", async () => {
    const { kept } = await followed();
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error("the database is away");
    };
    await expect(kept.read("AAAA0001", "view", failing)).rejects.toThrow("away");
    await expect(kept.read("AAAA0001", "view", failing)).rejects.toThrow("away");
    expect(calls).toBe(2);
    const missing = async () => {
      calls += 1;
      return null;
    };
    await kept.read("ZZZZ9999", "view", missing);
    await kept.read("ZZZZ9999", "view", missing);
    expect(calls).toBe(4);
    // Made-up addresses take no room.
    expect(kept.stats().pages).toBe(0);
  });

  it("shares its answers frozen, so no request can change what the next one is given", async () => {
    const { kept } = await followed();
    const part = counted();
    const answer = await kept.read("AAAA0001", "memories", part.read);
    expect(() => {
      (answer.rows as { name: string }[])[0]!.name = "changed";
    }).toThrow(TypeError);
    expect(() => (answer.rows as unknown[]).push({})).toThrow(TypeError);
    expect((await kept.read("AAAA0001", "memories", part.read)).rows).toEqual([{ name: "Astrid" }]);
  });

  it("holds at most maxPages pages, the least recently used going first, and none past its time", async () => {
    let clock = 0;
    const { kept } = await followed({ maxPages: 2, ttlMs: 1000, now: () => clock });
    const part = counted();
    await kept.read("AAAA0001", "view", part.read);
    await kept.read("BBBB0002", "view", part.read);
    await kept.read("AAAA0001", "view", part.read);
    await kept.read("CCCC0003", "view", part.read);
    expect(kept.stats().pages).toBe(2);
    // B was the least recently used: read again; A was kept.
    await kept.read("AAAA0001", "view", part.read);
    expect(part.calls()).toBe(3);
    await kept.read("BBBB0002", "view", part.read);
    expect(part.calls()).toBe(4);
    clock = 1001;
    await kept.read("BBBB0002", "view", part.read);
    expect(part.calls()).toBe(5);
  });
});
