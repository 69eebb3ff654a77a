// A converted clip kept in a bucket (ADR 031, ADR 040): put from a file on the disk with its SHA-256,
// and served from /uploads/* in byte ranges the bucket cuts (206, 416), against the S3 stand-in.
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { createS3ImageStore } from "../../server/providers/images/s3";
import { startS3StandIn } from "../support/s3-stand-in";
import { describeOnEngines } from "../support/api-fixture";

const s3 = await startS3StandIn({ buckets: ["kammare"] });
afterAll(() => s3.close());

const store = createS3ImageStore({
  endpoint: s3.endpoint,
  region: "us-east-1",
  bucket: "kammare",
  accessKeyId: s3.accessKeyId,
  secretAccessKey: s3.secretAccessKey,
  forcePathStyle: true,
});

describeOnEngines("a clip in a bucket", { app: { images: store } }, ({ app }) => {
  it("is put from a file with its SHA-256 and served in the ranges asked for", async () => {
    const data = randomBytes(300_000);
    const file = path.join(mkdtempSync(path.join(tmpdir(), "kammare-s3-clip-")), "clip.mp4");
    writeFileSync(file, data);
    const key = "ABCD2345/videos/0b0c6f7e-1111-4222-8333-944445555666.mp4";
    await store.putFile?.(key, file, "video/mp4");
    const object = s3.buckets.get("kammare")?.get(key);
    expect(object?.data.equals(data)).toBe(true);
    expect(object?.contentType).toBe("video/mp4");
    expect(object?.meta.sha256).toBe(createHash("sha256").update(data).digest("hex"));

    {
      const url = `/uploads/${key}`;
      const size = data.length;
      for (const [range, start, end] of [
        ["bytes=0-1023", 0, 1023],
        ["bytes=299000-", 299_000, size - 1],
        ["bytes=-100", size - 100, size - 1],
      ] as const) {
        const part = await app.request(url, { headers: { Range: range } });
        expect(part.status, range).toBe(206);
        expect(part.headers.get("content-range"), range).toBe(`bytes ${start}-${end}/${size}`);
        expect(part.headers.get("accept-ranges")).toBe("bytes");
        expect(Buffer.from(await part.arrayBuffer()).equals(data.subarray(start, end + 1)), range).toBe(true);
      }
      const refused = await app.request(url, { headers: { Range: `bytes=${size}-` } });
      expect(refused.status).toBe(416);
      expect(refused.headers.get("content-range")).toBe(`bytes */${size}`);
      const whole = await app.request(url);
      expect(whole.status).toBe(200);
      expect(Buffer.from(await whole.arrayBuffer()).equals(data)).toBe(true);
    }
  });
});
