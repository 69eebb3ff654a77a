// A customer's data export (streamed, so a customer with many images does not load the
// server's memory: ADR 016): the memory the streamed ZIP holds while a reader takes it (JavaScript heap plus
// the buffers outside it, where file contents live; resident size would hide it behind memory the
// process keeps from before), against a
// baseline measured in the same run: the same files read into memory and zipped at once (fflate's
// zipSync), which is what an unstreamed export would hold. Figures as a ratio, never a fixed size.
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { zipSync } from "fflate";
import { createDiskImageStore } from "../../server/providers/images/store";
import type { ServerBuild } from "./list.ts";
import { makeDataDir, removeDataDir } from "./processes.ts";

/**
 * The streamed export's memory growth must stay under this share of the in-memory baseline's. What it
 * does grow by is garbage not yet collected (V8 collects file buffers after some 32 MB of them), the
 * same for any number of images; the baseline grows with every image.
 */
export const exportMemoryTarget = 0.1;
export const exportBenchImages = 300;

export type ExportBench = {
  images: number;
  imageMegabytes: number;
  zipMegabytes: number;
  streamedSeconds: number;
  baselineSeconds: number;
  /** Heap and buffers above the start while the stream is read (its peak), and the baseline's. */
  streamedGrowthMegabytes: number;
  baselineGrowthMegabytes: number;
  ratio: number;
  passed: boolean;
};

const mb = (bytes: number) => bytes / (1024 * 1024);

/**
 * What the process holds now: the JavaScript heap and the array buffers (file contents, ZIP chunks);
 * not the rest of `external`, which is mostly the embedded database's WebAssembly memory.
 */
function held(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

/** Collects garbage (with --expose-gc; `npm run bench` passes it) and answers what is held after. */
async function settle(): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let round = 0; round < 2; round++) {
    gc?.();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return held();
}

export async function runExportBench(
  build: ServerBuild,
  { images = exportBenchImages, imageBytes = 1024 * 1024 }: { images?: number; imageBytes?: number } = {},
): Promise<ExportBench> {
  const dir = await makeDataDir();
  const database = await build.openDatabase({ dataDir: path.join(dir, "db") });
  try {
    await build.migrate(database);
    const store = createDiskImageStore(path.join(dir, "uploads"));
    const [user] = await database.withConnection((connection) =>
      connection.query<{ id: string }>(
        "insert into users (email, password_hash) values ('bench@example.com', 'x') returning id",
      ),
    );
    if (!user) throw new Error("no user");
    await database.withConnection((connection) =>
      connection.query("insert into profiles (id, status, owner_user_id) values ('BENCHEXP', 'active', $1)", [
        user.id,
      ]),
    );
    const keys: string[] = [];
    // Random bytes: as incompressible as the WebP files they stand for; one buffer, each file marked.
    const content = randomBytes(imageBytes);
    for (let i = 0; i < images; i++) {
      const key = `BENCHEXP/image-${i}-large.webp`;
      content.writeUInt32BE(i, 0);
      await store.put(key, content, "image/webp");
      keys.push(key);
      await database.withConnection((connection) =>
        connection.query(
          "insert into profile_images (profile_id, content_type, variants, bytes) values ('BENCHEXP', 'image/webp', $1, $2)",
          [JSON.stringify({ large: { url: `/uploads/${key}`, width: 1, height: 1 } }), imageBytes],
        ),
      );
    }

    // Streamed, as the API sends it: read chunk by chunk, each let go.
    let start = await settle();
    let peak = start;
    let zipBytes = 0;
    let began = performance.now();
    const { stream } = await build.exportAccountData({ db: database.db, images: store }, user.id, {
      analyticsConsent: null,
      origin: { ip: null, userAgent: null },
    });
    const reader = stream.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      zipBytes += value.byteLength;
      peak = Math.max(peak, held());
    }
    const streamedSeconds = (performance.now() - began) / 1000;
    const streamedGrowth = peak - start;

    // The baseline: every file in memory, then one ZIP of them.
    start = await settle();
    began = performance.now();
    const files: Record<string, [Uint8Array, { level: 0 }]> = {};
    for (const key of keys) {
      files[`images/${key}`] = [await readFile(path.join(dir, "uploads", key)), { level: 0 }];
    }
    const zipped = zipSync(files);
    const baselineSeconds = (performance.now() - began) / 1000;
    const baselineGrowth = held() - start;
    if (zipped.byteLength === 0) throw new Error("the baseline made no ZIP");

    const ratio = streamedGrowth / Math.max(baselineGrowth, 1);
    return {
      images,
      imageMegabytes: mb(imageBytes),
      zipMegabytes: mb(zipBytes),
      streamedSeconds,
      baselineSeconds,
      streamedGrowthMegabytes: mb(Math.max(streamedGrowth, 0)),
      baselineGrowthMegabytes: mb(baselineGrowth),
      ratio,
      passed: ratio < exportMemoryTarget,
    };
  } finally {
    await database.close();
    await removeDataDir(dir);
  }
}
