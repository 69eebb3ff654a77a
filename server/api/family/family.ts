// A page's family (ADR 029): in the signed-in area, the people of a page, the owner's invitations and
// editors, an editor leaving, and accepting an invitation; open, reading an invitation by its link's
// token for the invitation page. Who may do what is the domain's (server/domain/family).
import { Hono } from "hono";
import {
  acceptInvitationRequestSchema,
  invitationQuerySchema,
  inviteRequestSchema,
  leavePageRequestSchema,
  peopleQuerySchema,
  removeEditorRequestSchema,
  revokeInvitationRequestSchema,
} from "../../../contract/family";
import {
  acceptInvitation,
  invite,
  leavePage,
  pagePeople,
  readInvitation,
  removeEditor,
  revokeInvitation,
  type AcceptDeps,
} from "../../domain/family";
import type { SubscriptionDeps } from "../../domain/billing";
import { requestOrigin } from "../../http/auth";
import type { ApiEnv } from "../../http/env";
import { readJson, readQuery } from "../../http/errors";
import type { SignedInEnv } from "../../http/guards";

export type FamilyRouteDeps = Omit<AcceptDeps, "now" | "subscriptions"> & {
  /** The card provider, for cancelling an old owner's renewals at a hand-over. */
  provider: SubscriptionDeps["provider"];
};

/**
 * /api/kammare/people, /invitations, /editors: the owner's and editors' calls. The invitation's
 * e-mail follows from the `family.invited` event (server/effects.ts), never from here.
 */
export function familyRoutes({ provider, ...given }: FamilyRouteDeps) {
  const { db } = given;
  const deps: AcceptDeps = { ...given, subscriptions: { db, provider } };
  return new Hono<SignedInEnv>()
    .get("/people", async (c) => {
      const { profileId } = readQuery(c, peopleQuerySchema);
      return c.json(await pagePeople(db, profileId, c.get("viewer")));
    })
    .post("/invitations", async (c) => {
      const input = await readJson(c, inviteRequestSchema);
      return c.json(await invite(deps, input, c.get("viewer"), requestOrigin(c)), 201);
    })
    .post("/invitations/revoke", async (c) => {
      const input = await readJson(c, revokeInvitationRequestSchema);
      await revokeInvitation(deps, input, c.get("viewer"), requestOrigin(c));
      return c.json(await pagePeople(db, input.profileId, c.get("viewer")));
    })
    .post("/invitations/accept", async (c) => {
      const { token } = await readJson(c, acceptInvitationRequestSchema);
      return c.json(await acceptInvitation(deps, token, c.get("viewer"), requestOrigin(c)));
    })
    .post("/editors/remove", async (c) => {
      const input = await readJson(c, removeEditorRequestSchema);
      await removeEditor(db, input, c.get("viewer"), requestOrigin(c));
      return c.json(await pagePeople(db, input.profileId, c.get("viewer")));
    })
    .post("/editors/leave", async (c) => {
      const input = await readJson(c, leavePageRequestSchema);
      await leavePage(db, input, c.get("viewer"), requestOrigin(c));
      return c.json({ profileId: input.profileId, left: true as const });
    });
}

/** /api/invitation?token=: the invitation its link's holder sees (page, inviter, kind, state). */
export function invitationRoutes({ db }: Pick<FamilyRouteDeps, "db">) {
  return new Hono<ApiEnv>().get("/", async (c) => {
    const { token } = readQuery(c, invitationQuerySchema);
    // The invited address itself stays on the server: the page shows it masked.
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { forEmail, ...view } = await readInvitation(db, token);
    return c.json(view);
  });
}
