// The page a family change is about, locked for it, and how the actor stands to it.
import { eq } from "drizzle-orm";
import type { ProfileStatus } from "../../../contract/profiles";
import type { Executor } from "../../db/client";
import { profiles } from "../../db/schema";
import { hasRole, refuse, type Actor } from "../core";
import { assertOwnsProfile, isProfileEditor, pageMissing, type OwnerOnlyRefusal } from "../profiles";

export { pageMissing };

export type FamilyPage = {
  id: string;
  ownerUserId: string | null;
  status: ProfileStatus;
  content: { displayName?: string };
};

/** The page's name as e-mails and screens say it: its display name, or its code. */
export const pageNameOf = (page: Pick<FamilyPage, "id" | "content">) =>
  page.content.displayName?.trim() || page.id;

/** The page, locked (in a transaction) when `lock` is set; not_found when there is none. */
export async function familyPage(tx: Executor, profileId: string, lock = false): Promise<FamilyPage> {
  const query = tx
    .select({
      id: profiles.id,
      ownerUserId: profiles.ownerUserId,
      status: profiles.status,
      content: profiles.content,
    })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw pageMissing();
  return row;
}

/** The page, locked, if the actor is its owner (or an admin): only they invite, remove or hand over. */
export async function ownedFamilyPage(
  tx: Executor,
  profileId: string,
  actor: Actor,
  refusal: OwnerOnlyRefusal,
) {
  const page = await familyPage(tx, profileId, true);
  if (!page.ownerUserId) throw pageMissing();
  assertOwnsProfile(page, actor, refusal);
  return page;
}

/** How the actor stands to the page: owner, editor, admin, or nobody (a forbidden DomainError). */
export async function roleOn(
  tx: Executor,
  page: FamilyPage,
  actor: Actor,
): Promise<"owner" | "editor" | "admin"> {
  if (page.ownerUserId === actor.id) return "owner";
  if (await isProfileEditor(tx, page.id, actor.id)) return "editor";
  if (hasRole(actor, "admin")) return "admin";
  throw refuse("family.not-member");
}
