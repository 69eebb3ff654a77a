// The bench page's photos (decisions "A life in pictures", ADR 038): 100 in three albums on BENCH001,
// their rows added with the build's database and their files (every width, AVIF and WebP) written to
// the app's image folder, so the throughput rounds load a page with photos. Then what a phone fetches
// on its first screen of that page (Chromium at 390 × 844, three pixels to the point, no scrolling:
// every image response's bytes until the network is quiet), and the light page's script, against
// their targets.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { chromium } from "@playwright/test";
import { photoFormats, photoOriginalKey, photoSizeKey } from "../../contract/photo-values.ts";
import { chromiumPath } from "../../tests/e2e/support/chromium.ts";
import { manyAlbums } from "../../tests/support/seed-photos.ts";
import { sampleFiles, sampleImage, sampleSizes } from "../../tests/support/sample-photos.ts";
import { decimal, integer, verdict } from "./report.ts";

export const benchPhotoCount = 100;
/** Image bytes a 390 px phone may fetch before its visitor scrolls. */
export const firstScreenImageTarget = 250 * 1024;
/** The cached page with its photos, against a bare server sending its bytes. */
export const cachedPhotoPageTarget = 0.5;

type Query = <Row>(sqlText: string, params?: unknown[]) => Promise<Row[]>;

/** Adds the albums and photos to `profileId`, with their files under `{dataDir}/uploads` when given. */
export async function seedBenchPhotos(
  query: Query,
  profileId: string,
  dataDir: string | null,
): Promise<string[]> {
  const ids: string[] = [];
  let variant = 0;
  for (const [position, album] of manyAlbums(benchPhotoCount).entries()) {
    const [row] = await query<{ id: string }>(
      "insert into albums (profile_id, title, position) values ($1, $2, $3) returning id",
      [profileId, album.title, position],
    );
    for (const [index, photo] of album.photos.entries()) {
      variant += 1;
      const width = photo.width ?? 1600;
      const height = photo.height ?? 1200;
      const id = crypto.randomUUID();
      let bytes = 0;
      if (dataDir) {
        const put = async (key: string, data: Buffer) => {
          const file = path.join(dataDir, "uploads", key);
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, data);
          bytes += data.length;
        };
        await put(
          photoOriginalKey(profileId, id, "jpg"),
          await sampleImage({ variant, width, height, format: "jpg" }),
        );
        for (const file of await sampleFiles({ variant, width, height })) {
          await put(photoSizeKey(profileId, id, file.width, file.format), file.data);
        }
      }
      await query(
        `insert into photos (id, profile_id, album_id, position, caption, taken, width, height, sizes,
           original_key, original_type, original_bytes, bytes)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, 'image/jpeg', 0, $11)`,
        [
          id,
          profileId,
          row?.id,
          index,
          photo.caption ?? "",
          photo.taken ?? null,
          width,
          height,
          JSON.stringify(sampleSizes(width, height)),
          photoOriginalKey(profileId, id, "jpg"),
          bytes,
        ],
      );
      ids.push(id);
    }
  }
  return ids;
}

export type FirstScreen = { images: number; bytes: number; widths: string[]; passed: boolean };

/** What Chromium as a 390 px phone fetches of images on opening `url`, before any scrolling. */
export async function firstScreenImages(url: string): Promise<FirstScreen> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ["--disable-gpu"] });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const sizes: Promise<{ url: string; bytes: number }>[] = [];
    page.on("response", (response) => {
      if (!(response.headers()["content-type"] ?? "").startsWith("image/")) return;
      sizes.push(response.body().then((body) => ({ url: response.url(), bytes: body.length })));
    });
    await page.goto(url, { waitUntil: "networkidle" });
    const fetched = await Promise.all(sizes);
    const bytes = fetched.reduce((total, image) => total + image.bytes, 0);
    const widths = fetched.map((image) => /\/([^/]+)$/.exec(image.url)?.[1] ?? image.url);
    return { images: fetched.length, bytes, widths, passed: bytes <= firstScreenImageTarget };
  } finally {
    await browser.close();
  }
}

export type PhotosRun = {
  photos: number;
  firstScreen: FirstScreen;
  scriptGzipBytes: number | null;
  cachedRatio: number | null;
  cachedPassed: boolean | null;
};

export function printPhotos(run: PhotosRun, scriptBudget: number): void {
  const { firstScreen } = run;
  console.log(
    `\nPhotos: /k/{id} with ${integer(run.photos)} photos in 3 albums (${photoFormats.join(" and ")})`,
  );
  console.log(
    `Target: the light page's JavaScript at most ${integer(scriptBudget)} bytes gzip: ` +
      (run.scriptGzipBytes === null
        ? "SKIPPED"
        : `${verdict(run.scriptGzipBytes <= scriptBudget)} (${integer(run.scriptGzipBytes)} bytes)`),
  );
  console.log(
    `Target: images on a 390 px phone's first screen at most ${integer(firstScreenImageTarget / 1024)} KB: ` +
      `${verdict(firstScreen.passed)} (${integer(firstScreen.images)} images, ${decimal(firstScreen.bytes / 1024, 1)} KB: ` +
      `${firstScreen.widths.join(", ") || "none"})`,
  );
  console.log(
    `Target: cached /k/{id} with its photos at least ${cachedPhotoPageTarget * 100} % of bare node:http: ` +
      (run.cachedRatio === null || run.cachedPassed === null
        ? "SKIPPED"
        : `${verdict(run.cachedPassed)} (${decimal(run.cachedRatio * 100)} %)`),
  );
}
