// Albums and photos on a page for tests (the upload API is its own work): rows as the upload makes
// them, and real small images written to the image store under the contract's keys. Used by the API
// tests and, through the end-to-end fixture (app/routes/e2e-fixtures.tsx), by the browser tests.
import { photoOriginalKey, photoSizeKey } from "../../contract/photo-values";
import type { Database } from "../../server/db/client";
import { albums, photos } from "../../server/db/schema";
import type { ImageStore } from "../../server/providers/images";
import { sampleFiles, sampleImage, sampleSizes } from "./sample-photos";

export type SeedPhoto = {
  caption?: string;
  taken?: string | null;
  /** `pending`: a photo the family has not approved yet (never on the public page). */
  state?: "shown" | "pending";
  /** The original's size (default 1600 × 1200, a landscape). */
  width?: number;
  height?: number;
};

export type SeedAlbum = { title: string; photos: SeedPhoto[] };

export type SeededPhoto = { id: string; albumId: string; caption: string; state: "shown" | "pending" };
export type SeededAlbum = { id: string; title: string; photos: SeededPhoto[] };

/** Adds the albums (after any the page has) and their photos, with their files in the store. */
export async function seedPhotos(
  db: Database,
  images: ImageStore,
  options: { profileId: string; albums: SeedAlbum[] },
): Promise<SeededAlbum[]> {
  const seeded: SeededAlbum[] = [];
  let variant = 0;
  for (const [index, album] of options.albums.entries()) {
    const [row] = await db
      .insert(albums)
      .values({ profileId: options.profileId, title: album.title, position: index })
      .returning({ id: albums.id });
    if (!row) throw new Error("the album was not added");
    const list: SeededPhoto[] = [];
    for (const [position, photo] of album.photos.entries()) {
      const width = photo.width ?? 1600;
      const height = photo.height ?? 1200;
      variant += 1;
      const original = await sampleImage({ variant, width, height, format: "jpg" });
      const files = await sampleFiles({ variant, width, height });
      const id = crypto.randomUUID();
      const originalKey = photoOriginalKey(options.profileId, id, "jpg");
      await images.put(originalKey, original, "image/jpeg");
      for (const file of files) {
        await images.put(
          photoSizeKey(options.profileId, id, file.width, file.format),
          file.data,
          `image/${file.format}`,
        );
      }
      const state = photo.state ?? "shown";
      const caption = photo.caption ?? "";
      await db.insert(photos).values({
        id,
        profileId: options.profileId,
        albumId: row.id,
        position,
        caption,
        taken: photo.taken ?? null,
        state,
        width,
        height,
        sizes: sampleSizes(width, height),
        originalKey,
        originalType: "image/jpeg",
        originalBytes: original.length,
        bytes: original.length + files.reduce((total, file) => total + file.data.length, 0),
      });
      list.push({ id, albumId: row.id, caption, state });
    }
    seeded.push({ id: row.id, title: album.title, photos: list });
  }
  return seeded;
}

/** A page's photos as the e2e suite and screenshots want them: three albums, captions and dates. */
export const familyAlbums: SeedAlbum[] = [
  {
    title: "Childhood in Bohuslän",
    photos: [
      { caption: "Greta on the jetty at Smögen", taken: "1938-07" },
      { caption: "", taken: "1940" },
      { caption: "With her father's nets", taken: "1942-06-21", width: 1200, height: 1600 },
      { caption: "Not yet approved", state: "pending" },
    ],
  },
  {
    title: "Sahlgrenska years",
    photos: [
      { caption: "The children's ward, Christmas", taken: "1975-12-24" },
      { caption: "Head nurse at last", taken: "1979" },
      { caption: "Colleagues on the last day", taken: "1996-05", width: 1600, height: 1067 },
    ],
  },
  {
    title: "The garden",
    photos: [
      { caption: "Roses that won three summers running", taken: "2004-07" },
      { caption: "", taken: null, width: 1200, height: 1600 },
      { caption: "The last summer", taken: "2023-08-02" },
    ],
  },
];

/** `count` photos in three albums (the benchmark's page), some portrait, most with a caption. */
export function manyAlbums(count: number): SeedAlbum[] {
  const titles = ["Childhood", "Working years", "The garden"];
  return titles.map((title, album) => ({
    title,
    photos: Array.from({ length: Math.ceil((count - album) / titles.length) }, (_, index) => {
      const number = album + index * titles.length + 1;
      const upright = number % 4 === 0;
      return {
        caption: number % 5 === 0 ? "" : `${title}, photo ${number}`,
        taken: `${1940 + (number % 80)}`,
        width: upright ? 1200 : 1600,
        height: upright ? 1600 : 1200,
      };
    }),
  }));
}
