// A page's family (ADR 029): its people, the owner's invitations (to edit, or to take the page over),
// removing and leaving, accepting an invitation, and reading one by its link's token.
import {
  acceptedAnswerSchema,
  acceptInvitationRequestSchema,
  invitationQuerySchema,
  invitationViewSchema,
  invitedAnswerSchema,
  inviteRequestSchema,
  leavePageRequestSchema,
  pagePeopleSchema,
  peopleQuerySchema,
  removeEditorRequestSchema,
  revokeInvitationRequestSchema,
} from "../family";
import { z } from "../zod";
import type { Endpoint } from "./endpoint";

const notOwner = { 403: { description: "Not the page's owner (an editor may not do this)" } } as const;
const noPage = { 404: { description: "No page with this code" } } as const;

export const familyEndpoints = [
  {
    method: "get",
    path: "/api/kammare/people",
    summary:
      "A page's owner and editors (with since when) and, for its owner or an admin, the open invitations.",
    auth: true,
    query: peopleQuerySchema,
    responses: {
      200: { description: "The people", schema: pagePeopleSchema },
      403: { description: "Neither the page's owner nor one of its editors" },
      ...noPage,
    },
  },
  {
    method: "post",
    path: "/api/kammare/invitations",
    summary:
      "The owner invites an address as an editor (at most ten editors and open invitations) or to take the " +
      "page over (`kind: handover`); the e-mail carries a link that works for 14 days. Inviting the same " +
      "address again replaces the open invitation with a new link.",
    auth: true,
    request: inviteRequestSchema,
    responses: {
      201: { description: "Invited, the e-mail sent", schema: invitedAnswerSchema },
      ...notOwner,
      ...noPage,
      409: { description: "The owner's own address, an editor already, or ten editors and invitations" },
    },
  },
  {
    method: "post",
    path: "/api/kammare/invitations/revoke",
    summary: "The owner withdraws an open invitation; its link stops working at once.",
    auth: true,
    request: revokeInvitationRequestSchema,
    responses: {
      200: { description: "Withdrawn: the page's people", schema: pagePeopleSchema },
      ...notOwner,
      404: { description: "No such page, or no such open invitation of it" },
    },
  },
  {
    method: "post",
    path: "/api/kammare/invitations/accept",
    summary:
      "The signed-in account of the invited address accepts: it becomes an editor, or (a hand-over) the " +
      "page's owner, the old owner an editor. The page's status does not change.",
    auth: true,
    request: acceptInvitationRequestSchema,
    responses: {
      200: { description: "Accepted", schema: acceptedAnswerSchema },
      403: { description: "The invitation was sent to another address" },
      404: { description: "No invitation with this link" },
      409: { description: "Used already, or the viewer owns the page already" },
      410: { description: "Past its date, or withdrawn" },
    },
  },
  {
    method: "post",
    path: "/api/kammare/editors/remove",
    summary: "The owner removes an editor from the page.",
    auth: true,
    request: removeEditorRequestSchema,
    responses: {
      200: { description: "Removed: the page's people", schema: pagePeopleSchema },
      ...notOwner,
      404: { description: "No such page, or no such editor of it" },
    },
  },
  {
    method: "post",
    path: "/api/kammare/editors/leave",
    summary: "An editor leaves a page they help keep.",
    auth: true,
    request: leavePageRequestSchema,
    responses: {
      200: {
        description: "Left",
        schema: z.object({ profileId: z.string(), left: z.literal(true) }),
      },
      404: { description: "No such page, or the viewer is not its editor" },
      409: { description: "The owner cannot leave (hand the page over first)" },
    },
  },
  {
    method: "get",
    path: "/api/invitation",
    summary:
      "An invitation as its link's page shows it: the page's name, who invited, to edit or to take over, " +
      "the invited address masked, and whether it is open, expired, used or withdrawn.",
    auth: false,
    query: invitationQuerySchema,
    responses: {
      200: { description: "The invitation", schema: invitationViewSchema },
      404: { description: "No invitation with this link" },
    },
  },
] as const satisfies readonly Endpoint[];
