// What a backup's snapshot saw besides the database's copy (the row counts, the schema version, the
// images' keys), read in that same snapshot; a restore reads them again from what it restored and
// compares (factDifferences).
import { photoStoreKeys } from "../../contract/photo-values";
import type { RawConnection } from "../db/client";
import type { PhotoSize } from "../db/schema";
import { imageKeysOf } from "../domain/profiles";
import type { Manifest } from "./manifest";

/** What the snapshot saw besides the dump. */
export type Facts = {
  takenAt: Date;
  postgresVersion: string;
  schemaVersion: string | null;
  counts: Record<string, number>;
  imageKeys: string[];
};

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A table's rows, counted a slice of `slicePages` of its `pages` at a time (a TID range scan each) when
 * it is larger: on the embedded database each statement runs synchronously on the site's one thread,
 * and one count(*) of a large table held every request for as long (350 ms at 100,000 profiles).
 * Exact only while nothing writes, as in the backup's turn.
 */
async function countRows(
  connection: RawConnection,
  table: string,
  slice?: { pages: number; slicePages: number },
): Promise<number> {
  const from = `public.${quoteIdent(table)}`;
  const slices: string[] = [];
  if (!slice || slice.pages <= slice.slicePages) slices.push("");
  else {
    for (let first = 0; first <= slice.pages; first += slice.slicePages) {
      slices.push(` where ctid >= '(${first},0)'::tid and ctid < '(${first + slice.slicePages},0)'::tid`);
    }
  }
  let total = 0;
  for (const where of slices) {
    const [row] = await connection.query<{ count: string }>(
      `select count(*)::text as count from ${from}${where}`,
    );
    total += Number(row?.count ?? 0);
  }
  return total;
}

/**
 * The counts, the schema version and the images' keys, read on `connection` in the snapshot;
 * `slicePages`: count large tables in slices of that many pages (countRows).
 */
export async function readFacts(
  connection: RawConnection,
  { slicePages }: { slicePages?: number } = {},
): Promise<Facts> {
  const [clock] = await connection.query<{ now: Date | string; version: string }>(
    "select now() as now, current_setting('server_version') as version",
  );
  const listed = await connection.query<{ name: string; pages: string }>(
    "select tablename as name, (pg_relation_size(format('public.%I', tablename)::regclass) / current_setting('block_size')::bigint)::text as pages from pg_tables where schemaname = 'public' order by tablename",
  );
  const tables = listed.map((row) => row.name);
  const counts: Record<string, number> = {};
  for (const { name, pages } of listed) {
    counts[name] = await countRows(
      connection,
      name,
      slicePages ? { pages: Number(pages), slicePages } : undefined,
    );
  }
  const schemaVersion = tables.includes("schema_migrations")
    ? ((
        await connection.query<{ name: string }>(
          "select name from schema_migrations order by name desc limit 1",
        )
      )[0]?.name ?? null)
    : null;
  const imageKeys = tables.includes("profile_images")
    ? (
        await connection.query<{ variants: unknown }>(
          "select variants from profile_images order by created_at, id",
        )
      ).flatMap((row) =>
        imageKeysOf(
          (typeof row.variants === "string" ? JSON.parse(row.variants) : row.variants) as Parameters<
            typeof imageKeysOf
          >[0],
        ),
      )
    : [];
  // Every photo's files: its original and each width it was made in.
  if (tables.includes("photos")) {
    const photoRows = await connection.query<{
      id: string;
      profile_id: string;
      original_key: string;
      sizes: unknown;
    }>("select id, profile_id, original_key, sizes from photos order by created_at, id");
    for (const row of photoRows) {
      const sizes = (typeof row.sizes === "string" ? JSON.parse(row.sizes) : row.sizes) as PhotoSize[];
      imageKeys.push(
        ...photoStoreKeys({ id: row.id, profileId: row.profile_id, originalKey: row.original_key, sizes }),
      );
    }
  }
  // Every uploaded video clip's files: the converted MP4 and its poster frame.
  if (tables.includes("videos")) {
    const clipRows = await connection.query<{ video_key: string | null; poster_key: string | null }>(
      "select video_key, poster_key from videos order by created_at, id",
    );
    for (const row of clipRows) {
      for (const key of [row.video_key, row.poster_key]) if (key) imageKeys.push(key);
    }
  }
  return {
    takenAt: new Date(clock?.now ?? Date.now()),
    postgresVersion: clock?.version ?? "",
    schemaVersion,
    counts,
    imageKeys: [...new Set(imageKeys)],
  };
}

/** How the facts of a restored database differ from the manifest's (none: it is the backup's). */
export function factDifferences(
  manifest: Pick<Manifest, "counts" | "schemaVersion">,
  facts: Pick<Facts, "counts" | "schemaVersion">,
): string[] {
  const differences = Object.entries(manifest.counts)
    .filter(([table, count]) => facts.counts[table] !== count)
    .map(([table, count]) => `${table}: ${facts.counts[table] ?? "missing"} rows, the backup had ${count}`);
  if (facts.schemaVersion !== manifest.schemaVersion) {
    differences.push(
      `schema ${facts.schemaVersion ?? "none"}, the backup had ${manifest.schemaVersion ?? "none"}`,
    );
  }
  return differences;
}

/** A text as an SQL string literal (standard_conforming_strings, as pg_restore's script sets it). */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * factDifferences as one SQL statement, run last in the transaction that restores a PostgreSQL database
 * (pg-tools.ts): it raises the differences as its error, which rolls the restore back. Table names
 * come from the manifest, so they reach the SQL only as a quoted literal and as identifiers (%I).
 */
export function factCheckSql(manifest: Pick<Manifest, "counts" | "schemaVersion">): string {
  const counts = literal(JSON.stringify(manifest.counts));
  const version = manifest.schemaVersion === null ? "null" : literal(manifest.schemaVersion);
  return `do $kammare_check$
declare
  wanted jsonb := ${counts}::jsonb;
  wanted_version text := ${version};
  problems text[] := '{}';
  entry record;
  found bigint;
  restored_version text;
begin
  for entry in select key, value::bigint as count from jsonb_each_text(wanted) loop
    if to_regclass(format('public.%I', entry.key)) is null then
      problems := problems || format('%s: missing rows, the backup had %s', entry.key, entry.count);
    else
      execute format('select count(*) from public.%I', entry.key) into found;
      if found <> entry.count then
        problems := problems || format('%s: %s rows, the backup had %s', entry.key, found, entry.count);
      end if;
    end if;
  end loop;
  if to_regclass('public.schema_migrations') is not null then
    select name into restored_version from public.schema_migrations order by name desc limit 1;
  end if;
  if restored_version is distinct from wanted_version then
    problems := problems || format('schema %s, the backup had %s',
      coalesce(restored_version, 'none'), coalesce(wanted_version, 'none'));
  end if;
  if cardinality(problems) > 0 then
    raise exception 'The restored database differs from the backup: %', array_to_string(problems, '; ');
  end if;
end
$kammare_check$;`;
}
