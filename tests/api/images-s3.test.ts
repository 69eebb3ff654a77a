// Images in a bucket (IMAGE_STORE=s3), driven with the real AWS SDK against a local S3
// stand-in (tests/support/s3-stand-in.ts), on every database engine: an upload lands in the bucket and
// is served at /uploads with the disk store's bytes and headers, streamed as the bucket answers;
// replaced, deleted, swept by retention, erased with its account and handed over in the data export;
// two app instances on one database and one bucket serve each other's uploads. Then the settings, and
// `npm run images:migrate -- --to s3`: copies, resumes, verifies, refuses a broken bucket.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadImageResponseSchema, type UploadedImage } from "../../contract/images";
import { ConfigError, loadConfig } from "../../server/config";
import { profileImages, profiles } from "../../server/db/schema";
import { sweepRetention } from "../../server/domain/privacy";
import { createProfiles, imageKeysOf } from "../../server/domain/profiles";
import { imagesMigrateCommand, migrateImagesToS3, MigrationError } from "../../server/images-migrate";
import { createDiskImageStore, createImageStore, type S3Settings } from "../../server/providers/images";
import { createS3Client, createS3ImageStore, isMissingObject } from "../../server/providers/images/s3";
import { call, siteOrigin, type Account, type TestApp } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { startS3StandIn } from "../support/s3-stand-in";
import { root } from "../support/server-spawn";
import { createTestApp } from "../support/test-app";

const s3 = await startS3StandIn({ buckets: ["kammare"] });
afterAll(() => s3.close());

const settings = (overrides: Partial<S3Settings> = {}): S3Settings => ({
  endpoint: s3.endpoint,
  region: "eu-north-1",
  bucket: "kammare",
  accessKeyId: s3.accessKeyId,
  secretAccessKey: s3.secretAccessKey,
  forcePathStyle: true,
  ...overrides,
});
/** The same as environment variables, as an operator sets them. */
const s3Env = (overrides: Record<string, string> = {}) => ({
  IMAGE_STORE: "s3",
  S3_ENDPOINT: s3.endpoint,
  S3_REGION: "eu-north-1",
  S3_BUCKET: "kammare",
  S3_ACCESS_KEY_ID: s3.accessKeyId,
  S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  S3_FORCE_PATH_STYLE: "on",
  ...overrides,
});
const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

/** The bucket's object under `key`, read with the SDK as any other client would: bytes, type, SHA-256. */
async function objectIn(key: string, where: S3Settings = settings()) {
  try {
    const object = await createS3Client(where).send(new GetObjectCommand({ Bucket: where.bucket, Key: key }));
    return {
      data: Buffer.from((await object.Body?.transformToByteArray()) ?? []),
      contentType: object.ContentType,
      sha256: object.Metadata?.sha256,
    };
  } catch (error) {
    if (isMissingObject(error)) return null;
    throw error;
  }
}

let png: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#6a8caf" } })
    .png()
    .toBuffer();
});

async function upload(app: TestApp, token: string, profileId: string): Promise<UploadedImage> {
  const form = new FormData();
  form.append("profileId", profileId);
  form.append("kind", "portrait");
  form.append("image", new File([new Uint8Array(png)], "portrait.png", { type: "image/png" }));
  const response = await app.request("/api/kammare/images", {
    method: "POST",
    body: form,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(201);
  return uploadImageResponseSchema.parse(await response.json()).image;
}

describeOnEngines(
  "images in a bucket",
  { other: true, app: { images: createS3ImageStore(settings()) } },
  ({ app, db, other, images, accounts, admin }) => {
    const origin = { ip: null, userAgent: "test" };

    async function newPage(): Promise<string> {
      const [row] = await createProfiles(db, { count: 1 }, { id: admin.id, roles: ["admin"] }, origin);
      return row?.id as string;
    }

    /** A customer with a claimed page and a portrait on it. */
    async function ownerWithImage(): Promise<{ owner: Account; id: string; image: UploadedImage }> {
      const owner = await accounts.signUp();
      const id = await newPage();
      const claimed = await call(app, "/api/kammare/own", {
        bearer: owner.token,
        json: { owner: owner.id, profileId: id },
      });
      expect(claimed.status).toBe(200);
      return { owner, id, image: await upload(app, owner.token, id) };
    }

    it("an upload lands in the bucket with its SHA-256 and is served like the disk store serves it", async () => {
      expect(images.kind).toBe("s3");
      const id = await newPage();
      const image = await upload(app, admin.token, id);
      const keys = imageKeysOf(image.variants);
      expect(keys.length).toBe(2);
      const disk = createDiskImageStore(mkdtempSync(path.join(tmpdir(), "kammare-s3-compare-")));
      const onDisk = createTestApp(other, undefined, { images: disk }).app;
      for (const key of keys) {
        const object = await objectIn(key);
        expect(object?.contentType).toBe("image/webp");
        expect(object?.sha256).toBe(sha256(object?.data ?? Buffer.alloc(0)));
        await disk.put(key, object?.data ?? Buffer.alloc(0), "image/webp");

        const fromBucket = await app.request(`/uploads/${key}`);
        const fromDisk = await onDisk.request(`/uploads/${key}`);
        expect(fromBucket.status).toBe(200);
        expect(fromDisk.status).toBe(200);
        for (const header of ["content-type", "content-length", "cache-control", "x-content-type-options"]) {
          expect(fromBucket.headers.get(header), header).toBe(fromDisk.headers.get(header));
        }
        expect(fromBucket.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        const [a, b] = [await fromBucket.arrayBuffer(), await fromDisk.arrayBuffer()];
        expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
        expect(Buffer.from(a).equals(object?.data ?? Buffer.alloc(0))).toBe(true);
      }
    });

    it("streams an image as the bucket sends it, not once it has it all", async () => {
      const key = `${await newPage()}/streamed-large.webp`;
      const data = randomBytes(512 * 1024);
      await images.put(key, data, "image/webp");
      const hold = s3.holdReads();
      try {
        const waited = new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error("the answer waited for the whole object")), 3000),
        );
        const response = await Promise.race([app.request(`/uploads/${key}`), waited]);
        expect(response.status).toBe(200);
        const reader = (response.body as ReadableStream<Uint8Array>).getReader();
        let received = 0;
        // The first half arrives while the bucket still holds back the second.
        while (received < data.length / 2) {
          const chunk = await Promise.race([reader.read(), waited]);
          if (chunk.done) break;
          received += chunk.value.length;
        }
        expect(received).toBe(data.length / 2);
        hold.release();
        const chunks: Uint8Array[] = [];
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
          chunks.push(chunk.value);
        expect(received + chunks.reduce((sum, chunk) => sum + chunk.length, 0)).toBe(data.length);
      } finally {
        hold.release();
      }
    });

    it("answers 404 (not cached) for a key the bucket lacks, and never asks it about an unsafe one", async () => {
      const missing = await app.request(
        `/uploads/${await newPage()}/00000000-0000-4000-8000-000000000000-large.webp`,
      );
      expect(missing.status).toBe(404);
      expect(missing.headers.get("cache-control")).toBe("no-store");
      const before = s3.requests.length;
      for (const unsafe of [
        "/uploads/..%2F..%2Fetc%2Fpasswd",
        "/uploads/a/.hidden.webp",
        "/uploads/a/b.txt",
      ]) {
        expect((await app.request(unsafe)).status, unsafe).toBe(404);
      }
      expect(s3.requests.length).toBe(before);
    });

    it("replaces an object whole, and deletes it (twice is no error)", async () => {
      const key = `${await newPage()}/replaced-small.webp`;
      await images.put(key, Buffer.from("first bytes"), "image/webp");
      await images.put(key, Buffer.from("second, longer bytes"), "image/webp");
      const served = await app.request(`/uploads/${key}`);
      expect(await served.text()).toBe("second, longer bytes");
      expect(served.headers.get("content-length")).toBe("20");
      await images.delete(key);
      await images.delete(key);
      expect(await objectIn(key)).toBeNull();
      expect(await images.get(key)).toBeNull();
      expect((await app.request(`/uploads/${key}`)).status).toBe(404);
    });

    it("retention removes the bucket's copies of images no page shows, and keeps the one it shows", async () => {
      const id = await newPage();
      const unused = await upload(app, admin.token, id);
      const shown = await upload(app, admin.token, id);
      await db
        .update(profiles)
        .set({ content: { displayName: "Shown", portraitImageUrl: shown.url } })
        .where(eq(profiles.id, id));
      const result = await sweepRetention(
        {
          db,
          images,
          outboxDir: null,
          // Only the images are past their period: the block's sessions and counters stay.
          periods: {
            sessionDays: 3650,
            linkDays: 3650,
            rateLimitHours: 8760,
            outboxDays: 3650,
            auditDays: 3650,
            unusedImageDays: 30,
          },
        },
        new Date(Date.now() + 31 * 24 * 60 * 60 * 1000),
      );
      expect(result.unusedImages).toBeGreaterThanOrEqual(1);
      for (const key of imageKeysOf(unused.variants)) expect(await objectIn(key), key).toBeNull();
      for (const key of imageKeysOf(shown.variants)) expect(await objectIn(key), key).not.toBeNull();
      expect((await app.request(shown.url)).status).toBe(200);
      const rows = await db.select().from(profileImages).where(eq(profileImages.profileId, id));
      expect(rows.map((row) => row.id)).toEqual([shown.id]);
    });

    it("the data export holds the bucket's images byte for byte; erasing the account empties them from it", async () => {
      const { owner, image } = await ownerWithImage();
      const keys = imageKeysOf(image.variants);
      const exported = await call(app, "/api/kammare/account/export", { bearer: owner.token });
      expect(exported.status).toBe(200);
      const files = unzipSync(new Uint8Array(await exported.arrayBuffer()));
      expect(JSON.parse(strFromU8(files["profiles.json"] ?? new Uint8Array()))).toMatchObject([
        { images: [{ id: image.id, files: keys.map((key) => `images/${key}`) }] },
      ]);
      for (const key of keys) {
        const inZip = Buffer.from(files[`images/${key}`] ?? []);
        expect(inZip.length).toBeGreaterThan(0);
        expect(inZip.equals((await objectIn(key))?.data ?? Buffer.alloc(0))).toBe(true);
      }

      const removed = await call(app, "/api/kammare/account/delete", {
        bearer: owner.token,
        cookie: owner.token,
        origin: siteOrigin,
        json: { password: owner.password },
      });
      expect(removed.status).toBe(200);
      for (const key of keys) expect(await objectIn(key), key).toBeNull();
      expect((await app.request(image.url)).status).toBe(404);
    });

    it("two app instances on one database and one bucket serve each other's uploads (two disks would not)", async () => {
      const second = createTestApp(other, undefined, { images: createS3ImageStore(settings()) }).app;
      const id = await newPage();
      const fromFirst = await upload(app, admin.token, id);
      const fromSecond = await upload(second, admin.token, id);
      for (const [image, reader] of [
        [fromFirst, second],
        [fromSecond, app],
      ] as const) {
        for (const key of imageKeysOf(image.variants)) {
          const response = await reader.request(`/uploads/${key}`);
          expect(response.status).toBe(200);
          const stored = (await objectIn(key))?.data ?? Buffer.alloc(0);
          expect(Buffer.from(await response.arrayBuffer()).equals(stored)).toBe(true);
        }
      }
      // What the bucket is for: each process on its own disk cannot serve what the other took.
      const diskA = createTestApp(other, undefined, {
        images: createDiskImageStore(mkdtempSync(path.join(tmpdir(), "kammare-disk-a-"))),
      }).app;
      const diskB = createTestApp(other, undefined, {
        images: createDiskImageStore(mkdtempSync(path.join(tmpdir(), "kammare-disk-b-"))),
      }).app;
      const onA = await upload(diskA, admin.token, id);
      expect((await diskA.request(onA.url)).status).toBe(200);
      expect((await diskB.request(onA.url)).status).toBe(404);
    });

    it("with IMAGE_PUBLIC_URL, /uploads sends visitors to the CDN without asking the bucket", async () => {
      const cdn = createTestApp(other, undefined, {
        images: createS3ImageStore(settings({ publicUrl: "https://cdn.example.se/kammare/" })),
      }).app;
      const before = s3.requests.length;
      const key = `${await newPage()}/00000000-0000-4000-8000-000000000000-large.webp`;
      const response = await cdn.request(`/uploads/${key}`);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`https://cdn.example.se/kammare/${key}`);
      expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
      expect((await cdn.request("/uploads/a/b.txt")).status).toBe(404);
      expect(s3.requests.length).toBe(before);
    });
  },
);

describe("the image store's settings", () => {
  it("IMAGE_STORE=s3 without its bucket or keys is refused, naming each setting and never a secret", () => {
    const secret = "super-secret-value-1234567890";
    let message = "";
    try {
      loadConfig({ IMAGE_STORE: "s3", S3_SECRET_ACCESS_KEY: secret });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/S3_BUCKET: is needed when IMAGE_STORE=s3/);
    expect(message).toMatch(/S3_ACCESS_KEY_ID: is needed when IMAGE_STORE=s3/);
    expect(message).not.toMatch(/S3_SECRET_ACCESS_KEY/);
    expect(message).not.toContain(secret);
    expect(() => loadConfig({ IMAGE_STORE: "s3", S3_ENDPOINT: "ftp://x" })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ IMAGE_STORE: "bucket" })).toThrow(/IMAGE_STORE/);
    expect(() => loadConfig({ IMAGE_PUBLIC_URL: "https://cdn.example.se" })).toThrow(
      /IMAGE_PUBLIC_URL: .*needs IMAGE_STORE=s3/,
    );
    expect(() => loadConfig({ ...s3Env(), IMAGE_PUBLIC_URL: "http://cdn.example.se" })).toThrow(
      /IMAGE_PUBLIC_URL: must start with https:\/\//,
    );
    expect(loadConfig({ ...s3Env(), IMAGE_PUBLIC_URL: "https://cdn.example.se/k/" }).IMAGE_PUBLIC_URL).toBe(
      "https://cdn.example.se/k",
    );
  });

  it("picks the disk by default and the bucket for IMAGE_STORE=s3", async () => {
    expect(loadConfig({}).IMAGE_STORE).toBe("disk");
    const dataDir = mkdtempSync(path.join(tmpdir(), "kammare-store-choice-"));
    expect((await createImageStore(loadConfig({ DATA_DIR: dataDir }))).kind).toBe("disk");
    const store = await createImageStore(loadConfig({ DATA_DIR: dataDir, ...s3Env() }));
    expect(store.kind).toBe("s3");
    await store.put("CHOICE23/x-small.webp", Buffer.from("x"), "image/webp");
    expect((await objectIn("CHOICE23/x-small.webp"))?.data.toString()).toBe("x");
  });
});

describe("npm run images:migrate -- --to s3", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "kammare-migrate-"));
  const uploads = path.join(dataDir, "uploads");
  const disk = createDiskImageStore(uploads);
  const files = new Map<string, Buffer>();
  const target = "migrated";
  const listDisk = () =>
    readdirSync(uploads, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();

  beforeAll(async () => {
    s3.buckets.set(target, new Map());
    for (let n = 0; n < 12; n++) {
      const key = `MIGR${String(n).padStart(4, "0")}/${randomBytes(8).toString("hex")}-${n % 2 ? "small" : "large"}.webp`;
      const data = randomBytes(2000 + n * 500);
      files.set(key, data);
      await disk.put(key, data, "image/webp");
    }
    // A half-written temporary file of the disk store is not an image to copy.
    writeFileSync(path.join(uploads, "MIGR0000", ".partial.webp.123.tmp"), "half");
  });

  const run = (args: string[], env: Record<string, string>) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn("npm", ["run", "-s", "images:migrate", "--", ...args], {
        cwd: root,
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DATA_DIR: dataDir, ...env },
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      child.on("close", (code) => resolve({ code, stdout, stderr }));
    });

  it("copies every image, each checked by SHA-256, changing nothing on disk, and says so", async () => {
    const diskBefore = listDisk().map((file) => [file, sha256(readFileSync(file))]);
    const result = await run(["--to", "s3"], s3Env({ S3_BUCKET: target, IMAGE_STORE: "disk" }));
    // (On Node 20 the SDK adds a notice that its releases from 2027 need Node 22: stderr is not empty.)
    expect(result.stderr).not.toMatch(/failed/i);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split("\n");
    expect(lines.at(-2)).toMatch(
      /^Done: 12 images, 12 copied \(0\.\d MB\) and 0 already there, each checked by SHA-256/,
    );
    expect(lines.at(-1)).toMatch(/Nothing on disk or in the database was changed/);
    expect(result.stdout + result.stderr).not.toContain(s3.secretAccessKey);
    const listed: string[] = [];
    for await (const key of createS3ImageStore(settings({ bucket: target })).keys?.() ?? []) listed.push(key);
    expect(listed.sort()).toEqual([...files.keys()].sort());
    for (const [key, data] of files) {
      const object = await objectIn(key, settings({ bucket: target }));
      expect(object?.data.equals(data), key).toBe(true);
      expect(object?.sha256).toBe(sha256(data));
    }
    expect(listDisk().map((file) => [file, sha256(readFileSync(file))])).toEqual(diskBefore);
  }, 30_000);

  it("resumes: what is there with the same SHA-256 is skipped, the rest copied", async () => {
    const gone = [...files.keys()].slice(0, 3);
    for (const key of gone) s3.buckets.get(target)?.delete(key);
    const puts = () => s3.requests.filter((line) => line.startsWith(`PUT /${target}/`)).length;
    const before = puts();
    const summary = await migrateImagesToS3({ uploadsDir: uploads, settings: settings({ bucket: target }) });
    expect(summary).toMatchObject({ found: 12, copied: 3, alreadyThere: 9 });
    expect(puts() - before).toBe(3);
    for (const key of gone) {
      expect((await objectIn(key, settings({ bucket: target })))?.data.equals(files.get(key)!)).toBe(true);
    }
  });

  it("verifies each copy: a bucket that stores other bytes stops the run, and the bad copy is not left", async () => {
    const [key] = [...files.keys()];
    s3.buckets.get(target)?.delete(key!);
    s3.corruptWrites = true;
    try {
      const failed = migrateImagesToS3({ uploadsDir: uploads, settings: settings({ bucket: target }) });
      await expect(failed).rejects.toBeInstanceOf(MigrationError);
      await expect(failed).rejects.toThrow(
        new RegExp(`${key}: the copy read back from the bucket does not match the file on disk`),
      );
    } finally {
      s3.corruptWrites = false;
    }
    expect(await objectIn(key!, settings({ bucket: target }))).toBeNull();
    expect(readFileSync(path.join(uploads, key!)).equals(files.get(key!)!)).toBe(true);
    // Run again once the bucket is well: only that one is copied.
    expect(
      await migrateImagesToS3({ uploadsDir: uploads, settings: settings({ bucket: target }) }),
    ).toMatchObject({
      copied: 1,
      alreadyThere: 11,
    });
  });

  it("refuses cleanly a bucket it cannot use, and settings that are missing, exiting non-zero", async () => {
    const missing = await run(["--to", "s3"], s3Env({ S3_BUCKET: "no-such-bucket" }));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(
      /Image migration failed: Cannot use bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+: there is no such bucket \(HTTP 404\)/,
    );
    expect(missing.stderr).toMatch(/Nothing on disk or in the database was changed/);
    expect(missing.stdout + missing.stderr).not.toContain(s3.secretAccessKey);
    expect(s3.buckets.has("no-such-bucket")).toBe(false);

    const wrongKey = await imagesMigrateCommand(["--to", "s3"], {
      DATA_DIR: dataDir,
      ...s3Env({ S3_ACCESS_KEY_ID: "WRONG" }),
    });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.err.join("\n")).toMatch(
      /Cannot use bucket "kammare" .*access denied \(HTTP 403\); check S3_ACCESS_KEY_ID/,
    );

    const unset = await imagesMigrateCommand(["--to", "s3"], { DATA_DIR: dataDir, S3_BUCKET: "kammare" });
    expect(unset.code).toBe(1);
    expect(unset.err.join("\n")).toMatch(
      /S3_ACCESS_KEY_ID: is needed for the S3 image store; S3_SECRET_ACCESS_KEY/,
    );

    const usage = await imagesMigrateCommand(["--to", "disk"], { DATA_DIR: dataDir });
    expect(usage.code).toBe(2);
    expect(usage.err[0]).toBe("Usage: npm run images:migrate -- --to s3");
  }, 30_000);
});
