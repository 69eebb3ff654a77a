// The bench parts of a page that lasts (ADR 045, 046): the keepsake of a large page, and the static
// copy of many pages with a rerun, each timed and printed with its target.
import { log } from "./bench-settings.ts";
import {
  keepsakeTargetMegabytes,
  keepsakeTargetSeconds,
  runKeepsakeBench,
  type KeepsakeBench,
} from "./keepsake.ts";
import type { ServerBuild } from "./list.ts";
import { decimal, integer, verdict } from "./report.ts";
import {
  runStaticExportBench,
  staticFullTargetSeconds,
  staticPages,
  staticRerunTargetSeconds,
  type StaticExportBench,
} from "./static-export.ts";

export const keepsakeBudgetS = 240;
// Room to report a run past its target on a busy machine, rather than give up without a figure.
export const staticBudgetS = staticFullTargetSeconds * 2.5 + 120;

export async function keepsakeBench(build: ServerBuild): Promise<KeepsakeBench> {
  log("making a page of 200 photos and 500 memories, and downloading its keepsake…");
  const run = await runKeepsakeBench(build);
  console.log(
    `\nThe keepsake of a page with ${run.photos} photos and ${run.memories} memories: the ZIP ` +
      `(${decimal(run.zipMegabytes, 1)} MB, the A4 book in it) in ${decimal(run.zipSeconds, 1)} s, the A5 book ` +
      `(${decimal(run.bookKilobytes, 0)} kB) in ${decimal(run.bookSeconds, 1)} s; the server's resident memory ` +
      `${decimal(run.startRssMegabytes, 0)} MB before, at its peak ${decimal(run.peakRssMegabytes, 0)} MB. ` +
      `Target < ${keepsakeTargetSeconds} s for both and < ${keepsakeTargetMegabytes} MB: ${verdict(run.passed)}`,
  );
  return run;
}

export async function staticCopyBench(): Promise<StaticExportBench> {
  log(`timing the static copy of ${integer(staticPages)} pages and a rerun with one changed…`);
  const run = await runStaticExportBench(log);
  console.log(
    `\nStatic copy (npm run export:static, embedded database): ${integer(run.pages)} public pages ` +
      `(seeded in ${decimal(run.seedSeconds, 1)} s) written in ${decimal(run.fullSeconds, 1)} s ` +
      `(${integer(run.files)} files, ${decimal(run.megabytes, 1)} MB); the rerun with one page changed ` +
      `${decimal(run.rerunSeconds, 2)} s (${run.rerunRendered} rendered). Target < ${staticFullTargetSeconds} s ` +
      `and < ${staticRerunTargetSeconds} s: ${verdict(run.passed)}`,
  );
  return run;
}
