// Applies the drizzle-kit SQL migrations, bundled into the build, in order and exactly once.
import type { DatabaseHandle } from "./client";
import { jobLocks } from "./exclusive";

type Journal = { entries: { idx: number; tag: string }[] };

const journal = Object.values(
  import.meta.glob<Journal>("./migrations/meta/_journal.json", { eager: true, import: "default" }),
)[0];
const files = import.meta.glob<string>("./migrations/*.sql", {
  eager: true,
  query: "?raw",
  import: "default",
});

export type Migration = { name: string; statements: string[] };

export function bundledMigrations(): Migration[] {
  if (!journal) throw new Error("Migration journal missing from the build");
  return [...journal.entries]
    .sort((a, b) => a.idx - b.idx)
    .map(({ tag }) => {
      const sqlText = files[`./migrations/${tag}.sql`];
      if (sqlText === undefined) throw new Error(`Migration ${tag}.sql missing from the build`);
      const statements = sqlText
        .split("--> statement-breakpoint")
        .map((statement) => statement.trim())
        .filter(Boolean);
      return { name: tag, statements };
    });
}

const MIGRATION_LOCK_KEY = jobLocks.migrations;

/**
 * Applies every migration not yet recorded, each in its own transaction, under an advisory
 * lock so that several processes starting at once against one server apply each migration once.
 * Returns the names applied by this call.
 */
export async function migrate(
  handle: Pick<DatabaseHandle, "withConnection">,
  migrations: Migration[] = bundledMigrations(),
): Promise<string[]> {
  return handle.withConnection(async (connection) => {
    await connection.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await connection.exec(
        `create table if not exists schema_migrations (
           name text primary key,
           applied_at timestamptz not null default now()
         )`,
      );
      const done = new Set(
        (await connection.query<{ name: string }>("select name from schema_migrations")).map(
          (row) => row.name,
        ),
      );
      const applied: string[] = [];
      for (const migration of migrations) {
        if (done.has(migration.name)) continue;
        await connection.exec("begin");
        try {
          for (const statement of migration.statements) await connection.exec(statement);
          await connection.query("insert into schema_migrations (name) values ($1)", [migration.name]);
          await connection.exec("commit");
        } catch (error) {
          await connection.exec("rollback");
          throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, {
            cause: error,
          });
        }
        applied.push(migration.name);
      }
      return applied;
    } finally {
      await connection.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  });
}
