// `npm run export:static -- --to DIR` or `-- --to s3` (ADR 046): writes the static copy of every public
// page to a folder, or to the image store's bucket under `static/`, with the server's settings. Run
// from the build (scripts/export-static.mjs), whose pages it renders; a rerun writes only what changed.
import path from "node:path";
import { boot, type Booted } from "../boot";
import { ConfigError, loadConfig } from "../config";
import type { PageHandler } from "../app";
import { s3SettingsOf } from "../providers/images";
import { describeS3Error } from "../providers/images/s3";
import { siteAnswers } from "../site-answers";
import { exportStaticCopy, StaticExportError } from "./static-export";
import { createStaticSite } from "./static-site";
import { bucketTarget, folderTarget, type StaticTarget } from "./targets";

export type CommandResult = { code: number; out: string[]; err: string[] };

const usage = "Usage: npm run export:static -- --to DIR   (or --to s3: the S3_* bucket, under static/)";

export type BuiltPages = { pages: PageHandler; buildId: string; clientDir: string };

/** The command: `args` are the words after `--`, `env` the server's settings. */
export async function exportStaticCommand(
  args: string[],
  env: Record<string, string | undefined>,
  built: BuiltPages,
): Promise<CommandResult> {
  const to = args.length === 2 && args[0] === "--to" ? (args[1] ?? "") : "";
  if (to.trim() === "") return { code: 2, out: [], err: [usage] };
  let target: StaticTarget;
  let booted: Booted;
  try {
    const config = loadConfig(env);
    target = to === "s3" ? bucketTarget(s3SettingsOf(config)) : folderTarget(path.resolve(to));
    // One process at a time opens the embedded database; the running site holds it.
    if (!config.DATABASE_URL && (await siteAnswers(config))) {
      return {
        code: 1,
        out: [],
        err: [
          `The server on port ${config.PORT} holds the embedded database. Stop it and run this again (or run the site on PostgreSQL, where the copy can be made while it serves).`,
        ],
      };
    }
    booted = await boot(env);
  } catch (error) {
    if (error instanceof ConfigError) return { code: 1, out: [], err: [error.message] };
    throw error;
  }
  const out = [`Writing the static copy of every public page to ${target.where}…`];
  try {
    const site = createStaticSite({
      ...booted,
      pages: built.pages,
      buildId: built.buildId,
      clientDir: built.clientDir,
    });
    const summary = await exportStaticCopy({
      db: booted.database.db,
      site,
      images: booted.images,
      target,
      buildId: built.buildId,
      publicUrl: booted.config.publicUrl,
      progress: (line) => out.push(line),
    });
    out.push(
      `Done: ${summary.pages} public pages, ${summary.rendered} written anew and ${summary.unchanged} unchanged, ` +
        `${summary.removed} taken out; ${summary.written} files (${(summary.bytes / 1024 / 1024).toFixed(1)} MB) ` +
        `in ${summary.seconds.toFixed(1)} s.`,
    );
    const err = summary.deadLinks.length
      ? [`Links the copy cannot hold (they lead nowhere on a plain host): ${summary.deadLinks.join(", ")}`]
      : [];
    return { code: 0, out, err };
  } catch (error) {
    if (!(error instanceof StaticExportError)) {
      return { code: 1, out, err: [`The static copy failed: ${describeS3Error(error)}`] };
    }
    return {
      code: 1,
      out,
      err: [`The static copy failed: ${error.message}. What was written stays; run the command again.`],
    };
  } finally {
    await booted.background.idle();
    await booted.database.close();
  }
}
