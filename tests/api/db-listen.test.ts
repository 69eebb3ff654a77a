// DatabaseHandle.listen on every engine: a change of a profile, made by another connection (another
// handle on PostgreSQL), arrives as its id on `profile_changed` at commit and not before; on
// PostgreSQL the listening connection comes back after it is killed and tells its subscribers to reset.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { profiles } from "../../server/db/schema";
import { describeOnDatabases } from "../support/api-fixture";
import { postgresqlOnly } from "../support/databases";
import { sleep } from "../support/accounts";

/** Waits until `check` holds, polling; fails after `timeoutMs`. */
async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await sleep(10);
  }
}

let serial = 0;
/** A fresh profile id (8 characters of the profile alphabet), unique within the run. */
function nextId(prefix: string): string {
  serial += 1;
  return `${prefix}${String(serial).padStart(8 - prefix.length, "0")}`;
}

// Changes are made through `writer`: another handle on the same server, or PGlite's only one.
describeOnDatabases("listen", { other: true }, ({ engine, handle, other: writer, connect }) => {
  async function addProfile(prefix: string): Promise<string> {
    const id = nextId(prefix);
    await writer.db.insert(profiles).values({ id });
    return id;
  }

  it("an UPDATE of a profile delivers its id; an INSERT does not", async () => {
    const received: string[] = [];
    const unlisten = await handle.listen("profile_changed", (id) => received.push(id));
    try {
      const id = await addProfile("AP");
      await writer.db.update(profiles).set({ status: "draft" }).where(eq(profiles.id, id));
      await until(() => received.includes(id));
      expect(received).toEqual([id]);
    } finally {
      await unlisten();
    }
  });

  it("a DELETE delivers the id", async () => {
    const id = await addProfile("DE");
    const received: string[] = [];
    const unlisten = await handle.listen("profile_changed", (payload) => received.push(payload));
    try {
      await writer.db.delete(profiles).where(eq(profiles.id, id));
      await until(() => received.includes(id));
      expect(received).toEqual([id]);
    } finally {
      await unlisten();
    }
  });

  it("nothing arrives before the commit, and nothing from a rolled-back change", async () => {
    const id = await addProfile("TX");
    const other = await addProfile("RB");
    const received: string[] = [];
    const unlisten = await handle.listen("profile_changed", (payload) => received.push(payload));
    try {
      await writer.db.transaction(async (tx) => {
        await tx.update(profiles).set({ status: "trial" }).where(eq(profiles.id, id));
        await sleep(300);
        expect(received).toEqual([]);
      });
      await until(() => received.includes(id));

      await expect(
        writer.db.transaction(async (tx) => {
          await tx.update(profiles).set({ status: "trial" }).where(eq(profiles.id, other));
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      await writer.db.update(profiles).set({ status: "active" }).where(eq(profiles.id, id));
      await until(() => received.length === 2);
      expect(received).toEqual([id, id]);
    } finally {
      await unlisten();
    }
  });

  it("every subscriber hears it; after unlisten, that one does not", async () => {
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = await handle.listen("profile_changed", (payload) => first.push(payload));
    const stopSecond = await handle.listen("profile_changed", (payload) => second.push(payload));
    try {
      const id = await addProfile("TW");
      await writer.db.update(profiles).set({ status: "draft" }).where(eq(profiles.id, id));
      await until(() => first.includes(id) && second.includes(id));
      await stopFirst();
      await writer.db.update(profiles).set({ status: "trial" }).where(eq(profiles.id, id));
      await until(() => second.length === 2);
      await sleep(100);
      expect(first).toEqual([id]);
      expect(second).toEqual([id, id]);
    } finally {
      await stopFirst();
      await stopSecond();
    }
  });

  it("refuses a channel name that is not a plain identifier", async () => {
    await expect(handle.listen("profile_changed; drop table users", () => {})).rejects.toThrow(/channel/);
    await expect(handle.listen("Profile", () => {})).rejects.toThrow(/channel/);
  });

  postgresqlOnly(engine)(
    "a killed listening connection comes back, resets its subscribers and hears again",
    async () => {
      const received: string[] = [];
      let resets = 0;
      const errors: Error[] = [];
      const unlisten = await handle.listen("profile_changed", (payload) => received.push(payload), {
        onReset: () => (resets += 1),
        onError: (error) => errors.push(error),
      });
      const listeners = () =>
        writer.withConnection((connection) =>
          connection.query<{ pid: number }>(
            "select pid from pg_stat_activity where datname = current_database() and query ilike 'listen %'",
          ),
        );
      try {
        const [backend] = await listeners();
        expect(backend).toBeDefined();
        await writer.withConnection((connection) =>
          connection.query("select pg_terminate_backend($1)", [backend?.pid]),
        );
        // Once when lost, once when back.
        await until(() => resets >= 2, 15_000);
        expect(errors.length).toBeGreaterThan(0);
        const id = await addProfile("RC");
        await writer.db.update(profiles).set({ status: "draft" }).where(eq(profiles.id, id));
        await until(() => received.includes(id));
        expect(received).toEqual([id]);
      } finally {
        await unlisten();
      }
    },
  );

  postgresqlOnly(engine)("close() ends the listening connection", async () => {
    const own = await connect();
    await own.listen("own_channel_for_close", () => {});
    const count = () =>
      writer.withConnection(async (connection) => {
        const [row] = await connection.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen own_channel_for_close%'",
        );
        return row?.n ?? 0;
      });
    expect(await count()).toBe(1);
    await own.close();
    for (let tries = 0; tries < 50 && (await count()) > 0; tries++) await sleep(20);
    expect(await count()).toBe(0);
    await expect(own.listen("profile_changed", () => {})).rejects.toThrow(/closed/);
  });
});
