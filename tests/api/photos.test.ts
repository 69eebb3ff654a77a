// A family's photo uploads: POST /api/kammare/photos (what is made and stored, what is refused, the
// page's limit, the default album in the uploader's language), who may (owner, editors, admins; not
// other customers, partners or anonymous), and originals never served from /uploads. On every engine.
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, expect, it } from "vitest";
import { photoSizeKey } from "../../contract/photo-values";
import { loadConfig } from "../../server/config";
import { albums, memories, photos, rateLimitCounters } from "../../server/db/schema";
import { countAttempt } from "../../server/domain/core/rate-limit";
import { deletePhotos, photoUploadLimit } from "../../server/domain/pictures";
import { newProfileId } from "../../server/domain/profiles";
import { admitPhotoUpload, photoUploadsAdmitted } from "../../server/providers/images/photos";
import { awayFromWindowEdge, expectError, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { makeFixtures, type Fixtures } from "../support/image-fixtures";
import { addEditor, albumsOf, ask, newPage, uploaded, uploadPhoto } from "../support/photos";

const MB = 1024 * 1024;
const photosPerPage = 3;
const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

let fixtures: Fixtures;
beforeAll(async () => {
  fixtures = await makeFixtures();
});

const config = loadConfig({
  NODE_ENV: "test",
  PUBLIC_URL: "http://localhost:3000",
  PHOTOS_PER_PAGE: String(photosPerPage),
});

describeOnEngines("photo uploads", { app: { config } }, ({ app, db, images, accounts, admin }) => {
  let owner: Account;
  let editor: Account;
  let stranger: Account;
  let partner: Account;

  beforeAll(async () => {
    owner = await accounts.signUp();
    editor = await accounts.signUp();
    stranger = await accounts.signUp();
    partner = await accounts.signUp({ roles: ["partner"] });
  });

  it("makes each width up to the upright photo as AVIF and WebP, upright and stripped, and keeps the original", async () => {
    const profileId = await newPage(db, owner.id);
    const photo = await uploaded(app, owner, { profileId, image: fixtures.rotatedJpeg, language: "en-US" });
    // 2000 × 1500 stored sideways (orientation 6): upright it is 1500 wide, 2000 high.
    expect(photo).toMatchObject({ width: 1500, height: 2000, caption: "", taken: null, position: 0 });
    expect(photo.sizes).toEqual([
      { width: 320, height: 427 },
      { width: 640, height: 853 },
      { width: 1280, height: 1707 },
    ]);
    for (const size of photo.sizes) {
      for (const format of ["avif", "webp"] as const) {
        const key = photoSizeKey(profileId, photo.id, size.width, format);
        const file = await images.get(key);
        expect(file, key).not.toBeNull();
        const data = (file as NonNullable<typeof file>).data;
        const metadata = await sharp(data).metadata();
        expect(metadata.format).toBe(format === "avif" ? "heif" : "webp");
        expect([metadata.width, metadata.height]).toEqual([size.width, size.height]);
        expect(metadata.exif).toBeUndefined();
        expect(metadata.orientation ?? 1).toBe(1);
        expect(data.includes("KammareTestCam")).toBe(false);
        expect(data.includes("Secret Owner Name")).toBe(false);
        // Upright: the stored left half (red) is on top, the right half (blue) below.
        const { data: pixels, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
        const at = (y: number) => (y * info.width + Math.floor(info.width / 2)) * info.channels;
        const top = at(Math.floor(info.height / 8));
        const bottom = at(Math.floor((info.height * 7) / 8));
        expect((pixels[top] ?? 0) > 180 && (pixels[top + 2] ?? 255) < 80).toBe(true);
        expect((pixels[bottom + 2] ?? 0) > 180 && (pixels[bottom] ?? 255) < 80).toBe(true);
        const served = await app.request(`/uploads/${key}`);
        expect(served.status).toBe(200);
      }
    }
    const [row] = await db.select().from(photos).where(eq(photos.id, photo.id));
    expect(row).toMatchObject({
      profileId,
      uploadedBy: owner.id,
      originalType: "image/jpeg",
      state: "shown",
    });
    expect(row?.originalKey).toBe(`${profileId}/photos/${photo.id}/original.jpg`);
    const original = await images.get(row?.originalKey ?? "");
    expect(sha256(original?.data ?? Buffer.alloc(0))).toBe(sha256(fixtures.rotatedJpeg));
    expect(row?.originalBytes).toBe(fixtures.rotatedJpeg.length);
    // The original is the family's (their ZIP), never served on the page.
    expect((await app.request(`/uploads/${row?.originalKey}`)).status).toBe(404);
    // The first photo made the default album, in the uploader's language.
    const listed = await albumsOf(app, owner, profileId);
    expect(listed.albums.map((album) => album.title)).toEqual(["Photos"]);
    expect(listed).toMatchObject({ count: 1, limit: photosPerPage });
  });

  it("names the default album in Swedish for a Swedish uploader; a narrow photo keeps its own width", async () => {
    const profileId = await newPage(db, owner.id);
    const small = await sharp({ create: { width: 200, height: 150, channels: 3, background: "#884422" } })
      .png()
      .toBuffer();
    const photo = await uploaded(app, owner, { profileId, image: small, language: "sv-SE" });
    expect(photo.sizes).toEqual([{ width: 200, height: 150 }]);
    const [album] = await db.select().from(albums).where(eq(albums.profileId, profileId));
    expect(album?.title).toBe("Bilder");
    const webp = await uploaded(app, owner, { profileId, image: fixtures.webp });
    expect(webp.sizes.map((size) => size.width)).toEqual([320, 640]);
    expect(webp.albumId).toBe(album?.id);
    expect(webp.position).toBe(1);
  });

  it("refuses every kind of file the image pipeline refuses, and stores nothing of them", async () => {
    const profileId = await newPage(db, owner.id);
    const cases: [string, Buffer][] = [
      ["text", fixtures.text],
      ["a GIF", fixtures.gif],
      ["a PNG signature before SVG", fixtures.fakePng],
      ["half a JPEG", fixtures.truncatedJpeg],
      ["20000 × 20000 pixels", fixtures.pixelBomb],
      ["1 × 30 pixels", fixtures.thinPng],
    ];
    for (const [name, image] of cases) {
      const response = await uploadPhoto(app, { bearer: owner.token, profileId, image });
      const body = await expectError(response, 400, "invalid_request", "image");
      expect(body.error.fields?.image, name).toBeTruthy();
    }
    // Over 25 MB: the call's own check (within the body limit's framing) and the body limit itself.
    const justOver = Buffer.concat([
      fixtures.rotatedJpeg,
      Buffer.alloc(25 * MB + 1 - fixtures.rotatedJpeg.length),
    ]);
    await expectError(
      await uploadPhoto(app, { bearer: owner.token, profileId, image: justOver }),
      413,
      "payload_too_large",
      "image",
    );
    const huge = Buffer.alloc(26 * MB);
    await expectError(
      await uploadPhoto(app, { bearer: owner.token, profileId, image: huge }),
      413,
      "payload_too_large",
    );
    expect(await db.select().from(photos).where(eq(photos.profileId, profileId))).toHaveLength(0);
    const keys: string[] = [];
    for await (const key of images.keys?.() ?? []) if (key.startsWith(`${profileId}/`)) keys.push(key);
    expect(keys).toEqual([]);
  });

  it("refuses a photo more than the page's limit with photos.page-full (409), until one is deleted", async () => {
    const profileId = await newPage(db, owner.id);
    for (let n = 0; n < photosPerPage; n++) await uploaded(app, owner, { profileId, image: fixtures.webp });
    const full = await uploadPhoto(app, { bearer: owner.token, profileId, image: fixtures.webp });
    const body = await expectError(full, 409, "conflict");
    expect(body.error).toMatchObject({ refusal: "photos.page-full", params: { max: photosPerPage } });
    expect(body.error.message).toBe(
      `The page holds at most ${photosPerPage} photos. Delete some to add more.`,
    );
    expect((await albumsOf(app, owner, profileId)).count).toBe(photosPerPage);
    // Deleting one makes room again.
    const [first] = (await albumsOf(app, owner, profileId)).albums[0]?.photos ?? [];
    expect((await ask(app, owner, `/api/kammare/photos/${first?.id}`, { method: "DELETE" })).status).toBe(
      200,
    );
    await uploaded(app, owner, { profileId, image: fixtures.webp });
  });

  it("lets the page's editors and admins add photos; other customers and partners get 403, anonymous 401", async () => {
    const profileId = await newPage(db, owner.id);
    await addEditor(db, profileId, editor.id);
    const refused = async (who: Account | undefined, status: number, code: string, refusal?: string) => {
      const response = await uploadPhoto(app, { bearer: who?.token, profileId, image: fixtures.webp });
      const body = await expectError(response, status, code);
      expect(body.error.refusal).toBe(refusal);
      const list = await ask(app, who, `/api/kammare/photos?profileId=${profileId}`);
      expect(list.status).toBe(status);
      const zip = await ask(app, who, `/api/kammare/photos/download?profileId=${profileId}`);
      expect(zip.status).toBe(status);
    };
    await refused(stranger, 403, "forbidden", "photos.editors-only");
    await refused(partner, 403, "forbidden");
    await refused(undefined, 401, "unauthorized");
    const byEditor = await uploaded(app, editor, { profileId, image: fixtures.webp });
    const byAdmin = await uploaded(app, admin, { profileId, image: fixtures.webp });
    const [row] = await db
      .select()
      .from(photos)
      .where(and(eq(photos.id, byEditor.id), eq(photos.uploadedBy, editor.id)));
    expect(row).toBeDefined();
    // The stranger cannot change or delete them either.
    const patch = await ask(app, stranger, `/api/kammare/photos/${byAdmin.id}`, {
      method: "PATCH",
      json: { caption: "x" },
    });
    await expectError(patch, 403, "forbidden");
    const remove = await ask(app, partner, `/api/kammare/photos/${byAdmin.id}`, { method: "DELETE" });
    await expectError(remove, 403, "forbidden");
    expect((await albumsOf(app, editor, profileId)).count).toBe(2);
  });

  it("an editor cannot add to a suspended page; an unknown page is a 404 naming profileId", async () => {
    const suspended = await newPage(db, owner.id, "suspended");
    await addEditor(db, suspended, editor.id);
    const refused = await uploadPhoto(app, {
      bearer: editor.token,
      profileId: suspended,
      image: fixtures.webp,
    });
    await expectError(refused, 403, "forbidden");
    const missing = await uploadPhoto(app, {
      bearer: owner.token,
      profileId: newProfileId(),
      image: fixtures.webp,
    });
    await expectError(missing, 404, "not_found", "profileId");
  });

  it("when every place for an upload is taken, the next is answered 503 with Retry-After, storing nothing", async () => {
    const profileId = await newPage(db, owner.id);
    const taken = Array.from({ length: photoUploadsAdmitted }, () => admitPhotoUpload());
    try {
      expect(taken.every(Boolean)).toBe(true);
      const busy = await uploadPhoto(app, { bearer: owner.token, profileId, image: fixtures.webp });
      await expectError(busy, 503, "unavailable");
      expect(busy.headers.get("retry-after")).toBe("2");
      expect(await db.select().from(photos).where(eq(photos.profileId, profileId))).toHaveLength(0);
    } finally {
      for (const release of taken) release?.();
    }
    // A place given back is taken by the next upload.
    await uploaded(app, owner, { profileId, image: fixtures.webp });
  });

  it("a user's 201st upload in ten minutes is a 429 with Retry-After; an admin is not counted", async () => {
    const busy = await accounts.signUp();
    const profileId = await newPage(db, busy.id);
    await awayFromWindowEdge(photoUploadLimit.windowSeconds);
    // The window's count as if 200 had been uploaded already (one counted for real, then set).
    const counted = await countAttempt(db, { key: `photo-upload:${busy.id}`, ...photoUploadLimit });
    await db
      .update(rateLimitCounters)
      .set({ count: photoUploadLimit.max })
      .where(eq(rateLimitCounters.key, counted.storedKey));
    const refused = await uploadPhoto(app, { bearer: busy.token, profileId, image: fixtures.webp });
    await expectError(refused, 429, "rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await db.select().from(photos).where(eq(photos.profileId, profileId))).toHaveLength(0);
    await uploaded(app, admin, { profileId, image: fixtures.webp });
  });

  it("deletePhotos takes every photo of a page with its files, a visitor's too", async () => {
    const profileId = await newPage(db, owner.id);
    const family = await uploaded(app, owner, { profileId, image: fixtures.webp });
    const [memory] = await db
      .insert(memories)
      .values({ profileId, writerName: "Anna", body: "A memory with a photo.", state: "pending" })
      .returning({ id: memories.id });
    const [row] = await db.select().from(photos).where(eq(photos.id, family.id));
    await db.insert(photos).values({
      ...(row as typeof photos.$inferSelect),
      id: crypto.randomUUID(),
      albumId: null,
      memoryId: memory?.id,
      state: "pending",
    });
    const result = await deletePhotos({ db, images }, { profileId });
    expect(result).toEqual({ deleted: 2, failedKeys: [] });
    expect(await db.select().from(photos).where(eq(photos.profileId, profileId))).toHaveLength(0);
    for await (const key of images.keys?.() ?? []) expect(key.startsWith(`${profileId}/`)).toBe(false);
  });

  it("a missing or wrong field of the upload is a 400 naming it", async () => {
    const profileId = await newPage(db, owner.id);
    await expectError(
      await uploadPhoto(app, { bearer: owner.token, profileId: "", image: fixtures.webp }),
      400,
      "invalid_request",
      "profileId",
    );
    await expectError(
      await uploadPhoto(app, {
        bearer: owner.token,
        profileId,
        albumId: "not-an-album",
        image: fixtures.webp,
      }),
      400,
      "invalid_request",
      "albumId",
    );
    await expectError(
      await uploadPhoto(app, {
        bearer: owner.token,
        profileId,
        albumId: crypto.randomUUID(),
        image: fixtures.webp,
      }),
      404,
      "not_found",
      "albumId",
    );
    await expectError(
      await uploadPhoto(app, { bearer: owner.token, profileId, image: Buffer.alloc(0) }),
      400,
      "invalid_request",
      "image",
    );
    const json = await ask(app, owner, "/api/kammare/photos", { json: { profileId } });
    await expectError(json, 400, "invalid_request", "body");
  });
});
