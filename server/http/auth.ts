// Who is asking: the viewer from `Authorization: Bearer` or the session cookie, the client's address,
// the Origin check for cookie-authenticated changes, and the session cookie itself.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { RequestOrigin } from "../domain/audit";
import { findSession, type ActiveSession } from "../domain/sessions";
import type { ApiEnv } from "./env";
import { ApiError } from "./errors";

export const sessionCookieName = "kammare_session";

export type Viewer = ActiveSession & { via: "bearer" | "cookie" };

function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}

/** The token a request carries: the bearer header wins; the cookie is for pages and the browser. */
export function requestToken(headers: Headers): { token: string; via: Viewer["via"] } | null {
  const authorization = headers.get("authorization");
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    return { token: match?.[1] ?? "", via: "bearer" };
  }
  const cookie = cookieValue(headers.get("cookie"), sessionCookieName);
  return cookie ? { token: cookie, via: "cookie" } : null;
}

/** The one authentication step, for API calls and page requests alike. */
export async function authenticate(db: Database, headers: Headers): Promise<Viewer | null> {
  const carried = requestToken(headers);
  if (!carried) return null;
  const session = await findSession(db, carried.token);
  return session ? { ...session, via: carried.via } : null;
}

export function clientIp(c: Context, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null; // In-process requests (tests) have no socket.
  }
}

export function requestOrigin(c: Context<ApiEnv>): RequestOrigin {
  return { ip: c.get("ip"), userAgent: c.req.header("user-agent") ?? null };
}

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Authenticates every API call and refuses cross-site changes: an unsafe request with a foreign
 * Origin, or a cookie-authenticated one without our Origin, gets 403.
 */
export function viewerMiddleware(deps: { db: Database; config: Config }): MiddlewareHandler<ApiEnv> {
  const ourOrigin = new URL(deps.config.publicUrl).origin;
  return async (c, next) => {
    c.set("ip", clientIp(c, deps.config.TRUST_PROXY === "on"));
    const carried = requestToken(c.req.raw.headers);
    if (!safeMethods.has(c.req.method)) {
      const origin = c.req.header("origin");
      const allowed = [ourOrigin, new URL(c.req.url).origin];
      const foreign = origin !== undefined && !allowed.includes(origin);
      const cookieWithoutOrigin = carried?.via === "cookie" && origin === undefined;
      if (foreign || cookieWithoutOrigin) {
        throw new ApiError(403, "forbidden_origin", "This request must come from the site itself.");
      }
    }
    const session = carried ? await findSession(deps.db, carried.token) : null;
    c.set("viewer", session && carried ? { ...session, via: carried.via } : null);
    await next();
  };
}

export function requireViewer(c: Context<ApiEnv>): Viewer {
  const viewer = c.get("viewer");
  if (!viewer) throw new ApiError(401, "unauthorized", "Sign in to do this.");
  return viewer;
}

export function requireAdmin(c: Context<ApiEnv>): Viewer {
  const viewer = requireViewer(c);
  if (!viewer.user.roles.includes("admin"))
    throw new ApiError(403, "forbidden", "Only an admin may do this.");
  return viewer;
}

export function setSessionCookie(c: Context, session: ActiveSession, secure: boolean): void {
  setCookie(c, sessionCookieName, session.token, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure,
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(c: Context): void {
  if (getCookie(c, sessionCookieName) !== undefined) deleteCookie(c, sessionCookieName, { path: "/" });
}
