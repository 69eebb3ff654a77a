// The retention sweep over simulated time (ADR 016): at a chosen `now` it removes exactly what is past
// its period and nothing else, and a second sweep at once removes nothing more; on every engine.
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import {
  auditLog,
  emailVerificationTokens,
  memoryDrafts,
  passwordResetTokens,
  profileImages,
  profiles,
  rateLimitCounters,
  sessions,
  users,
  walkthroughSteps,
} from "../../server/db/schema";
import { sweepRetention, type RetentionPeriods } from "../../server/domain/privacy";
import { createDiskImageStore } from "../../server/providers/images";
import { describeOnDatabases } from "../support/api-fixture";

const day = 24 * 60 * 60 * 1000;
const now = new Date("2027-03-01T12:00:00.000Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const periods: RetentionPeriods = {
  sessionDays: 30,
  linkDays: 7,
  rateLimitHours: 24,
  outboxDays: 30,
  auditDays: 730,
  unusedImageDays: 30,
};
// Just past a period, and just inside it: the sweep must tell them apart.
const past = (days: number) => ago(days * day + 60_000);
const inside = (days: number) => ago(days * day - 60_000);

describeOnDatabases("retention sweep", ({ db }) => {
  it("removes exactly what is past its period, and a second sweep nothing more", async () => {
    const uploads = mkdtempSync(path.join(tmpdir(), "kammare-retention-uploads-"));
    const outbox = mkdtempSync(path.join(tmpdir(), "kammare-retention-outbox-"));
    const images = createDiskImageStore(uploads);
    const [user] = await db
      .insert(users)
      .values({ email: `keep-${randomUUID()}@example.com`, passwordHash: "x" })
      .returning();
    if (!user) throw new Error("no user");
    const session = (values: { expiresAt: Date; revokedAt?: Date }) => ({
      userId: user.id,
      tokenHash: randomUUID(),
      ...values,
    });
    const kept = {
      sessions: await db
        .insert(sessions)
        .values([
          session({ expiresAt: inside(30) }),
          session({ expiresAt: new Date(now.getTime() + day) }),
          session({ expiresAt: new Date(now.getTime() + day), revokedAt: inside(30) }),
        ])
        .returning(),
    };
    await db
      .insert(sessions)
      .values([
        session({ expiresAt: past(30) }),
        session({ expiresAt: new Date(now.getTime() + day), revokedAt: past(30) }),
      ]);
    const link = (values: { expiresAt: Date; usedAt?: Date }) => ({
      tokenHash: randomUUID(),
      userId: user.id,
      ...values,
    });
    await db
      .insert(passwordResetTokens)
      .values([
        link({ expiresAt: past(7) }),
        link({ expiresAt: now, usedAt: past(7) }),
        link({ expiresAt: inside(7) }),
        link({ expiresAt: now, usedAt: inside(7) }),
      ]);
    await db.insert(emailVerificationTokens).values([
      { ...link({ expiresAt: past(7) }), email: user.email },
      { ...link({ expiresAt: inside(7), usedAt: inside(7) }), email: user.email },
    ]);
    await db.insert(rateLimitCounters).values([
      { key: "old", windowStart: ago(24 * 60 * 60 * 1000 + 1000), count: 3 },
      { key: "recent", windowStart: ago(24 * 60 * 60 * 1000 - 1000), count: 3 },
    ]);
    await db.insert(auditLog).values([
      { action: "old", at: past(730), targetUserId: user.id },
      { action: "recent", at: inside(730), targetUserId: user.id },
    ]);

    // Images: one the page shows, one its walkthrough holds, one dropped long ago, one dropped but new.
    const profileId = `RT${randomUUID().slice(0, 6).toUpperCase()}`;
    const image = async (createdAt: Date) => {
      const id = randomUUID();
      const key = `${profileId}/${id}-large.webp`;
      await images.put(key, Buffer.from("webp"), "image/webp");
      await db.insert(profileImages).values({
        id,
        profileId,
        contentType: "image/webp",
        variants: { large: { url: `/uploads/${key}`, width: 1, height: 1 } },
        bytes: 4,
        createdAt,
      });
      return { id, url: `/uploads/${key}`, file: path.join(uploads, key) };
    };
    await db.insert(profiles).values({ id: profileId, status: "draft", ownerUserId: user.id });
    const shown = await image(past(90));
    const inWalkthrough = await image(past(90));
    const dropped = await image(past(30));
    const droppedRecently = await image(inside(30));
    await db.update(profiles).set({ content: { portraitImageUrl: shown.url } });
    await db
      .insert(walkthroughSteps)
      .values({ profileId, step: "images", data: { step: "images", coverImageUrl: inWalkthrough.url } });

    // Named as the outbox names what it sends: the time, then random hex.
    const mail = (sent: Date) =>
      `${sent.toISOString().replaceAll(":", "-")}-${randomBytes(6).toString("hex")}.eml`;
    writeFileSync(path.join(outbox, mail(past(30))), "old");
    const recentMail = mail(inside(30));
    writeFileSync(path.join(outbox, recentMail), "recent");
    writeFileSync(path.join(outbox, "notes.txt"), "not a message of ours");

    // A refused visitor's form kept to be filled in again: an hour, then gone.
    await db.insert(memoryDrafts).values([
      { tokenHash: "old-draft", profileId, fields: { text: "Old." }, createdAt: ago(61 * 60_000) },
      { tokenHash: "new-draft", profileId, fields: { text: "New." }, createdAt: now },
    ]);

    const deps = { db, images, outboxDir: outbox, periods };
    expect(await sweepRetention(deps, now)).toEqual({
      sessions: 2,
      passwordResetLinks: 2,
      verificationLinks: 1,
      rateLimitCounters: 1,
      auditEntries: 1,
      unusedImages: 1,
      outboxFiles: 1,
      memoryDrafts: 1,
    });
    expect(await sweepRetention(deps, now)).toEqual({
      sessions: 0,
      passwordResetLinks: 0,
      verificationLinks: 0,
      rateLimitCounters: 0,
      auditEntries: 0,
      unusedImages: 0,
      outboxFiles: 0,
      memoryDrafts: 0,
    });

    const sessionIds = (await db.select().from(sessions)).map((row) => row.id).sort();
    expect(sessionIds).toEqual(kept.sessions.map((row) => row.id).sort());
    expect((await db.select().from(passwordResetTokens)).length).toBe(2);
    expect((await db.select().from(rateLimitCounters)).map((row) => row.key)).toEqual(["recent"]);
    expect((await db.select().from(auditLog)).map((row) => row.action)).toEqual(["recent"]);
    const imageIds = (await db.select().from(profileImages)).map((row) => row.id).sort();
    expect(imageIds).toEqual([shown.id, inWalkthrough.id, droppedRecently.id].sort());
    expect(existsSync(dropped.file)).toBe(false);
    for (const stays of [shown, inWalkthrough, droppedRecently]) expect(existsSync(stays.file)).toBe(true);
    expect(readdirSync(outbox).sort()).toEqual([recentMail, "notes.txt"].sort());
  });
});
