// Password hashing: argon2id with OWASP's minimum costs, computed off the event loop.
import { hashSync } from "@node-rs/argon2";
import { describe, expect, it } from "vitest";
import { medianRatio } from "../../../tests/support/accounts";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "./passwords";

describe("password hashing", () => {
  it("hashes with argon2id, 19 MiB, 2 passes, 1 lane, and a fresh salt each time", async () => {
    const first = await hashPassword("correct horse battery");
    const second = await hashPassword("correct horse battery");
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(first).not.toContain("correct horse battery");
    expect(second).not.toBe(first);
  });

  it("verifies the right password and only it", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(await verifyPassword(hash, "correct horse battery")).toBe(true);
    expect(await verifyPassword(hash, "correct horse batterY")).toBe(false);
    expect(await verifyPassword(hash, "")).toBe(false);
  });

  it("answers false, not an error, for a hash that is not one", async () => {
    expect(await verifyPassword("not a hash", "whatever")).toBe(false);
    expect(await verifyPassword("", "whatever")).toBe(false);
  });

  it("verifyAgainstNothing always answers false", async () => {
    expect(await verifyAgainstNothing("any password")).toBe(false);
    expect(await verifyAgainstNothing("")).toBe(false);
  });

  it("leaves the event loop free while it hashes", async () => {
    // Counts event-loop turns while hashing; the same work done on the main thread (hashSync) is the
    // yardstick, measured in the same run so machine load affects both alike.
    const turnsDuring = async (work: () => Promise<unknown>) => {
      let turns = 0;
      let running = true;
      const spin = () => {
        turns += 1;
        if (running) setImmediate(spin);
      };
      setImmediate(spin);
      await work();
      running = false;
      return turns;
    };
    const passwords = ["one password", "another password", "a third password", "a fourth password"];
    const offThread = await turnsDuring(async () => {
      for (const password of passwords) await hashPassword(password);
    });
    const onThread = await turnsDuring(async () => {
      for (const password of passwords)
        hashSync(password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    });
    expect(offThread).toBeGreaterThan(10 * Math.max(onThread, 1));
  });

  it("takes alike long to refuse a wrong password and to refuse with no account at all", async () => {
    const hash = await hashPassword("the real password");
    await verifyAgainstNothing("warm-up"); // the first call also makes the stand-in hash
    const time = async (work: () => Promise<boolean>) => {
      const started = performance.now();
      expect(await work()).toBe(false);
      return performance.now() - started;
    };
    const ratio = await medianRatio(
      () => time(() => verifyPassword(hash, "a wrong password")),
      () => time(() => verifyAgainstNothing("a wrong password")),
    );
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});
