// POST /api/kammare/start: a family starts a page themselves, without a code (decisions "Pages a
// family can start, and funeral homes that hand them out"). In the signed-in area (its guard answers
// a visitor 401); the domain refuses partner and admin accounts and counts the account's limit.
import { Hono } from "hono";
import { readCookie } from "../../../contract/cookie";
import { referralCookieName } from "../../../contract/partners";
import { startPageRequestSchema } from "../../../contract/start-page";
import type { Database } from "../../db/client";
import { startPage, type StartPageLimit } from "../../domain/profiles";
import { requestOrigin } from "../../http/auth";
import { readJson } from "../../http/errors";
import type { SignedInEnv } from "../../http/guards";

export type StartPageDeps = { db: Database; limit: StartPageLimit };

/** Mounted at /api/kammare, behind its signed-in guard. */
export function startPageRoutes({ db, limit }: StartPageDeps) {
  return new Hono<SignedInEnv>().post("/start", async (c) => {
    const { ref } = await readJson(c, startPageRequestSchema);
    // The link's partner (carried through sign-up in ?ref=), else the referral cookie's.
    const referral = ref ?? readCookie(c.req.header("cookie"), referralCookieName);
    const started = await startPage(db, {
      owner: c.get("viewer"),
      referral,
      limit,
      origin: requestOrigin(c),
    });
    return c.json(started, 201);
  });
}
