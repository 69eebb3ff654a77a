// /api/kammare/memories, /api/kammare/candles/decision and /remove, /api/kammare/memory-settings: whoever may
// change a page (its owner, an editor, an admin) sees every memory and candle name of it and decides
// which show (ADR 026). In the signed-in area; the domain checks the page
// (server/domain/memories/access.ts).
import { Hono } from "hono";
import {
  decideCandleRequestSchema,
  removeCandleRequestSchema,
  decideMemoryRequestSchema,
  decideMemoryPhotoRequestSchema,
  decideReportRequestSchema,
  memoryReportsQuerySchema,
  memorySettingsRequestSchema,
  ownerMemoriesQuerySchema,
  replyMemoryRequestSchema,
} from "../../../contract/memories";
import type { Database } from "../../db/client";
import {
  decideCandleName,
  decideMemory,
  decideMemoryPhoto,
  decideMemoryReport,
  memoryReportQueue,
  ownerMemories,
  removeCandle,
  replyToMemory,
  updateMemorySettings,
} from "../../domain/memories";
import { requestOrigin } from "../../http/auth";
import type { SignedInEnv } from "../../http/guards";
import type { ImageStore } from "../../providers/images";
import { readJson, readQuery } from "../../http/errors";

export function ownerMemoryRoutes({ db, images }: { db: Database; images: ImageStore }) {
  return new Hono<SignedInEnv>()
    .get("/memories", async (c) => {
      const query = readQuery(c, ownerMemoriesQuerySchema);
      return c.json(await ownerMemories(db, query, c.get("viewer")));
    })
    .post("/memories/decision", async (c) => {
      const input = await readJson(c, decideMemoryRequestSchema);
      return c.json({ memory: await decideMemory(db, input, c.get("viewer")) });
    })
    .post("/memories/photos", async (c) => {
      const input = await readJson(c, decideMemoryPhotoRequestSchema);
      return c.json(await decideMemoryPhoto({ db, images }, input, c.get("viewer")));
    })
    .post("/memories/reply", async (c) => {
      const input = await readJson(c, replyMemoryRequestSchema);
      return c.json({ memory: await replyToMemory(db, input, c.get("viewer")) });
    })
    .post("/candles/decision", async (c) => {
      const input = await readJson(c, decideCandleRequestSchema);
      return c.json({ candle: await decideCandleName(db, input, c.get("viewer")) });
    })
    .post("/candles/remove", async (c) => {
      const { candleId } = await readJson(c, removeCandleRequestSchema);
      return c.json(await removeCandle(db, { candleId, actor: c.get("viewer"), origin: requestOrigin(c) }));
    })
    .put("/memory-settings", async (c) => {
      const input = await readJson(c, memorySettingsRequestSchema);
      return c.json({ settings: await updateMemorySettings(db, input, c.get("viewer")) });
    });
}

/** /api/admin/memory-reports: the queue of reported memories (admin area). */
export function adminMemoryReportRoutes({ db }: { db: Database }) {
  return new Hono<SignedInEnv>()
    .get("/memory-reports", async (c) => {
      const query = readQuery(c, memoryReportsQuerySchema);
      return c.json(await memoryReportQueue(db, query, c.get("viewer")));
    })
    .post("/memory-reports/decision", async (c) => {
      const input = await readJson(c, decideReportRequestSchema);
      return c.json({
        report: await decideMemoryReport(db, { input, actor: c.get("viewer"), origin: requestOrigin(c) }),
      });
    });
}
