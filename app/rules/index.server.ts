// The spec's route rules as server middleware. Each throws a redirect (or a 404) for a viewer who
// may not see the page; the page is then never rendered.
import { data, redirect, type MiddlewareFunction } from "react-router";
import { normalizeProfileId } from "../../contract/profile-id";
import { profileContext, servicesContext, viewerContext } from "../../server/context";
import { ownedProfileIds } from "../../server/domain/accounts";
import { profileView } from "../../server/domain/profiles";
import { hasRole } from "../../server/domain/viewer";
import { pickRules, signInPath, type RuleName } from "./registry";

type ServerRule = MiddlewareFunction<Response>;

const returnBase = "http://return.invalid";

/**
 * A local path to return to after signing in, percent-encoded so it can stand in a Location header;
 * anything else (other sites, "//…", control characters) is dropped.
 */
export function safeReturnPath(value: string | null): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  const url = new URL(value, returnBase);
  return url.origin === returnBase ? url.pathname + url.search + url.hash : null;
}

const rules: Partial<Record<RuleName, ServerRule>> = {
  // "/": a signed-in owner goes to their first page; a visitor goes to sign in. A signed-in user
  // without pages stays on "/", which shows how to claim one (the spec's rule would loop with
  // `login` here: ADR 006).
  index: async ({ context }) => {
    const viewer = context.get(viewerContext);
    if (!viewer) throw redirect("/login");
    const [first] = await ownedProfileIds(context.get(servicesContext).db, viewer.id);
    if (first) throw redirect(`/k/${encodeURIComponent(first)}`);
  },
  // /login and /new: a signed-in user is sent on (to where they were going, else "/").
  login: ({ context, request }) => {
    if (context.get(viewerContext)) {
      const returnTo = safeReturnPath(new URL(request.url).searchParams.get("redirectTo"));
      throw redirect(returnTo ?? "/");
    }
  },
  // /k/{id}: the profile exists and is not suspended, else 404 (a suspended page is gone to everyone
  // but an admin). A code typed in lower case is sent to its canonical address.
  profile: async ({ context, params, request }) => {
    const url = new URL(request.url);
    const typed = params.id ?? "";
    const id = normalizeProfileId(typed);
    if (id !== typed && url.pathname === `/k/${typed}`) throw redirect(`/k/${id}${url.search}`);
    const profile = await profileView(context.get(servicesContext).db, id);
    const admin = hasRole(context.get(viewerContext), "admin");
    if (!profile || (profile.status === "suspended" && !admin)) {
      throw data(`Page Not Found: ${url.pathname}`, { status: 404 });
    }
    context.set(profileContext, profile);
  },
  // Every /admin path: the admin role, else "/" (spec section 6); a visitor who is not signed in
  // signs in first and comes back here.
  admin: ({ context, request }) => {
    const viewer = context.get(viewerContext);
    if (!viewer) throw redirect(signInPath(request.url));
    if (!hasRole(viewer, "admin")) throw redirect("/");
  },
};

export function serverRules(...names: RuleName[]): ServerRule[] {
  return pickRules(rules, names);
}
