// The spec's route rules as server middleware. Each throws a redirect (or a 404) for a viewer who
// may not see the page; the page is then never rendered.
import { redirect, type MiddlewareFunction } from "react-router";
import { isProfileId, normalizeProfileId } from "../../contract/profile-id";
import { safeReturnPath } from "../../contract/return-path";
import {
  keptPagePart,
  pageDoorContext,
  profileContext,
  servicesContext,
  viewerContext,
} from "../../server/context";
import { mayEnterPage } from "../../server/domain/private-pages";
import { visitorPassOf } from "../../server/http/visitor-pass";
import { liveStatuses } from "../../server/domain/profiles";
import { orderNumberSchema } from "../../contract/orders";
import { ownedProfileIds } from "../../server/domain/accounts";
import { partnerWelcome } from "../../server/domain/partners";
import { referralQueryParameter } from "../../contract/partners";
import { welcomePath } from "../../contract/partner-colleagues";
import { viewerOrganisation } from "../lib/partner-organisation.server";
import { checkoutRefusal, customerOrder } from "../../server/domain/billing";
import { isProfileEditor, profileView } from "../../server/domain/profiles";
import { hasRole } from "../../server/domain/core";
import { notFoundAfterLoaders } from "../lib/not-found";
import { pickRules, signInPath, type RuleName } from "./registry";

type ServerRule = MiddlewareFunction<Response>;

/**
 * A page that is not public and live is never indexed (meta robots in the page, and this header for
 * every answer of its addresses); an unlisted or private one is never kept in a shared cache (the page
 * cache keeps no `private` answer: server/http/page-cache.ts), so a private page's content, or its
 * door, is rendered for each visitor (ADR 043).
 */
function keptFromEveryone(
  profile: { status: (typeof liveStatuses)[number]; metadata: { visibility?: string } },
  response: Response,
): Response {
  const visibility = profile.metadata.visibility ?? "public";
  const listed = visibility === "public" && liveStatuses.includes(profile.status);
  if (listed) return response;
  const headers = new Headers(response.headers);
  headers.set("X-Robots-Tag", "noindex");
  if (visibility !== "public") headers.set("Cache-Control", "private, no-store");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export { safeReturnPath };

const rules: Partial<Record<RuleName, ServerRule>> = {
  // "/": a signed-in owner goes to their first page; a visitor goes to sign in. A signed-in user
  // without pages stays on "/", which shows how to claim one (the spec's rule would loop with
  // `login` here: ADR 006).
  // A visitor arriving by a partner's link (/?ref={slug} of a known organisation) is greeted by its
  // name first (/welcome); any other visitor signs in, as the spec says.
  index: async ({ context, request }) => {
    const viewer = context.get(viewerContext);
    if (!viewer) {
      const ref = new URL(request.url).searchParams.get(referralQueryParameter);
      const known = ref ? await partnerWelcome(context.get(servicesContext).db, ref) : null;
      throw redirect(
        known ? `${welcomePath}?${referralQueryParameter}=${encodeURIComponent(known.slug)}` : "/login",
      );
    }
    // An admin is at work at "/": the admin's home, not a page of their own (those are on /account)
    // nor the customer's "you have no page".
    if (hasRole(viewer, "admin")) throw redirect("/admin");
    const [first] = await ownedProfileIds(context.get(servicesContext).db, viewer.id);
    if (first) throw redirect(`/k/${encodeURIComponent(first)}`);
  },
  // /login and /new: a signed-in user is sent on (to where they were going, else "/"; an admin to
  // the admin's home).
  login: ({ context, request }) => {
    const viewer = context.get(viewerContext);
    if (viewer) {
      const returnTo = safeReturnPath(new URL(request.url).searchParams.get("redirectTo"));
      throw redirect(returnTo ?? (hasRole(viewer, "admin") ? "/admin" : "/"));
    }
  },
  // /k/{id}: the profile exists and is not suspended, else 404 (a suspended page is gone to everyone
  // but an admin, and its owner and editors, who are told it is suspended and whom to contact:
  // decisions "Where money meets people"). A code typed in lower case is sent to its canonical
  // address. The 404 comes after
  // the loaders (app/lib/not-found.ts: so it keeps the layout and the visitor's language); the page's
  // loader answers it, finding no profile in the context.
  profile: async ({ context, params, request }, next) => {
    const url = new URL(request.url);
    const typed = params.id ?? "";
    const id = normalizeProfileId(typed);
    if (id !== typed && url.pathname === `/k/${typed}`) throw redirect(`/k/${id}${url.search}`);
    // Something that is no id at all (the loaders will see it too) never reaches the database. The
    // profile is the same for every viewer: kept until it changes (ADR 047).
    const services = context.get(servicesContext);
    const profile = isProfileId(id)
      ? await keptPagePart(services, id, "view", () => profileView(services.db, id))
      : null;
    const viewer = context.get(viewerContext);
    if (!profile) return notFoundAfterLoaders(request, next);
    if (profile.status === "suspended" && !hasRole(viewer, "admin")) {
      const own =
        !!viewer &&
        (viewer.id === profile.ownerUserId ||
          (await isProfileEditor(context.get(servicesContext).db, profile.id, viewer.id)));
      if (!own) return notFoundAfterLoaders(request, next);
    }
    context.set(profileContext, profile);
    // A private page (ADR 043): whoever is not let in sees its door at /k/{id}, and nothing else of it
    // anywhere (a photo's address goes to the door).
    const db = context.get(servicesContext).db;
    if (!(await mayEnterPage(db, profile, viewer, visitorPassOf(request.headers, profile.id)))) {
      if (url.pathname !== `/k/${profile.id}`) throw redirect(`/k/${profile.id}`);
      context.set(pageDoorContext, true);
    }
    return keptFromEveryone(profile, await next());
  },
  // /preview/…: an admin or a partner, else "/"; a visitor signs in first and comes back here.
  preview: ({ context, request }) => {
    const viewer = context.get(viewerContext);
    if (!viewer) throw redirect(signInPath(request.url));
    if (!hasRole(viewer, "admin") && !hasRole(viewer, "partner")) throw redirect("/");
  },
  // /k/{id}/checkout/card: a signed-in owner of a page that can be paid for now (decisions "Route
  // rules"); a visitor signs in and comes back here, anyone else goes to the page itself (which shows
  // its owner why, or a 404 when there is no such page).
  checkout: async ({ context, params, request }) => {
    const viewer = context.get(viewerContext);
    if (!viewer) throw redirect(signInPath(request.url));
    const id = normalizeProfileId(params.id ?? "");
    const profile = isProfileId(id) ? await profileView(context.get(servicesContext).db, id) : null;
    // A page paid for already may still buy a prepaid term, which extends it (ADR 041).
    if (!profile || checkoutRefusal(profile, viewer.id, "term10"))
      throw redirect(`/k/${encodeURIComponent(id)}`);
    context.set(profileContext, profile);
  },
  // /k/{id}/gift and its thank-you (ADR 044): a signed-in customer (a visitor signs in or up and comes
  // back here); a page a visitor cannot see goes to its own address (which answers the 404), and a
  // partner's account, which pays nothing, to the page.
  gift: async ({ context, params, request }) => {
    const viewer = context.get(viewerContext);
    if (!viewer) throw redirect(signInPath(request.url));
    const id = normalizeProfileId(params.id ?? "");
    const profile = isProfileId(id) ? await profileView(context.get(servicesContext).db, id) : null;
    const seen = profile && !["draft", "unclaimed", "removed"].includes(profile.status);
    if (!seen || !hasRole(viewer, "customer")) throw redirect(`/k/${encodeURIComponent(id)}`);
    context.set(profileContext, profile);
  },
  // /k/{id}/memories and /k/{id}/albums, the page's family screens: a signed-in viewer (a visitor signs in and comes back here); a code typed in
  // lower case goes to its canonical address. Whether this viewer may decide the page's memories is
  // the domain's rule (its owner, an admin), asked by the page's loader, which answers anyone else,
  // and a page that is not there, with the 404.
  "page-memories": ({ context, params, request }) => {
    if (!context.get(viewerContext)) throw redirect(signInPath(request.url));
    const typed = params.id ?? "";
    const id = normalizeProfileId(typed);
    if (id !== typed && isProfileId(id)) {
      // The same screen (/memories, /albums) at the canonical code.
      const url = new URL(request.url);
      const screen = url.pathname.split("/").slice(3).join("/");
      throw redirect(`/k/${id}/${screen}${url.search}`);
    }
  },
  // /k/{id}/checkout/confirm?order=KM-…: the order exists, is the viewer's and is this page's; anyone
  // else gets the same 404 as for no order at all (an order number says nothing about whose it is).
  "checkout-confirm": async ({ context, params, request }, next) => {
    const viewer = context.get(viewerContext);
    if (!viewer) throw redirect(signInPath(request.url));
    const number = orderNumberSchema.safeParse(new URL(request.url).searchParams.get("order") ?? "");
    const order = number.success
      ? await customerOrder(context.get(servicesContext).db, number.data, viewer.id)
      : null;
    if (!order || order.profileId !== normalizeProfileId(params.id ?? "")) {
      return notFoundAfterLoaders(request, next);
    }
  },
  // The partner pages: a signed-in partner account (decisions "Partners"). A visitor signs in on the
  // partner sign-in page and comes back here; a signed-in customer or admin is sent there too, to
  // sign in with a partner account.
  partner: ({ context, request }) => {
    const viewer = context.get(viewerContext);
    if (!viewer) throw redirect(partnerSignInPath(request.url));
    if (!hasRole(viewer, "partner")) throw redirect("/partner/signin");
  },
  // /partner/dashboard/users: the partner's organisation has a name; otherwise the dashboard, where
  // it is set. After `partner`; on its own it still refuses anyone but a partner.
  "partner-name": async ({ context, request }) => {
    const viewer = context.get(viewerContext);
    if (!viewer) throw redirect(partnerSignInPath(request.url));
    if (!hasRole(viewer, "partner")) throw redirect("/partner/signin");
    const organisation = await viewerOrganisation(context);
    if (!organisation?.name) throw redirect("/partner/dashboard");
  },
  // /account: a signed-in customer (a visitor signs in first and comes back); a partner account has
  // its own pages and goes to its dashboard.
  account: ({ context, request }) => {
    const viewer = context.get(viewerContext);
    if (!viewer) throw redirect(signInPath(request.url));
    if (!hasRole(viewer, "customer")) throw redirect(hasRole(viewer, "partner") ? "/partner/dashboard" : "/");
  },
  // Every /admin path: the admin role, else "/" (spec section 6); a visitor who is not signed in
  // signs in first and comes back here.
  admin: ({ context, request }) => {
    const viewer = context.get(viewerContext);
    if (!viewer) throw redirect(signInPath(request.url));
    if (!hasRole(viewer, "admin")) throw redirect("/");
  },
};

/** The partner sign-in page, returning to `url` (path and query) afterwards. */
function partnerSignInPath(url: string): string {
  const { pathname, search } = new URL(url);
  return `/partner/signin?redirectTo=${encodeURIComponent(pathname + search)}`;
}

export function serverRules(...names: RuleName[]): ServerRule[] {
  return pickRules(rules, names);
}
