// A page a family starts themselves (POST /api/kammare/start): from "/" and /account when signed in,
// or through sign-up at /new?start=page (keeping a partner's ?ref=), after which the page is made at
// once and opens in its walkthrough, as a page just claimed does (app/lib/claim.ts).
import { isPartnerSlug, referralQueryParameter } from "../../contract/partner-links";
import { startPageQuery } from "../../contract/start-page-values";
import { api } from "./api";
import type { AfterSignIn } from "./auth";
import { claimedPath } from "./claim";

/** A partner's slug from a link, or undefined when it is none. */
export function referralOf(value: string | null | undefined): string | undefined {
  const slug = value?.trim().toLowerCase();
  return slug && isPartnerSlug(slug) ? slug : undefined;
}

/** Where a visitor without an account starts a page: sign-up that makes it, keeping the partner. */
export function startPagePath(ref?: string | null): string {
  const query = new URLSearchParams({ [startPageQuery.name]: startPageQuery.value });
  const slug = referralOf(ref);
  if (slug) query.set(referralQueryParameter, slug);
  return `/new?${query.toString()}`;
}

/** Whether /new's query asks to start a page once the account is there. */
export function startsPage(searchParams: URLSearchParams): boolean {
  return searchParams.get(startPageQuery.name) === startPageQuery.value;
}

/** Makes the page; answers where it opens: its walkthrough, saying the page is the owner's. */
export async function startPage(ref?: string | null): Promise<string> {
  const slug = referralOf(ref);
  const { id } = await api.post("/kammare/start", { body: slug ? { ref: slug } : {} });
  return claimedPath(id);
}

/**
 * After sign-up from "Start a page": the page is made before anything moves. If that fails, "/"
 * takes over: it offers to start the page again.
 */
export function startAfterSignUp(ref?: string | null): AfterSignIn {
  return async () => {
    try {
      return await startPage(ref);
    } catch {
      return "/";
    }
  };
}
