// The bench page's photos (decisions "A life in pictures", ADR 038): 100 in three albums on BENCH001,
// their rows added with the build's database and their files (every width, AVIF and WebP) written to
// the app's image folder, so the throughput rounds load a page with photos. Then what a phone fetches
// on its first screen of that page (Chromium at 390 × 844, three pixels to the point, no scrolling:
// every image response's bytes until the network is quiet), and the light page's script, against
// their targets.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { chromium } from "@playwright/test";
import { imageVariantSizes } from "../../contract/image-values.ts";
import { photoFormats, photoOriginalKey, photoSizeKey, uploadUrl } from "../../contract/photo-values.ts";
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

/**
 * Adds the albums and photos to `profileId`, with their files under `{dataDir}/uploads` when given,
 * and then a cover and a portrait too, so the first screen holds what a real page's does.
 */
export async function seedBenchPhotos(
  query: Query,
  profileId: string,
  dataDir: string | null,
): Promise<string[]> {
  const ids: string[] = [];
  let variant = 0;
  if (dataDir) {
    const pictures: Record<string, string> = {};
    for (const [kind, sizes, field] of [
      ["portrait", imageVariantSizes.portrait, "portraitImageUrl"],
      ["cover", imageVariantSizes.cover, "coverImageUrl"],
    ] as const) {
      for (const [name, size] of Object.entries(sizes)) {
        const key = `${profileId}/bench-${kind}-${name}.webp`;
        const file = path.join(dataDir, "uploads", key);
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, await sampleImage({ variant: 2, ...size, format: "webp", heavy: true }));
        if (name === "large") pictures[field] = uploadUrl(key);
      }
    }
    await query("update profiles set content = content || $2::jsonb where id = $1", [
      profileId,
      JSON.stringify(pictures),
    ]);
  }
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
          await sampleImage({ variant, width, height, format: "jpg", heavy: true }),
        );
        for (const file of await sampleFiles({ variant, width, height, heavy: true })) {
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

export type FirstScreen = {
  /** The images on the first screen (in the viewport as the page opens) and their bytes: the target. */
  images: number;
  bytes: number;
  files: string[];
  /** Every image fetched before scrolling, those Chromium loads ahead of lazy ones near the screen too. */
  fetched: number;
  fetchedBytes: number;
  fetchedWidths: Record<string, number>;
  passed: boolean;
};

/**
 * Chromium as a 390 px phone opening `url`: the bytes of the images on its first screen, and of every
 * image it fetched before any scrolling (lazy ones within its distance of the screen included).
 */
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
    const onScreen = await page.evaluate(() =>
      [...document.images]
        .filter((img) => {
          const box = img.getBoundingClientRect();
          return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
        })
        .map((img) => img.currentSrc),
    );
    const seen = fetched.filter((image) => onScreen.includes(image.url));
    const bytes = seen.reduce((total, image) => total + image.bytes, 0);
    const fetchedWidths: Record<string, number> = {};
    for (const image of fetched) {
      const name = /\/([^/]+)$/.exec(image.url)?.[1] ?? image.url;
      fetchedWidths[name] = (fetchedWidths[name] ?? 0) + 1;
    }
    return {
      images: seen.length,
      bytes,
      files: seen.map((image) => new URL(image.url).pathname),
      fetched: fetched.length,
      fetchedBytes: fetched.reduce((total, image) => total + image.bytes, 0),
      fetchedWidths,
      passed: bytes <= firstScreenImageTarget,
    };
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
  const ahead = Object.entries(firstScreen.fetchedWidths).map(([name, count]) => `${count} × ${name}`);
  console.log(
    `A 390 px phone (3 pixels to the point) fetched ${integer(firstScreen.fetched)} images, ` +
      `${decimal(firstScreen.fetchedBytes / 1024, 1)} KB, before scrolling (${ahead.join(", ") || "none"}; ` +
      "Chromium loads lazy images near the screen ahead)",
  );
  console.log(
    `Target: images on a 390 px phone's first screen at most ${integer(firstScreenImageTarget / 1024)} KB: ` +
      `${verdict(firstScreen.passed)} (${integer(firstScreen.images)} images, ${decimal(firstScreen.bytes / 1024, 1)} KB` +
      `${firstScreen.files.length ? `: ${firstScreen.files.join(", ")}` : ""})`,
  );
  console.log(
    `Target: cached /k/{id} with its photos at least ${cachedPhotoPageTarget * 100} % of bare node:http: ` +
      (run.cachedRatio === null || run.cachedPassed === null
        ? "SKIPPED"
        : `${verdict(run.cachedPassed)} (${decimal(run.cachedRatio * 100)} %)`),
  );
}
