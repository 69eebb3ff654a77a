// The owner's e-mails about memories (ADR 026), on every engine: the first memory is told at once and
// once, later ones in a digest at most once a day and only when some came, in the owner's language;
// two sweeps at once send a digest once. And a removed account's pages lose their memories and candles.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { users, memories, candles } from "../../server/db/schema";
import {
  sendMemoryDigests,
  tellOwnerOfFirstMemory,
  writeMemory,
  lightCandle,
  issueFormToken,
} from "../../server/domain/memories";
import { adminEraseAccount } from "../../server/domain/privacy";
import { createOutboxSender, readOutbox } from "../../server/providers/email";
import { describeOnEngines } from "../support/api-fixture";
import { ownedPageWith } from "../support/named-draft";

const dayMs = 24 * 60 * 60 * 1000;
const publicUrl = "http://localhost:3000";
const livePage = { status: "trial" as const, content: { displayName: "Anna Andersson", story: "A life." } };

describeOnEngines("memories: the owner's e-mails and erasure", ({ db, images, accounts, admin, mailbox }) => {
  const outbox = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "kammare-memories-"));
    return {
      sender: createOutboxSender({ dir, from: "Kammare <no-reply@localhost>" }),
      read: () => readOutbox(dir),
    };
  };
  let visitor = 0;
  const write = async (profileId: string, now: Date) =>
    writeMemory(
      db,
      {
        profileId,
        name: "Karin",
        relation: null,
        text: `Memory ${visitor}`,
        email: null,
        website: "",
        formToken: await issueFormToken(db, profileId, new Date(now.getTime() - 10_000)),
      },
      { ip: `203.0.113.${(visitor++ % 250) + 1}`, now },
    );

  it("tells the owner of the first memory once, then a daily digest only when memories came", async () => {
    const { id, owner } = await ownedPageWith({ db, accounts, admin }, livePage);
    await db.update(users).set({ locale: "sv-SE" }).where(eq(users.id, owner.id));
    const mail = outbox();
    const start = new Date();
    await write(id, start);
    // Kept, the memory is told to the owner by the app's dispatcher (memory.written, ADR 033), once.
    const told = (await mailbox()).filter((mail) => mail.to === owner.email);
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toBe("Ett första minne på Anna Anderssons sida");
    expect(told[0]?.text).toContain(`${publicUrl}/k/${id}/memories`);
    expect(await tellOwnerOfFirstMemory(db, mail.sender, { profileId: id, publicUrl, now: start })).toBe(
      false,
    );
    // A minute later, after the first e-mail: this one waits for the digest.
    const minuteLater = new Date(start.getTime() + 60_000);
    await write(id, minuteLater);
    const again = await tellOwnerOfFirstMemory(db, mail.sender, {
      profileId: id,
      publicUrl,
      now: minuteLater,
    });
    expect(again).toBe(false);
    expect(await mail.read()).toHaveLength(0);

    // Within a day: nothing, though a memory came.
    const later = new Date(start.getTime() + 2 * 60 * 60 * 1000);
    await write(id, later);
    expect(await sendMemoryDigests(db, mail.sender, { publicUrl, now: later })).not.toContain(id);
    // A day after the first e-mail: one digest of what came since (two memories, both waiting).
    // (The first e-mail went a moment after `start`, at the clock's now.)
    const nextDay = new Date(start.getTime() + dayMs + 30_000);
    const [first, second] = await Promise.all([
      sendMemoryDigests(db, mail.sender, { publicUrl, now: nextDay }),
      sendMemoryDigests(db, mail.sender, { publicUrl, now: nextDay }),
    ]);
    expect([...(first ?? []), ...(second ?? [])].filter((page) => page === id)).toEqual([id]);
    const sent = await mail.read();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe(owner.email);
    expect(sent[0]?.subject).toBe("Nya minnen på Anna Anderssons sida");
    expect(sent[0]?.text).toContain("2 nya minnen");
    // Another day without memories: no digest.
    const dayAfter = new Date(nextDay.getTime() + dayMs + 1000);
    expect(await sendMemoryDigests(db, mail.sender, { publicUrl, now: dayAfter })).not.toContain(id);
    expect(await mail.read()).toHaveLength(1);
  });

  it("deleting the owner's account takes the pages' memories and candles with it", async () => {
    const { id, owner } = await ownedPageWith({ db, accounts, admin }, livePage);
    const now = new Date();
    await write(id, now);
    await lightCandle(
      db,
      {
        profileId: id,
        name: "Erik",
        website: "",
        formToken: await issueFormToken(db, id, new Date(now.getTime() - 10_000)),
      },
      { ip: "203.0.113.251", now },
    );
    await adminEraseAccount({ db, images }, { id: admin.id, roles: ["admin", "customer"] }, owner.id, {
      ip: null,
      userAgent: "test",
    });
    expect(await db.select().from(memories).where(eq(memories.profileId, id))).toEqual([]);
    expect(await db.select().from(candles).where(eq(candles.profileId, id))).toEqual([]);
  });
});
