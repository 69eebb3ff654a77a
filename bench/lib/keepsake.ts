// The keepsake of a full page (ADR 045): a page with 200 photos (originals of 1600 x 1200 with a
// photo's grain, and their WebP widths) and 500 shown memories, made in the build's database and the
// app's image folder; then its owner downloads, from the production server (`node server.js`), the
// keepsake ZIP (the offline copy, every original and the A4 book) and the A5 book, each read to its end.
// Measures the wall time of both downloads and the server's peak resident memory (VmHWM, so no peak
// between samples is missed). Targets: under 30 s for both, below 600 MB.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { photoOriginalKey, photoSizeKey, uploadUrl } from "../../contract/photo-values.ts";
import { sampleImage, sampleSizes } from "../../tests/support/sample-photos.ts";
import type { ServerBuild } from "./list.ts";
import { ownerToken } from "./photo-uploads.ts";
import { residentMegabytes } from "../../tests/support/resident-memory.ts";
import { makeDataDir, startApp } from "./processes.ts";
import { benchOwner } from "./profile-page.ts";

export const keepsakeTargetSeconds = 30;
export const keepsakeTargetMegabytes = 600;
const photoCount = 200;
const memoryCount = 500;
const profileId = "KEEPSAK1";

export type KeepsakeBench = {
  photos: number;
  memories: number;
  zipMegabytes: number;
  zipSeconds: number;
  bookKilobytes: number;
  bookSeconds: number;
  startRssMegabytes: number;
  peakRssMegabytes: number;
  passed: boolean;
};

/** The page, its albums, photos (files in `{dataDir}/uploads`), memories and candles. */
async function seedKeepsakePage(build: ServerBuild, dataDir: string): Promise<void> {
  const put = async (key: string, data: Buffer) => {
    const file = path.join(dataDir, "uploads", key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
  };
  // Five photos' files, used in turn (making 200 with grain would take minutes of its own).
  const width = 1600;
  const height = 1200;
  const sizes = sampleSizes(width, height);
  const variants = await Promise.all(
    Array.from({ length: 5 }, async (_, variant) => ({
      original: await sampleImage({ variant, width, height, format: "jpg", heavy: true }),
      widths: await Promise.all(
        sizes.map(async (size) => ({
          width: size.width,
          data: await sampleImage({ variant, ...size, format: "webp", heavy: true }),
        })),
      ),
    })),
  );
  const portraitKey = `${profileId}/bench-portrait-large.webp`;
  await put(
    portraitKey,
    await sampleImage({ variant: 2, width: 800, height: 800, format: "webp", heavy: true }),
  );
  const handle = await build.openDatabase({ dataDir });
  try {
    await build.migrate(handle);
    const passwordHash = await build.hashPassword(benchOwner.password);
    await handle.withConnection(async (connection) => {
      const [owner] = await connection.query<{ id: string }>(
        `insert into users (email, password_hash, roles) values ($1, $2, array['customer']) returning id`,
        [benchOwner.email, passwordHash],
      );
      const story = Array.from(
        { length: 12 },
        (_, n) =>
          `Åsa växte upp i Öregrund, stycke ${n + 1}. ${"Hon seglade varje sommar och undervisade i fyrtio år. ".repeat(6)}`,
      ).join("\n\n");
      const chapters = Array.from({ length: 6 }, (_, n) => ({
        id: crypto.randomUUID(),
        title: `Kapitel ${n + 1}`,
        period: `${1940 + n * 10}–${1950 + n * 10}`,
        text: "Åren vid havet. ".repeat(40),
      }));
      const content = {
        displayName: "Åsa Öberg",
        subtitle: "Lärare, seglare, mormor",
        story,
        chapters,
        birthDate: "1931-03-12",
        deathDate: "2024-05-04",
        portraitImageUrl: uploadUrl(portraitKey),
      };
      await connection.query(
        `insert into profiles (id, status, owner_user_id, content, metadata, claimed_at, paid_until)
         values ($1, 'active', $2, $3::jsonb, $4::jsonb, now(), now() + interval '1 year')`,
        [
          profileId,
          owner?.id,
          JSON.stringify(content),
          JSON.stringify({ visibility: "public", language: "sv-SE", tags: [] }),
        ],
      );
      await connection.query(
        `insert into memories (profile_id, writer_name, relation, body, state, created_at)
         select $1, 'Besökare ' || n, case when n % 3 = 0 then 'granne' end,
           'Åsa lärde mig simma sommaren jag fyllde sju. ' || repeat('Hon tappade aldrig tålamodet. ', 1 + n % 8),
           'shown', now() - n * interval '1 hour'
         from generate_series(1, $2::int) n`,
        [profileId, memoryCount],
      );
      await connection.query(
        `insert into candles (profile_id, created_at) select $1, now() - n * interval '1 minute' from generate_series(1, 300) n`,
        [profileId],
      );
      for (let albumIndex = 0; albumIndex < 4; albumIndex++) {
        const [album] = await connection.query<{ id: string }>(
          "insert into albums (profile_id, title, position) values ($1, $2, $3) returning id",
          [profileId, `Album ${albumIndex + 1}`, albumIndex],
        );
        for (let index = 0; index < photoCount / 4; index++) {
          const variant = variants[(albumIndex * 50 + index) % variants.length];
          if (!variant) continue;
          const id = crypto.randomUUID();
          await put(photoOriginalKey(profileId, id, "jpg"), variant.original);
          for (const file of variant.widths)
            await put(photoSizeKey(profileId, id, file.width, "webp"), file.data);
          await connection.query(
            `insert into photos (id, profile_id, album_id, position, caption, width, height, sizes,
               original_key, original_type, original_bytes, bytes)
             values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, 'image/jpeg', $10, $10)`,
            [
              id,
              profileId,
              album?.id,
              index,
              `Bild ${index + 1} på Gräsö`,
              width,
              height,
              JSON.stringify(sizes),
              photoOriginalKey(profileId, id, "jpg"),
              variant.original.length,
            ],
          );
        }
      }
    });
  } finally {
    await handle.close();
  }
}

/** Reads a download to its end, counting its bytes, and answers them with the seconds it took. */
async function download(url: string, token: string): Promise<{ bytes: number; seconds: number }> {
  const began = performance.now();
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  if (response.status !== 200 || !response.body) {
    throw new Error(`${url} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  }
  let bytes = 0;
  for await (const chunk of response.body) bytes += (chunk as Uint8Array).length;
  return { bytes, seconds: (performance.now() - began) / 1000 };
}

export async function runKeepsakeBench(build: ServerBuild): Promise<KeepsakeBench> {
  const dataDir = await makeDataDir();
  await seedKeepsakePage(build, dataDir);
  const app = await startApp({ dataDir });
  try {
    if (!app.pid) throw new Error("the app has no pid");
    const token = await ownerToken(app.url);
    const start = residentMegabytes(app.pid);
    const zip = await download(`${app.url}/api/kammare/keepsake?profileId=${profileId}`, token);
    const book = await download(`${app.url}/api/kammare/keepsake/book?profileId=${profileId}&size=a5`, token);
    const memory = residentMegabytes(app.pid);
    return {
      photos: photoCount,
      memories: memoryCount,
      zipMegabytes: zip.bytes / (1024 * 1024),
      zipSeconds: zip.seconds,
      bookKilobytes: book.bytes / 1024,
      bookSeconds: book.seconds,
      startRssMegabytes: start.now,
      peakRssMegabytes: memory.peak,
      passed: zip.seconds + book.seconds < keepsakeTargetSeconds && memory.peak < keepsakeTargetMegabytes,
    };
  } finally {
    await app.stop();
  }
}
