// A page's videos (decisions "A life in pictures", Video; ADR 040): who may change them (the links'
// forms: contract/video-values.test.ts), an uploaded clip converted by the real ffmpeg to
// H.264/AAC MP4 with a poster (read back with ffprobe), its bytes served in ranges exactly, a clip over
// ten minutes refused, and a site without ffmpeg refusing uploads.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, expect, it } from "vitest";
import { videosAnswerSchema, videoAnswerSchema, type Video } from "../../contract/videos";
import { loadConfig } from "../../server/config";
import { profileEditors } from "../../server/db/schema";
import { call, expectError, siteOrigin, type Account, type TestApp } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { namedDraft } from "../support/named-draft";

const run = promisify(execFile);
const work = mkdtempSync(path.join(tmpdir(), "kammare-video-test-"));
const configWith = (extra: Record<string, string>) =>
  loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL: siteOrigin,
    DATA_DIR: mkdtempSync(path.join(work, "data-")),
    ...extra,
  });

/** A clip made by ffmpeg's own test sources: MPEG-4 part 2 video and MP2 audio in Matroska (not MP4). */
async function makeClip(
  name: string,
  { seconds, size, rate, audio }: { seconds: number; size: string; rate: number; audio: boolean },
) {
  const file = path.join(work, name);
  const args = [
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    `testsrc=size=${size}:rate=${rate}:duration=${seconds}`,
  ];
  if (audio) args.push("-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`, "-c:a", "mp2");
  args.push("-c:v", "mpeg4", "-q:v", "8", "-f", "matroska", file);
  await run("ffmpeg", args);
  return file;
}

async function ffprobe(file: string) {
  const { stdout } = await run("ffprobe", [
    "-v",
    "error",
    "-print_format",
    "json",
    "-show_format",
    "-show_streams",
    file,
  ]);
  return JSON.parse(stdout) as {
    format: { duration: string; format_name: string };
    streams: { codec_type: string; codec_name: string; width?: number; height?: number; pix_fmt?: string }[];
  };
}

/** The top-level boxes of an MP4, in file order: `-movflags +faststart` puts moov before mdat. */
function topBoxes(data: Buffer): string[] {
  const boxes: string[] = [];
  for (let at = 0; at + 8 <= data.length;) {
    let size = data.readUInt32BE(at);
    const type = data.toString("latin1", at + 4, at + 8);
    if (size === 1) size = Number(data.readBigUInt64BE(at + 8));
    boxes.push(type);
    if (size < 8) break;
    at += size;
  }
  return boxes;
}

const upload = (
  app: TestApp,
  who: Account | undefined,
  query: string,
  body: Buffer,
  type = "video/x-matroska",
) =>
  app.request(`/api/kammare/videos/clips?${query}`, {
    method: "POST",
    headers: {
      "Content-Type": type,
      "Content-Length": String(body.length),
      Origin: siteOrigin,
      ...(who ? { Authorization: `Bearer ${who.token}` } : {}),
    },
    body: new Uint8Array(body),
  });

describeOnEngines("videos", { app: { config: configWith({}) } }, (fixture) => {
  const { app, db, accounts, admin, settled, images } = fixture;
  let page: { id: string; owner: Account };
  let editor: Account;

  beforeAll(async () => {
    page = await namedDraft(fixture);
    editor = await accounts.signUp();
    await db.insert(profileEditors).values({ profileId: page.id, userId: editor.id });
  });

  const list = async (who: Account) => {
    const response = await call(app, `/api/kammare/videos?profileId=${page.id}`, { bearer: who.token });
    expect(response.status).toBe(200);
    return videosAnswerSchema.parse(await response.json());
  };
  const addLink = (who: Account | undefined, url: string, title = "") =>
    call(app, "/api/kammare/videos/links", {
      bearer: who?.token,
      origin: siteOrigin,
      json: { profileId: page.id, url, title },
    });

  it("lets the owner and editors add and remove links, and nobody else", async () => {
    const stranger = await accounts.signUp();
    const partner = await accounts.signUp({ roles: ["customer", "partner"] });
    const link = "https://youtu.be/dQw4w9WgXcQ";
    await expectError(await addLink(undefined, link), 401, "unauthorized");
    await expectError(await addLink(stranger, link), 403, "forbidden");
    await expectError(await addLink(partner, link), 403, "forbidden");
    for (const who of [stranger, partner]) {
      await expectError(
        await call(app, `/api/kammare/videos?profileId=${page.id}`, { bearer: who.token }),
        403,
        "forbidden",
      );
    }
    expect((await list(page.owner)).videos).toEqual([]);

    const byOwner = await addLink(page.owner, link, "Mormors 80-årsdag");
    expect(byOwner.status).toBe(201);
    const { video } = videoAnswerSchema.parse(await byOwner.json());
    expect(video).toMatchObject({
      kind: "link",
      provider: "youtube",
      externalId: "dQw4w9WgXcQ",
      status: "ready",
    });
    const byEditor = await addLink(editor, "https://player.vimeo.com/video/76979871");
    expect(byEditor.status).toBe(201);
    expect((await list(editor)).videos.map((v) => [v.provider, v.externalId, v.title])).toEqual([
      ["youtube", "dQw4w9WgXcQ", "Mormors 80-årsdag"],
      ["vimeo", "76979871", ""],
    ]);

    const remove = (who: Account | undefined, videoId: string) =>
      call(app, "/api/kammare/videos/remove", {
        bearer: who?.token,
        origin: siteOrigin,
        json: { profileId: page.id, videoId },
      });
    await expectError(await remove(undefined, video.id), 401, "unauthorized");
    await expectError(await remove(stranger, video.id), 403, "forbidden");
    await expectError(await remove(partner, video.id), 403, "forbidden");
    expect((await remove(editor, video.id)).status).toBe(200);
    const again = await expectError(await remove(page.owner, video.id), 404, "not_found", "videoId");
    expect(again.error.refusal).toBe("video.missing");
    expect((await list(page.owner)).videos).toHaveLength(1);
    // An admin keeps every page: allowed too.
    expect((await addLink(admin, "https://vimeo.com/1")).status).toBe(201);
  });

  it("refuses an address that is not a YouTube or Vimeo video, naming the field and the refusal", async () => {
    for (const url of ["https://example.com/film.mp4", "https://www.youtube.com/channel/abc"]) {
      const body = await expectError(await addLink(page.owner, url), 400, "invalid_request", "url");
      expect(body.error.refusal).toBe("video.link-unsupported");
    }
    await expectError(
      await addLink(page.owner, "https://youtu.be/dQw4w9WgXcQ", "x".repeat(121)),
      400,
      "invalid_request",
      "title",
    );
    await expectError(
      await addLink(page.owner, "https://youtu.be/dQw4w9WgXcQ", "a\u0000b"),
      400,
      "invalid_request",
      "title",
    );
  });

  it("converts an uploaded clip to H.264/AAC MP4 with a poster, and serves it in ranges", async () => {
    const source = readFileSync(
      await makeClip("three-seconds.mkv", { seconds: 3, size: "320x240", rate: 25, audio: true }),
    );
    const stranger = await accounts.signUp();
    await expectError(await upload(app, undefined, `profileId=${page.id}`, source), 401, "unauthorized");
    await expectError(await upload(app, stranger, `profileId=${page.id}`, source), 403, "forbidden");

    const answer = await upload(app, editor, `profileId=${page.id}&title=Sommaren%201994`, source);
    expect(answer.status).toBe(202);
    const { video } = videoAnswerSchema.parse(await answer.json());
    expect(video).toMatchObject({ kind: "clip", title: "Sommaren 1994", status: "waiting", url: null });
    await settled();
    const ready = (await list(page.owner)).videos.find((v) => v.id === video.id) as Video;
    expect(ready).toMatchObject({ status: "ready", progress: 100, width: 320, height: 240, failure: null });
    expect(ready.durationSeconds).toBeCloseTo(3, 0);
    expect(ready.url).toMatch(new RegExp(`^/uploads/${page.id}/videos/${video.id}\\.mp4$`));

    const whole = await app.request(ready.url as string);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/mp4");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    const mp4 = Buffer.from(await whole.arrayBuffer());
    const stored = await images.get((ready.url as string).slice("/uploads/".length));
    expect(stored?.data.equals(mp4)).toBe(true);
    const file = path.join(work, "converted.mp4");
    writeFileSync(file, mp4);
    const probed = await ffprobe(file);
    expect(probed.format.format_name).toContain("mp4");
    expect(probed.streams.map((s) => [s.codec_type, s.codec_name])).toEqual([
      ["video", "h264"],
      ["audio", "aac"],
    ]);
    expect(probed.streams[0]?.pix_fmt).toBe("yuv420p");
    const boxes = topBoxes(mp4);
    expect(boxes.indexOf("moov")).toBeGreaterThanOrEqual(0);
    expect(boxes.indexOf("moov")).toBeLessThan(boxes.indexOf("mdat"));

    const poster = await app.request(ready.posterUrl as string);
    expect(poster.status).toBe(200);
    expect(poster.headers.get("content-type")).toBe("image/jpeg");
    const posterBytes = Buffer.from(await poster.arrayBuffer());
    expect(posterBytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);

    const size = mp4.length;
    const ranged = async (range: string) => app.request(ready.url as string, { headers: { Range: range } });
    for (const [range, start, end] of [
      ["bytes=0-99", 0, 99],
      ["bytes=100-", 100, size - 1],
      ["bytes=-500", size - 500, size - 1],
      [`bytes=${size - 10}-${size + 1000}`, size - 10, size - 1],
      ["bytes=1000-1000", 1000, 1000],
    ] as const) {
      const part = await ranged(range);
      expect(part.status, range).toBe(206);
      expect(part.headers.get("content-range"), range).toBe(`bytes ${start}-${end}/${size}`);
      expect(part.headers.get("content-length"), range).toBe(String(end - start + 1));
      expect(Buffer.from(await part.arrayBuffer()).equals(mp4.subarray(start, end + 1)), range).toBe(true);
    }
    for (const range of [`bytes=${size}-`, `bytes=${size + 5}-${size + 10}`, "bytes=-0"]) {
      const refused = await ranged(range);
      expect(refused.status, range).toBe(416);
      expect(refused.headers.get("content-range"), range).toBe(`bytes */${size}`);
    }
    // Not a single byte range: the whole file (RFC 9110 lets a server ignore it).
    for (const range of ["bytes=0-1,5-9", "items=0-5", "bytes=9-1"]) {
      const ignored = await ranged(range);
      expect(ignored.status, range).toBe(200);
      expect(Number(ignored.headers.get("content-length"))).toBe(size);
      await ignored.arrayBuffer();
    }

    // Removed: the files go with it.
    const removed = await call(app, "/api/kammare/videos/remove", {
      bearer: page.owner.token,
      origin: siteOrigin,
      json: { profileId: page.id, videoId: video.id },
    });
    expect(removed.status).toBe(200);
    expect((await app.request(ready.url as string)).status).toBe(404);
    expect((await app.request(ready.posterUrl as string)).status).toBe(404);
  }, 120_000);

  it("refuses a clip over ten minutes, a file that is no video, and an empty body", async () => {
    const long = readFileSync(
      await makeClip("eleven-minutes.mkv", { seconds: 660, size: "64x64", rate: 1, audio: false }),
    );
    const tooLong = await expectError(
      await upload(app, page.owner, `profileId=${page.id}`, long),
      400,
      "invalid_request",
      "file",
    );
    expect(tooLong.error.refusal).toBe("video.too-long");
    const text = Buffer.from("this is not a video at all ".repeat(100));
    const notVideo = await expectError(
      await upload(app, page.owner, `profileId=${page.id}`, text),
      400,
      "invalid_request",
      "file",
    );
    expect(notVideo.error.refusal).toBe("video.not-a-video");
    await expectError(
      await upload(app, page.owner, `profileId=${page.id}`, Buffer.alloc(0)),
      400,
      "invalid_request",
      "file",
    );
    await expectError(
      await upload(app, page.owner, `profileId=${page.id}`, text, "text/plain"),
      400,
      "invalid_request",
      "file",
    );
    await expectError(
      await upload(app, page.owner, "profileId=nope", text),
      400,
      "invalid_request",
      "profileId",
    );
    // Said larger than 500 MB: refused before a byte is read.
    const huge = await app.request(`/api/kammare/videos/clips?profileId=${page.id}`, {
      method: "POST",
      headers: {
        "Content-Type": "video/mp4",
        "Content-Length": String(501 * 1024 * 1024),
        Origin: siteOrigin,
        Authorization: `Bearer ${page.owner.token}`,
      },
      body: new Uint8Array(text),
    });
    const large = await expectError(huge, 400, "invalid_request", "file");
    expect(large.error.refusal).toBe("video.too-large");
    // Nothing of the refused files was kept.
    expect((await list(page.owner)).videos.filter((v) => v.kind === "clip")).toEqual([]);
  }, 120_000);
  it("deletes a page's clips with its owner's account", async () => {
    const owned = await namedDraft(fixture);
    const source = readFileSync(
      await makeClip("one-second.mkv", { seconds: 1, size: "160x120", rate: 10, audio: false }),
    );
    const answer = await upload(app, owned.owner, `profileId=${owned.id}`, source);
    expect(answer.status).toBe(202);
    await settled();
    const [clip] = videosAnswerSchema.parse(
      await (
        await call(app, `/api/kammare/videos?profileId=${owned.id}`, { bearer: owned.owner.token })
      ).json(),
    ).videos;
    expect(clip?.status).toBe("ready");
    const keys = [clip?.url, clip?.posterUrl].map((url) => (url as string).slice("/uploads/".length));
    for (const key of keys) expect(await images.get(key)).not.toBeNull();
    const deleted = await call(app, "/api/kammare/account/delete", {
      bearer: owned.owner.token,
      origin: siteOrigin,
      json: { password: owned.owner.password },
    });
    expect(deleted.status).toBe(200);
    await settled();
    for (const key of keys) expect(await images.get(key)).toBeNull();
  }, 60_000);
});

describeOnEngines(
  "videos without ffmpeg",
  { app: { config: configWith({ FFMPEG_PATH: "/nonexistent/bin/ffmpeg" }) } },
  (fixture) => {
    const { app } = fixture;
    it("refuses uploads with a refusal saying video is not available here, and says so in the list", async () => {
      const page = await namedDraft(fixture);
      const response = await call(app, `/api/kammare/videos?profileId=${page.id}`, {
        bearer: page.owner.token,
      });
      expect(videosAnswerSchema.parse(await response.json()).uploadsAvailable).toBe(false);
      const refused = await expectError(
        await upload(app, page.owner, `profileId=${page.id}`, Buffer.from("anything")),
        409,
        "conflict",
      );
      expect(refused.error.refusal).toBe("video.uploads-unavailable");
      expect(refused.error.message).toMatch(/not available on this site/);
      // Links still work.
      const link = await call(app, "/api/kammare/videos/links", {
        bearer: page.owner.token,
        origin: siteOrigin,
        json: { profileId: page.id, url: "https://youtu.be/dQw4w9WgXcQ" },
      });
      expect(link.status).toBe(201);
    });
  },
);
