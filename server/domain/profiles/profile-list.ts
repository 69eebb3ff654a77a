// The admin's list of profiles: filters (status, a search by id prefix or owner e-mail), keyset
// pagination with opaque cursors, and totals that stay cheap at a million profiles.
import { and, asc, desc, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import type {
  AdminProfileList,
  AdminProfileListQuery,
  AdminProfileRow,
  ProfileStatus,
} from "../../../contract/profiles";
import type { Database } from "../../db/client";
import { profileStatusCounts, profiles, users } from "../../db/schema";
import { refuse } from "../core";

// The admin list: keyset pagination, so page 10,000 costs what page 1 costs.
type Cursor = { v: string; id: string };
const cursorTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

function decodeCursor(value: string | undefined): Cursor | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as Partial<Cursor>;
    if (typeof parsed.v === "string" && typeof parsed.id === "string") return { v: parsed.v, id: parsed.id };
  } catch {
    // fall through
  }
  throw refuse("page.cursor-invalid");
}

/** The admin's search of pages: an owner's e-mail when it has an @, otherwise the start of a code. */
export function profileSearch(db: Database, q: string): SQL {
  if (q.includes("@")) {
    const owners = db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) like ${`${escapeLike(q.toLowerCase())}%`}`);
    return inArray(profiles.ownerUserId, owners);
  }
  return sql`${profiles.id} like ${`${escapeLike(q.toUpperCase())}%`}`;
}

export async function listProfiles(db: Database, query: AdminProfileListQuery): Promise<AdminProfileList> {
  // What the admin asked for; the total counts these. The cursor's condition only picks the page.
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(profiles.status, query.status));
  const q = query.q?.trim();
  if (q) filters.push(profileSearch(db, q));

  const column = {
    created_desc: profiles.createdAt,
    created_asc: profiles.createdAt,
    updated_desc: profiles.updatedAt,
    id_asc: null,
  }[query.sort];
  const descending = query.sort === "created_desc" || query.sort === "updated_desc";
  const cursor = decodeCursor(query.cursor);
  let afterCursor: SQL | undefined;
  if (cursor) {
    if (column) {
      if (!cursorTimePattern.test(cursor.v) || Number.isNaN(Date.parse(cursor.v)))
        throw refuse("page.cursor-invalid");
      // Compared at the database's full (microsecond) precision: a JavaScript Date would cut it to
      // milliseconds and skip or repeat rows of one batch.
      const at = sql`${cursor.v}::timestamptz`;
      // A row comparison, not `a < x or (a = x and id < y)`: the index (column, id) then starts the
      // scan at the cursor; with the OR it reads every row before it (245 ms mid-list at 1,000,000).
      afterCursor = descending
        ? sql`(${column}, ${profiles.id}) < (${at}, ${cursor.id})`
        : sql`(${column}, ${profiles.id}) > (${at}, ${cursor.id})`;
    } else {
      afterCursor = gt(profiles.id, cursor.id);
    }
  }
  const order = column
    ? descending
      ? [desc(column), desc(profiles.id)]
      : [asc(column), asc(profiles.id)]
    : [asc(profiles.id)];

  const rows = await db
    .select({
      id: profiles.id,
      status: profiles.status,
      content: profiles.content,
      ownerEmail: users.email,
      createdAt: profiles.createdAt,
      updatedAt: profiles.updatedAt,
      sortValue: column
        ? sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
        : sql<string>`''`,
    })
    .from(profiles)
    .leftJoin(users, eq(users.id, profiles.ownerUserId))
    .where(and(...filters, afterCursor))
    .orderBy(...order)
    .limit(query.limit + 1);

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last ? encodeCursor({ v: last.sortValue, id: last.id }) : null;

  return {
    profiles: page.map((row): AdminProfileRow => ({
      id: row.id,
      status: row.status,
      displayName: row.content.displayName || null,
      ownerEmail: row.ownerEmail,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })),
    total: q ? await countMatching(db, filters) : await countByStatus(db, query.status),
    nextCursor,
  };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Totals without a search come from the trigger-kept counts: no scan of a million rows. */
async function countByStatus(db: Database, status: ProfileStatus | undefined): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${profileStatusCounts.count}), 0)::int` })
    .from(profileStatusCounts)
    .where(status ? eq(profileStatusCounts.status, status) : undefined);
  return row?.total ?? 0;
}

/** A search matches few rows (an id prefix, an owner's address): counting them is cheap. */
async function countMatching(db: Database, filters: SQL[]): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(profiles)
    .where(and(...filters));
  return row?.total ?? 0;
}
