// A family's photos arriving at once (decisions "A life in pictures", ADR 037): 50 photos of 4000 x 3000
// JPEG posted to the production server (`node server.js`) as POST /api/kammare/photos,
// BENCH_PHOTO_AT_ONCE at a time (default 3, as the album editor sends them; a 503 is sent again after
// its Retry-After, as the editor does), each made into AVIF and WebP in four widths. The server runs
// with MALLOC_ARENA_MAX=2 as README advises (BENCH_MALLOC_ARENA_MAX=unset runs it without: glibc then
// keeps what libvips freed in many arenas, and the peak was 850 to 960 MB here). Measures the wall time
// until the last is stored and the server's peak resident memory (the kernel's high-water mark, VmHWM
// of /proc/{pid}/status, so no peak between samples is missed). Targets: under 60 s, below 700 MB.
import sharp from "sharp";
import type { ServerBuild } from "./list.ts";
import { makeDataDir, startApp } from "./processes.ts";
import { benchOwner, benchProfileId, prepareProfileData } from "./profile-page.ts";
import { residentMegabytes } from "../../tests/support/resident-memory.ts";

export const photoUploadTargetSeconds = 60;
export const photoUploadTargetMegabytes = 700;
export const photoUploadCount = 50;

export type PhotoUploadBench = {
  photos: number;
  atOnce: number;
  photoMegabytes: number;
  seconds: number;
  peakRssMegabytes: number;
  startRssMegabytes: number;
  stored: number;
  /** Uploads answered 503 (no place yet) and sent again. */
  resent: number;
  /** The server's MALLOC_ARENA_MAX, or null when unset. */
  mallocArenaMax: string | null;
  passed: boolean;
};

/**
 * Photos of 4000 x 3000 with a photo's detail (noise softened, over colour gradients): as much work
 * for the encoders as a camera's, unlike a flat colour. A few different ones, used in turn.
 */
async function benchPhotos(kinds = 5): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: kinds }, async (_, index) => {
      const width = 4000;
      const height = 3000;
      const gradient = Buffer.alloc(width * height * 3);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const at = (y * width + x) * 3;
          gradient[at] = (x * 255) / width;
          gradient[at + 1] = ((y * 255) / height + index * 40) % 256;
          gradient[at + 2] = 255 - (x * 255) / width;
        }
      }
      const noise = await sharp({
        create: {
          width,
          height,
          channels: 3,
          background: "#808080",
          noise: { type: "gaussian", mean: 128, sigma: 60 },
        },
      })
        .blur(1.2)
        .png()
        .toBuffer();
      return sharp(gradient, { raw: { width, height, channels: 3 } })
        .composite([{ input: noise, blend: "soft-light" }])
        .jpeg({ quality: 88 })
        .toBuffer();
    }),
  );
}

export async function ownerToken(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ type: "email", ...benchOwner }),
  });
  const body = (await response.json()) as { session?: { access_token?: string } };
  const token = body.session?.access_token;
  if (!token) throw new Error(`signing the bench owner in answered ${response.status}`);
  return token;
}

export async function runPhotoUploadBench(
  build: ServerBuild,
  {
    photos = photoUploadCount,
    atOnce = Number(process.env.BENCH_PHOTO_AT_ONCE ?? 3),
  }: { photos?: number; atOnce?: number } = {},
): Promise<PhotoUploadBench> {
  const files = await benchPhotos();
  const dataDir = await makeDataDir();
  await prepareProfileData(build, { dataDir });
  const arenas = process.env.BENCH_MALLOC_ARENA_MAX ?? "2";
  const mallocArenaMax = arenas === "unset" ? null : arenas;
  // startApp takes "unset" for glibc's own default.
  const app = await startApp({ dataDir, env: { MALLOC_ARENA_MAX: arenas } });
  try {
    if (!app.pid) throw new Error("the app has no pid");
    const token = await ownerToken(app.url);
    const start = residentMegabytes(app.pid);
    let next = 0;
    let stored = 0;
    let resent = 0;
    const failures: string[] = [];
    const began = performance.now();
    const worker = async () => {
      while (next < photos) {
        const index = next++;
        const form = new FormData();
        form.set("profileId", benchProfileId);
        const data = files[index % files.length] as Buffer;
        form.set("image", new File([new Uint8Array(data)], `IMG_${index}.jpg`, { type: "image/jpeg" }));
        // As the editor does: a 503 (the server's few places for uploads are taken) is sent again
        // after its Retry-After.
        for (;;) {
          const response = await fetch(`${app.url}/api/kammare/photos`, {
            method: "POST",
            headers: { Authorization: `Bearer ${token}` },
            body: form,
          });
          const text = await response.text();
          if (response.status === 503) {
            resent += 1;
            await new Promise((resolve) =>
              setTimeout(resolve, Number(response.headers.get("retry-after") ?? 2) * 1000),
            );
            continue;
          }
          if (response.status === 201) stored += 1;
          else failures.push(`${response.status} ${text.slice(0, 200)}`);
          break;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(atOnce, photos) }, worker));
    const seconds = (performance.now() - began) / 1000;
    const memory = residentMegabytes(app.pid);
    if (failures.length) throw new Error(`photo uploads failed: ${failures.slice(0, 3).join("; ")}`);
    return {
      photos,
      atOnce,
      photoMegabytes: files.reduce((sum, file) => sum + file.length, 0) / files.length / (1024 * 1024),
      seconds,
      peakRssMegabytes: memory.peak,
      startRssMegabytes: start.now,
      stored,
      resent,
      mallocArenaMax,
      passed:
        seconds < photoUploadTargetSeconds && memory.peak < photoUploadTargetMegabytes && stored === photos,
    };
  } finally {
    await app.stop();
  }
}
