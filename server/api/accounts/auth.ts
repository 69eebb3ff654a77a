// /api/auth: sign-in, sign-up, session refresh, sign-out, password change and reset.
import { Hono, type Context } from "hono";
import {
  changePasswordRequestSchema,
  loginRequestSchema,
  resetPasswordRequestSchema,
  resetRequestSchema,
  sessionRefreshRequestSchema,
  signupRequestSchema,
  type LoginResponse,
  type Session,
  type SessionRefreshResponse,
} from "../../../contract/auth";
import { readCookie } from "../../../contract/cookie";
import { requestedLocale, resolveLocale } from "../../../contract/locale";
import { referralCookieName } from "../../../contract/partners";
import type { BackgroundTasks } from "../../background";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import {
  accountOf,
  changePassword,
  ownedProfileIds,
  rememberLocale,
  resetPassword,
  signIn,
  signInLimitPerMinute,
  signUp,
  requestPasswordReset,
  createSession,
  findSession,
  revokeSession,
  type ActiveSession,
} from "../../domain/accounts";
import { attribute, organisationIdBySlug } from "../../domain/profiles";
import { audit, DomainError, consume, type Limit } from "../../domain/core";
import type { EmailSender } from "../../providers/email/types";
import { clearSessionCookie, requestOrigin, setSessionCookie } from "../../http/auth";
import type { ApiEnv } from "../../http/env";
import { signedIn } from "../../http/guards";
import { ApiError, readJson } from "../../http/errors";

export type AuthDeps = { db: Database; config: Config; email: EmailSender; background: BackgroundTasks };

export { signInLimitPerMinute };

export function publicSession(session: ActiveSession): Session {
  return {
    access_token: session.token,
    expires_at: session.expiresAt.toISOString(),
    user: { id: session.user.id, email: session.user.email },
  };
}

/** Sign-ups: 10 attempts a minute per client address and per account (spec of the accounts issue). */
export function attemptLimits(kind: "signup" | "partner-signup", ip: string | null, email: string): Limit[] {
  const limits: Limit[] = [
    { key: `${kind}:account:${accountOf(email)}`, max: signInLimitPerMinute, windowSeconds: 60 },
  ];
  if (ip) limits.push({ key: `${kind}:ip:${ip}`, max: signInLimitPerMinute, windowSeconds: 60 });
  return limits;
}

export function authRoutes({ db, config, email, background }: AuthDeps) {
  const startSession = async (c: Context<ApiEnv>, user: ActiveSession["user"]) => {
    const session = await createSession(db, user, c.req.header("user-agent") ?? null);
    // The language the site is used in now is the account's, for its e-mails (none asked: kept as it was).
    const locale = requestedLocale(c.req.header("cookie") ?? null, c.req.header("accept-language") ?? null);
    if (locale) await rememberLocale(db, user.id, locale);
    setSessionCookie(c, session, config.secure);
    return publicSession(session);
  };

  return new Hono<ApiEnv>()
    .post("/login", async (c) => {
      const input = await readJson(c, loginRequestSchema);
      try {
        const user = await signIn(db, input, requestOrigin(c));
        return c.json({ success: true, session: await startSession(c, user) } satisfies LoginResponse);
      } catch (error) {
        if (error instanceof DomainError && error.code === "invalid_credentials") {
          return c.json({ success: false } satisfies LoginResponse, 401);
        }
        throw error;
      }
    })
    .post("/signup", async (c) => {
      const input = await readJson(c, signupRequestSchema);
      await consume(db, attemptLimits("signup", c.get("ip"), input.email));
      // A visitor who came through a partner's referral link is that partner's customer (first touch).
      const partner = await organisationIdBySlug(db, readCookie(c.req.header("cookie"), referralCookieName));
      const user = await signUp(db, input, requestOrigin(c), {
        onCreated: partner
          ? (tx, created) =>
              attribute(tx, {
                subject: { userId: created.id },
                organisationId: partner,
                source: "referral_link",
              })
          : undefined,
      });
      return c.json({ success: true, session: await startSession(c, user) } satisfies LoginResponse, 201);
    })
    .post("/session", async (c) => {
      const stored = await readJson(c, sessionRefreshRequestSchema);
      const session = await findSession(db, stored.access_token, { extend: true });
      if (!session || session.user.id !== stored.user.id) {
        clearSessionCookie(c);
        throw new ApiError(401, "unauthorized", "The session has ended. Sign in again.");
      }
      setSessionCookie(c, session, config.secure);
      return c.json({
        session: publicSession(session),
        ownedProfiles: await ownedProfileIds(db, session.user.id),
      } satisfies SessionRefreshResponse);
    })
    .post("/logout", async (c) => {
      const viewer = c.get("viewer");
      clearSessionCookie(c);
      if (!viewer) throw new ApiError(401, "unauthorized", "There is no session to end.");
      await revokeSession(db, viewer.sessionId);
      await audit(db, {
        action: "logout",
        actorUserId: viewer.id,
        targetUserId: viewer.id,
        ...requestOrigin(c),
      });
      return c.body(null, 204);
    })
    .post("/change-password", signedIn, async (c) => {
      const input = await readJson(c, changePasswordRequestSchema);
      await changePassword(db, c.get("viewer"), input, requestOrigin(c));
      return c.json({ success: true as const });
    })
    .post("/reset-request", async (c) => {
      const input = await readJson(c, resetRequestSchema);
      const origin = requestOrigin(c);
      const locale = resolveLocale(c.req.header("cookie") ?? null, c.req.header("accept-language") ?? null);
      // The answer goes out before any work that depends on the account, so neither its content
      // nor its timing tells whether the address has an account.
      background.run("password reset request", () =>
        requestPasswordReset({ db, email, publicUrl: config.publicUrl }, { ...input, origin, locale }),
      );
      return c.json({ accepted: true as const }, 202);
    })
    .post("/reset", async (c) => {
      const input = await readJson(c, resetPasswordRequestSchema);
      const ip = c.get("ip");
      if (ip)
        await consume(db, [{ key: `reset-use:ip:${ip}`, max: signInLimitPerMinute, windowSeconds: 60 }]);
      await resetPassword(db, input, requestOrigin(c));
      clearSessionCookie(c);
      return c.json({ success: true as const });
    });
}
