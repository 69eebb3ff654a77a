// Claiming an unclaimed page (decisions "Profiles"): the way there and back through sign-up or sign-in
// keeps which page it is in the return path (/k/{id}?claim=1), so /new and /login can say which page
// becomes the visitor's, and claim it as soon as the account is there.
import { isProfileId } from "../../contract/profile-id";
import { api } from "./api";
import type { AfterSignIn } from "./auth";

/** Where sign-up or sign-in returns to, to finish claiming page `id`. */
export function claimReturnPath(id: string): string {
  return `/k/${id}?claim=1`;
}

/** Where a page just claimed opens, saying it is the visitor's now (ClaimedNotice). */
export function claimedPath(id: string): string {
  return `/k/${id}?claimed=1`;
}

/** The page a return path (?redirectTo=) is claiming, or null when it is not a claim. */
export function claimedIdOf(returnPath: string | null): string | null {
  if (!returnPath?.startsWith("/k/")) return null;
  const url = new URL(returnPath, "http://return.invalid");
  const id = url.pathname.slice("/k/".length);
  return isProfileId(id) && url.searchParams.get("claim") === "1" ? id : null;
}

/** POST /api/kammare/own: the signed-in user becomes the owner of page `id`. */
export async function claimProfile(ownerId: string, id: string): Promise<void> {
  await api.post("/kammare/own", { body: { owner: ownerId, profileId: id } });
}

/**
 * After sign-up or sign-in from a claim: claims the page before anything moves, so the visitor lands
 * on a page that is already theirs. If that fails (someone claimed it a moment before), the page's own
 * claim view takes over and says so.
 */
export function claimAfterSignIn(id: string): AfterSignIn {
  return async (user) => {
    try {
      await claimProfile(user.id, id);
      return claimedPath(id);
    } catch {
      return claimReturnPath(id);
    }
  };
}
