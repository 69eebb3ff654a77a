// The static copy written to folders from a database the caller holds (ADR 046): the bench's budget
// and the end-to-end suite seed their own database and copy it as `npm run export:static -- --to DIR`
// does, with the build's pages, quiet logs and e-mail kept in a folder (a copy sends none).
import path from "node:path";
import { createBackgroundTasks } from "../background";
import { loadConfig } from "../config";
import type { Database, DatabaseHandle } from "../db/client";
import { createLogger } from "../logger";
import { createOutboxSender } from "../providers/email";
import type { ImageStore } from "../providers/images/index";
import type { BuiltPages } from "./cli";
import { exportStaticCopy, type ExportSummary } from "./static-export";
import { createStaticSite } from "./static-site";
import { folderTarget } from "./targets";

export type FolderCopierOptions = {
  database: DatabaseHandle;
  images: ImageStore;
  /** The site's address, as its pages name it. */
  publicUrl: string;
  /** Where the site's e-mail would be kept (none is sent by a copy). */
  outboxDir: string;
};

export type FolderCopier = {
  /** Writes the copy into `dir`; again into the same folder, only what changed since. */
  copy(dir: string, progress?: (line: string) => void): Promise<ExportSummary>;
};

export function createFolderCopier(options: FolderCopierOptions, built: BuiltPages): FolderCopier {
  const logger = createLogger("warn");
  const config = loadConfig({ NODE_ENV: "production", PUBLIC_URL: options.publicUrl, LOG_LEVEL: "warn" });
  const site = createStaticSite({
    config,
    database: options.database,
    logger,
    email: createOutboxSender({ dir: path.resolve(options.outboxDir), from: "Kammare <no-reply@localhost>" }),
    background: createBackgroundTasks(logger),
    images: options.images,
    ...built,
  });
  return {
    copy: (dir, progress) =>
      exportStaticCopy({
        db: options.database.db as Database,
        site,
        images: options.images,
        target: folderTarget(dir),
        buildId: built.buildId,
        publicUrl: config.publicUrl,
        progress,
      }),
  };
}
