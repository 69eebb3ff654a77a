// What visitors see of a page's photos (decisions "A life in pictures"): shown photos only, in the
// family's order of albums and photos; one photo's place, previous and next across albums; nothing for
// a waiting photo, another page's or an id that is none; the grid's markup (sizes, lazy loading, alt
// texts in both languages, plain links); and the page cache keeping photo pages under their page, so
// a change to the page drops them too.
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, expect, it } from "vitest";
import { photoSizeKey } from "../../contract/photo-values";
import { profiles } from "../../server/db/schema";
import { pageChanged, recordEvent, transaction } from "../../server/domain/core";
import { publicPhotoPage, publicPhotos } from "../../server/domain/pictures";
import { createPageCache } from "../../server/http/page-cache";
import { createDiskImageStore } from "../../server/providers/images";
import { PublicPhotoGrid } from "../../app/components/profile/public-photo-grid";
import { TextsProvider } from "../../app/lib/i18n";
import { sleep } from "../support/accounts";
import { describeOnDatabases } from "../support/api-fixture";
import { createTestApp } from "../support/test-app";
import { familyAlbums, seedPhotos, type SeededAlbum } from "../support/seed-photos";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const pageId = "PHTS0001";
const otherId = "PHTS0002";
const emptyId = "PHTS0003";

describeOnDatabases("a page's photos for visitors", ({ handle }) => {
  const images = createDiskImageStore(mkdtempSync(path.join(tmpdir(), "kammare-photos-")));
  let seeded: SeededAlbum[] = [];
  let other: SeededAlbum[] = [];

  beforeAll(async () => {
    const content = { displayName: "Greta Lindqvist", story: "A life." };
    await handle.db.insert(profiles).values([
      { id: pageId, status: "active", content },
      { id: otherId, status: "active", content },
      { id: emptyId, status: "active", content },
    ]);
    // An album of waiting photos only, first in the family's order: it is not on the page at all.
    const waiting = { title: "Waiting", photos: [{ caption: "Waits", state: "pending" as const }] };
    seeded = await seedPhotos(handle.db, images, { profileId: pageId, albums: [waiting, ...familyAlbums] });
    other = await seedPhotos(handle.db, images, {
      profileId: otherId,
      albums: [{ title: "Other", photos: [{ caption: "Someone else's" }] }],
    });
  }, 120_000);

  const shownIds = () =>
    seeded.flatMap((album) =>
      album.photos.filter((photo) => photo.state === "shown").map((photo) => photo.id),
    );

  it("shows the shown photos only, albums and photos in the family's order", async () => {
    const page = await publicPhotos(handle.db, pageId);
    expect(page.albums.map((album) => album.title)).toEqual(familyAlbums.map((album) => album.title));
    expect(page.albums.flatMap((album) => album.photos.map((photo) => photo.id))).toEqual(shownIds());
    expect(page.count).toBe(9);
    const captions = page.albums.flatMap((album) => album.photos.map((photo) => photo.caption));
    expect(captions).not.toContain("Not yet approved");
    expect(captions).not.toContain("Waits");
    // Only the widths made, smallest first; never the original's key.
    const first = page.albums[0]?.photos[0];
    expect(first?.sizes.map((size) => size.width)).toEqual([320, 640, 1280]);
    expect(JSON.stringify(page)).not.toContain("original");
    expect(await publicPhotos(handle.db, emptyId)).toEqual({ albums: [], count: 0 });
  });

  it("wrote real images under the contract's keys", async () => {
    const id = shownIds()[0] ?? "";
    for (const format of ["avif", "webp"] as const) {
      const stored = await images.get(photoSizeKey(pageId, id, 320, format));
      expect(stored?.contentType).toBe(`image/${format}`);
      expect(stored?.data.length).toBeGreaterThan(200);
    }
  });

  it("gives a photo its number, the total, and its neighbours across albums", async () => {
    const ids = shownIds();
    const first = await publicPhotoPage(handle.db, { profileId: pageId, photoId: ids[0] ?? "" });
    expect(first).toMatchObject({ number: 1, total: 9, previous: null, next: ids[1] });
    expect(first?.album.title).toBe("Childhood in Bohuslän");
    // The last of the first album leads to the first of the second, and back.
    const third = await publicPhotoPage(handle.db, { profileId: pageId, photoId: ids[2] ?? "" });
    expect(third).toMatchObject({ number: 3, previous: ids[1], next: ids[3] });
    const fourth = await publicPhotoPage(handle.db, { profileId: pageId, photoId: ids[3] ?? "" });
    expect(fourth).toMatchObject({ number: 4, previous: ids[2], next: ids[4] });
    expect(fourth?.album.title).toBe("Sahlgrenska years");
    const last = await publicPhotoPage(handle.db, { profileId: pageId, photoId: ids[8] ?? "" });
    expect(last).toMatchObject({ number: 9, total: 9, next: null, previous: ids[7] });
  });

  it("knows no waiting photo, no other page's photo and no id that is none", async () => {
    const pending = seeded.flatMap((album) => album.photos).filter((photo) => photo.state === "pending");
    expect(pending).toHaveLength(2);
    for (const photo of pending) {
      expect(await publicPhotoPage(handle.db, { profileId: pageId, photoId: photo.id })).toBeNull();
    }
    const elsewhere = other[0]?.photos[0]?.id ?? "";
    expect(await publicPhotoPage(handle.db, { profileId: pageId, photoId: elsewhere })).toBeNull();
    expect(await publicPhotoPage(handle.db, { profileId: otherId, photoId: elsewhere })).not.toBeNull();
    for (const bad of ["", "nope", "\u0000", crypto.randomUUID(), `${shownIds()[0]}x`]) {
      expect(await publicPhotoPage(handle.db, { profileId: pageId, photoId: bad })).toBeNull();
    }
  });

  it("renders the grid: sized, lazy, described images linking to the photo pages, in both languages", async () => {
    const photos = await publicPhotos(handle.db, pageId);
    for (const [locale, heading, untitled] of [
      ["en-US", "Photos", "Photo from 1940"],
      ["sv-SE", "Bilder", "Bild från 1940"],
    ] as const) {
      const html = renderToStaticMarkup(
        <TextsProvider locale={locale}>
          <PublicPhotoGrid profileId={pageId} name="Greta Lindqvist" photos={photos} />
        </TextsProvider>,
      );
      expect(html).toContain(`>${heading}</h2>`);
      const imgs = [...html.matchAll(/<img [^>]*>/g)].map((match) => match[0]);
      // Nine thumbnails and the viewer's empty image.
      expect(imgs).toHaveLength(10);
      for (const img of imgs.slice(0, 9)) {
        expect(img).toMatch(/ width="\d+"/);
        expect(img).toMatch(/ height="\d+"/);
        expect(img).toContain('loading="lazy"');
        expect(img).toContain('decoding="async"');
        expect(img).toMatch(/ alt="[^"]+"/);
      }
      expect(html).toContain('alt="Greta on the jetty at Smögen"');
      expect(html).toContain(`alt="${untitled}"`);
      // Album titles as headings, as there are three albums.
      for (const album of familyAlbums) expect(html).toContain(`>${album.title}</h3>`);
      for (const id of shownIds()) expect(html).toContain(`href="/k/${pageId}/photos/${id}"`);
      // A thumbnail is WebP at the widths a thumbnail shows; the link names every width, for the viewer.
      expect(html).toMatch(
        /<img src="[^"]*\/320\.webp" srcSet="[^"]*\/320\.webp 320w, [^"]*\/640\.webp 640w"/,
      );
      expect(html).not.toMatch(/\/(1280|2048)\.webp \d+w/);
      expect(html).toContain('data-widths="320 640 1280"');
      expect(html).not.toContain("original");
    }
  });

  it("leaves out the album heading when there is only one album", async () => {
    const photos = await publicPhotos(handle.db, otherId);
    const html = renderToStaticMarkup(
      <TextsProvider locale="en-US">
        <PublicPhotoGrid profileId={otherId} name="Greta" photos={photos} />
      </TextsProvider>,
    );
    expect(html).not.toContain("<h3");
    expect(html).toContain('alt="Someone else&#x27;s"');
  });

  it("caches photo pages under their page: page.changed and the photos' triggers drop them", async () => {
    const cache = createPageCache();
    const { app } = createTestApp(handle, undefined, { pageCache: cache });
    const [firstId = "", secondId = ""] = shownIds();
    const paths = [`/k/${pageId}`, `/k/${pageId}/photos/${firstId}`, `/k/${pageId}/photos/${secondId}`];
    const cached = async (where: string) => (await app.request(where)).headers.get("x-cache");
    for (const where of paths) expect(await cached(where)).toBe("MISS");
    for (const where of paths) expect(await cached(where)).toBe("HIT");
    expect(await cached(`/k/${otherId}/photos/${other[0]?.photos[0]?.id}`)).toBe("MISS");
    expect(cache.stats().entries).toBe(4);
    // Not a photo's address: not cached (a lower-case id, something after it).
    expect(await cached(`/k/${pageId}/photos/${firstId.toUpperCase()}`)).toBeNull();
    expect(await cached(`/k/${pageId}/photos/${firstId}/x`)).toBeNull();

    await transaction(handle.db, async (tx) => recordEvent(tx, pageChanged(pageId)));
    expect(cache.stats().entries).toBe(1);
    for (const where of paths) expect(await cached(where)).toBe("MISS");

    // A photo changed in the database (by any process) drops the page's copies too.
    const stop = await cache.follow(handle);
    try {
      await seedPhotos(handle.db, images, {
        profileId: pageId,
        albums: [{ title: "Later", photos: [{ caption: "Added" }] }],
      });
      for (let i = 0; i < 250 && cache.stats().entries > 1; i++) await sleep(20);
      expect(cache.stats().entries).toBe(1);
      expect(await cached(paths[1] ?? "")).toBe("MISS");
    } finally {
      await stop();
    }
  });
});
