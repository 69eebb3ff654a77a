// Pages made by the admin for their owner, with columns then set straight in the database: a draft with
// a name (what a trial or a checkout starts from), or a page already in the status a test needs.
import { eq } from "drizzle-orm";
import { profiles } from "../../server/db/schema";
import { createProfiles } from "../../server/domain/profiles";
import type { Account } from "./accounts";
import type { ApiFixture } from "./api-fixture";

type DraftFixture = Pick<ApiFixture, "db" | "accounts" | "admin">;

/** Columns of the page to set after it is made: its status, trial's end, content, metadata, … */
export type PageFields = Partial<typeof profiles.$inferInsert>;

/**
 * A page the admin makes for `owner` (a new customer if none is given), with `fields` then written
 * over it directly, so a test starts from a status no API call would reach in one step.
 */
export async function ownedPageWith(
  { db, accounts, admin }: DraftFixture,
  fields: PageFields,
  owner?: Account,
): Promise<{ id: string; owner: Account }> {
  const who = owner ?? (await accounts.signUp());
  const [row] = await createProfiles(
    db,
    { count: 1, ownerUserId: who.id },
    { id: admin.id, roles: ["admin"] },
    { ip: null, userAgent: "test" },
  );
  const id = row?.id as string;
  await db.update(profiles).set(fields).where(eq(profiles.id, id));
  return { id, owner: who };
}

/** A draft with a display name: the page's content a trial or a checkout needs. */
export async function namedDraft(
  fixture: DraftFixture,
  owner?: Account,
): Promise<{ id: string; owner: Account }> {
  return ownedPageWith(fixture, { content: { displayName: "Anna Andersson" } }, owner);
}
