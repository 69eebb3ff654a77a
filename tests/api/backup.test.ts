// Backups (ADR 030): a site with pages, images, orders, invoices and memories is backed up
// while a writer keeps writing, restored into a fresh data folder or database, opened, and found whole:
// every row acknowledged before the backup and every image byte for byte. A damaged archive and a
// target that is not empty are refused with a message saying what is wrong; scheduled backups keep
// BACKUP_KEEP archives; `npm run backup` and `npm run restore` as an operator runs them.
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { uploadImageResponseSchema } from "../../contract/images";
import { ConfigError, loadConfig } from "../../server/config";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";
import { migrate } from "../../server/db/migrate";
import { candles, invoices, memories, photos, profileImages, videos } from "../../server/db/schema";
import { clipKeys } from "../../contract/video-values";
import { backupCommand, restoreCommand } from "../../server/backup/cli";
import { requestBackup, serveBackupRequests } from "../../server/backup/control";
import { backupDir, createBackup, listBackups, type BackupDeps } from "../../server/backup/create";
import { scheduledBackup } from "../../server/backup/schedule";
import { createLogger } from "../../server/logger";
import { createDiskImageStore } from "../../server/providers/images";
import { describeOnEngines } from "../support/api-fixture";
import { runBackupScript, useBackupScratch } from "../support/backup-targets";
import type { Account } from "../support/accounts";
import { insertCreditor } from "../support/creditor-row";
import { namedDraft } from "../support/named-draft";
import { insertOrder } from "../support/order-row";
import { insertAlbum, insertPhoto, type PhotoRow } from "../support/photo-rows";
import { paidAtOnce } from "../support/subscribed-page";
import { createTestApp } from "../support/test-app";

const silent = createLogger("silent");
const { temporaryDir, emptyServerDatabase } = useBackupScratch();

/** Every row of every table of the public schema, as JSON text, by table. */
async function allRows(handle: DatabaseHandle): Promise<Map<string, Set<string>>> {
  return handle.withConnection(async (connection) => {
    const tables = await connection.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
    );
    const rows = new Map<string, Set<string>>();
    for (const { name } of tables) {
      const found = await connection.query<{ row: string }>(
        `select row_to_json(t)::text as row from public."${name}" t`,
      );
      rows.set(name, new Set(found.map((row) => row.row)));
    }
    return rows;
  });
}

async function photo(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 700, channels: 3, background: { r: seed, g: 80, b: 160 } } })
    .composite([
      { input: randomBytes(200 * 200 * 3), raw: { width: 200, height: 200, channels: 3 }, left: 40, top: 40 },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
}

describe("backup settings", () => {
  it("default to DATA_DIR/backups, seven kept, none scheduled; a wrong value names its setting", () => {
    const config = loadConfig({ DATA_DIR: "/srv/kammare" });
    expect(backupDir(config)).toBe(path.resolve("/srv/kammare/backups"));
    expect(config.BACKUP_KEEP).toBe(7);
    expect(config.BACKUP_EVERY_HOURS).toBeUndefined();
    expect(backupDir(loadConfig({ BACKUP_DIR: "/mnt/backups" }))).toBe("/mnt/backups");
    expect(() => loadConfig({ BACKUP_EVERY_HOURS: "0" })).toThrow(ConfigError);
    expect(() => loadConfig({ BACKUP_KEEP: "none" })).toThrow(/BACKUP_KEEP/);
  });

  it("npm run backup says when there is no database to back up", async () => {
    const empty = await temporaryDir("no-site");
    const result = await backupCommand({ DATA_DIR: empty, PORT: "3793" });
    expect(result).toMatchObject({ code: 1, out: [] });
    expect(result.err.join("\n")).toMatch(/^No database in \S+ yet: nothing to back up\.$/);
  });
});

describeOnEngines("backups", (fixture) => {
  const { app, db, handle, images, engine } = fixture;
  let owner: Account;
  let pageId: string;
  let config: BackupDeps["config"];
  let deps: BackupDeps;
  let before: Map<string, Set<string>>;
  let archive: string;
  let takenAfterAcknowledged: number;
  let acknowledgedByTheEnd: number;
  let attempted: number;
  let backedUpPhoto: PhotoRow;
  let backedUpClip: string[];

  beforeAll(async () => {
    // Pages: two drafts of one owner, one paid by card (an order, its subscription and payment event).
    ({ id: pageId, owner } = await namedDraft(fixture));
    const second = await namedDraft(fixture, owner);
    await paidAtOnce(fixture);
    // Images, uploaded as an owner does (every variant goes to the store).
    for (const [index, id] of [pageId, pageId, second.id].entries()) {
      const form = new FormData();
      form.append("profileId", id);
      form.append("kind", index === 0 ? "portrait" : "cover");
      form.append(
        "image",
        new File([new Uint8Array(await photo(index * 60))], "photo.jpg", { type: "image/jpeg" }),
      );
      const response = await app.request("/api/kammare/images", {
        method: "POST",
        body: form,
        headers: { Authorization: `Bearer ${owner.token}` },
      });
      expect(response.status, await response.clone().text()).toBe(201);
      uploadImageResponseSchema.parse(await response.json());
    }
    // A photo in an album: its original and every size.
    backedUpPhoto = await insertPhoto(
      { db, images },
      { profileId: pageId, albumId: (await insertAlbum(db, pageId)).id },
    );
    // An uploaded video clip, converted: its MP4 and its poster frame.
    const clipId = randomUUID();
    const keys = clipKeys(pageId, clipId);
    backedUpClip = [keys.video, keys.poster];
    await images.put(keys.video, randomBytes(50_000), "video/mp4");
    await images.put(keys.poster, await photo(30), "image/jpeg");
    await db.insert(videos).values({
      id: clipId,
      profileId: pageId,
      kind: "clip",
      title: "Midsummer",
      status: "ready",
      videoKey: keys.video,
      posterKey: keys.poster,
    });
    // An invoice of an order paid by invoice.
    const order = await insertOrder(db, {
      profileId: second.id,
      customerUserId: owner.id,
      method: "invoice",
    });
    await db.insert(invoices).values({
      creditorId: await insertCreditor(db),
      orderId: order.id,
      profileId: second.id,
      customerUserId: owner.id,
      customerName: "Astrid Andersson",
      customerAddressLines: ["Storgatan 1", "123 45 Ort"],
      customerEmail: owner.email,
      netOre: order.netOre,
      vatOre: order.vatOre,
      totalOre: order.amountOre,
    });
    // Memories and a candle.
    await db.insert(memories).values([
      { profileId: pageId, writerName: "Karin", body: "Hon skrattade alltid först.", state: "shown" },
      {
        profileId: pageId,
        writerName: "Olle",
        body: "Vi saknar dig.",
        state: "pending",
        writerEmail: "olle@example.com",
      },
    ]);
    await db.insert(candles).values({ profileId: pageId, name: "Lisa" });
    await fixture.settled();

    const dataDir = await temporaryDir("backup-site");
    config = {
      DATA_DIR: dataDir,
      BACKUP_DIR: path.join(dataDir, "backups"),
      DATABASE_URL: engine.name === "postgresql" ? fixture.url() : undefined,
    };
    deps = { config, database: handle, images };
    before = await allRows(handle);

    // A writer keeps lighting candles, one after the other, while the backup is taken.
    const acknowledged: number[] = [];
    let writing = true;
    attempted = 0;
    const writer = (async () => {
      while (writing) {
        const n = (attempted += 1);
        await db.insert(candles).values({ profileId: pageId, name: `writer ${n}` });
        acknowledged.push(n);
      }
    })();
    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 5));
    takenAfterAcknowledged = acknowledged.length;
    archive = (await createBackup(deps)).file;
    acknowledgedByTheEnd = acknowledged.length;
    writing = false;
    await writer;
  }, 60_000);

  /** A fresh target: an empty data folder, or an empty database on the server. */
  async function freshTarget(name: string) {
    const dataDir = await temporaryDir(name);
    const url =
      engine.name === "postgresql"
        ? await emptyServerDatabase(process.env.TEST_DATABASE_URL as string)
        : undefined;
    const env: Record<string, string> = { DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) };
    return { dataDir, url, env, images: createDiskImageStore(path.join(dataDir, "uploads")) };
  }

  let restoredTarget: Awaited<ReturnType<typeof freshTarget>>;

  it("restores into a fresh target every row acknowledged before the backup and every image byte for byte", async () => {
    expect(path.dirname(archive)).toBe(path.resolve(config.BACKUP_DIR as string));
    // The writer went on while the backup was taken.
    expect(acknowledgedByTheEnd).toBeGreaterThan(takenAfterAcknowledged);

    restoredTarget = await freshTarget("restored");
    const result = await restoreCommand(restoredTarget.env, [archive]);
    expect(result.err).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.out.join("\n")).toMatch(/every file matched its checksum and every table its count/);

    // It starts: the schema is current (nothing to migrate), and the app serves from it.
    const restored = await openDatabase(
      restoredTarget.url ? { url: restoredTarget.url } : { dataDir: restoredTarget.dataDir },
    );
    try {
      expect(await migrate(restored)).toEqual([]);
      const after = await allRows(restored);
      for (const [table, rows] of before) {
        const missing = [...rows].filter((row) => !after.get(table)?.has(row));
        expect(missing, `rows of ${table} missing after the restore`).toEqual([]);
      }
      // The writer's candles: exactly 1..k, with k at least every candle acknowledged before the backup
      // began and at most those attempted by its end (one moment, no gaps).
      const written = (await restored.db.select({ name: candles.name }).from(candles))
        .map((row) => /^writer (\d+)$/.exec(row.name ?? "")?.[1])
        .filter((n): n is string => n !== undefined)
        .map(Number)
        .sort((a, b) => a - b);
      expect(written.length).toBeGreaterThanOrEqual(takenAfterAcknowledged);
      expect(written.length).toBeLessThanOrEqual(attempted);
      expect(written).toEqual(Array.from({ length: written.length }, (_, index) => index + 1));

      const restoredApp = createTestApp(restored, undefined, { images: restoredTarget.images }).app;
      const rows = await restored.db.select({ variants: profileImages.variants }).from(profileImages);
      expect(rows.length).toBe(3);
      const keys = rows.flatMap((row) =>
        Object.values(row.variants).map((variant) => variant.url.slice("/uploads/".length)),
      );
      expect(keys.length).toBeGreaterThanOrEqual(6);
      for (const key of keys) {
        const original = (await images.get(key))?.data;
        expect(original, key).toBeDefined();
        const served = await restoredApp.request(`/uploads/${key}`);
        expect(served.status).toBe(200);
        expect(Buffer.from(await served.arrayBuffer()).equals(original as Buffer), key).toBe(true);
      }
      // The photo's files came back with its row, byte for byte.
      expect(await restored.db.select({ id: photos.id }).from(photos)).toEqual([{ id: backedUpPhoto.id }]);
      for (const key of [...backedUpPhoto.keys, ...backedUpClip]) {
        const restoredFile = (await restoredTarget.images.get(key))?.data;
        expect(restoredFile, key).toBeDefined();
        expect(restoredFile?.equals((await images.get(key))?.data ?? Buffer.alloc(0)), key).toBe(true);
      }
    } finally {
      await restored.close();
    }
  }, 60_000);

  it("refuses a damaged archive, naming what is wrong, and leaves the target untouched", async () => {
    const bytes = await readFile(archive);
    const [row] = await db.select({ variants: profileImages.variants }).from(profileImages);
    const [variant] = Object.values(row?.variants ?? {}).sort((a, b) => b.width - a.width);
    const image = (await images.get(variant?.url.slice("/uploads/".length) ?? ""))?.data;
    const target = await freshTarget("damaged");
    const damaged = path.join(await temporaryDir("damaged-archive"), "damaged.tar");

    // One byte of an image changed.
    expect(image).toBeDefined();
    const at = bytes.indexOf((image as Buffer).subarray(0, 256));
    expect(at).toBeGreaterThan(0);
    const flipped = Buffer.from(bytes);
    flipped[at + 200] = (flipped[at + 200] ?? 0) ^ 0xff;
    await writeFile(damaged, flipped);
    let result = await restoreCommand(target.env, [damaged]);
    expect(result.code).toBe(1);
    expect(result.err.join("\n")).toMatch(
      /damaged and was not restored:\n {2}- images\/\S+\.webp does not match its checksum/,
    );

    // Cut off half way.
    await writeFile(damaged, bytes.subarray(0, Math.floor(bytes.length / 2)));
    result = await restoreCommand(target.env, [damaged]);
    expect(result.code).toBe(1);
    expect(result.err.join("\n")).toMatch(/ends early/);

    // A header changed.
    const header = Buffer.from(bytes);
    header[3] = (header[3] ?? 0) ^ 0x01;
    await writeFile(damaged, header);
    result = await restoreCommand(target.env, [damaged]);
    expect(result.code).toBe(1);
    expect(result.err.join("\n")).toMatch(/damaged at byte 0: an entry's header fails its checksum/);

    // Nothing was written to the target.
    expect(existsSync(path.join(target.dataDir, "pglite"))).toBe(false);
    expect(existsSync(path.join(target.dataDir, "uploads"))).toBe(false);
    if (target.url) {
      const check = await openDatabase({ url: target.url });
      const tables = await check.withConnection((c) =>
        c.query("select tablename from pg_tables where schemaname = 'public'"),
      );
      await check.close();
      expect(tables).toEqual([]);
    }
  }, 60_000);

  it("refuses a target that is not empty", async () => {
    const result = await restoreCommand(restoredTarget.env, [archive]);
    expect(result.code).toBe(1);
    expect(result.err.join("\n")).toMatch(
      engine.name === "postgresql"
        ? /The database postgres:\/\/\S+ is not empty \(it has public\.\S+.*restored only into an empty database/
        : /already has a database .*restored only into an empty data folder/,
    );
  }, 30_000);

  it("scheduled backups keep the newest BACKUP_KEEP archives, and skip a round when one is recent", async () => {
    const dir = await temporaryDir("scheduled");
    const scheduled = {
      ...deps,
      logger: silent,
      config: { ...config, BACKUP_DIR: dir, BACKUP_EVERY_HOURS: 1, BACKUP_KEEP: 2 },
    };
    const written: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      const file = await scheduledBackup(scheduled, 1);
      expect(file).not.toBeNull();
      written.push(file as string);
      // Names carry the time to the millisecond.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await listBackups(dir)).toEqual([written[2], written[1]]);
    expect((await readdir(dir)).filter((name) => name.endsWith(".tar")).length).toBe(2);
    // Within most of an hour of the newest one (another process's, say), a round takes none.
    expect(await scheduledBackup(scheduled, 60 * 60 * 1000)).toBeNull();
  }, 60_000);

  if (engine.name === "pglite") {
    it("npm run backup asks the running site (embedded), which takes it between its statements", async () => {
      const socket = path.join(await temporaryDir("socket"), "backup.sock");
      const control = await serveBackupRequests({ ...deps, logger: silent }, socket);
      try {
        const answer = await requestBackup(socket);
        expect(answer).toMatchObject({ ok: true, images: expect.any(Number) });
        if (!answer?.ok) throw new Error("no backup");
        expect(existsSync(answer.file)).toBe(true);
        expect(answer.file.startsWith(path.resolve(config.BACKUP_DIR as string))).toBe(true);
      } finally {
        await control.close();
      }
      // Nobody listens any more: the command would open the folder itself.
      expect(await requestBackup(socket)).toBeNull();
    }, 30_000);
  }

  it("npm run backup and npm run restore, as the operator runs them", async () => {
    // A site's data folder (embedded) or its database (server), not running: the backup above, restored.
    const site = await freshTarget("cli-site");
    expect((await restoreCommand(site.env, [archive])).code).toBe(0);
    const backup = await runBackupScript(["backup"], site.env);
    expect(backup.err).toBe("");
    expect(backup.code).toBe(0);
    const lines = backup.out.trim().split("\n");
    const file = lines.at(-1) as string;
    expect(file).toMatch(/kammare-backup-\d{8}T\d{9}Z\.tar$/);
    expect(path.dirname(file)).toBe(path.join(site.dataDir, "backups"));
    expect(existsSync(file)).toBe(true);

    const target = await freshTarget("cli-target");
    const restore = await runBackupScript(["restore", file], target.env);
    expect(restore.code).toBe(0);
    expect(restore.out).toMatch(/Restored the backup taken at/);
    const damaged = `${file}.damaged`;
    await writeFile(damaged, (await readFile(file)).subarray(0, 2048));
    const refused = await runBackupScript(["restore", damaged], (await freshTarget("cli-refused")).env);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/was not restored: The archive ends early/);
  }, 90_000);
});
