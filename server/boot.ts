// Start-up shared by production and development: configuration, logger, database and migrations.
import { loadConfig, type Config } from "./config";
import { openDatabase, type DatabaseHandle } from "./db/client";
import { migrate } from "./db/migrate";
import { createLogger, type Logger } from "./logger";

export type Booted = { config: Config; logger: Logger; database: DatabaseHandle };

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
  } catch (error) {
    await database.close();
    throw error;
  }
  return { config, logger, database };
}
