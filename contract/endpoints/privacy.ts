// The privacy calls (ADR 016): analytics consent, a customer's export of their data and deletion of
// their account, and the admin's deletion of an account on its customer's request.
import { accountDeletedSchema, adminEraseAccountRequestSchema, deleteAccountRequestSchema } from "../account";
import { setAnalyticsConsentRequestSchema } from "../preferences";
import type { Endpoint } from "./endpoint";

export const privacyEndpoints = [
  {
    method: "post",
    path: "/api/preferences/analytics-consent",
    summary:
      "Keeps the visitor's answer to the analytics question in the `analytics_consent` cookie for 365 days; until it is `granted` analytics keeps nothing on the device. A plain form post is answered with a redirect to `redirectTo`.",
    auth: false,
    request: setAnalyticsConsentRequestSchema,
    responses: { 204: { description: "Saved" } },
  },
  {
    method: "post",
    path: "/api/admin/user/erase",
    summary:
      "Deletes a customer's account on their request, as they could themselves (admin only, audited): " +
      "sessions end, personal data is erased, their pages are removed; orders and invoices are kept.",
    auth: true,
    request: adminEraseAccountRequestSchema,
    responses: {
      200: { description: "Deleted", schema: accountDeletedSchema },
      403: { description: "The admin's own account, or another admin's" },
      404: { description: "No such user, or already deleted" },
    },
  },
  {
    method: "get",
    path: "/api/kammare/account/export",
    summary:
      "All the signed-in customer's data as a ZIP, streamed: JSON of the account, pages, orders, " +
      "invoices, consents and security log entries, and the pages' image files.",
    auth: true,
    responses: { 200: { description: "The export (application/zip, as an attachment)" } },
  },
  {
    method: "post",
    path: "/api/kammare/account/delete",
    summary:
      "Deletes the signed-in customer's account after the password again: every session ends, personal " +
      "data is erased, the pages say they were removed; orders, invoices and receipts are kept 7 years.",
    auth: true,
    request: deleteAccountRequestSchema,
    responses: {
      200: { description: "Deleted", schema: accountDeletedSchema },
      400: { description: "wrong_password, naming password" },
      429: { description: "Too many attempts" },
    },
  },
] as const satisfies readonly Endpoint[];
