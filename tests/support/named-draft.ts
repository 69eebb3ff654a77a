// A draft page with a name, made by the admin for its owner: what a trial or a checkout starts from.
import { eq } from "drizzle-orm";
import { profiles } from "../../server/db/schema";
import { createProfiles } from "../../server/domain/profiles";
import type { Account } from "./accounts";
import type { ApiFixture } from "./api-fixture";

export async function namedDraft(
  { db, accounts, admin }: Pick<ApiFixture, "db" | "accounts" | "admin">,
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
  await db
    .update(profiles)
    .set({ content: { displayName: "Anna Andersson" } })
    .where(eq(profiles.id, id));
  return { id, owner: who };
}
