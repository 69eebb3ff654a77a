// The browser's auth state (spec sections 3 and 4): session, isInitialized, loading, the admin flag
// and ownedProfiles. It starts not initialised and becomes initialised once the session stored under
// localStorage["session"] has been refreshed with the server.
import { useSyncExternalStore } from "react";
import type { loginResponseSchema as LoginResponseSchema } from "../../contract/auth";
import type { StoredSession } from "../../contract/session";
import { sessionStorageKey } from "../../contract/storage-keys";
import { api } from "./api";
import { failureOf, type Failure } from "./failure";

export type AuthState = {
  session: StoredSession | null;
  isInitialized: boolean;
  loading: boolean;
  admin: boolean;
  ownedProfiles: string[];
};

const initialState: AuthState = {
  session: null,
  isInitialized: false,
  loading: false,
  admin: false,
  ownedProfiles: [],
};

let state = initialState;
const listeners = new Set<() => void>();

function update(patch: Partial<AuthState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuth(): AuthState & { isLoggedIn: boolean } {
  const snapshot = useSyncExternalStore(
    subscribe,
    () => state,
    () => initialState,
  );
  return { ...snapshot, isLoggedIn: snapshot.isInitialized && !!snapshot.session?.user };
}

function storeSession(session: StoredSession | null): void {
  if (session) window.localStorage.setItem(sessionStorageKey, JSON.stringify(session));
  else window.localStorage.removeItem(sessionStorageKey);
}

async function storedSession(): Promise<StoredSession | null> {
  return (await import("./stored-session")).readStoredSession();
}

async function fetchAdminFlag(): Promise<boolean> {
  try {
    return (await api.get("/admin/check")).admin;
  } catch {
    return false;
  }
}

/** Refreshes the stored session with the server; the state is initialised afterwards either way. */
export async function refreshSession(): Promise<void> {
  update({ loading: true });
  try {
    const stored = await storedSession();
    if (!stored) {
      update({ session: null, admin: false, ownedProfiles: [] });
      return;
    }
    try {
      const answer = await api.post("/auth/session", { body: stored, refresh: false });
      storeSession(answer.session);
      // The admin flag is asked where the spec asks it: entering an /admin path (app/rules/client.ts).
      update({ session: answer.session, ownedProfiles: answer.ownedProfiles });
    } catch {
      storeSession(null);
      update({ session: null, admin: false, ownedProfiles: [] });
    }
  } finally {
    update({ loading: false, isInitialized: true });
  }
}

/**
 * Initialises the auth state when the app starts. The server's render knew the viewer from the session
 * cookie (with the admin flag and the pages they own): when the stored session is that viewer's, the
 * state starts from it and nothing is asked again. Otherwise (no cookie, another account, or none
 * stored) the stored session is refreshed with the server, which also sets the cookie again.
 */
export async function initialiseAuth(
  viewer: { id: string; admin: boolean; ownedProfiles: string[] } | null,
): Promise<void> {
  const stored = await storedSession();
  if (viewer && stored?.user.id === viewer.id) {
    update({
      session: stored,
      admin: viewer.admin,
      ownedProfiles: viewer.ownedProfiles,
      loading: false,
      isInitialized: true,
    });
    return;
  }
  await refreshSession();
}

/** GET /api/admin/check for the client-side admin rule. */
export async function adminFlag(): Promise<boolean> {
  const admin = await fetchAdminFlag();
  update({ admin });
  return admin;
}

export type SignInResult = { ok: true } | { ok: false; code?: string; fields: Record<string, string> };

/** The code of a sign-in whose e-mail address and password do not match (the forms explain it). */
export const invalidCredentials = "invalid_credentials";

/**
 * What a failed sign-in answered. The login call refuses an e-mail address and password that do not
 * match with 401 and its answer `{ success: false }` (spec section 7: a success flag, no error code):
 * that is `invalid_credentials`. Anything else is read as any failed call (429's `rate_limited`, 400,
 * a 500, no network).
 */
export function signInFailureOf(error: unknown, answerSchema: typeof LoginResponseSchema): Failure {
  const failed = error as { status?: unknown; data?: unknown } | null;
  const refused = failed?.status === 401 && answerSchema.safeParse(failed.data).data?.success === false;
  return refused ? { code: invalidCredentials, fields: {} } : failureOf(error);
}

/**
 * One more step as the newly signed-in user before the page moves on (claiming the page the visitor
 * came to claim); it answers where to go instead of reloading, or nothing to reload as usual.
 */
export type AfterSignIn = (user: StoredSession["user"]) => Promise<string | undefined>;

async function moveOn(user: StoredSession["user"], then?: AfterSignIn): Promise<void> {
  const target = then ? await then(user) : undefined;
  if (target) window.location.assign(target);
  else window.location.reload();
}

async function signIn(
  send: () => Promise<unknown>,
): Promise<{ ok: true; user: StoredSession["user"] } | Exclude<SignInResult, { ok: true }>> {
  // Loaded with the first sign-in, as the session is: the schema library is not part of the first page load.
  const { loginResponseSchema } = await import("../../contract/auth");
  update({ loading: true });
  try {
    const answer = loginResponseSchema.parse(await send());
    if (!answer.success) throw new Error("sign-in refused");
    storeSession(answer.session);
    update({ session: answer.session });
    await refreshSession();
    return { ok: true, user: answer.session.user };
  } catch (error) {
    storeSession(null);
    update({ session: null, admin: false, ownedProfiles: [], loading: false });
    return { ok: false, ...signInFailureOf(error, loginResponseSchema) };
  }
}

/** Spec section 4: on success the session is set and refreshed and the page reloads; on failure
 * the session is cleared and false is returned. */
export async function login(email: string, password: string, then?: AfterSignIn): Promise<SignInResult> {
  const result = await signIn(() =>
    api.post("/auth/login", { body: { type: "email", email, password }, refresh: false }),
  );
  if (result.ok) await moveOn(result.user, then);
  return result;
}

/** Sign-up signs in at once, like login. */
export async function signup(email: string, password: string, then?: AfterSignIn): Promise<SignInResult> {
  const result = await signIn(() => api.post("/auth/signup", { body: { email, password }, refresh: false }));
  if (result.ok) await moveOn(result.user, then);
  return result;
}

/** Spec section 4: clears the session and the local storage (and the server's session). */
export async function logout(to = "/login"): Promise<void> {
  try {
    await api.post("/auth/logout", { refresh: false });
  } catch {
    // Already ended on the server: clearing here is what matters.
  }
  window.localStorage.clear();
  update({ session: null, admin: false, ownedProfiles: [] });
  window.location.assign(to);
}

/** Partner sign-up (POST /api/partner/signup, a whitelisted address only) signs in at once, like sign-up. */
export async function partnerSignup(
  email: string,
  password: string,
  then?: AfterSignIn,
): Promise<SignInResult> {
  const result = await signIn(() =>
    api.post("/partner/signup", { body: { email, password }, refresh: false }),
  );
  if (result.ok) await moveOn(result.user, then);
  return result;
}
