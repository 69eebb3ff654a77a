// A customer's own data (ADR 016), on every database engine: the export ZIP opened and every part
// checked against what was made; deleting the account (by its customer, and by an admin on request):
// sign-in fails, the page says it was removed, the images are gone from the store, the orders stay
// without the erased fields; and who may do which.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { clipKeys } from "../../contract/video-values";
import { eq, or } from "drizzle-orm";
import { unzipSync, strFromU8 } from "fflate";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { accountDeletedSchema } from "../../contract/account";
import { uploadImageResponseSchema } from "../../contract/images";
import {
  albums,
  auditLog,
  invoices,
  orders,
  photos,
  profileImages,
  profiles,
  sessions,
  users,
  videos,
  walkthroughSteps,
} from "../../server/db/schema";
import {
  exportAccountData,
  exportParts,
  deletionAttemptsPerMinute,
  erasedEmail,
} from "../../server/domain/privacy";
import { bookPaymentEvent } from "../../server/domain/billing";
import type { ImageStore } from "../../server/providers/images";
import { createProfiles, imageKeysOf } from "../../server/domain/profiles";
import { awayFromWindowEdge, call, expectError, siteOrigin, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { insertCreditor } from "../support/creditor-row";
import { insertOrder } from "../support/order-row";
import { insertAlbum, insertPhoto } from "../support/photo-rows";

describeOnEngines("a customer's own data", ({ app, db, images, accounts, admin }) => {
  const origin = { ip: null, userAgent: "test" };
  let png: Buffer;
  let creditorId: string;

  beforeAll(async () => {
    png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    creditorId = await insertCreditor(db);
  });

  /** A customer with a claimed page, filled in through the API, an uploaded image, an order and an invoice. */
  async function customerWithEverything() {
    const owner = await accounts.signUp();
    const [row] = await createProfiles(db, { count: 1 }, { id: admin.id, roles: ["admin"] }, origin);
    const id = row?.id as string;
    expect(
      (await call(app, "/api/kammare/own", { bearer: owner.token, json: { owner: owner.id, profileId: id } }))
        .status,
    ).toBe(200);
    const form = new FormData();
    form.append("profileId", id);
    form.append("kind", "portrait");
    form.append("image", new File([new Uint8Array(png)], "portrait.png", { type: "image/png" }));
    const uploaded = await app.request("/api/kammare/images", {
      method: "POST",
      body: form,
      headers: { Authorization: `Bearer ${owner.token}` },
    });
    expect(uploaded.status).toBe(201);
    const { image } = uploadImageResponseSchema.parse(await uploaded.json());
    for (const step of [
      { step: "welcome" },
      { step: "name", displayName: "Greta Holm", subtitle: "1940 – 2025" },
      { step: "story", story: "Greta kept bees." },
      { step: "images", portraitImageUrl: image.url },
    ]) {
      const answer = await call(app, "/api/kammare/walkthrough-steps", {
        bearer: owner.token,
        json: { profileId: id, ...step },
      });
      expect(answer.status).toBe(200);
    }
    const order = await insertOrder(db, { profileId: id, customerUserId: owner.id, method: "invoice" });
    const [invoice] = await db
      .insert(invoices)
      .values({
        creditorId,
        orderId: order.id,
        profileId: id,
        customerUserId: owner.id,
        customerName: "Greta's son",
        customerAddressLines: ["Storgatan 1", "123 45 Ort"],
        customerEmail: owner.email,
        netOre: order.netOre,
        vatOre: order.vatOre,
        totalOre: order.amountOre,
      })
      .returning();
    const album = await insertAlbum(db, id, "Summers");
    const photo = await insertPhoto(
      { db, images },
      { profileId: id, albumId: album.id, caption: "At the lake" },
    );
    // A video link and an uploaded clip (ready: its MP4 in the store).
    const clipId = randomUUID();
    const clip = { key: clipKeys(id, clipId).video, bytes: randomBytes(200_000) };
    await images.put(clip.key, clip.bytes, "video/mp4");
    await db.insert(videos).values([
      {
        profileId: id,
        kind: "link",
        title: "The choir",
        provider: "youtube",
        externalId: "dQw4w9WgXcQ",
        status: "ready",
      },
      { id: clipId, profileId: id, kind: "clip", title: "Midsummer", status: "ready", videoKey: clip.key },
    ]);
    return { owner, id, image, order, invoice: invoice!, album, photo, clip };
  }

  const exportOf = async (token: string) => {
    const response = await call(app, "/api/kammare/account/export", { bearer: token });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="kammare-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const parsed = (name: string): unknown => JSON.parse(strFromU8(files[name] ?? new Uint8Array()));
    return { files, parsed };
  };

  describe("GET /api/kammare/account/export", () => {
    it("hands over every part, checked against what was made, and the image files", async () => {
      const { owner, id, image, order, invoice, album, photo, clip } = await customerWithEverything();
      const response = await app.request("/api/kammare/account/export", {
        headers: { Authorization: `Bearer ${owner.token}`, Cookie: "analytics_consent=granted" },
      });
      expect(response.status).toBe(200);
      const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
      const parsed = (name: string): unknown => JSON.parse(strFromU8(files[name] ?? new Uint8Array()));
      const keys = imageKeysOf(image.variants);
      expect(Object.keys(files).sort()).toEqual(
        // The parts' names come from the server's list; each part is then checked against the rows below.
        [
          "README.txt",
          ...exportParts,
          ...[...keys, photo.originalKey].map((key) => `images/${key}`),
          `videos/${clip.key}`,
        ].sort(),
      );

      expect(parsed("account.json")).toMatchObject({
        id: owner.id,
        email: owner.email,
        roles: ["customer"],
        emailVerifiedAt: null,
        sessions: [expect.objectContaining({ revokedAt: null })],
      });
      const [page] = parsed("profiles.json") as Record<string, unknown>[];
      expect(page).toMatchObject({
        id,
        status: "draft",
        content: {
          displayName: "Greta Holm",
          subtitle: "1940 – 2025",
          story: "Greta kept bees.",
          portraitImageUrl: image.url,
        },
        images: [{ id: image.id, files: keys.map((key) => `images/${key}`) }],
        albums: [
          {
            id: album.id,
            title: "Summers",
            photos: [{ id: photo.id, caption: "At the lake", file: `images/${photo.originalKey}` }],
          },
        ],
      });
      expect((page as { videos: unknown }).videos).toEqual([
        expect.objectContaining({ title: "The choir", link: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }),
        expect.objectContaining({ title: "Midsummer", file: `videos/${clip.key}`, status: "ready" }),
      ]);
      // The clip streamed from the store, byte for byte.
      expect(Buffer.from(files[`videos/${clip.key}`] ?? []).equals(clip.bytes)).toBe(true);
      // The photo as it was uploaded, byte for byte.
      const original = files[`images/${photo.originalKey}`] ?? new Uint8Array();
      expect(createHash("sha256").update(original).digest("hex")).toBe(photo.originalSha256);
      const steps = (page?.walkthrough as { step: string }[]).map((step) => step.step).sort();
      expect(steps).toEqual(["images", "name", "story", "welcome"]);
      expect((page?.statusHistory as { to: string }[]).map((entry) => entry.to)).toEqual([
        "unclaimed",
        "draft",
      ]);
      expect(parsed("orders.json")).toMatchObject([
        { id: order.id, orderNumber: order.orderNumber, amountOre: order.amountOre, subscriptions: [] },
      ]);
      expect(parsed("invoices.json")).toMatchObject([
        { id: invoice.id, customerName: "Greta's son", customerEmail: owner.email, lines: [], payments: [] },
      ]);
      expect(parsed("consents.json")).toEqual({ analyticsOnThisDevice: "granted", extendedTrialTerms: [] });
      const actions = (parsed("audit-log.json") as { action: string }[]).map((entry) => entry.action);
      expect(actions).toEqual(expect.arrayContaining(["signup", "profile.claim"]));
      // The image files are the stored ones, byte for byte.
      for (const key of keys) {
        const stored = await images.get(key);
        expect(Buffer.from(files[`images/${key}`] ?? []).equals(stored?.data ?? Buffer.alloc(0))).toBe(true);
      }
      // The export itself is in the log, so the next one shows it.
      const again = (await exportOf(owner.token)).parsed("audit-log.json") as { action: string }[];
      expect(again.filter((entry) => entry.action === "account.export")).toHaveLength(1);
    });

    it("holds only the asking customer's things; without a session it is refused", async () => {
      const a = await customerWithEverything();
      const b = await accounts.signUp();
      const { files, parsed } = await exportOf(b.token);
      expect(parsed("profiles.json")).toEqual([]);
      expect(parsed("orders.json")).toEqual([]);
      expect(parsed("invoices.json")).toEqual([]);
      expect(Object.keys(files).some((name) => name.startsWith("images/"))).toBe(false);
      const everything = Object.values(files)
        .map((bytes) => strFromU8(bytes))
        .join("\n");
      expect(everything).not.toContain(a.id);
      expect(everything).not.toContain(a.owner.email);
      await expectError(await call(app, "/api/kammare/account/export"), 401, "unauthorized");
    });
  });

  it("reads the image files only as the download takes them: many images never sit in memory at once", async () => {
    const { owner, id, image } = await customerWithEverything();
    // 30 more images of 256 KB each on the page, every one its own file.
    const keys: string[] = [];
    for (let i = 0; i < 30; i++) {
      const key = `${id}/bulk-${i}-large.webp`;
      await images.put(key, randomBytes(256 * 1024), "image/webp");
      keys.push(key);
      await db.insert(profileImages).values({
        profileId: id,
        contentType: "image/webp",
        variants: { large: { url: `/uploads/${key}`, width: 1, height: 1 } },
        bytes: 256 * 1024,
      });
    }
    let read = 0;
    const counting: ImageStore = { ...images, get: (key) => ((read += 1), images.get(key)) };
    const { stream } = await exportAccountData({ db, images: counting }, owner.id, {
      analyticsConsent: null,
      origin,
    });
    const reader = stream.getReader();
    let received = 0;
    // Take the download as far as the first bulk image's bytes.
    while (received < 400 * 1024) {
      const { value, done } = await reader.read();
      if (done) break;
      received += value.byteLength;
    }
    // The stream keeps one chunk ready ahead of the reader, no more: a handful of files read, not all.
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThanOrEqual(7);
    let rest = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      rest += value.byteLength;
    }
    expect(read).toBe(keys.length + imageKeysOf(image.variants).length + 1);
    expect(received + rest).toBeGreaterThan(30 * 256 * 1024);
  });

  describe("POST /api/kammare/account/delete", () => {
    // As the browser does: the session cookie beside the bearer token, so the answer ends both.
    const remove = (account: Account, password: string) =>
      call(app, "/api/kammare/account/delete", {
        bearer: account.token,
        cookie: account.token,
        origin: siteOrigin,
        json: { password },
      });

    it("counts password attempts like a sign-in: the sixth in a minute is refused", async () => {
      const { owner } = await customerWithEverything();
      await awayFromWindowEdge();
      for (let attempt = 0; attempt < deletionAttemptsPerMinute; attempt++) {
        await expectError(await remove(owner, "not-the-password"), 400, "wrong_password", "password");
      }
      await expectError(await remove(owner, owner.password), 429, "rate_limited");
      expect(await accounts.logInStatus(owner.email, owner.password)).toBe(200);
    });

    it("needs the password again, naming the field; a wrong one changes nothing", async () => {
      const { owner, id } = await customerWithEverything();
      await expectError(await remove(owner, "not-the-password"), 400, "wrong_password", "password");
      await expectError(await remove(owner, ""), 400, "invalid_request", "password");
      const [page] = await db.select().from(profiles).where(eq(profiles.id, id));
      expect(page).toMatchObject({ status: "draft", ownerUserId: owner.id });
      expect(await accounts.logInStatus(owner.email, owner.password)).toBe(200);
    });

    it("erases the account: sign-in fails, the page says it was removed, the images are gone, the orders stay", async () => {
      const { owner, id, image, order, invoice, photo } = await customerWithEverything();
      const second = await accounts.logIn(owner.email, owner.password);
      const response = await remove(owner, owner.password);
      expect(response.status).toBe(200);
      expect(accountDeletedSchema.parse(await response.json())).toEqual({
        removedPages: [id],
        keptOrders: 1,
      });
      expect(response.headers.get("set-cookie") ?? "").toMatch(/kammare_session=;/);

      // Every session has ended; nobody signs in again, with the old address or any other.
      expect(await accounts.logInStatus(owner.email, owner.password)).toBe(401);
      for (const token of [owner.token, second.access_token]) {
        await expectError(
          await call(app, "/api/kammare/account/export", { bearer: token }),
          401,
          "unauthorized",
        );
      }
      expect(await db.select().from(sessions).where(eq(sessions.userId, owner.id))).toEqual([]);
      const [user] = await db.select().from(users).where(eq(users.id, owner.id));
      expect(user).toMatchObject({ email: erasedEmail(owner.id), passwordHash: "", roles: [] });
      expect(user?.deletedAt).toBeInstanceOf(Date);

      // The page: removed, empty, its id still taken.
      const [page] = await db.select().from(profiles).where(eq(profiles.id, id));
      expect(page).toMatchObject({ status: "removed", ownerUserId: null, content: {}, metadata: {} });
      expect(await db.select().from(walkthroughSteps).where(eq(walkthroughSteps.profileId, id))).toEqual([]);
      // (What the page then says is the browser test's: tests/e2e/privacy.spec.ts.)

      // The images: no rows, no files.
      expect(await db.select().from(profileImages).where(eq(profileImages.profileId, id))).toEqual([]);
      for (const key of imageKeysOf(image.variants)) expect(await images.get(key)).toBeNull();
      expect((await app.request(image.url)).status).toBe(404);
      // The photos and albums: no rows, none of a photo's files (original and every size).
      expect(await db.select().from(photos).where(eq(photos.profileId, id))).toEqual([]);
      expect(await db.select().from(albums).where(eq(albums.profileId, id))).toEqual([]);
      for (const key of photo.keys) expect(await images.get(key)).toBeNull();

      // Bookkeeping: the order and the invoice stay, the invoice without the e-mail address.
      const [keptOrder] = await db.select().from(orders).where(eq(orders.id, order.id));
      expect(keptOrder).toMatchObject({
        orderNumber: order.orderNumber,
        amountOre: order.amountOre,
        customerUserId: owner.id,
      });
      const [keptInvoice] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
      expect(keptInvoice).toMatchObject({
        customerName: "Greta's son",
        customerAddressLines: ["Storgatan 1", "123 45 Ort"],
        customerEmail: "",
      });

      // The security log records the deletion, and nothing it erased.
      const entries = await db
        .select()
        .from(auditLog)
        .where(or(eq(auditLog.actorUserId, owner.id), eq(auditLog.targetUserId, owner.id)));
      const deletion = entries.find((entry) => entry.action === "account.delete");
      expect(deletion).toMatchObject({
        actorUserId: owner.id,
        details: { by: "self", removedPages: [id], keptOrders: 1 },
      });
      expect(JSON.stringify(entries)).not.toContain(owner.email);
      expect(entries.every((entry) => entry.ip === null && entry.userAgent === null)).toBe(true);
    });
  });

  it("a removed page cannot be claimed, until an admin hands it to a new owner", async () => {
    const { owner, id } = await customerWithEverything();
    const deleted = await call(app, "/api/kammare/account/delete", {
      bearer: owner.token,
      json: { password: owner.password },
    });
    expect(deleted.status).toBe(200);
    const next = await accounts.signUp();
    const claim = () =>
      call(app, "/api/kammare/own", { bearer: next.token, json: { owner: next.id, profileId: id } });
    expect((await claim()).status).toBeGreaterThanOrEqual(400);
    const reopened = await call(app, "/api/admin/profile", {
      method: "PUT",
      bearer: admin.token,
      json: { id, status: "unclaimed", reason: "Plaque passed on to the family" },
    });
    expect(reopened.status).toBe(200);
    expect((await claim()).status).toBe(200);
    const [page] = await db.select().from(profiles).where(eq(profiles.id, id));
    expect(page).toMatchObject({ status: "draft", ownerUserId: next.id, content: {} });
  });

  it("a payment that arrives after the deletion is booked on its order but brings no page back", async () => {
    const { owner, id } = await customerWithEverything();
    const pending = await insertOrder(db, {
      profileId: id,
      customerUserId: owner.id,
      method: "card",
      status: "pending",
    });
    const deleted = await call(app, "/api/kammare/account/delete", {
      bearer: owner.token,
      json: { password: owner.password },
    });
    expect(deleted.status).toBe(200);
    const booking = await bookPaymentEvent(db, {
      provider: "sandbox",
      eventId: `evt_${randomBytes(8).toString("hex")}`,
      type: "payment_succeeded",
      orderNumber: pending.orderNumber,
      providerReference: pending.providerReference,
      providerSubscriptionId: null,
      amountOre: pending.amountOre,
      failureCode: null,
      periodEnd: null,
      occurredAt: new Date().toISOString(),
      raw: {},
    });
    expect(booking).toMatchObject({ booked: true, orderStatus: "paid" });
    const [page] = await db.select().from(profiles).where(eq(profiles.id, id));
    expect(page).toMatchObject({ status: "removed", ownerUserId: null, content: {} });
  });

  describe("POST /api/admin/user/erase", () => {
    const erase = (token: string, userId: string) =>
      call(app, "/api/admin/user/erase", { bearer: token, json: { userId }, origin: siteOrigin });

    it("deletes a customer's account on request, recorded as the admin's", async () => {
      const { owner, id } = await customerWithEverything();
      const response = await erase(admin.token, owner.id);
      expect(response.status).toBe(200);
      expect(accountDeletedSchema.parse(await response.json())).toEqual({
        removedPages: [id],
        keptOrders: 1,
      });
      expect(await accounts.logInStatus(owner.email, owner.password)).toBe(401);
      const [deletion] = await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, "account.delete"))
        .then((rows) => rows.filter((row) => row.targetUserId === owner.id));
      expect(deletion).toMatchObject({ actorUserId: admin.id, details: { by: "admin" } });
      // Once is enough: the account is gone.
      await expectError(await erase(admin.token, owner.id), 404, "not_found", "userId");
    });

    it("is for admins only, never on an admin's own account, and checks the id", async () => {
      const { owner } = await customerWithEverything();
      const other = await accounts.signUp();
      await expectError(await erase(other.token, owner.id), 403, "forbidden");
      await expectError(await erase(admin.token, admin.id), 403, "forbidden", "userId");
      await expectError(await erase(admin.token, "not-a-uuid"), 400, "invalid_request", "userId");
      expect(await accounts.logInStatus(owner.email, owner.password)).toBe(200);
    });
  });
});
