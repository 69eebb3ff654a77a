// Start-up shared by production and development: configuration, logger, database and migrations.
import { createBackgroundTasks, type BackgroundTasks } from "./background";
import { loadConfig, type Config } from "./config";
import { openDatabase, type DatabaseHandle } from "./db/client";
import { migrate } from "./db/migrate";
import { ensureFirstAdmin } from "./domain/accounts";
import { createLogger, type Logger } from "./logger";
import { createEmailSender } from "./providers/email";
import type { EmailSender } from "./providers/email/types";
import { createImageStore, type ImageStore } from "./providers/images";

export type Booted = {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  email: EmailSender;
  background: BackgroundTasks;
  images: ImageStore;
};

export async function boot(env: Record<string, string | undefined> = process.env): Promise<Booted> {
  const config = loadConfig(env);
  const logger = createLogger(config.LOG_LEVEL);
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
  );
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
      // The only place this password ever exists: shown once, for the operator to sign in and change.
      logger.warn(
        { email: admin.email, initialPassword: admin.generatedPassword },
        "No admin account existed: created one with this generated password. Sign in at /login and change it at once.",
      );
    } else if (admin.created) {
      logger.info({ email: admin.email }, "admin account created from ADMIN_EMAIL");
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  const email = createEmailSender(config);
  logger.info({ email: email.kind }, "e-mail provider ready");
  const images = createImageStore(config);
  return { config, logger, database, email, background: createBackgroundTasks(logger), images };
}
