// Who is asking: the one resolution of a bearer token or the session cookie to a Viewer (for API calls
// and pages alike), the client's address, the Origin check for changes, and the session cookie.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { readCookie } from "../../contract/cookie";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { RequestOrigin, Viewer } from "../domain/core";
import { findSession, type ActiveSession } from "../domain/accounts";
import { clientAddress } from "./client-address";
import type { ApiEnv } from "./env";
import { ApiError } from "./errors";

export type { Viewer };

export const sessionCookieName = "kammare_session";

/** The token a request carries: the bearer header wins; the cookie is for pages and the browser. */
export function requestToken(headers: Headers): { token: string; via: Viewer["via"] } | null {
  const authorization = headers.get("authorization");
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    return { token: match?.[1] ?? "", via: "bearer" };
  }
  const cookie = readCookie(headers.get("cookie"), sessionCookieName);
  return cookie ? { token: cookie, via: "cookie" } : null;
}

/** Whether a request carries a session at all (valid or not): such pages are never shared. */
export function carriesSession(headers: Headers): boolean {
  return headers.has("authorization") || readCookie(headers.get("cookie"), sessionCookieName) !== undefined;
}

/** The one authentication step, for API calls and page requests alike. */
export async function resolveViewer(db: Database, headers: Headers): Promise<Viewer | null> {
  const carried = requestToken(headers);
  if (!carried) return null;
  const session = await findSession(db, carried.token);
  if (!session) return null;
  const { id, email, roles } = session.user;
  return { id, email, roles, sessionId: session.id, via: carried.via };
}

/** The client's address (see client-address.ts): a valid address or null, never arbitrary text. */
export function clientIp(c: Context, trustedProxies: number): string | null {
  let socket: string | undefined;
  try {
    socket = getConnInfo(c).remote.address;
  } catch {
    socket = undefined; // In-process requests (tests) have no socket.
  }
  return clientAddress(c.req.header("x-forwarded-for"), socket, trustedProxies);
}

/** Where a request came from, for the audit log; any area's context (guarded or not) has it. */
export function requestOrigin(c: {
  var: { ip: string | null };
  req: { header(name: string): string | undefined };
}): RequestOrigin {
  return { ip: c.var.ip, userAgent: c.req.header("user-agent") ?? null };
}

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Authenticates every API call and refuses cross-site changes: an unsafe request with an Origin other
 * than the site's (config.trustedOrigins: never one made from the request's Host header), or a
 * cookie-authenticated one without an Origin, gets 403.
 */
export function apiViewerMiddleware(deps: { db: Database; config: Config }): MiddlewareHandler<ApiEnv> {
  const trusted = new Set(deps.config.trustedOrigins);
  return async (c, next) => {
    c.set("ip", clientIp(c, deps.config.TRUST_PROXY));
    if (!safeMethods.has(c.req.method)) {
      const origin = c.req.header("origin");
      const foreign = origin !== undefined && !trusted.has(origin);
      const cookieWithoutOrigin = origin === undefined && requestToken(c.req.raw.headers)?.via === "cookie";
      if (foreign || cookieWithoutOrigin) {
        throw new ApiError(403, "forbidden_origin", "This request must come from the site itself.");
      }
    }
    c.set("viewer", await resolveViewer(deps.db, c.req.raw.headers));
    await next();
  };
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
