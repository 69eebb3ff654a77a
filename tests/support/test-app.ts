// Builds the real Hono app on a test database, with a stand-in page renderer (pages are tested
// end to end in Chromium; these tests are about the API).
import { Writable } from "node:stream";
import { createApp, type PageHandler } from "../../server/app";
import { loadConfig } from "../../server/config";
import type { DatabaseHandle } from "../../server/db/client";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createLogger } from "../../server/logger";
import { createBackgroundTasks } from "../../server/background";
import { createOutboxSender } from "../../server/providers/email";

export type LogLine = Record<string, unknown>;

export function createTestApp(database: DatabaseHandle, pages?: PageHandler) {
  const outbox = mkdtempSync(path.join(tmpdir(), "kammare-outbox-"));
  const lines: LogLine[] = [];
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
    buildId: "test-build",
    pages:
      pages ??
      (async () => new Response("<!doctype html><p>page</p>", { headers: { "Content-Type": "text/html" } })),
  });
  // Work the app does after answering (e-mails) has finished once this resolves.
  return { app, logs: lines, outbox, settled: () => background.idle() };
}
