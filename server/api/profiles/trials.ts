// The trials and e-mail verification calls. /api/kammare/free-trial and /api/kammare/extended-trial
// sit in the signed-in area (its guard checks the viewer; the domain checks ownership and the rest);
// /api/auth/verify-email/request needs a signed-in viewer, /api/auth/verify-email needs none (the
// link may be opened in another browser): the token alone proves the address.
import { Hono } from "hono";
import { resolveLocale } from "../../../contract/locale";
import {
  extendedTrialRequestSchema,
  freeTrialRequestSchema,
  verifyEmailRequestSchema,
} from "../../../contract/trials";
import type { Database } from "../../db/client";
import { requestEmailVerification, verifyEmail } from "../../domain/accounts";
import { consume } from "../../domain/core";
import { startExtendedTrial, startFreeTrial, type TrialProvider } from "../../domain/profiles";
import type { ApiEnv } from "../../http/env";
import { readJson } from "../../http/errors";
import { signedIn, type SignedInEnv } from "../../http/guards";
import type { EmailSender } from "../../providers/email/types";

export type TrialDeps = {
  db: Database;
  freeTrialDays: number;
  extendedTrialDays: number;
  /** The card provider: a trial that lengthens moves a kept card's first charge at Stripe too. */
  provider: TrialProvider;
};

/** Mounted at /api/kammare, behind its signed-in guard. */
export function trialRoutes({ db, freeTrialDays, extendedTrialDays, provider }: TrialDeps) {
  return new Hono<SignedInEnv>()
    .post("/free-trial", async (c) => {
      const input = await readJson(c, freeTrialRequestSchema);
      const profile = await startFreeTrial(db, {
        input,
        actor: c.get("viewer"),
        days: freeTrialDays,
        provider,
      });
      return c.json({ profile });
    })
    .post("/extended-trial", async (c) => {
      const input = await readJson(c, extendedTrialRequestSchema);
      const profile = await startExtendedTrial(db, {
        input,
        actor: c.get("viewer"),
        days: extendedTrialDays,
        provider,
      });
      return c.json({ profile });
    });
}

export type VerifyEmailDeps = { db: Database; email: EmailSender; publicUrl: string };

/** Mounted at /api/auth. */
export function verifyEmailRoutes({ db, email, publicUrl }: VerifyEmailDeps) {
  return new Hono<ApiEnv>()
    .post("/verify-email/request", signedIn, async (c) => {
      const locale = resolveLocale(c.req.header("cookie") ?? null, c.req.header("accept-language") ?? null);
      const sent = await requestEmailVerification({ db, email, publicUrl }, c.get("viewer"), locale);
      return c.json({ sent: true as const, email: sent.email });
    })
    .post("/verify-email", async (c) => {
      const input = await readJson(c, verifyEmailRequestSchema);
      // Guessing links is hopeless (32 random bytes), but a client trying is still bounded.
      const ip = c.get("ip");
      if (ip) await consume(db, [{ key: `verify-email-use:ip:${ip}`, max: 20, windowSeconds: 60 }]);
      const verified = await verifyEmail(db, input);
      return c.json({ verified: true as const, email: verified.email });
    });
}
