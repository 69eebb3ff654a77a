// Image uploads: POST /api/kammare/images (who may, what is accepted, what is stored) and GET /uploads/*,
// on every test database engine; and the disk store and the image checks on their own.
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { uploadImageResponseSchema, type UploadedImage } from "../../contract/images";
import { profileImages, profiles } from "../../server/db/schema";
import { newProfileId } from "../../server/domain/profiles";
import {
  createDiskImageStore,
  ImageRejectedError,
  InvalidImageKeyError,
  processUpload,
} from "../../server/providers/images";
import {
  awayFromWindowEdge,
  call,
  expectError,
  siteOrigin,
  type Account,
  type TestApp,
} from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { makeFixtures, type Fixtures } from "../support/image-fixtures";

const MB = 1024 * 1024;
let fixtures: Fixtures;
beforeAll(async () => {
  fixtures = await makeFixtures();
});

type UploadOptions = {
  bearer?: string;
  profileId?: string | null;
  kind?: string | null;
  /** The file part; null leaves it out, a string sends a plain field instead of a file. */
  image?: Buffer | string | null;
  filename?: string;
  type?: string;
  headers?: Record<string, string>;
};

function upload(app: TestApp, options: UploadOptions): Promise<Response> {
  const form = new FormData();
  if (options.profileId !== null) form.append("profileId", options.profileId ?? "");
  if (options.kind !== null) form.append("kind", options.kind ?? "portrait");
  if (typeof options.image === "string") form.append("image", options.image);
  else if (options.image) {
    form.append(
      "image",
      new File([new Uint8Array(options.image)], options.filename ?? "photo.jpg", {
        type: options.type ?? "image/jpeg",
      }),
    );
  }
  const headers: Record<string, string> = { ...options.headers };
  if (options.bearer !== undefined) headers.Authorization = `Bearer ${options.bearer}`;
  return Promise.resolve(app.request("/api/kammare/images", { method: "POST", body: form, headers }));
}

function keyOf(url: string): string {
  expect(url.startsWith("/uploads/")).toBe(true);
  return url.slice("/uploads/".length);
}

async function pixel(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at] ?? -1, g: data[at + 1] ?? -1, b: data[at + 2] ?? -1 };
}

describeOnEngines("image uploads", ({ app, db, images: store, accounts, admin }) => {
  let owner: Account;
  let stranger: Account;
  let profileId: string;

  async function newProfile(ownerUserId: string, status: "draft" | "suspended" = "draft") {
    const id = newProfileId();
    await db.insert(profiles).values({ id, ownerUserId, status, content: {}, metadata: {} });
    return id;
  }

  /** Uploads as the owner and checks the 201 answer's shape. */
  async function uploaded(options: UploadOptions): Promise<UploadedImage> {
    const response = await upload(app, { bearer: owner.token, profileId, ...options });
    expect(response.status).toBe(201);
    const raw = (await response.json()) as { image: UploadedImage };
    expect(Object.keys(raw)).toEqual(["image"]);
    return uploadImageResponseSchema.parse(raw).image;
  }

  async function stored(url: string) {
    const found = await store.get(keyOf(url));
    expect(found).not.toBeNull();
    return found as NonNullable<typeof found>;
  }

  beforeAll(async () => {
    owner = await accounts.signUp();
    stranger = await accounts.signUp();
    profileId = await newProfile(owner.id);
  });

  it("a portrait JPEG is turned upright, stripped of metadata and stored as two WebP squares", async () => {
    const image = await uploaded({ kind: "portrait", image: fixtures.rotatedJpeg });
    expect(Object.keys(image.variants).sort()).toEqual(["large", "small"]);
    expect(image.variants.large).toMatchObject({ width: 800, height: 800 });
    expect(image.variants.small).toMatchObject({ width: 320, height: 320 });
    expect(image.url).toBe(image.variants.large?.url);
    for (const variant of Object.values(image.variants)) {
      expect(keyOf(variant.url)).toMatch(new RegExp(`^${profileId}/${image.id}-(small|large)\\.webp$`));
      const file = await stored(variant.url);
      expect(file.contentType).toBe("image/webp");
      const metadata = await sharp(file.data).metadata();
      expect(metadata).toMatchObject({ format: "webp", width: variant.width, height: variant.height });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(metadata.hasProfile).toBe(false);
      expect(file.data.includes("KammareTestCam")).toBe(false);
      expect(file.data.includes("Secret Owner Name")).toBe(false);
    }
    const [row] = await db.select().from(profileImages).where(eq(profileImages.id, image.id));
    expect(row).toMatchObject({ profileId, uploadedBy: owner.id, contentType: "image/webp" });
    expect(row?.variants).toEqual(image.variants);
    expect(row?.bytes).toBeGreaterThan(0);
  });

  it("a cover is cropped from the upright picture: the sideways halves become top and bottom", async () => {
    const image = await uploaded({ kind: "cover", image: fixtures.rotatedJpeg });
    expect(image.variants.large).toMatchObject({ width: 1600, height: 600 });
    expect(image.variants.small).toMatchObject({ width: 800, height: 300 });
    const large = (await stored(image.url)).data;
    expect(await sharp(large).metadata()).toMatchObject({ format: "webp", width: 1600, height: 600 });
    // Orientation 6 turns the picture a quarter clockwise: the stored left half (red) is on top.
    const topLeft = await pixel(large, 100, 50);
    const topRight = await pixel(large, 1500, 50);
    const bottomLeft = await pixel(large, 100, 550);
    for (const top of [topLeft, topRight]) expect(top.r > 200 && top.b < 60).toBe(true);
    expect(bottomLeft.b > 200 && bottomLeft.r < 60).toBe(true);
  });

  it("a PNG with transparency over 1 MB is accepted and keeps its alpha channel", async () => {
    expect(fixtures.alphaPng.length).toBeGreaterThan(MB);
    // The declared name and type are wrong on purpose: the content decides.
    const image = await uploaded({
      kind: "cover",
      image: fixtures.alphaPng,
      filename: "x.gif",
      type: "image/gif",
    });
    for (const variant of Object.values(image.variants)) {
      const metadata = await sharp((await stored(variant.url)).data).metadata();
      expect(metadata).toMatchObject({ format: "webp", width: variant.width, height: variant.height });
      expect(metadata.hasAlpha).toBe(true);
    }
  });

  it("a WebP is accepted", async () => {
    const image = await uploaded({
      kind: "portrait",
      image: fixtures.webp,
      filename: "me.webp",
      type: "image/webp",
    });
    const metadata = await sharp((await stored(image.url)).data).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 800, height: 800 });
  });

  it("an admin may upload to anyone's page, also a suspended one", async () => {
    const suspended = await newProfile(owner.id, "suspended");
    const response = await upload(app, {
      bearer: admin.token,
      profileId: suspended,
      kind: "cover",
      image: fixtures.webp,
    });
    expect(response.status).toBe(201);
    const { image } = uploadImageResponseSchema.parse(await response.json());
    const [row] = await db.select().from(profileImages).where(eq(profileImages.id, image.id));
    expect(row).toMatchObject({ profileId: suspended, uploadedBy: admin.id });
  });

  it("the stored file is served from /uploads, cached for a year, with its type and nosniff", async () => {
    const image = await uploaded({ kind: "portrait", image: fixtures.webp });
    for (const variant of Object.values(image.variants)) {
      const response = await app.request(variant.url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.equals((await stored(variant.url)).data)).toBe(true);
    }
  });

  it("/uploads answers 404 for unknown and unsafe keys, never a page or a file outside the store", async () => {
    const paths = [
      `/uploads/${profileId}/00000000-0000-4000-8000-000000000000-large.webp`,
      "/uploads/nothing.webp",
      "/uploads/..%2F..%2Fetc%2Fpasswd",
      `/uploads/${profileId}/.hidden.webp`,
      `/uploads/${profileId}`,
      "/uploads/",
      "/uploads/a/b.txt",
    ];
    for (const url of paths) {
      const response = await app.request(url);
      expect(response.status, url).toBe(404);
      expect(response.headers.get("content-type"), url).not.toMatch(/image|html/);
    }
  });

  it("without a session the upload is a 401", async () => {
    await expectError(await upload(app, { profileId, image: fixtures.webp }), 401, "unauthorized");
    const dead = await upload(app, { bearer: "not-a-real-token", profileId, image: fixtures.webp });
    await expectError(dead, 401, "unauthorized");
  });

  it("another user's upload is a 403, and nothing is stored", async () => {
    const before = await db.select().from(profileImages).where(eq(profileImages.uploadedBy, stranger.id));
    const response = await upload(app, { bearer: stranger.token, profileId, image: fixtures.webp });
    await expectError(response, 403, "forbidden");
    const after = await db.select().from(profileImages).where(eq(profileImages.uploadedBy, stranger.id));
    expect(after).toEqual(before);
  });

  it("an owner cannot change a suspended page: 403", async () => {
    const suspended = await newProfile(owner.id, "suspended");
    const response = await upload(app, { bearer: owner.token, profileId: suspended, image: fixtures.webp });
    await expectError(response, 403, "forbidden");
  });

  it("an unknown profile is a 404 naming profileId", async () => {
    const response = await upload(app, {
      bearer: owner.token,
      profileId: newProfileId(),
      image: fixtures.webp,
    });
    await expectError(response, 404, "not_found", "profileId");
  });

  it("a missing or malformed field is a 400 naming it", async () => {
    const cases: { name: string; options: UploadOptions; field: string }[] = [
      { name: "profileId missing", options: { profileId: null }, field: "profileId" },
      { name: "profileId malformed", options: { profileId: "nope" }, field: "profileId" },
      { name: "kind missing", options: { kind: null }, field: "kind" },
      { name: "kind unknown", options: { kind: "banner" }, field: "kind" },
      { name: "image missing", options: { image: null }, field: "image" },
      { name: "image a text field", options: { image: "photo.jpg" }, field: "image" },
      { name: "image empty", options: { image: Buffer.alloc(0) }, field: "image" },
    ];
    for (const { name, options, field } of cases) {
      const response = await upload(app, {
        bearer: owner.token,
        profileId,
        image: fixtures.webp,
        ...options,
      });
      const body = await expectError(response, 400, "invalid_request", field);
      expect(Object.keys(body.error.fields ?? {}), name).toEqual([field]);
    }
  });

  it("a body that is not multipart/form-data is a 400", async () => {
    const json = await call(app, "/api/kammare/images", { bearer: owner.token, json: { profileId } });
    await expectError(json, 400, "invalid_request", "body");
    const broken = await app.request("/api/kammare/images", {
      method: "POST",
      headers: {
        Authorization: `Bearer ${owner.token}`,
        "Content-Type": "multipart/form-data; boundary=xyz",
      },
      body: "--xyz\r\nthis is not a multipart body",
    });
    await expectError(broken, 400, "invalid_request", "body");
  });

  it("a file that is not a real JPEG, PNG or WebP is a 400 naming image, whatever its name says", async () => {
    const cases: { name: string; data: Buffer; filename: string; type: string }[] = [
      { name: "text named photo.jpg", data: fixtures.text, filename: "photo.jpg", type: "image/jpeg" },
      { name: "a GIF", data: fixtures.gif, filename: "photo.png", type: "image/png" },
      { name: "a PNG signature before SVG", data: fixtures.fakePng, filename: "a.png", type: "image/png" },
      { name: "half a JPEG", data: fixtures.truncatedJpeg, filename: "a.jpg", type: "image/jpeg" },
      { name: "20000 × 20000 pixels", data: fixtures.pixelBomb, filename: "a.png", type: "image/png" },
    ];
    const before = await db.select().from(profileImages);
    for (const { name, data, filename, type } of cases) {
      const response = await upload(app, { bearer: admin.token, profileId, image: data, filename, type });
      const body = await expectError(response, 400, "invalid_request", "image");
      expect(body.error.fields?.image, name).toBeTruthy();
    }
    expect(await db.select().from(profileImages)).toHaveLength(before.length);
  });

  it("a file over 10 MB is a 413 payload_too_large, by the file or by the whole body", async () => {
    // Just over 10 MB: within the body limit's room for the multipart framing, refused by the call.
    const justOver = Buffer.concat([
      fixtures.rotatedJpeg,
      Buffer.alloc(10 * MB + 1 - fixtures.rotatedJpeg.length),
    ]);
    const file = await upload(app, { bearer: owner.token, profileId, image: justOver });
    await expectError(file, 413, "payload_too_large", "image");
    // 11 MB: refused while reading the body, before any parsing.
    const body = await upload(app, { bearer: owner.token, profileId, image: Buffer.alloc(11 * MB) });
    await expectError(body, 413, "payload_too_large");
    // A declared length over the limit is refused without reading anything.
    const declared = await upload(app, {
      bearer: owner.token,
      profileId,
      image: fixtures.webp,
      headers: { "Content-Length": String(20 * MB) },
    });
    await expectError(declared, 413, "payload_too_large");
  });

  it("other calls keep the 1 MB limit", async () => {
    const response = await call(app, "/api/kammare/profile", {
      method: "PUT",
      bearer: owner.token,
      origin: siteOrigin,
      body: JSON.stringify({ profile: { id: profileId, story: "x".repeat(2 * MB) } }),
    });
    await expectError(response, 413, "payload_too_large");
  });

  it("more than 10 uploads a minute by one owner are a 429 with Retry-After", async () => {
    const busy = await accounts.signUp();
    const busyProfile = await newProfile(busy.id);
    await awayFromWindowEdge();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await upload(app, {
        bearer: busy.token,
        profileId: busyProfile,
        image: fixtures.text,
      });
      statuses.push(response.status);
      if (attempt === 10) {
        await expectError(response, 429, "rate_limited");
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
  });
});

describe("disk image store", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "kammare-store-"));
  const store = createDiskImageStore(dir);
  const data = Buffer.from("pretend webp bytes");

  it("puts, gets, replaces and deletes, leaving no temporary files", async () => {
    await store.put("ABCD2345/one-large.webp", data, "image/webp");
    expect(await store.get("ABCD2345/one-large.webp")).toEqual({ data, contentType: "image/webp" });
    const replacement = Buffer.from("newer bytes");
    await store.put("ABCD2345/one-large.webp", replacement, "image/webp");
    expect((await store.get("ABCD2345/one-large.webp"))?.data).toEqual(replacement);
    expect(readdirSync(path.join(dir, "ABCD2345"))).toEqual(["one-large.webp"]);
    await store.delete("ABCD2345/one-large.webp");
    expect(await store.get("ABCD2345/one-large.webp")).toBeNull();
    await expect(store.delete("ABCD2345/one-large.webp")).resolves.toBeUndefined();
  });

  it("answers null for keys it does not hold", async () => {
    expect(await store.get("ABCD2345/none.webp")).toBeNull();
    expect(await store.get("ABCD2345")).toBeNull();
  });

  it("refuses keys that could leave its folder or are not image keys", async () => {
    const bad = [
      "../outside.webp",
      "/etc/passwd.webp",
      "a/../../b.webp",
      "a/./b.webp",
      ".hidden.webp",
      "a//b.webp",
      "a\\b.webp",
      "a/b",
      "a/b.exe",
      "",
      `${"a/".repeat(6)}b.webp`,
    ];
    for (const key of bad) {
      await expect(store.put(key, data, "image/webp"), key).rejects.toBeInstanceOf(InvalidImageKeyError);
      expect(await store.get(key), key).toBeNull();
      await expect(store.delete(key), key).rejects.toBeInstanceOf(InvalidImageKeyError);
    }
  });

  it("refuses a content type its extension does not stand for", async () => {
    await expect(store.put("ABCD2345/x.webp", data, "image/png")).rejects.toBeInstanceOf(
      InvalidImageKeyError,
    );
  });
});

describe("processUpload", () => {
  it("refuses more than 10 MB before looking at the content", async () => {
    const error: unknown = await processUpload(Buffer.alloc(10 * MB + 1), "portrait").catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect((error as ImageRejectedError).reason).toBe("too_large");
  });

  it("names why a file is refused", async () => {
    const reasons: [Buffer, string][] = [
      [fixtures.text, "not_an_image"],
      [fixtures.gif, "not_an_image"],
      [fixtures.fakePng, "not_an_image"],
      [fixtures.pixelBomb, "too_many_pixels"],
      [fixtures.truncatedJpeg, "unreadable"],
    ];
    for (const [buffer, reason] of reasons) {
      const error: unknown = await processUpload(buffer, "cover").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ImageRejectedError);
      expect((error as ImageRejectedError).reason).toBe(reason);
    }
  });

  it("reports each variant's size and bytes, largest first", async () => {
    const result = await processUpload(fixtures.webp, "cover");
    expect(result.sourceFormat).toBe("webp");
    expect(result.variants.map((v) => [v.name, v.width, v.height])).toEqual([
      ["large", 1600, 600],
      ["small", 800, 300],
    ]);
    for (const variant of result.variants) expect(variant.bytes).toBe(variant.data.length);
  });
});
