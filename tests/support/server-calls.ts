// Calls to a built server in a child process (server-process.ts), for the tests that drive it over
// HTTP: a JSON call that must succeed, and a published page made the way a site's people make one.
import { randomUUID } from "node:crypto";

type Json = Record<string, unknown>;

export type ServerCall = {
  token?: string;
  method?: string;
  /** Sent as Origin: what a visitor's post must come from (the site's PUBLIC_URL). */
  origin?: string;
};

/** A JSON call to `base` that must succeed (else it throws with the answer); its body, or {}. */
export async function callServer(base: string, pathName: string, body: unknown, call: ServerCall = {}) {
  const response = await fetch(`${base}${pathName}`, {
    method: call.method ?? "POST",
    headers: {
      "Content-Type": "application/json",
      ...(call.origin ? { Origin: call.origin } : {}),
      ...(call.token ? { Authorization: `Bearer ${call.token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${pathName}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as Json;
}

/** The bearer token of a sign-in's or sign-up's answer. */
export const sessionToken = (answer: Json) => (answer.session as { access_token: string }).access_token;

/** A new account signed up on `base`, at an address under `domain`. */
export async function signUpOn(base: string, label: string, domain: string, origin?: string) {
  const account = { email: `${label}-${randomUUID().slice(0, 8)}@${domain}`, password: `pw-${randomUUID()}` };
  return { ...account, token: sessionToken(await callServer(base, "/api/auth/signup", account, { origin })) };
}

/**
 * A page made by the admin for a new owner, who publishes it through the walkthrough (on its trial):
 * the admin's and the owner's sessions and the page's code.
 */
export async function publishedPageOn(
  base: string,
  options: {
    admin: { email: string; password: string };
    displayName: string;
    domain: string;
    origin?: string;
  },
) {
  const { origin } = options;
  const adminToken = sessionToken(
    await callServer(base, "/api/auth/login", { ...options.admin, type: "email" }, { origin }),
  );
  const owner = await signUpOn(base, "owner", options.domain, origin);
  const created = await callServer(
    base,
    "/api/admin/profiles",
    { count: 1, ownerEmail: owner.email },
    { token: adminToken, origin },
  );
  const pageId = (created.profiles as { id: string }[])[0]?.id as string;
  for (const step of [
    { step: "welcome" },
    { step: "name", displayName: options.displayName, subtitle: "" },
    { step: "story", story: "A life." },
    { step: "images", themeColor: "#1f3a36" },
    { step: "links", links: [] },
    { step: "publish" },
  ]) {
    await callServer(
      base,
      "/api/kammare/walkthrough-steps",
      { profileId: pageId, ...step },
      {
        token: owner.token,
        origin,
      },
    );
  }
  return { pageId, adminToken, owner };
}
