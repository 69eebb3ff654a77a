// Start-up shared by production and development: configuration, logger, database and migrations.
import { createBackgroundTasks, type BackgroundTasks } from "./background";
import { loadConfig, type Config } from "./config";
import { openDatabase, type DatabaseHandle } from "./db/client";
import { migrate } from "./db/migrate";
import { ensureFirstAdmin } from "./domain/accounts";
import { createLogger, writeToLogOutput, type Logger } from "./logger";
import { createEmailSender } from "./providers/email";
import type { EmailSender } from "./providers/email/types";
import { createImageStore, type ImageStore } from "./providers/images";
import { countedEmail, createMetrics, type Metrics } from "./metrics";
import path from "node:path";
import { createClipConverter, type ClipConverter } from "./domain/videos";
import { detectVideoTools } from "./providers/video/ffmpeg";

export type Booted = {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  email: EmailSender;
  background: BackgroundTasks;
  images: ImageStore;
  /** Uploaded video clips' conversion, with the ffmpeg found at start (ADR 040). */
  clips: ClipConverter;
  /** This process's metrics (ADR 028); kept only when METRICS_TOKEN is set, for /metrics to show. */
  metrics?: Metrics;
  /**
   * The admin this start created with a generated password (admin@localhost), to be shown once to the
   * operator by `initialAdminNotice`, on the console and not in the JSON log.
   */
  initialAdmin?: { email: string; password: string };
};

export async function boot(env: Record<string, string | undefined> = process.env): Promise<Booted> {
  const config = loadConfig(env);
  const logger = createLogger(config.LOG_LEVEL);
  const metrics = config.METRICS_TOKEN ? createMetrics() : undefined;
  const database = await openDatabase(
    config.DATABASE_URL
      ? { url: config.DATABASE_URL }
      : { dataDir: config.DATA_DIR, sharedBuffersMb: config.EMBEDDED_SHARED_BUFFERS_MB },
    { onStatement: metrics?.statement },
  );
  metrics?.watchConnections(database);
  let initialAdmin: Booted["initialAdmin"];
  try {
    const applied = await migrate(database);
    logger.info(
      { database: database.kind, applied },
      applied.length ? "migrations applied" : "database schema up to date",
    );
    const admin = await ensureFirstAdmin(database.db, {
      email: config.ADMIN_EMAIL,
      password: config.ADMIN_PASSWORD,
    });
    if (admin.created && admin.generatedPassword) {
      // The only place this password ever exists: shown once on the console (initialAdminNotice), for
      // the operator to sign in and change; log collectors keep JSON lines, so it stays out of them.
      initialAdmin = { email: admin.email, password: admin.generatedPassword };
      logger.warn(
        { email: admin.email },
        "No admin account existed: created one with a generated password, printed once in a framed message on the console (not in this log). Sign in at /login and change it at once.",
      );
    } else if (admin.created) {
      logger.info({ email: admin.email }, "admin account created from ADMIN_EMAIL");
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  warnAboutPayments(config, logger);
  const sender = createEmailSender(config);
  const email = metrics ? countedEmail(sender, metrics) : sender;
  logger.info({ email: email.kind }, "e-mail provider ready");
  const images = await createImageStore(config);
  logger.info(
    config.IMAGE_STORE === "s3" ? { images: images.kind, bucket: config.S3_BUCKET } : { images: images.kind },
    "image store ready",
  );
  const background = createBackgroundTasks(logger);
  const clips = createVideoClips({ config, logger, database, images, background });
  return {
    config,
    logger,
    database,
    email,
    background,
    images,
    clips,
    metrics,
    initialAdmin,
  };
}

/**
 * ffmpeg, looked for once at start (FFMPEG_PATH, else on the PATH), and the converter of uploaded
 * clips; clips a stopped process left half-converted are said to be interrupted (ADR 040).
 */
export function createVideoClips({
  config,
  logger,
  database,
  images,
  background,
}: Pick<Booted, "config" | "logger" | "database" | "images" | "background">): ClipConverter {
  const tools = detectVideoTools({ ffmpegPath: config.FFMPEG_PATH, ffprobePath: config.FFPROBE_PATH });
  void tools.then((found) => {
    if (found) logger.info({ ffmpeg: found.ffmpeg, version: found.version }, "video uploads ready");
    else
      logger.warn({ ffmpeg: config.FFMPEG_PATH ?? "ffmpeg" }, "ffmpeg not found: video uploads are refused");
  });
  const clips = createClipConverter({
    db: database.db,
    images,
    tools,
    background,
    workDir: path.join(config.DATA_DIR, "video-work"),
    logger,
  });
  background.run("interrupted clips", () => clips.markInterrupted());
  return clips;
}

/** Test payments never by accident (decisions): the start says when card payments are not real, or off. */
function warnAboutPayments(config: Booted["config"], logger: Booted["logger"]): void {
  if (config.paymentTestMode) {
    logger.warn(
      { publicUrl: config.publicUrl },
      "PAYMENT_PROVIDER=sandbox on an https site: card payments are TEST payments and take no money; every page shows a test-mode ribbon. Set PAYMENT_PROVIDER=stripe to take real payments.",
    );
  } else if (config.PAYMENT_PROVIDER === "none") {
    logger.warn(
      { publicUrl: config.publicUrl },
      "No card payment provider: PUBLIC_URL is https and PAYMENT_PROVIDER is not set, so card checkout is not offered. Set PAYMENT_PROVIDER=stripe (or sandbox for a staging site).",
    );
  }
}

/** Shows the first start's admin to the operator, after the log lines so far (not buried among them). */
export function announceInitialAdmin(booted: Booted, siteUrl: string): void {
  if (booted.initialAdmin) writeToLogOutput(booted.logger, initialAdminNotice(booted.initialAdmin, siteUrl));
}

/** The first start's message to the operator: where to sign in, as whom, with which password. */
export function initialAdminNotice(admin: { email: string; password: string }, siteUrl: string): string {
  const lines = [
    "No admin account existed, so one was created:",
    "",
    `  sign in at   ${siteUrl}/login`,
    `  e-mail       ${admin.email}`,
    `  password     ${admin.password}`,
    "",
    "It is shown only this once and kept nowhere: sign in and change it at once at",
    `  ${siteUrl}/admin/change-password`,
    'Lost it later? See "Lost admin password" in README.md.',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `+${"-".repeat(width + 2)}+`;
  return ["", rule, ...lines.map((line) => `| ${line.padEnd(width)} |`), rule, ""].join("\n") + "\n";
}
