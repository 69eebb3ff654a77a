// A private page's door (ADR 043). Open: a visitor's password (POST /api/page-access, JSON from the
// app or a plain form from the light page, answered with a redirect back to the page) and an
// invitation's e-mailed link (GET /api/page-access/invitation), each answered with the page's pass
// in a cookie. Signed in (/api/kammare/private-page…): the family keeps the password, the door's
// portrait and the invitations.
import { Hono, type Context } from "hono";
import {
  doorAnchor,
  doorOutcomeParam,
  enterPageRequestSchema,
  invitationLinkQuerySchema,
  invitePageVisitorRequestSchema,
  privatePageQuerySchema,
  revokePageVisitorRequestSchema,
  updatePrivatePageRequestSchema,
  type DoorOutcome,
} from "../../../contract/private-pages";
import { profileIdSchema } from "../../../contract/profiles";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { DomainError } from "../../domain/core";
import {
  enterByInvitation,
  enterWithPassword,
  invitePageVisitor,
  privatePageSettings,
  revokePageVisitor,
  updatePrivatePage,
} from "../../domain/private-pages";
import type { ApiEnv } from "../../http/env";
import { ApiError, checkFields, mediaTypeOf, readJson, readQuery } from "../../http/errors";
import type { SignedInEnv } from "../../http/guards";
import { setVisitorPass } from "../../http/visitor-pass";

type Deps = { db: Database; config: Config };

function doorPath(profileId: string, outcome?: DoorOutcome, retryAfter?: number): string {
  if (!outcome) return `/k/${profileId}`;
  const query = new URLSearchParams({ [doorOutcomeParam]: outcome });
  if (retryAfter) query.set("retry", String(retryAfter));
  return `/k/${profileId}?${query.toString()}#${doorAnchor}`;
}

/** What the door says after a refusal a visitor can act on; anything else is the API's error. */
function doorOutcomeOf(error: unknown): { outcome: DoorOutcome; retryAfter?: number } | null {
  if (!(error instanceof DomainError)) return null;
  if (error.code === "rate_limited") return { outcome: "limited", retryAfter: error.retryAfterSeconds };
  if (error.refusal?.code === "private.password-wrong") return { outcome: "wrong" };
  if (error.refusal?.code === "private.invitation-revoked") return { outcome: "revoked" };
  if (error.refusal?.code === "private.invitation-missing") return { outcome: "missing" };
  return null;
}

export function pageAccessRoutes({ db, config }: Deps) {
  const trusted = new Set(config.trustedOrigins);
  return new Hono<ApiEnv>()
    .post("/", async (c) => {
      // The site's own form or app only: a password posted from elsewhere is refused before it is tried.
      if (!trusted.has(c.req.header("origin") ?? "")) {
        throw new ApiError(403, "forbidden_origin", "This request must come from the site itself.");
      }
      const origin = { ip: c.var.ip };
      if (mediaTypeOf(c) !== "application/x-www-form-urlencoded") {
        const input = await readJson(c, enterPageRequestSchema);
        setVisitorPass(c, input.profileId, await enterWithPassword(db, input, origin), config.secure);
        return c.body(null, 204);
      }
      const raw = Object.fromEntries(new URLSearchParams(await c.req.text()));
      const pageId = profileIdSchema.safeParse(raw.profileId);
      try {
        const input = checkFields(enterPageRequestSchema, raw);
        setVisitorPass(c, input.profileId, await enterWithPassword(db, input, origin), config.secure);
        return c.redirect(doorPath(input.profileId), 303);
      } catch (error) {
        const said =
          doorOutcomeOf(error) ??
          (error instanceof ApiError && error.status === 400 ? { outcome: "wrong" as const } : null);
        if (!said || !pageId.success) throw error;
        if (said.retryAfter) c.header("Retry-After", String(said.retryAfter));
        return c.redirect(doorPath(pageId.data, said.outcome, said.retryAfter), 303);
      }
    })
    .get("/invitation", async (c) => {
      const input = readQuery(c, invitationLinkQuerySchema);
      try {
        setVisitorPass(c, input.page, await enterByInvitation(db, input), config.secure);
        return c.redirect(doorPath(input.page), 303);
      } catch (error) {
        const said = doorOutcomeOf(error);
        if (!said) throw error;
        return c.redirect(doorPath(input.page, said.outcome), 303);
      }
    });
}

export function privatePageRoutes({ db }: { db: Database }) {
  return new Hono<SignedInEnv>()
    .get("/private-page", async (c: Context<SignedInEnv>) => {
      const { profileId } = readQuery(c, privatePageQuerySchema);
      return c.json(await privatePageSettings(db, profileId, c.get("viewer")));
    })
    .put("/private-page", async (c) => {
      const input = await readJson(c, updatePrivatePageRequestSchema);
      return c.json(await updatePrivatePage(db, input, c.get("viewer")));
    })
    .post("/private-page/invitations", async (c) => {
      const input = await readJson(c, invitePageVisitorRequestSchema);
      return c.json(await invitePageVisitor(db, input, c.get("viewer")), 201);
    })
    .post("/private-page/invitations/revoke", async (c) => {
      const input = await readJson(c, revokePageVisitorRequestSchema);
      return c.json(await revokePageVisitor(db, input, c.get("viewer")));
    });
}
