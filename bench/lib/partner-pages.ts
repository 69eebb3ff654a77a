// A partner's batch of pages with their QR sheet (decisions "Pages a family can start, and funeral
// homes that hand them out"): a whitelisted partner, signed up on a fresh embedded database, makes 500
// pages in one call (fresh codes, their attribution and its record, one transaction) and downloads
// their QR sheet PDF (the admin's sheet, kept to its own pages), as POST /api/partner/pages and
// /api/partner/pages/qr-sheet do. Timed from the first write to the PDF's bytes; target under 10 s.
import type { Database } from "../../server/db/client";
import { signUp } from "../../server/domain/accounts";
import { makePartnerPages, printPartnerQrSheet } from "../../server/domain/partner-pages";
import { addWhitelistEntry, partnerSignUp } from "../../server/domain/partners";
import { partnerPagesMax } from "../../contract/partner-pages";
import type { ServerBuild } from "./list.ts";
import { makeDataDir, removeDataDir } from "./processes.ts";
import path from "node:path";

export const partnerPagesTargetSeconds = 10;

export type PartnerPagesBench = {
  pages: number;
  /** Making the pages: the one transaction of pages, batch, attribution and the partner's record. */
  makeSeconds: number;
  /** Their QR sheet PDF, the pages marked printed. */
  sheetSeconds: number;
  seconds: number;
  megabytes: number;
  withinTarget: boolean;
};

export async function runPartnerPagesBench(
  build: ServerBuild,
  count = partnerPagesMax,
): Promise<PartnerPagesBench> {
  const dir = await makeDataDir();
  const handle = await build.openDatabase({ dataDir: path.join(dir, "db") });
  try {
    await build.migrate(handle);
    const db = handle.db as unknown as Database;
    const origin = { ip: null, userAgent: "bench" };
    const admin = await signUp(
      db,
      { email: "admin@bench.kammare.test", password: "bench-admin-password-1" },
      origin,
    );
    const email = "partner@bench.kammare.test";
    await addWhitelistEntry(db, {
      input: { email, partnerName: "Bänkens Begravningsbyrå" },
      actor: { id: admin.id, roles: ["admin"] },
      origin,
    });
    const partner = await partnerSignUp(db, { email, password: "bench-partner-password-1" }, origin);
    const actor = { id: partner.id, roles: ["partner" as const] };
    const deps = { db, publicUrl: "https://kammare.se" };

    const started = performance.now();
    const made = await makePartnerPages(deps, { count, extendedTrial: false }, actor, origin);
    const madeAt = performance.now();
    if (!made.batchId) throw new Error("the pages made no batch");
    const sheet = await printPartnerQrSheet(
      deps,
      { source: "batch", batchId: made.batchId, level: "Q" },
      actor,
      origin,
    );
    const ended = performance.now();
    if (sheet.count !== count) throw new Error(`the sheet holds ${sheet.count} codes, not ${count}`);
    const seconds = (ended - started) / 1000;
    return {
      pages: made.pages.length,
      makeSeconds: (madeAt - started) / 1000,
      sheetSeconds: (ended - madeAt) / 1000,
      seconds,
      megabytes: sheet.pdf.length / 1024 / 1024,
      withinTarget: seconds < partnerPagesTargetSeconds,
    };
  } finally {
    await handle.close();
    await removeDataDir(dir);
  }
}
