// What a backup archive holds, written as its last entry `manifest.json`: when the copy was taken, of
// which database and schema, how many rows each table had, which images, and every other entry's size
// and SHA-256 (a restore checks them all before it changes anything).
import { z } from "zod";

export const manifestName = "manifest.json";
/** The database's entry: PGlite's own dump of its data folder, or pg_dump's custom format. */
export const embeddedDumpName = "database/pglite-datadir.tar.gz";
export const serverDumpName = "database/postgresql.dump";
/** Images are kept under their store key. */
export const imagePrefix = "images/";

/**
 * Table names and migrations are plain lower-case names; a restore checks its counts in SQL
 * (facts.ts), so a manifest naming anything else is refused.
 */
const plainName = /^[a-z0-9_]{1,63}$/;

export const manifestSchema = z.object({
  format: z.literal("kammare-backup"),
  version: z.literal(1),
  /** When the database's copy was taken (its snapshot), ISO 8601. */
  takenAt: z.string(),
  engine: z.enum(["embedded", "server"]),
  /** The last migration applied (schema_migrations), e.g. 0015_family_and_reminders. */
  schemaVersion: z.string().regex(plainName).nullable(),
  /** PostgreSQL's version of the database copied (server_version). */
  postgresVersion: z.string(),
  database: z.object({
    file: z.string(),
    format: z.enum(["pglite-datadir-tar-gzip", "pg_dump-custom"]),
  }),
  /** Rows of every table of the public schema at the snapshot. */
  counts: z.record(z.string().regex(plainName), z.number().int().min(0)),
  images: z.object({
    /** The image store they were read from (disk, s3). */
    store: z.string(),
    count: z.number().int().min(0),
    /** Keys the snapshot's rows name that the store no longer had (deleted since the snapshot). */
    missing: z.array(z.string()),
  }),
  files: z.array(
    z.object({
      name: z.string(),
      bytes: z.number().int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
});

export type Manifest = z.infer<typeof manifestSchema>;
