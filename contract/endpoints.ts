// The list of every API call with its schemas; the OpenAPI document is generated from it.
import { z } from "./zod";
import { apiErrorSchema } from "./errors";
import {
  adminCheckResponseSchema,
  adminSetPasswordRequestSchema,
  adminUserSchema,
  changePasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  resetPasswordRequestSchema,
  resetRequestAnswerSchema,
  resetRequestSchema,
  sessionRefreshRequestSchema,
  sessionRefreshResponseSchema,
  signupRequestSchema,
  successSchema,
  userFetchRequestSchema,
} from "./auth";
import {
  adminOrderDetailSchema,
  checkoutLinkListQuerySchema,
  checkoutLinkListSchema,
  checkoutLinkSchema,
  createdCheckoutLinkSchema,
  customerOrderListSchema,
  customerOrdersQuerySchema,
} from "./admin-orders";
import {
  addressLabelsErrorSchema,
  addressLabelsPreviewSchema,
  addressLabelsRequestSchema,
  awaitingPlaquesSchema,
  plaquesSentAnswerSchema,
  plaquesSentRequestSchema,
} from "./address-labels";
import { adminDashboardSchema } from "./admin-dashboard";
import {
  adminQrImageQuerySchema,
  qrBatchListSchema,
  qrProfileListSchema,
  qrProfilesQuerySchema,
  qrSheetRequestSchema,
} from "./qr";
import { bgMaxImportSummarySchema } from "./bgmax";
import {
  adminInvoiceAnswerSchema,
  adminInvoiceListQuerySchema,
  adminInvoiceListSchema,
  creditInvoiceRequestSchema,
  customerInvoiceSchema,
  invoicePaymentRequestSchema,
  manualInvoiceRequestSchema,
  startInvoiceCheckoutRequestSchema,
} from "./invoices";
import { uploadImageResponseSchema } from "./images";
import { creditorAnswerSchema, creditorInputSchema, creditorSchema } from "./creditor";
import { adminOrderRequestSchema, checkoutLinkRequestSchema } from "./orders";
import { addFirstNameRequestSchema, firstNameEntrySchema, firstNameListSchema } from "./first-names";
import { accountDeletedSchema, adminEraseAccountRequestSchema, deleteAccountRequestSchema } from "./account";
import { setAnalyticsConsentRequestSchema, setLocaleRequestSchema } from "./preferences";
import {
  adminProfileDetailSchema,
  adminProfileListQuerySchema,
  adminProfileListSchema,
  createProfilesAnswerSchema,
  createProfilesRequestSchema,
  ownRequestSchema,
  profileAnswerSchema,
  profileQrQuerySchema,
  setProfileStatusRequestSchema,
  updateMetadataRequestSchema,
  updateProfileRequestSchema,
  walkthroughStepRequestSchema,
} from "./profiles";
import { buildInfoSchema, healthSchema, readySchema } from "./platform";
import {
  adminOrganisationListSchema,
  partnerDashboardSchema,
  partnerMeSchema,
  partnerOrganisationRequestSchema,
  partnerSignupRequestSchema,
  partnerUserListSchema,
  partnerUsersCsvQuerySchema,
  partnerUsersQuerySchema,
  referralQrQuerySchema,
  whitelistEntryAnswerSchema,
  whitelistEntryRequestSchema,
  whitelistListSchema,
} from "./partners";
import {
  extendedTrialRequestSchema,
  freeTrialRequestSchema,
  trialAnswerSchema,
  verifyEmailAnswerSchema,
  verifyEmailRequestAnswerSchema,
  verifyEmailRequestSchema,
} from "./trials";

import {
  customerOrderSchema,
  orderAnswerSchema,
  sandboxConfirmRequestSchema,
  sandboxPayRequestSchema,
  startCardCheckoutAnswerSchema,
  startCardCheckoutRequestSchema,
} from "./checkout";

import {
  cardPageAnswerSchema,
  customerSubscriptionsAnswerSchema,
  subscriptionActionRequestSchema,
  subscriptionAnswerSchema,
  switchPlanRequestSchema,
  updateCardRequestSchema,
} from "./subscriptions";

export type Endpoint = {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  summary: string;
  /** True where the call needs `Authorization: Bearer {access_token}`. */
  auth: boolean;
  request?: z.ZodType;
  /** The query parameters of a GET, as an object schema. */
  query?: z.ZodObject;
  responses: Record<number, { description: string; schema?: z.ZodType }>;
};

export const endpoints: Endpoint[] = [
  {
    method: "get",
    path: "/api/health",
    summary: "The process is alive.",
    auth: false,
    responses: { 200: { description: "Alive", schema: healthSchema } },
  },
  {
    method: "get",
    path: "/api/ready",
    summary: "The process and its database answer.",
    auth: false,
    responses: {
      200: { description: "Ready", schema: readySchema },
      503: { description: "The database does not answer", schema: readySchema },
    },
  },
  {
    method: "get",
    path: "/api/build",
    summary: "The id of the build this server runs; the browser compares it with its own.",
    auth: false,
    responses: { 200: { description: "Build id", schema: buildInfoSchema } },
  },
  {
    method: "get",
    path: "/api/openapi.json",
    summary: "This document.",
    auth: false,
    responses: { 200: { description: "OpenAPI 3.1" } },
  },
  {
    method: "post",
    path: "/api/preferences/locale",
    summary: "Keeps the chosen language in the `locale` cookie for 365 days.",
    auth: false,
    request: setLocaleRequestSchema,
    responses: { 204: { description: "Saved" } },
  },
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
    path: "/api/auth/login",
    summary: "Signs in with e-mail and password; also sets the httpOnly session cookie.",
    auth: false,
    request: loginRequestSchema,
    responses: {
      200: { description: "Signed in", schema: loginResponseSchema },
      401: { description: "Wrong e-mail or password: { success: false }", schema: loginResponseSchema },
      429: { description: "Too many attempts (Retry-After)" },
    },
  },
  {
    method: "post",
    path: "/api/auth/signup",
    summary: "Creates a customer account and signs in at once.",
    auth: false,
    request: signupRequestSchema,
    responses: {
      201: { description: "Account created, signed in", schema: loginResponseSchema },
      409: { description: "The e-mail address has an account" },
      429: { description: "Too many attempts (Retry-After)" },
    },
  },
  {
    method: "post",
    path: "/api/auth/session",
    summary: "Refreshes the stored session (sent as the body, no auth header) and extends it.",
    auth: false,
    request: sessionRefreshRequestSchema,
    responses: {
      200: {
        description: "The session and the ids of the profiles the user owns",
        schema: sessionRefreshResponseSchema,
      },
      401: { description: "The session has ended" },
    },
  },
  {
    method: "post",
    path: "/api/auth/logout",
    summary: "Ends the session and clears the session cookie.",
    auth: true,
    responses: { 204: { description: "Signed out" } },
  },
  {
    method: "post",
    path: "/api/auth/change-password",
    summary: "Changes the signed-in user's password; their other sessions end.",
    auth: true,
    request: changePasswordRequestSchema,
    responses: { 200: { description: "Changed", schema: successSchema } },
  },
  {
    method: "post",
    path: "/api/auth/reset-request",
    summary: "Sends a reset link if the address has an account; the answer never says.",
    auth: false,
    request: resetRequestSchema,
    responses: { 202: { description: "Accepted", schema: resetRequestAnswerSchema } },
  },
  {
    method: "post",
    path: "/api/auth/reset",
    summary: "Sets a new password with a reset token (single use, one hour); every session ends.",
    auth: false,
    request: resetPasswordRequestSchema,
    responses: { 200: { description: "Password set", schema: successSchema } },
  },
  {
    method: "post",
    path: "/api/auth/verify-email/request",
    summary: "E-mails the signed-in user a link to verify their address (single use, 24 hours).",
    auth: true,
    responses: {
      200: { description: "Sent", schema: verifyEmailRequestAnswerSchema },
      409: { description: "The address is verified already" },
      429: { description: "At most 3 links an hour (Retry-After)" },
    },
  },
  {
    method: "post",
    path: "/api/auth/verify-email",
    summary: "Marks the address verified with the token from the e-mail's link (no session needed).",
    auth: false,
    request: verifyEmailRequestSchema,
    responses: {
      200: { description: "Verified", schema: verifyEmailAnswerSchema },
      400: { description: "The link is wrong, used or expired (invalid_token)" },
    },
  },
  {
    method: "get",
    path: "/api/admin/check",
    summary: "Whether the signed-in user is an admin.",
    auth: true,
    responses: { 200: { description: "The admin flag", schema: adminCheckResponseSchema } },
  },
  {
    method: "post",
    path: "/api/admin/user-fetch",
    summary: "Finds a user by e-mail (admin only).",
    auth: true,
    request: userFetchRequestSchema,
    responses: {
      200: { description: "The user", schema: adminUserSchema },
      404: { description: "No user has the address" },
    },
  },
  {
    method: "patch",
    path: "/api/admin/user",
    summary: "Sets a user's password and ends all their sessions (admin only, audited).",
    auth: true,
    request: adminSetPasswordRequestSchema,
    responses: { 200: { description: "Password set", schema: successSchema } },
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
  {
    method: "get",
    path: "/api/kammare/subscriptions",
    summary:
      "The signed-in customer's current subscriptions, one per page they own: the plan, the next charge " +
      "(date and amount) or the date it ends, the card's last digits.",
    auth: true,
    responses: { 200: { description: "The subscriptions", schema: customerSubscriptionsAnswerSchema } },
  },
  {
    method: "post",
    path: "/api/kammare/subscriptions/cancel",
    summary:
      "Cancels the page's subscription at the end of its period (or of the trial before the first charge): " +
      "nothing more is charged, an e-mail confirms it. Cancelling again changes nothing (owner only, audited).",
    auth: true,
    request: subscriptionActionRequestSchema,
    responses: {
      200: { description: "Cancelled at the period's end", schema: subscriptionAnswerSchema },
      403: { description: "Not the page's owner" },
      404: { description: "No such page, or it has no subscription" },
    },
  },
  {
    method: "post",
    path: "/api/kammare/subscriptions/resume",
    summary: "Takes a cancellation back before its period ends (owner only, audited).",
    auth: true,
    request: subscriptionActionRequestSchema,
    responses: {
      200: { description: "Running again", schema: subscriptionAnswerSchema },
      403: { description: "Not the page's owner" },
      404: { description: "No such page, or it has no subscription" },
      409: { description: "The period has ended" },
    },
  },
  {
    method: "post",
    path: "/api/kammare/subscriptions/switch",
    summary:
      "Switches between monthly and yearly from the next period (the current plan takes a switch back); " +
      "the provider that charges its own renewals is told (owner only, audited).",
    auth: true,
    request: switchPlanRequestSchema,
    responses: {
      200: { description: "The switch is asked for (nextPlan)", schema: subscriptionAnswerSchema },
      400: { description: "plan is not monthly or yearly" },
      403: { description: "Not the page's owner" },
      404: { description: "No such page, or it has no subscription" },
      409: { description: "A checkout link's terms, or a cancelled subscription" },
    },
  },
  {
    method: "post",
    path: "/api/kammare/subscriptions/card",
    summary:
      "A new card for the sandbox's charges, from our own form; a past-due subscription is charged again " +
      "with it at once (owner only, audited).",
    auth: true,
    request: updateCardRequestSchema,
    responses: {
      200: { description: "The card is kept", schema: subscriptionAnswerSchema },
      400: { description: "A card field is wrong, naming it" },
      403: { description: "Not the page's owner" },
      404: { description: "No such page, or it has no subscription" },
      409: { description: "The card is changed on the provider's page" },
    },
  },
  {
    method: "post",
    path: "/api/kammare/subscriptions/card-page",
    summary: "Where the provider takes a new card (Stripe's billing portal), returning to /account.",
    auth: true,
    request: subscriptionActionRequestSchema,
    responses: {
      200: { description: "The provider's page", schema: cardPageAnswerSchema },
      403: { description: "Not the page's owner" },
      404: { description: "No such page, or it has no subscription" },
      409: { description: "The card is changed on our own form (the sandbox)" },
    },
  },
  {
    method: "post",
    path: "/api/kammare/subscriptions/withdraw",
    summary:
      "Withdraws within 14 days of the first payment: the payment back in full, the subscription ended, " +
      "the page resting, an e-mail that confirms it (owner only, audited).",
    auth: true,
    request: subscriptionActionRequestSchema,
    responses: {
      200: { description: "Refunded and ended", schema: subscriptionAnswerSchema },
      403: { description: "Not the page's owner" },
      404: { description: "No such page, or it has no subscription" },
      409: { description: "Nothing paid yet, or the 14 days have passed" },
    },
  },
  {
    method: "post",
    path: "/api/kammare/own",
    summary: "Claims an unclaimed profile for the signed-in user (an admin may assign any profile).",
    auth: true,
    request: ownRequestSchema,
    responses: {
      200: { description: "Claimed", schema: profileAnswerSchema },
      409: { description: "The profile already has an owner" },
    },
  },
  {
    method: "post",
    path: "/api/kammare/free-trial",
    summary: "Starts the free trial (30 days) on a profile the signed-in user owns; once per profile.",
    auth: true,
    request: freeTrialRequestSchema,
    responses: {
      200: { description: "Started: the profile, now in trial", schema: trialAnswerSchema },
      403: { description: "Not the owner, or the profile is suspended" },
      409: { description: "Trial used already, paid for, live already, or unnamed" },
    },
  },
  {
    method: "post",
    path: "/api/kammare/extended-trial",
    summary:
      "Starts the extended trial (90 days) on an owned profile: verified e-mail, accepted terms, once per profile, never after a paid period.",
    auth: true,
    request: extendedTrialRequestSchema,
    responses: {
      200: { description: "Started: the profile, now in extended_trial", schema: trialAnswerSchema },
      400: { description: "The terms are not accepted (acceptTerms)" },
      403: { description: "Not the owner, suspended, or the e-mail is not verified" },
      409: { description: "Extended trial used already, paid for, or not available in this status" },
    },
  },
  {
    method: "put",
    path: "/api/kammare/profile",
    summary: "Changes the profile's content; send only the fields that change (owner or admin).",
    auth: true,
    request: updateProfileRequestSchema,
    responses: { 200: { description: "Saved", schema: profileAnswerSchema } },
  },
  {
    method: "post",
    path: "/api/kammare/walkthrough-steps",
    summary: "Saves one walkthrough step with its fields; publishing starts the free trial.",
    auth: true,
    request: walkthroughStepRequestSchema,
    responses: { 200: { description: "Saved", schema: profileAnswerSchema } },
  },
  {
    method: "put",
    path: "/api/kammare/profile-metadata",
    summary: "Changes the profile's metadata: visibility, language, tags (owner or admin).",
    auth: true,
    request: updateMetadataRequestSchema,
    responses: { 200: { description: "Saved", schema: profileAnswerSchema } },
  },
  {
    method: "get",
    path: "/api/kammare/profile-qr",
    summary:
      "The page's QR code (PUBLIC_URL/k/{id}) as SVG or PNG, error correction Q; download=1 sends it as a file (owner or admin).",
    auth: true,
    query: profileQrQuerySchema,
    responses: {
      200: { description: "The image (image/svg+xml or image/png)" },
    },
  },
  {
    method: "get",
    path: "/api/kammare/orders/{orderNumber}/receipt.pdf",
    summary:
      "The receipt of a paid card order as an A4 PDF in the page's language: seller, order number, date, " +
      "net, VAT 25 % and total (the order's customer or an admin; anyone else is told it does not exist).",
    auth: true,
    responses: {
      200: { description: "The receipt (application/pdf, as an attachment)" },
      400: { description: "orderNumber is not like KM-000123" },
      404: { description: "No paid order with this number that the viewer may see" },
    },
  },
  {
    method: "get",
    path: "/api/admin/profiles",
    summary:
      "Lists profiles, a page at a time (keyset cursor), sorted, filtered by status, searched by id prefix or owner e-mail (admin only).",
    auth: true,
    query: adminProfileListQuerySchema,
    responses: {
      200: {
        description: "One page of profiles, the total and the next page's cursor",
        schema: adminProfileListSchema,
      },
      400: { description: "A query parameter is not valid (named in fields)" },
    },
  },
  {
    method: "post",
    path: "/api/admin/profiles",
    summary:
      "Creates one profile (a draft, when ownerEmail names its owner) or a batch of up to 10,000 unclaimed ones, in one transaction (admin only, audited); with partnerId, attributed to that partner organisation.",
    auth: true,
    request: createProfilesRequestSchema,
    responses: {
      201: { description: "The new profiles with their page addresses", schema: createProfilesAnswerSchema },
      404: { description: "No user has ownerEmail, or no organisation has partnerId" },
    },
  },
  {
    method: "get",
    path: "/api/admin/profiles/{id}",
    summary: "One profile with its owner's e-mail and its status history, newest first (admin only).",
    auth: true,
    responses: {
      200: { description: "The profile", schema: adminProfileDetailSchema },
      404: { description: "No profile has this id" },
    },
  },
  {
    method: "put",
    path: "/api/admin/profile",
    summary:
      "Sets a profile's status, with an optional reason; kept in its history and the audit log (admin only).",
    auth: true,
    request: setProfileStatusRequestSchema,
    responses: {
      200: { description: "The changed profile", schema: profileAnswerSchema },
      404: { description: "No profile has this id" },
    },
  },
  {
    method: "post",
    path: "/api/kammare/images",
    summary:
      "Uploads an image for a profile (owner or admin) as multipart/form-data: fields `profileId` and `kind` " +
      "(`portrait` or `cover`) and the file `image` (JPEG, PNG or WebP by content, at most 10 MB). It is " +
      "turned upright, stripped of metadata and stored as WebP variants (portrait 320 and 800 px square, " +
      "cover 800 × 300 and 1600 × 600); `url` is the largest, served from /uploads.",
    auth: true,
    responses: {
      201: { description: "Stored", schema: uploadImageResponseSchema },
      400: { description: "A field is missing or wrong, or the file is not a JPEG, PNG or WebP image" },
      403: { description: "Not the profile's owner, or the page is suspended" },
      404: { description: "No profile has this id" },
      413: { description: "The image is larger than 10 MB" },
      429: { description: "Too many uploads (Retry-After)" },
    },
  },
  {
    method: "get",
    path: "/api/admin/first-names",
    summary: "The first names with a stub page at /{name} (admin only).",
    auth: true,
    responses: { 200: { description: "The list", schema: firstNameListSchema } },
  },
  {
    method: "post",
    path: "/api/admin/first-names",
    summary: "Adds a first name; a word that is a page of the product is refused (admin only).",
    auth: true,
    request: addFirstNameRequestSchema,
    responses: {
      201: { description: "Added", schema: z.object({ name: firstNameEntrySchema }) },
      409: { description: "Already on the list" },
    },
  },
  {
    method: "delete",
    path: "/api/admin/first-names/{name}",
    summary: "Removes a first name (admin only).",
    auth: true,
    responses: { 204: { description: "Removed" }, 404: { description: "Not on the list" } },
  },
  {
    method: "post",
    path: "/api/admin/checkout-session-link",
    summary:
      "Makes a checkout link for one customer with the given terms: price in öre per period (VAT included), " +
      "iterations (0 = until cancelled), a free trial first, interval month|year. `url` is " +
      "{PUBLIC_URL}/checkout-link/{token}; it can be opened for 30 days (admin only).",
    auth: true,
    request: checkoutLinkRequestSchema,
    responses: {
      201: { description: "Made", schema: createdCheckoutLinkSchema },
      400: { description: "A field is missing or wrong (named in `fields`)" },
      404: { description: "No user has this customerId" },
    },
  },
  {
    method: "get",
    path: "/api/admin/checkout-links",
    summary: "The checkout links, newest first, 50 a page; by customer and status when asked (admin only).",
    auth: true,
    query: checkoutLinkListQuerySchema,
    responses: {
      200: { description: "One page of links", schema: checkoutLinkListSchema },
      400: { description: "A query value is wrong" },
    },
  },
  {
    method: "post",
    path: "/api/admin/checkout-links/{id}/revoke",
    summary: "Revokes a checkout link so it can no longer be opened; again is a no-op (admin only).",
    auth: true,
    responses: {
      200: { description: "Revoked", schema: z.object({ link: checkoutLinkSchema }) },
      404: { description: "No checkout link has this id" },
      409: { description: "The link is used already" },
    },
  },
  {
    method: "post",
    path: "/api/admin/order",
    summary:
      "One order by its number, with its page, customer, the payment provider's events and its subscription " +
      "(admin only).",
    auth: true,
    request: adminOrderRequestSchema,
    responses: {
      200: { description: "The order", schema: adminOrderDetailSchema },
      400: { description: "The order number is missing or malformed" },
      404: { description: "No order has this number" },
    },
  },
  {
    method: "post",
    path: "/api/admin/invoices/bgmax",
    summary:
      "Imports Bankgirot's BgMax payment file, sent as the request body (application/octet-stream or " +
      "text/plain, at most 5 MB), in one transaction: payments are matched to sent, overdue or paid " +
      "invoices by OCR reference and booked; an invoice paid in full becomes paid and its past-due or " +
      "expired page active again. Answers the report of matched, partial, unmatched and overpaid " +
      "payments (admin only).",
    auth: true,
    responses: {
      200: { description: "The import's report", schema: bgMaxImportSummarySchema },
      400: {
        description: "Not a BgMax file (the message names the line), a test file, or a wrong content type",
      },
      409: {
        description: "This file has been imported before (the message gives the date); nothing was booked",
      },
      413: { description: "The file is larger than 5 MB" },
    },
  },
  {
    method: "get",
    path: "/api/admin/creditor",
    summary: "The active creditor, the company's invoicing identity; null before one is set up (admin only).",
    auth: true,
    responses: { 200: { description: "The creditor or null", schema: creditorAnswerSchema } },
  },
  {
    method: "put",
    path: "/api/admin/creditor",
    summary:
      "Creates the active creditor or updates it; numbers are stored in their printed forms and the invoice " +
      "counter is left alone (admin only, audited).",
    auth: true,
    request: creditorInputSchema,
    responses: {
      200: { description: "The saved creditor", schema: creditorSchema },
      400: {
        description: "A field is missing or wrong (a check digit, a VAT number of another organisation)",
      },
    },
  },
  {
    method: "get",
    path: "/api/kammare/orders",
    summary:
      "The orders of one page, newest first, each naming its page, with a receipt link once paid: the owner's own, or all for an admin.",
    auth: true,
    query: customerOrdersQuerySchema,
    responses: {
      200: { description: "The orders", schema: customerOrderListSchema },
      400: { description: "profileId is missing or malformed" },
      403: { description: "Not the page's owner" },
      404: { description: "No page has this id" },
    },
  },
  {
    method: "post",
    path: "/api/checkout/card",
    summary:
      "Starts (or continues) the card checkout of a page its owner pays for: a plan or a checkout link's terms; one open order per page.",
    auth: true,
    request: startCardCheckoutRequestSchema,
    responses: {
      200: { description: "The order and where the card is taken", schema: startCardCheckoutAnswerSchema },
      403: { description: "Not the page's owner, or the link is someone else's" },
      409: { description: "The page cannot be paid for now, or the link is used, expired or withdrawn" },
    },
  },
  {
    method: "post",
    path: "/api/checkout/sandbox/pay",
    summary:
      "The sandbox's card form: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 3220 asks for confirmation; booked through the signed webhook.",
    auth: true,
    request: sandboxPayRequestSchema,
    responses: {
      200: {
        description: "The order after the attempt (paid, failed or requires_confirmation)",
        schema: orderAnswerSchema,
      },
      404: { description: "No such order of the viewer's, or the sandbox is not the provider" },
    },
  },
  {
    method: "post",
    path: "/api/checkout/sandbox/confirm",
    summary: "The sandbox's confirmation step (as a bank's 3-D Secure): approve or cancel the payment.",
    auth: true,
    request: sandboxConfirmRequestSchema,
    responses: {
      200: { description: "The order after the confirmation", schema: orderAnswerSchema },
      409: { description: "The order is not waiting for a confirmation" },
    },
  },
  {
    method: "post",
    path: "/api/checkout/faktura",
    summary:
      "The owner pays a plan by invoice: the billing address is checked (Swedish postcode), the invoice is " +
      "issued at once (gapless number, OCR, due in the creditor's terms, VAT 25 %), e-mailed with its PDF, and " +
      "the page is active for the plan's period.",
    auth: true,
    request: startInvoiceCheckoutRequestSchema,
    responses: {
      200: {
        description: "The order and its invoice",
        schema: z.object({ order: customerOrderSchema, invoice: customerInvoiceSchema }),
      },
      400: { description: "A billing field is missing or wrong (the field is named)" },
      403: { description: "Not the page's owner" },
      409: { description: "The page cannot be paid for now, or invoices are not set up yet" },
    },
  },
  {
    method: "get",
    path: "/api/kammare/invoices/{id}/invoice.pdf",
    summary:
      "An invoice as an A4 PDF in its language, with every field Swedish law asks for (the invoice's customer " +
      "or an admin; anyone else is told it does not exist).",
    auth: true,
    responses: {
      200: { description: "The invoice (application/pdf, as an attachment)" },
      400: { description: "The id is not an invoice id" },
      404: { description: "No invoice with this id that the viewer may see" },
    },
  },
  {
    method: "get",
    path: "/api/admin/invoices",
    summary:
      "Invoices, newest first, 25 a page, filtered by status, due (overdue, due within 7 days) and customer " +
      "(name, e-mail, number, OCR or page code), with what the filter leaves outstanding (admin only).",
    auth: true,
    query: adminInvoiceListQuerySchema,
    responses: {
      200: { description: "The page of invoices", schema: adminInvoiceListSchema },
      400: { description: "A filter is not one of its values" },
    },
  },
  {
    method: "post",
    path: "/api/admin/invoices",
    summary:
      "Issues a manual invoice to any customer: several lines and VAT rates, totals per rate, gapless number " +
      "and OCR, e-mailed with its PDF (admin only, audited).",
    auth: true,
    request: manualInvoiceRequestSchema,
    responses: {
      200: { description: "The issued invoice", schema: adminInvoiceAnswerSchema },
      400: { description: "A field or line is missing or wrong (named, lines by index)" },
      409: { description: "No creditor is set up yet" },
    },
  },
  {
    method: "post",
    path: "/api/admin/invoices/preview.pdf",
    summary:
      "The same request as issuing, drawn as the PDF it would be, marked as a preview, without a number and " +
      "without storing anything (admin only).",
    auth: true,
    request: manualInvoiceRequestSchema,
    responses: {
      200: { description: "The preview (application/pdf)" },
      400: { description: "A field or line is missing or wrong" },
      409: { description: "No creditor is set up yet" },
    },
  },
  {
    method: "get",
    path: "/api/admin/invoices/{id}",
    summary: "One invoice with its lines, payments and what may be done with it now (admin only).",
    auth: true,
    responses: {
      200: { description: "The invoice", schema: adminInvoiceAnswerSchema },
      404: { description: "No invoice has this id" },
    },
  },
  {
    method: "post",
    path: "/api/admin/invoices/{id}/payments",
    summary:
      "Books money received for an invoice outside the bank file, in full or in part; paid in full, the " +
      "invoice is paid and its page active again (admin only, audited).",
    auth: true,
    request: invoicePaymentRequestSchema,
    responses: {
      200: { description: "The invoice after the payment", schema: adminInvoiceAnswerSchema },
      400: { description: "The amount or date is wrong" },
      404: { description: "No invoice has this id" },
      409: { description: "The invoice is a draft, credited or a credit note" },
    },
  },
  {
    method: "post",
    path: "/api/admin/invoices/{id}/credit",
    summary:
      "Credits an invoice in full: a credit note with the next number and negative lines; the invoice is " +
      "credited and owes nothing, and the period it paid for ends (admin only, audited).",
    auth: true,
    request: creditInvoiceRequestSchema,
    responses: {
      200: { description: "The credited invoice", schema: adminInvoiceAnswerSchema },
      404: { description: "No invoice has this id" },
      409: { description: "Already credited, paid in part or full, or a credit note itself" },
    },
  },
  {
    method: "post",
    path: "/api/admin/invoices/{id}/reminder",
    summary:
      "E-mails a reminder of an unpaid invoice past its due date with its PDF; the first reminder adds the " +
      "creditor's reminder fee (at most 60 SEK, once per invoice) (admin only, audited).",
    auth: true,
    responses: {
      200: { description: "The invoice after the reminder", schema: adminInvoiceAnswerSchema },
      404: { description: "No invoice has this id" },
      409: { description: "The invoice is not unpaid past its due date" },
    },
  },
  {
    method: "get",
    path: "/api/admin/partner-whitelist",
    summary:
      "Every address that may sign up as a partner, with its partner name and organisation (admin only).",
    auth: true,
    responses: { 200: { description: "The whitelist", schema: whitelistListSchema } },
  },
  {
    method: "post",
    path: "/api/admin/partner-whitelist",
    summary:
      "Adds an address (unique whatever its case) with its partner's name to the partner whitelist (admin only, audited).",
    auth: true,
    request: whitelistEntryRequestSchema,
    responses: {
      201: { description: "The new entry", schema: whitelistEntryAnswerSchema },
      409: { description: "The address is on the whitelist already (field email)" },
    },
  },
  {
    method: "put",
    path: "/api/admin/partner-whitelist/{id}",
    summary: "Changes an entry's address or partner name (admin only, audited).",
    auth: true,
    request: whitelistEntryRequestSchema,
    responses: {
      200: { description: "The changed entry", schema: whitelistEntryAnswerSchema },
      404: { description: "No entry has this id" },
      409: { description: "Another entry has the address" },
    },
  },
  {
    method: "delete",
    path: "/api/admin/partner-whitelist/{id}",
    summary:
      "Removes an entry: the address may no longer sign up as a partner; an account made with it stays (admin only, audited).",
    auth: true,
    responses: { 204: { description: "Removed" }, 404: { description: "No entry has this id" } },
  },
  {
    method: "get",
    path: "/api/admin/partner-organisations",
    summary:
      "Every partner organisation with its slug and number of members: the choices of POST /api/admin/profiles' partnerId (admin only).",
    auth: true,
    responses: { 200: { description: "The organisations", schema: adminOrganisationListSchema } },
  },
  {
    method: "post",
    path: "/api/admin/address-labels/preview",
    summary:
      "The addresses of a pasted text (one block per address, a blank line between), a CSV file's text (a header " +
      "row) or the pages awaiting a plaque, as printed, with the number of sheets (labels-3x8, from startPosition " +
      "1-24) or C5 envelopes and where each address of the first three goes; text up to 5,000,000 characters, up " +
      "to 10,000 addresses (admin only).",
    auth: true,
    request: addressLabelsRequestSchema,
    responses: {
      200: { description: "The preview", schema: addressLabelsPreviewSchema },
      400: {
        description:
          "Bad input: fields names each bad block or row and field (blocks.2.city, rows.3.postcode; text for the " +
          "whole), problems lists them with their message names; nothing is made",
        schema: addressLabelsErrorSchema,
      },
    },
  },
  {
    method: "post",
    path: "/api/admin/address-labels.pdf",
    summary:
      "The A4 PDF of the addresses (the same body as the preview): 3 x 8 labels of 70 x 37 mm from startPosition, " +
      "or one C5 envelope per address; as an attachment (admin only).",
    auth: true,
    request: addressLabelsRequestSchema,
    responses: {
      200: { description: "application/pdf, as an attachment" },
      400: { description: "As the preview's 400; no PDF is made", schema: addressLabelsErrorSchema },
    },
  },
  {
    method: "get",
    path: "/api/admin/address-labels/awaiting",
    summary:
      "The pages whose plaque awaits mailing: paid for, made for their owner (not printed in a batch), plaque not " +
      "yet sent, the longest waiting first, with the address of the newest invoice of the page's orders (null " +
      "when none has one, as for a card payment) (admin only).",
    auth: true,
    responses: { 200: { description: "The list, at most 10,000", schema: awaitingPlaquesSchema } },
  },
  {
    method: "post",
    path: "/api/admin/address-labels/plaques-sent",
    summary:
      "Marks the pages' plaques as mailed, in one transaction (admin only, audited); a page marked before keeps " +
      "its date.",
    auth: true,
    request: plaquesSentRequestSchema,
    responses: {
      200: { description: "How many were marked now", schema: plaquesSentAnswerSchema },
      400: { description: "profileIds is not a list of 1 to 10,000 page codes (named in fields)" },
      404: { description: "A code names no page (named in fields); nothing is marked" },
    },
  },
  {
    method: "get",
    path: "/api/admin/dashboard",
    summary:
      "The admin home's figures for today and this month in Swedish time, each with its last 30 days: sign-ups, " +
      "pages claimed, trials started (free and extended), paid orders and their money by method (öre), overdue " +
      "invoices and what they still ask for, and every page by status (admin only).",
    auth: true,
    responses: { 200: { description: "The figures", schema: adminDashboardSchema } },
  },
  {
    method: "get",
    path: "/api/admin/qr/{file}",
    summary:
      "Any page's QR code (PUBLIC_URL/k/{id}) as a file: {file} is the page's code and .svg or .png " +
      "(K7M2P9QX.svg); size (64-2048), margin (0-16 modules) and level (Q or H) (admin only).",
    auth: true,
    query: adminQrImageQuerySchema,
    responses: {
      200: { description: "The image (image/svg+xml or image/png), as an attachment" },
      400: { description: "A bad code, format, size, margin or level (named in fields)" },
      404: { description: "There is no page with this code" },
    },
  },
  {
    method: "get",
    path: "/api/admin/qr/batches",
    summary:
      "The 50 newest batches of unclaimed pages (POST /api/admin/profiles), each with how many pages are still " +
      "unclaimed and how many have their code printed, who made it and for which partner (admin only).",
    auth: true,
    responses: { 200: { description: "The batches, newest first", schema: qrBatchListSchema } },
  },
  {
    method: "get",
    path: "/api/admin/qr/profiles",
    summary:
      "The pages of a batch (batch; unclaimed=1 for its unclaimed ones) and/or a search (q: a code's start, or " +
      "an owner's e-mail with @), by code, the first 1,000 with the total, each with when its code was first " +
      "printed (admin only).",
    auth: true,
    query: qrProfilesQuerySchema,
    responses: {
      200: { description: "The pages", schema: qrProfileListSchema },
      400: { description: "Neither batch nor q, or a bad one (named in fields)" },
      404: { description: "There is no batch with this id" },
    },
  },
  {
    method: "post",
    path: "/api/admin/qr/sheet",
    summary:
      "The A4 print sheet PDF of up to 1,000 codes (4 x 5 a page, vector codes with the id under each and crop " +
      "marks), of the pages named (source ids) or of a batch's pages by code, all or the unclaimed, in parts of " +
      "1,000 (source batch); level Q or H. Marks the pages as printed (a page printed before keeps its first " +
      "date), audited (admin only).",
    auth: true,
    request: qrSheetRequestSchema,
    responses: {
      200: { description: "application/pdf, as an attachment; X-Codes says how many codes it holds" },
      400: {
        description: "Bad input, or nothing to print in that part (named in fields); nothing is marked",
      },
      404: {
        description: "A code names no page, or no batch has batchId (named in fields); nothing is marked",
      },
    },
  },
  {
    method: "post",
    path: "/api/partner/signup",
    summary:
      "Partner sign-up, open like /api/auth/signup but only for an address on the partner whitelist (any case): " +
      "an account with the partner role in its whitelist partner name's organisation, signed in (also the session " +
      "cookie). Partners sign in with POST /api/auth/login.",
    auth: false,
    request: partnerSignupRequestSchema,
    responses: {
      201: { description: "Signed up and in", schema: loginResponseSchema },
      403: { description: "The address may not sign up as a partner (the same answer whatever the reason)" },
      409: { description: "There is already an account with this address" },
      429: { description: "Too many attempts (Retry-After)" },
    },
  },
  {
    method: "get",
    path: "/api/partner/me",
    summary: "The partner's organisation: name (null until set), slug and referral link (partner only).",
    auth: true,
    responses: {
      200: { description: "The organisation", schema: partnerMeSchema },
      404: { description: "The partner account belongs to no organisation" },
    },
  },
  {
    method: "put",
    path: "/api/partner/organisation",
    summary: "Sets the name of the partner's organisation (partner only, audited).",
    auth: true,
    request: partnerOrganisationRequestSchema,
    responses: {
      200: { description: "The organisation", schema: partnerMeSchema },
      404: { description: "The partner account belongs to no organisation" },
    },
  },
  {
    method: "get",
    path: "/api/partner/dashboard",
    summary:
      "The organisation's figures: its pages by status, customers, trials started, paid conversions and revenue " +
      "(öre, VAT included) per month for the last 12 months (partner only).",
    auth: true,
    responses: {
      200: { description: "The figures", schema: partnerDashboardSchema },
      404: { description: "The partner account belongs to no organisation" },
    },
  },
  {
    method: "get",
    path: "/api/partner/users",
    summary:
      "The organisation's customers with their attributed pages' status, trial end, paid-until and last payment; " +
      "search by e-mail or page code; newest customers first, a page at a time (partner only).",
    auth: true,
    query: partnerUsersQuerySchema,
    responses: {
      200: { description: "One page of rows and the total", schema: partnerUserListSchema },
      400: { description: "A query parameter is not valid (named in fields)" },
    },
  },
  {
    method: "get",
    path: "/api/partner/users.csv",
    summary:
      "The same rows as GET /api/partner/users (every page of the search) as CSV: UTF-8 with a byte order mark, " +
      "every cell quoted, a cell starting with = + - or @ prefixed with ' (partner only).",
    auth: true,
    query: partnerUsersCsvQuerySchema,
    responses: { 200: { description: "text/csv, as an attachment" } },
  },
  ...(["svg", "png"] as const).map((format) => ({
    method: "get" as const,
    path: `/api/partner/referral-qr.${format}`,
    summary: `The partner's referral link as a QR code (${format.toUpperCase()}, error correction Q); download=1 sends it as a file (partner only).`,
    auth: true,
    query: referralQrQuerySchema,
    responses: {
      200: { description: format === "svg" ? "image/svg+xml" : "image/png" },
      400: { description: "size, margin or download is not valid (named in fields)" },
    },
  })),
  {
    method: "post",
    path: "/api/webhooks/{provider}",
    summary:
      "A payment provider's event (sandbox or stripe), checked by its signature over the raw body, stored once by event id and booked.",
    auth: false,
    responses: {
      200: { description: "Stored (also for a replay, which changes nothing)" },
      400: { description: "The signature does not match the body" },
      404: { description: "Not a provider of this site" },
    },
  },
];

export { apiErrorSchema };
