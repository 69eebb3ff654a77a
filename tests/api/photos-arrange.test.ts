// A family arranging its photos: albums made, renamed, put in order, given a cover and deleted with
// their photos and files; photos captioned, dated, moved and put in order; the ZIP of every original
// (unzipped with yauzl, each entry's SHA-256 against what was uploaded); bad input is a 400 naming the
// field. On every engine.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, expect, it } from "vitest";
import { photoSizeKey } from "../../contract/photo-values";
import { albumAnswerSchema, photoAnswerSchema } from "../../contract/photos";
import { photos } from "../../server/db/schema";
import { onDomainEvents } from "../../server/domain/core";
import { expectError, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { albumsOf, ask, newPage, unzip, uploaded } from "../support/photos";

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** A small photo of one colour, different bytes for each. */
const colours = ["#aa0000", "#00aa00", "#0000aa", "#aaaa00", "#00aaaa"];
let samples: Buffer[];
beforeAll(async () => {
  samples = await Promise.all(
    colours.map((background, index) =>
      index % 2
        ? sharp({ create: { width: 400, height: 300, channels: 3, background } })
            .png()
            .toBuffer()
        : sharp({ create: { width: 400, height: 300, channels: 3, background } })
            .jpeg()
            .toBuffer(),
    ),
  );
});

describeOnEngines("arranging photos", ({ app, db, images, accounts }) => {
  let owner: Account;
  let stranger: Account;

  beforeAll(async () => {
    owner = await accounts.signUp();
    stranger = await accounts.signUp();
  });

  async function newAlbum(profileId: string, title: string) {
    const response = await ask(app, owner, "/api/kammare/albums", { json: { profileId, title } });
    expect(response.status).toBe(201);
    return albumAnswerSchema.parse(await response.json()).album;
  }

  const patchPhoto = (id: string, json: unknown, who = owner) =>
    ask(app, who, `/api/kammare/photos/${id}`, { method: "PATCH", json });
  const patchAlbum = (id: string, json: unknown, who = owner) =>
    ask(app, who, `/api/kammare/albums/${id}`, { method: "PATCH", json });

  it("moves, orders, captions, dates and covers, and the list shows it in order", async () => {
    const profileId = await newPage(db, owner.id);
    const [a, b, c] = [
      await uploaded(app, owner, { profileId, image: samples[0] as Buffer }),
      await uploaded(app, owner, { profileId, image: samples[1] as Buffer }),
      await uploaded(app, owner, { profileId, image: samples[2] as Buffer }),
    ];
    const first = a.albumId;
    const second = await newAlbum(profileId, "Sommaren 1962");
    expect(second.position).toBe(1);

    // Caption and date; an empty date is none.
    const captioned = await patchPhoto(a.id, { caption: "  Mormor i trädgården ", taken: "1962-06" });
    expect(photoAnswerSchema.parse(await captioned.json()).photo).toMatchObject({
      caption: "Mormor i trädgården",
      taken: "1962-06",
    });
    const undated = await patchPhoto(a.id, { taken: "" });
    expect(photoAnswerSchema.parse(await undated.json()).photo.taken).toBeNull();

    // The cover of the first album is b; b moves to the second album: the first has no cover then.
    expect((await patchAlbum(first, { coverPhotoId: b.id })).status).toBe(200);
    const moved = await patchPhoto(b.id, { albumId: second.id });
    expect(photoAnswerSchema.parse(await moved.json()).photo).toMatchObject({
      albumId: second.id,
      position: 0,
    });
    let listed = await albumsOf(app, owner, profileId);
    expect(
      listed.albums.map((album) => [album.title, album.coverPhotoId, album.photos.map((p) => p.id)]),
    ).toEqual([
      ["Photos", null, [a.id, c.id]],
      ["Sommaren 1962", null, [b.id]],
    ]);

    // A cover must be one of the album's own photos.
    await expectError(
      await patchAlbum(second.id, { coverPhotoId: a.id }),
      400,
      "invalid_request",
      "coverPhotoId",
    );
    expect((await patchAlbum(second.id, { coverPhotoId: b.id, title: "Sommaren -62" })).status).toBe(200);

    // Reorder within the first album and the albums themselves.
    const ordered = await ask(app, owner, "/api/kammare/photos/order", {
      json: { albumId: first, photoIds: [c.id, a.id] },
    });
    expect(ordered.status).toBe(200);
    const albumOrder = await ask(app, owner, "/api/kammare/albums/order", {
      json: { profileId, albumIds: [second.id, first] },
    });
    expect(albumOrder.status).toBe(200);
    listed = await albumsOf(app, owner, profileId);
    expect(
      listed.albums.map((album) => [album.title, album.coverPhotoId, album.photos.map((p) => p.id)]),
    ).toEqual([
      ["Sommaren -62", b.id, [b.id]],
      ["Photos", null, [c.id, a.id]],
    ]);
    expect(listed.count).toBe(3);

    // An order that leaves one out, names one twice or names another album's photo is refused.
    for (const photoIds of [[c.id], [c.id, c.id], [c.id, a.id, b.id], [c.id, b.id]]) {
      const wrong = await ask(app, owner, "/api/kammare/photos/order", {
        json: { albumId: first, photoIds },
      });
      const body = await expectError(wrong, 400, "invalid_request", "photoIds");
      expect(body.error.refusal).toBe("photos.photo-order-mismatch");
    }
    const wrongAlbums = await ask(app, owner, "/api/kammare/albums/order", {
      json: { profileId, albumIds: [first] },
    });
    await expectError(wrongAlbums, 400, "invalid_request", "albumIds");

    // A photo cannot move to another page's album; a stranger cannot arrange anything.
    const otherPage = await newPage(db, owner.id);
    const elsewhere = await newAlbum(otherPage, "Elsewhere");
    await expectError(await patchPhoto(a.id, { albumId: elsewhere.id }), 404, "not_found", "albumId");
    await expectError(await patchPhoto(a.id, { caption: "x" }, stranger), 403, "forbidden");
    await expectError(await patchAlbum(first, { title: "x" }, stranger), 403, "forbidden");
    const strangerOrder = await ask(app, stranger, "/api/kammare/photos/order", {
      json: { albumId: first, photoIds: [a.id, c.id] },
    });
    await expectError(strangerOrder, 403, "forbidden");
    const strangerAlbum = await ask(app, stranger, "/api/kammare/albums", {
      json: { profileId, title: "Mine" },
    });
    await expectError(strangerAlbum, 403, "forbidden");
    await expectError(
      await ask(app, stranger, `/api/kammare/albums/${first}`, { method: "DELETE" }),
      403,
      "forbidden",
    );
  });

  it("deleting a photo or an album removes its rows and every file", async () => {
    const profileId = await newPage(db, owner.id);
    const keep = await uploaded(app, owner, { profileId, image: samples[0] as Buffer });
    const album = await newAlbum(profileId, "To go");
    const gone = [
      await uploaded(app, owner, { profileId, albumId: album.id, image: samples[1] as Buffer }),
      await uploaded(app, owner, { profileId, albumId: album.id, image: samples[2] as Buffer }),
    ];
    const keysOf = async () => {
      const keys: string[] = [];
      for await (const key of images.keys?.() ?? [])
        if (key.startsWith(`${profileId}/photos/`)) keys.push(key);
      return keys.sort();
    };
    // 400 px wide: 320 as AVIF and WebP, and the original: three files each.
    expect(await keysOf()).toHaveLength(9);
    expect(await images.get(photoSizeKey(profileId, keep.id, 320, "avif"))).not.toBeNull();

    const deleted = await ask(app, owner, `/api/kammare/albums/${album.id}`, { method: "DELETE" });
    expect(await deleted.json()).toEqual({ deleted: true, photos: 2 });
    expect((await keysOf()).every((key) => key.startsWith(`${profileId}/photos/${keep.id}/`))).toBe(true);
    expect(await keysOf()).toHaveLength(3);
    for (const photo of gone)
      expect(await db.select().from(photos).where(eq(photos.id, photo.id))).toHaveLength(0);

    expect((await ask(app, owner, `/api/kammare/photos/${keep.id}`, { method: "DELETE" })).status).toBe(200);
    expect(await keysOf()).toEqual([]);
    const again = await ask(app, owner, `/api/kammare/photos/${keep.id}`, { method: "DELETE" });
    await expectError(again, 404, "not_found", "photoId");
    const listed = await albumsOf(app, owner, profileId);
    expect(listed.albums.map((a) => [a.title, a.photos.length])).toEqual([["Photos", 0]]);
  });

  it("downloads every original in one streamed ZIP, byte for byte, under names every system takes", async () => {
    const profileId = await newPage(db, owner.id);
    const first = await uploaded(app, owner, { profileId, image: samples[0] as Buffer });
    await uploaded(app, owner, { profileId, image: samples[1] as Buffer });
    const odd = await newAlbum(profileId, 'Jul: "1970" / <hemma>?');
    const same = await newAlbum(profileId, "photos");
    await uploaded(app, owner, { profileId, albumId: odd.id, image: samples[2] as Buffer });
    await uploaded(app, owner, { profileId, albumId: same.id, image: samples[3] as Buffer });
    await uploaded(app, owner, { profileId, albumId: same.id, image: samples[4] as Buffer });
    await patchPhoto(first.id, { caption: "Mormor & morfar\u0007 på CON: bryggan." });

    const response = await ask(app, owner, `/api/kammare/photos/download?profileId=${profileId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="photos-${profileId}.zip"`,
    );
    const zip = Buffer.from(await response.arrayBuffer());
    const length = response.headers.get("content-length");
    if (length !== null) expect(Number(length)).toBe(zip.length);
    const entries = await unzip(zip);
    expect([...entries.keys()]).toEqual([
      "Photos/001 Mormor & morfar på CON bryggan.jpg",
      "Photos/002.png",
      "Jul 1970 hemma/001.jpg",
      "photos (2)/001.png",
      "photos (2)/002.jpg",
    ]);
    const originals = samples.map(sha256);
    expect([...entries.values()].map(sha256)).toEqual(originals);
  });

  it("every change of albums and photos records page.changed for the page (its cached copies drop)", async () => {
    const profileId = await newPage(db, owner.id);
    const changed: string[] = [];
    const stop = onDomainEvents(db, (event) => {
      if (event.type === "page.changed" && event.profileId === profileId) changed.push("changed");
    });
    try {
      const photo = await uploaded(app, owner, { profileId, image: samples[0] as Buffer });
      const album = await newAlbum(profileId, "Second");
      expect((await patchPhoto(photo.id, { caption: "x" })).status).toBe(200);
      expect((await patchPhoto(photo.id, { albumId: album.id })).status).toBe(200);
      expect((await patchAlbum(album.id, { coverPhotoId: photo.id })).status).toBe(200);
      const order = await ask(app, owner, "/api/kammare/photos/order", {
        json: { albumId: album.id, photoIds: [photo.id] },
      });
      expect(order.status).toBe(200);
      const albumOrder = await ask(app, owner, "/api/kammare/albums/order", {
        json: { profileId, albumIds: [album.id, photo.albumId] },
      });
      expect(albumOrder.status).toBe(200);
      expect((await ask(app, owner, `/api/kammare/photos/${photo.id}`, { method: "DELETE" })).status).toBe(
        200,
      );
      expect((await ask(app, owner, `/api/kammare/albums/${album.id}`, { method: "DELETE" })).status).toBe(
        200,
      );
      // Upload, new album, caption, move, cover, photo order, album order, photo deleted, album deleted.
      expect(changed).toHaveLength(9);
    } finally {
      stop();
    }
  });

  it("refuses bad ids and bad fields with a 400 naming them", async () => {
    const profileId = await newPage(db, owner.id);
    const photo = await uploaded(app, owner, { profileId, image: samples[0] as Buffer });
    const cases: [string, string, unknown, string][] = [
      ["PATCH", "/api/kammare/photos/not-a-uuid", { caption: "x" }, "photoId"],
      ["DELETE", "/api/kammare/photos/123", undefined, "photoId"],
      ["PATCH", "/api/kammare/albums/not-a-uuid", { title: "x" }, "albumId"],
      ["DELETE", "/api/kammare/albums/%E2%80%8B", undefined, "albumId"],
      ["PATCH", `/api/kammare/photos/${photo.id}`, { caption: "x".repeat(301) }, "caption"],
      ["PATCH", `/api/kammare/photos/${photo.id}`, { caption: "a\u0000b" }, "caption"],
      ["PATCH", `/api/kammare/photos/${photo.id}`, { caption: "\ud800" }, "caption"],
      ["PATCH", `/api/kammare/photos/${photo.id}`, { taken: "1962-13" }, "taken"],
      ["PATCH", `/api/kammare/photos/${photo.id}`, { taken: "62" }, "taken"],
      ["PATCH", `/api/kammare/photos/${photo.id}`, { albumId: "nope" }, "albumId"],
      ["PATCH", `/api/kammare/albums/${photo.albumId}`, { title: "" }, "title"],
      ["PATCH", `/api/kammare/albums/${photo.albumId}`, { title: "x".repeat(81) }, "title"],
      ["PATCH", `/api/kammare/albums/${photo.albumId}`, { coverPhotoId: "x" }, "coverPhotoId"],
      ["POST", "/api/kammare/albums", { profileId, title: "   " }, "title"],
      ["POST", "/api/kammare/albums", { profileId: "", title: "A" }, "profileId"],
      ["POST", "/api/kammare/photos/order", { albumId: photo.albumId, photoIds: ["x"] }, "photoIds.0"],
      ["GET", "/api/kammare/photos?profileId=", undefined, "profileId"],
      ["GET", "/api/kammare/photos/download", undefined, "profileId"],
    ];
    for (const [method, path, json, field] of cases) {
      const response = await ask(app, owner, path, { method, json });
      const body = (await response.json()) as { error?: { code?: string; fields?: Record<string, string> } };
      expect([response.status, body.error?.code], `${method} ${path}`).toEqual([400, "invalid_request"]);
      expect(Object.keys(body.error?.fields ?? {}), `${method} ${path}`).toContain(field);
    }
    // A path that is not UTF-8 text (U+0000) never reaches a call: every API path answers it alike, a
    // JSON 404 (server/http/malformed-urls.ts), never a 500.
    for (const path of ["/api/kammare/photos/%00", "/api/kammare/albums/%FF"]) {
      await expectError(await ask(app, owner, path, { method: "DELETE" }), 404, "not_found");
    }
  });
});
