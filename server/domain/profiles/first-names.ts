// The admin's list of first names behind the /{name} stub pages. Names are kept in lower case
// (the path), with the spelling the admin typed for display.
import { asc, eq } from "drizzle-orm";
import type { FirstNameEntry } from "../../../contract/first-names";
import { isStorableText } from "../../../contract/zod";
import type { Database } from "../../db/client";
import { firstNames } from "../../db/schema";
import { refuse } from "../core";

export function pathOf(name: string): string {
  return name.trim().toLowerCase();
}

export async function listFirstNames(db: Database): Promise<FirstNameEntry[]> {
  const rows = await db.select().from(firstNames).orderBy(asc(firstNames.name));
  return rows.map((row) => ({
    name: row.name,
    displayName: row.displayName,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function findFirstName(db: Database, path: string): Promise<string | null> {
  // The /{name} page asks with whatever the address held; text PostgreSQL cannot keep names nothing.
  if (!isStorableText(path)) return null;
  const [row] = await db
    .select()
    .from(firstNames)
    .where(eq(firstNames.name, pathOf(path)))
    .limit(1);
  return row?.displayName ?? null;
}

export async function addFirstName(db: Database, displayName: string): Promise<FirstNameEntry> {
  const [row] = await db
    .insert(firstNames)
    .values({ name: pathOf(displayName), displayName: displayName.trim() })
    .onConflictDoNothing()
    .returning();
  if (!row) throw refuse("first-name.listed");
  return { name: row.name, displayName: row.displayName, createdAt: row.createdAt.toISOString() };
}

export async function removeFirstName(db: Database, name: string): Promise<void> {
  const removed = await db
    .delete(firstNames)
    .where(eq(firstNames.name, pathOf(name)))
    .returning();
  if (removed.length === 0) throw refuse("first-name.missing");
}
