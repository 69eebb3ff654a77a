// Builds the real Hono app on a test database, with a stand-in page renderer (pages are tested
// end to end in Chromium; these tests are about the API).
import { Writable } from "node:stream";
import { createApp, type AppDeps, type PageHandler } from "../../server/app";
import { loadConfig } from "../../server/config";
import type { DatabaseHandle } from "../../server/db/client";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createLogger } from "../../server/logger";
import { createBackgroundTasks } from "../../server/background";
import { createOutboxSender } from "../../server/providers/email";
import { createDiskImageStore } from "../../server/providers/images";

export type LogLine = Record<string, unknown>;

/** `extra`: more dependencies, e.g. a page cache (none by default); `lines`: where the log lines go. */
export function createTestApp(
  database: DatabaseHandle,
  pages?: PageHandler,
  extra: Partial<AppDeps> = {},
  lines: LogLine[] = [],
) {
  const outbox = mkdtempSync(path.join(tmpdir(), "kammare-outbox-"));
  // A store given in `extra` (a bucket) is the one the app uses, and the one handed back.
  const images = extra.images ?? createDiskImageStore(mkdtempSync(path.join(tmpdir(), "kammare-uploads-")));
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean))
        lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const logger = createLogger("debug", sink);
  const background = createBackgroundTasks(logger);
  const app = createApp({
    config: loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:3000" }),
    database,
    logger,
    email: createOutboxSender({ dir: outbox, from: "Kammare <no-reply@localhost>" }),
    background,
    images,
    buildId: "test-build",
    pages:
      pages ??
      (async () => new Response("<!doctype html><p>page</p>", { headers: { "Content-Type": "text/html" } })),
    ...extra,
  });
  // Work the app does after answering (e-mails) has finished once this resolves.
  return { app, logs: lines, outbox, images, settled: () => background.idle() };
}
