// Database rate limits, on every test database engine.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { describeOnDatabases } from "../../../tests/support/api-fixture";
import { rateLimitCounters } from "../../db/schema";
import { DomainError } from "./errors";
import {
  addressCounted,
  consume,
  countAttempt,
  pruneRateLimits,
  refundAttempts,
  storedKey,
  type Limit,
} from "./rate-limit";

const key = (name: string) => `test:${name}:${randomBytes(4).toString("hex")}`;
const limit = (name: string, max = 10, windowSeconds = 60): Limit => ({ key: key(name), max, windowSeconds });
/** A fixed moment 15 s into a minute, so that no test depends on when it runs. */
const at = (offsetMs = 0) => new Date(Date.UTC(2030, 0, 1, 12, 0, 15) + offsetMs);

async function refusal(work: Promise<void>): Promise<DomainError> {
  const error: unknown = await work.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe("the address a per-address limit counts", () => {
  it("is an IPv4 address as it is, and an IPv6 address's /64 network however it is written", () => {
    expect(addressCounted("203.0.113.9")).toBe("203.0.113.9");
    expect(addressCounted("2001:db8:1:2:a:b:c:d")).toBe("2001:db8:1:2::/64");
    expect(addressCounted("2001:0db8:0001:0002::1")).toBe("2001:db8:1:2::/64");
    expect(addressCounted("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressCounted("::1")).toBe("0:0:0:0::/64");
    expect(addressCounted("2001:db8:1:3::1")).not.toBe(addressCounted("2001:db8:1:2::1"));
  });
});

describeOnDatabases("rate limits", ({ db }) => {
  it("allows max attempts in a window, then refuses with rate_limited and the seconds to wait", async () => {
    const login = limit("max");
    for (let attempt = 0; attempt < 10; attempt++) await consume(db, [login], at(attempt * 100));
    const error = await refusal(consume(db, [login], at(2000)));
    expect(error.code).toBe("rate_limited");
    // 17 s into the minute: 43 s to wait.
    expect(error.retryAfterSeconds).toBe(43);
    // Every further attempt is refused too, and the wait shrinks as the window runs out.
    const later = await refusal(consume(db, [login], at(44_500)));
    expect(later.retryAfterSeconds).toBe(1);
  });

  it("answers a wait of 1 to 60 seconds wherever in the window the refusal falls", async () => {
    for (const offset of [-15_000, -14_999, 0, 30_000, 44_001]) {
      const tight = limit("wait", 1);
      await consume(db, [tight], at(offset));
      const error = await refusal(consume(db, [tight], at(offset)));
      expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(error.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
  });

  it("starts counting afresh in the next window", async () => {
    const login = limit("window");
    for (let attempt = 0; attempt < 10; attempt++) await consume(db, [login], at());
    await refusal(consume(db, [login], at()));
    // 45 s later is the next minute.
    await expect(consume(db, [login], at(45_000))).resolves.toBeUndefined();
  });

  it("keeps limits apart by key", async () => {
    const one = limit("one", 2);
    const other = limit("other", 2);
    await consume(db, [one], at());
    await consume(db, [one], at());
    await refusal(consume(db, [one], at()));
    await expect(consume(db, [other], at())).resolves.toBeUndefined();
  });

  it("counts against every limit given and refuses when any is over, with the longest wait", async () => {
    const account = limit("account", 10);
    const ip = limit("ip", 2);
    const hourly = limit("hourly", 2, 3600);
    await consume(db, [account, ip], at());
    await consume(db, [account, ip], at());
    const error = await refusal(consume(db, [account, ip], at()));
    expect(error.retryAfterSeconds).toBe(45);
    // The refused attempt still counted against the account.
    const [row] = await db
      .select()
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, await storedKey(db, account.key)));
    expect(row?.count).toBe(3);

    await consume(db, [account, hourly], at());
    await consume(db, [account, hourly], at());
    const both = await refusal(consume(db, [ip, hourly], at()));
    // The hour started 15 s ago: 3585 s to wait, more than the minute's 45.
    expect(both.retryAfterSeconds).toBe(3585);
  });

  it("counts every one of many simultaneous attempts: exactly max get through", async () => {
    const burst = limit("burst");
    const results = await Promise.allSettled(Array.from({ length: 15 }, () => consume(db, [burst], at())));
    const allowed = results.filter((result) => result.status === "fulfilled");
    const refused = results.filter((result) => result.status === "rejected");
    expect(allowed).toHaveLength(10);
    expect(refused).toHaveLength(5);
    for (const result of refused) {
      expect(result.reason).toBeInstanceOf(DomainError);
      expect((result.reason as DomainError).code).toBe("rate_limited");
    }
    const [row] = await db
      .select()
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, await storedKey(db, burst.key)));
    expect(row?.count).toBe(15);
  });

  it("prunes counters of windows that ended before the given time", async () => {
    const old = limit("old");
    const recent = limit("recent");
    await consume(db, [old], at(-3600_000));
    await consume(db, [recent], at());
    await pruneRateLimits(db, at(-60_000));
    const keys = (await db.select().from(rateLimitCounters)).map((row) => row.key);
    expect(keys).not.toContain(await storedKey(db, old.key));
    expect(keys).toContain(await storedKey(db, recent.key));
  });

  it("keeps the limit's name readable and whom it counts only as a keyed hash", async () => {
    const subjects = [
      "203.0.113.9",
      "2001:db8::1",
      "Anna.Svensson@example.se",
      "anna@example.se 203.0.113.9",
    ];
    for (const [index, subject] of subjects.entries()) {
      const kind = ["ip", "ip", "account", "pair"][index] ?? "";
      await consume(db, [{ key: `login:${kind}:${subject}`, max: 10, windowSeconds: 60 }], at());
      const stored = await storedKey(db, `login:${kind}:${subject}`);
      expect(stored).toMatch(new RegExp(`^login:${kind}:[A-Za-z0-9_-]{43}$`));
    }
    // A name without a kind: the rest is the subject.
    expect(await storedKey(db, "image-upload:0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0")).toMatch(
      /^image-upload:[A-Za-z0-9_-]{43}$/,
    );
    const keys = JSON.stringify(await db.select({ key: rateLimitCounters.key }).from(rateLimitCounters));
    for (const subject of subjects) expect(keys).not.toContain(subject);
    expect(keys).not.toContain("2001:db8");
    expect(keys).not.toContain("example.se");
    // The same subject is the same counter, in every process (the key is the database's).
    expect(await storedKey(db, "login:ip:203.0.113.9")).toBe(await storedKey(db, "login:ip:203.0.113.9"));
    expect(await storedKey(db, "login:ip:203.0.113.9")).not.toBe(await storedKey(db, "login:ip:203.0.113.8"));
    // An IPv6 client counts by its /64: a new address in it is the same counter, another network is not.
    expect(await storedKey(db, "login:ip:2001:db8:1:2::1")).toBe(
      await storedKey(db, "login:ip:2001:db8:1:2:ffff::9"),
    );
    expect(await storedKey(db, "login:ip:2001:db8:1:2::1")).not.toBe(
      await storedKey(db, "login:ip:2001:db8:1:3::1"),
    );
  });

  it("takes back a refunded attempt in the window it was counted in, never below zero", async () => {
    const tries = limit("refund", 2);
    await countAttempt(db, tries, at());
    const second = await countAttempt(db, tries, at());
    expect(second.count).toBe(2);
    await refundAttempts(db, [second]);
    expect((await countAttempt(db, tries, at())).count).toBe(2);
    // Refunded after its window ended: the next window's count is untouched.
    const next = await countAttempt(db, tries, at(60_000));
    await refundAttempts(db, [second, second, second]);
    expect((await countAttempt(db, tries, at(60_000))).count).toBe(next.count + 1);
    expect((await countAttempt(db, tries, at())).count).toBe(1);
  });
});
