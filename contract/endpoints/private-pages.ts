// A private page's door (ADR 043): a visitor's password and an invitation's link (open), and the
// family's keeping of the password, the door's portrait and the invitations (signed in).
import {
  enterPageRequestSchema,
  invitationLinkQuerySchema,
  invitePageVisitorRequestSchema,
  privatePageQuerySchema,
  privatePageSettingsSchema,
  revokePageVisitorRequestSchema,
  updatePrivatePageRequestSchema,
} from "../private-pages";
import type { Endpoint } from "./endpoint";

const mayNotEdit = {
  403: { description: "Neither the page's owner, one of its editors nor an admin" },
} as const;
const noPage = { 404: { description: "No page with this code" } } as const;

export const privatePagesEndpoints = [
  {
    method: "post",
    path: "/api/page-access",
    summary:
      "A visitor at a private page's door gives its password; the answer sets the page's pass, an httpOnly " +
      "cookie that lets this browser in for 30 days (until the password changes). Counted like sign-in: " +
      "per address, per page and per (page, address). A plain HTML form (application/x-www-form-urlencoded) " +
      "is answered with a redirect to the page, or back to its door with `?door=wrong` or `?door=limited`.",
    auth: false,
    request: enterPageRequestSchema,
    responses: {
      204: { description: "Let in: the pass is in Set-Cookie" },
      401: { description: "Not the page's password" },
      403: { description: "Not sent from the site itself" },
      ...noPage,
      429: { description: "Too many tries: wait Retry-After seconds" },
    },
  },
  {
    method: "get",
    path: "/api/page-access/invitation",
    summary:
      "The link e-mailed with an invitation to a private page: sets the page's pass and redirects to the " +
      "page (303), or to its door with `?door=revoked` or `?door=missing`.",
    auth: false,
    query: invitationLinkQuerySchema,
    responses: {
      303: { description: "To the page (let in) or to its door (the link is revoked or unknown)" },
    },
  },
  {
    method: "get",
    path: "/api/kammare/private-page",
    summary:
      "A page's door as its family keeps it: whether a visitor password is set (never the password), " +
      "whether the door shows the portrait, and the open invitations.",
    auth: true,
    query: privatePageQuerySchema,
    responses: {
      200: { description: "The door's settings", schema: privatePageSettingsSchema },
      ...mayNotEdit,
      ...noPage,
    },
  },
  {
    method: "put",
    path: "/api/kammare/private-page",
    summary:
      "Sets or changes the visitor password (everyone let in by the old one must give the new one) and " +
      "whether the door shows the portrait.",
    auth: true,
    request: updatePrivatePageRequestSchema,
    responses: {
      200: { description: "The door's settings", schema: privatePageSettingsSchema },
      ...mayNotEdit,
      ...noPage,
    },
  },
  {
    method: "post",
    path: "/api/kammare/private-page/invitations",
    summary: "Invites an address to see the private page: the e-mail carries a link that lets its holder in.",
    auth: true,
    request: invitePageVisitorRequestSchema,
    responses: {
      201: {
        description: "Invited, the e-mail sent: the door's settings",
        schema: privatePageSettingsSchema,
      },
      ...mayNotEdit,
      ...noPage,
      429: { description: "The page has as many open invitations as it may" },
    },
  },
  {
    method: "post",
    path: "/api/kammare/private-page/invitations/revoke",
    summary: "Revokes an invitation: its link, and every browser it let in, are shut out at once.",
    auth: true,
    request: revokePageVisitorRequestSchema,
    responses: {
      200: { description: "Revoked: the door's settings", schema: privatePageSettingsSchema },
      ...mayNotEdit,
      404: { description: "No such page, or no open invitation with this id on it" },
    },
  },
] as const satisfies readonly Endpoint[];
