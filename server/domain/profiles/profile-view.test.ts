// profileView reads a profile and its walkthrough in one statement; it must answer exactly what the
// profile's other readers (toView, after each change) answer: same steps, order and times.
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "../../../tests/support/databases";
import type { Database } from "../../db/client";
import { migrate } from "../../db/migrate";
import { profiles, users, walkthroughSteps } from "../../db/schema";
import { profileView } from "./profile-view";

describe.each(testEngines())("profileView on $name", (engine) => {
  let created: Awaited<ReturnType<typeof engine.create>>;
  let db: Database;

  beforeAll(async () => {
    created = await engine.create();
    await migrate(created.handle);
    db = created.handle.db;
  });
  afterAll(async () => {
    await created?.drop();
  });

  it("answers null for a profile that does not exist", async () => {
    expect(await profileView(db, "NOSUCH00")).toBeNull();
  });

  it("has no steps for a profile without any", async () => {
    await db.insert(profiles).values({ id: "VIEW0001", status: "unclaimed", content: {}, metadata: {} });
    const view = await profileView(db, "VIEW0001");
    expect(view?.walkthrough).toEqual([]);
    expect(view?.content.displayName).toBe("");
  });

  it("gives the steps in walkthrough order with their times to the millisecond", async () => {
    const [owner] = await db
      .insert(users)
      .values({ email: "view-owner@example.com", passwordHash: "x", roles: ["customer"] })
      .returning();
    await db.insert(profiles).values({
      id: "VIEW0002",
      status: "draft",
      ownerUserId: owner?.id,
      content: { displayName: "Greta" },
      metadata: {},
    });
    // Microseconds, which a JavaScript date does not keep: they are cut off, never rounded up.
    await created.handle.withConnection((connection) =>
      connection.query(
        `insert into walkthrough_steps (profile_id, step, data, completed_at) values
         ('VIEW0002', 'story', '{}', '2030-01-02T03:04:05.678999Z'),
         ('VIEW0002', 'welcome', '{}', '2030-01-01T00:00:00.000001Z')`,
      ),
    );
    const view = await profileView(db, "VIEW0002");
    expect(view?.walkthrough).toEqual([
      { step: "welcome", completedAt: "2030-01-01T00:00:00.000Z" },
      { step: "story", completedAt: "2030-01-02T03:04:05.678Z" },
    ]);
    // The same times as the steps read on their own (how the other readers see them).
    const rows = await db
      .select({ step: walkthroughSteps.step, completedAt: walkthroughSteps.completedAt })
      .from(walkthroughSteps)
      .where(eq(walkthroughSteps.profileId, "VIEW0002"))
      .orderBy(asc(walkthroughSteps.completedAt));
    expect(view?.walkthrough).toEqual(
      rows.map((row) => ({ step: row.step, completedAt: row.completedAt.toISOString() })),
    );
    expect(view?.content.displayName).toBe("Greta");
    expect(view?.ownerUserId).toBe(owner?.id);
  });
});
