// The one list of refusals (ADR 032): why the business said no, as a code with typed parameters. The
// domain refuses with a code (server/domain/core/refuse.ts), the API answers it as `error.refusal` and
// `error.params` beside the kind (`error.code`) and its status, and the browser says the refusal's text
// from i18n (`refusals.<code>`) in the viewer's language. The English text is also the answer's
// `message`, for logs and API users. The browser imports only the types of this module: its schemas
// stay on the server (ADR 025).
import { z } from "./zod";

/** The kinds a refusal answers as (`error.code`), each with its HTTP status (server/http/errors.ts). */
type RefusalKind =
  | "not_found"
  | "forbidden"
  | "conflict"
  | "gone"
  | "invalid_request"
  | "invalid_token"
  | "card_declined"
  | "invalid_credentials"
  | "email_taken"
  | "wrong_password"
  | "password_is_email"
  | "rate_limited";

type RefusalSpec = {
  kind: RefusalKind;
  /** The request field the refusal is about, unless the throw names another. */
  field?: string;
  /** The parameters its texts use (`{{name}}`), checked by contract/refusals.test.ts. */
  params: z.ZodObject;
};

const none = z.object({});
/** A calendar day (Swedish time) as an ISO date; a text says it as the language's long date with `{{name, date}}`. */
const isoDate = z.iso.date();

export const refusals = {
  "page.missing": { kind: "not_found", field: "profileId", params: none },
  "checkout.unpaid-invoice": {
    kind: "conflict",
    field: "profileId",
    params: z.object({ invoiceNumber: z.number().int().positive() }),
  },
  "memory.closed": { kind: "forbidden", params: none },
  "memory.candles-off": { kind: "forbidden", params: none },
  "memory.too-soon": { kind: "invalid_request", field: "formToken", params: none },
  "memory.form-expired": { kind: "invalid_request", field: "formToken", params: none },
  "memory.robot": { kind: "invalid_request", field: "website", params: none },
  "memory.links": { kind: "invalid_request", field: "text", params: none },
  "memory.candle-links": { kind: "invalid_request", field: "name", params: none },
  "memory.missing": { kind: "not_found", field: "memoryId", params: none },
  // A visitor's photos with a memory (decisions "A life in pictures"): at most a few, each an image.
  "memory.photos-too-many": {
    kind: "invalid_request",
    field: "photos",
    params: z.object({ max: z.number() }),
  },
  "memory.photo-not-taken": { kind: "invalid_request", field: "photos", params: none },
  "memory.photo-missing": { kind: "not_found", field: "photoId", params: none },
  "memory.candle-missing": { kind: "not_found", field: "candleId", params: none },
  "memory.report-missing": { kind: "not_found", field: "reportId", params: none },
  "memory.already-reported": { kind: "conflict", field: "memoryId", params: none },
  "memory.delete-link-invalid": { kind: "invalid_token", field: "token", params: none },
  "family.yourself": { kind: "conflict", field: "email", params: none },
  "family.already-editor": { kind: "conflict", field: "email", params: none },
  "family.too-many": {
    kind: "conflict",
    field: "email",
    params: z.object({ max: z.number().int().positive() }),
  },
  "family.no-such-editor": { kind: "not_found", field: "userId", params: none },
  "family.no-such-invitation": { kind: "not_found", field: "invitationId", params: none },
  "family.invitation-invalid": { kind: "not_found", field: "token", params: none },
  "family.invitation-used": { kind: "conflict", field: "token", params: none },
  "family.invitation-revoked": { kind: "gone", field: "token", params: none },
  "family.invitation-expired": { kind: "gone", field: "token", params: none },
  "family.wrong-account": { kind: "forbidden", field: "token", params: none },
  "family.already-owner": { kind: "conflict", field: "token", params: none },
  "checkout.not-owner": { kind: "forbidden", field: "profileId", params: none },
  "checkout.draft": { kind: "conflict", field: "profileId", params: none },
  "checkout.paid-already": { kind: "conflict", field: "profileId", params: none },
  "checkout.suspended": { kind: "conflict", field: "profileId", params: none },
  "checkout.not-payable": { kind: "conflict", field: "profileId", params: none },
  // A prepaid term on a page whose subscription still renews: cancel it first (ADR 041).
  "checkout.subscription-running": { kind: "conflict", field: "plan", params: none },
  // A year given to a page by someone who is not its owner (ADR 044).
  "gift.own-page": { kind: "conflict", field: "profileId", params: none },
  "gift.closed": { kind: "conflict", field: "profileId", params: none },
  "gift.pending": { kind: "conflict", field: "profileId", params: none },
  "gift.family-plan": { kind: "conflict", field: "profileId", params: none },
  "subscription.not-payer": { kind: "forbidden", field: "profileId", params: none },
  "subscription.paid-by-previous-owner": { kind: "forbidden", field: "profileId", params: none },
  "subscription.missing": { kind: "not_found", field: "profileId", params: none },
  "subscription.handed-over": { kind: "forbidden", field: "profileId", params: none },
  "subscription.ended": { kind: "conflict", field: "profileId", params: none },
  "subscription.link-terms": { kind: "conflict", field: "plan", params: none },
  // A prepaid term is one payment: nothing to cancel, resume, switch or charge to another card.
  "subscription.prepaid-term": { kind: "conflict", field: "profileId", params: none },
  "subscription.resume-first": { kind: "conflict", field: "plan", params: none },
  "subscription.card-at-provider": { kind: "conflict", field: "profileId", params: none },
  "subscription.card-declined": { kind: "card_declined", field: "cardNumber", params: none },
  "subscription.card-not-at-provider": { kind: "conflict", field: "profileId", params: none },
  "withdrawal.nothing-charged": { kind: "conflict", field: "profileId", params: none },
  "withdrawal.not-first": { kind: "conflict", field: "profileId", params: none },
  "withdrawal.no-refund": { kind: "conflict", field: "profileId", params: none },
  "checkout.link-missing": { kind: "not_found", field: "link", params: none },
  "checkout.link-not-yours": { kind: "conflict", field: "link", params: none },
  "checkout.link-revoked": { kind: "conflict", field: "link", params: none },
  "checkout.link-expired": { kind: "conflict", field: "link", params: none },
  "checkout.link-used": { kind: "conflict", field: "link", params: none },
  "checkout.link-other-page": { kind: "conflict", field: "link", params: none },
  "checkout.link-page-not-customers": { kind: "conflict", field: "profileId", params: none },
  "checkout.order-replaced": { kind: "conflict", field: "orderNumber", params: none },
  "checkout.order-missing": { kind: "not_found", field: "orderNumber", params: none },
  "trial.not-owner": { kind: "forbidden", field: "profileId", params: none },
  "trial.suspended": { kind: "forbidden", field: "profileId", params: none },
  "trial.paid": { kind: "conflict", field: "profileId", params: none },
  "trial.used": { kind: "conflict", field: "profileId", params: none },
  "trial.not-available": { kind: "conflict", field: "profileId", params: none },
  "trial.unnamed": { kind: "conflict", field: "profileId", params: none },
  "trial.email-unverified": { kind: "forbidden", field: "email", params: none },
  "page.suspended": { kind: "forbidden", params: none },
  "page.has-owner": { kind: "conflict", field: "profileId", params: none },
  "page.unnamed": { kind: "conflict", field: "displayName", params: none },
  "page.unclaimed-not-live": { kind: "conflict", field: "status", params: none },
  "family.owner-cannot-leave": { kind: "conflict", field: "profileId", params: none },
  "family.not-member": { kind: "forbidden", field: "profileId", params: none },
  "checkout.receipt-missing": { kind: "not_found", field: "orderNumber", params: none },
  "checkout.orders-owner-only": { kind: "forbidden", params: none },
  "checkout.other-provider": { kind: "conflict", field: "orderNumber", params: none },
  "checkout.card-unavailable": { kind: "conflict", field: "plan", params: none },
  "checkout.not-awaiting-confirmation": { kind: "conflict", field: "orderNumber", params: none },
  "invoice.missing": { kind: "not_found", field: "id", params: none },
  "checkout.invoicing-unavailable": { kind: "conflict", params: none },
  "page.claim-for-yourself": { kind: "forbidden", field: "owner", params: none },
  "page.no-such-owner": { kind: "not_found", field: "owner", params: none },
  // Who may change a page (decisions, "The memorial itself"): one code per change, so each is said
  // whole in both languages.
  "page.owner-only": { kind: "forbidden", params: none },
  "family.owner-only-invite": { kind: "forbidden", params: none },
  "family.owner-only-hand-over": { kind: "forbidden", params: none },
  "family.owner-only-remove": { kind: "forbidden", params: none },
  "family.owner-only-withdraw": { kind: "forbidden", params: none },
  "page.editors-only": { kind: "forbidden", params: none },
  "page.editors-only-images": { kind: "forbidden", params: none },
  "memory.editors-only": { kind: "forbidden", params: none },
  "reminders.editors-only": { kind: "forbidden", params: none },
  "qr.editors-only": { kind: "forbidden", params: none },
  "video.editors-only": { kind: "forbidden", params: none },
  "page.status-admin-only": { kind: "forbidden", params: none },
  "page.cursor-invalid": { kind: "invalid_request", field: "cursor", params: none },
  "page.count-with-owner": { kind: "invalid_request", field: "count", params: none },
  // A page a family starts themselves (POST /api/kammare/start): a limit per account, and the accounts
  // with tools of their own (an admin's new pages, a partner's dashboard) start none here.
  "page.start-limit": {
    kind: "rate_limited",
    params: z.object({ max: z.number().int().positive(), hours: z.number().int().positive() }),
  },
  "page.start-partner": { kind: "forbidden", params: none },
  "page.start-admin": { kind: "forbidden", params: none },
  "first-name.listed": { kind: "conflict", field: "name", params: none },
  "first-name.missing": { kind: "not_found", field: "name", params: none },
  "calendar.no-days": { kind: "not_found", field: "id", params: none },
  "memory.reports-admin-only": { kind: "forbidden", params: none },
  "qr.batch-missing": { kind: "not_found", field: "batchId", params: none },
  "qr.none-unclaimed": { kind: "invalid_request", field: "unclaimedOnly", params: none },
  "qr.part-empty": { kind: "invalid_request", field: "part", params: none },
  "account.email-taken": { kind: "email_taken", field: "email", params: none },
  "account.invalid-credentials": { kind: "invalid_credentials", params: none },
  "account.password-is-email": { kind: "password_is_email", field: "password", params: none },
  "account.password-is-users-email": { kind: "password_is_email", field: "password", params: none },
  "account.current-password-wrong": { kind: "wrong_password", field: "currentPassword", params: none },
  "account.password-wrong": { kind: "wrong_password", field: "password", params: none },
  "account.missing": { kind: "not_found", params: none },
  "account.email-unknown": { kind: "not_found", field: "email", params: none },
  "account.reset-link-invalid": { kind: "invalid_token", field: "token", params: none },
  "account.verified-already": { kind: "conflict", field: "email", params: none },
  "account.verification-link-invalid": { kind: "invalid_token", field: "token", params: none },
  "account.verification-rate-limited": {
    kind: "rate_limited",
    params: z.object({ max: z.number().int().positive() }),
  },
  "account.erase-yourself": { kind: "forbidden", field: "userId", params: none },
  "account.erase-admin": { kind: "forbidden", field: "userId", params: none },
  "request.too-many": { kind: "rate_limited", params: none },
  // A private page (ADR 043): its content only for visitors let in by its password or an invitation.
  "private.closed": { kind: "forbidden", field: "profileId", params: none },
  "private.password-wrong": { kind: "invalid_credentials", field: "password", params: none },
  "private.invitation-missing": { kind: "not_found", field: "invitationId", params: none },
  "private.invitation-revoked": { kind: "gone", field: "token", params: none },
  "partner.signup-refused": { kind: "forbidden", field: "email", params: none },
  "partner.whitelist-email-taken": { kind: "conflict", field: "email", params: none },
  "partner.whitelist-entry-missing": { kind: "not_found", field: "id", params: none },
  "partner.whitelist-signed-up": { kind: "conflict", field: "id", params: none },
  "partner.no-organisation": { kind: "not_found", params: none },
  "partner.organisation-missing": { kind: "not_found", field: "partnerId", params: none },
  "partner.colleague-member": { kind: "conflict", field: "email", params: none },
  "partner.colleague-invited": { kind: "conflict", field: "email", params: none },
  "partner.colleague-missing": { kind: "not_found", field: "userId", params: none },
  "partner.invitation-missing": { kind: "not_found", field: "id", params: none },
  "partner.remove-yourself": { kind: "conflict", field: "userId", params: none },
  "partner.page-missing": { kind: "not_found", field: "id", params: none },
  "partner.page-claimed": { kind: "conflict", field: "id", params: none },
  "partner.page-not-sent": { kind: "conflict", field: "id", params: none },
  "partner.page-taken-back": { kind: "gone", field: "profileId", params: none },
  "partner.send-limit": {
    kind: "rate_limited",
    params: z.object({ max: z.number().int().positive(), hours: z.number().int().positive() }),
  },
  "partner.page-send-limit": {
    kind: "rate_limited",
    params: z.object({ max: z.number().int().positive(), hours: z.number().int().positive() }),
  },
  "invoice.credit-note": { kind: "conflict", field: "id", params: none },
  "invoice.credited-already": { kind: "conflict", field: "id", params: none },
  "invoice.partly-paid": { kind: "conflict", field: "id", params: none },
  "invoice.not-past-due": { kind: "conflict", field: "id", params: none },
  "invoice.paid-already": { kind: "conflict", field: "id", params: none },
  "invoice.not-payable": { kind: "conflict", field: "id", params: none },
  "invoice.paid-in-future": { kind: "invalid_request", field: "paidOn", params: none },
  "invoice.total-not-positive": { kind: "invalid_request", field: "lines", params: none },
  "invoice.customer-missing": { kind: "invalid_request", field: "customerUserId", params: none },
  "invoice.creditor-missing": { kind: "not_found", field: "creditorId", params: none },
  "bgmax.wrong-type": { kind: "invalid_request", field: "file", params: none },
  "bgmax.empty": { kind: "invalid_request", field: "file", params: none },
  "bgmax.invalid": {
    kind: "invalid_request",
    field: "file",
    // The parser's reason is a technical detail of the file (English), for the admin who reads it.
    params: z.object({ line: z.number().int().nonnegative(), reason: z.string() }),
  },
  "bgmax.test-file": { kind: "invalid_request", field: "file", params: none },
  "bgmax.imported": {
    kind: "conflict",
    field: "file",
    params: z.object({ importedOn: isoDate }),
  },
  "bgmax.imported-before": { kind: "conflict", field: "file", params: none },
  "withdrawal.too-late": { kind: "conflict", field: "profileId", params: z.object({ endedOn: isoDate }) },
  "checkout.link-customer-missing": { kind: "not_found", field: "customerId", params: none },
  "checkout.link-id-missing": { kind: "not_found", field: "id", params: none },
  "checkout.link-used-revoke": { kind: "conflict", field: "id", params: none },
  "checkout.admin-order-missing": {
    kind: "not_found",
    field: "orderNumber",
    params: z.object({ orderNumber: z.string() }),
  },
  "checkout.no-sandbox": { kind: "not_found", params: none },
  // A page's videos (decisions "A life in pictures", Video).
  "video.link-unsupported": { kind: "invalid_request", field: "url", params: none },
  "video.uploads-unavailable": { kind: "conflict", field: "file", params: none },
  "video.too-large": { kind: "invalid_request", field: "file", params: none },
  "video.too-long": { kind: "invalid_request", field: "file", params: none },
  "video.not-a-video": { kind: "invalid_request", field: "file", params: none },
  "video.too-many": { kind: "conflict", params: none },
  "video.missing": { kind: "not_found", field: "videoId", params: none },
  // A life in pictures (decisions "A life in pictures"): the family's albums and photos.
  "photos.editors-only": { kind: "forbidden", params: none },
  "photos.page-full": {
    kind: "conflict",
    field: "image",
    params: z.object({ max: z.number().int().positive() }),
  },
  "photos.photo-missing": { kind: "not_found", field: "photoId", params: none },
  "photos.album-missing": { kind: "not_found", field: "albumId", params: none },
  "photos.photo-order-mismatch": { kind: "invalid_request", field: "photoIds", params: none },
  "photos.album-order-mismatch": { kind: "invalid_request", field: "albumIds", params: none },
  "photos.cover-elsewhere": { kind: "invalid_request", field: "coverPhotoId", params: none },
  "photos.chapter-missing": { kind: "not_found", field: "chapterId", params: none },
  // The keepsake (decisions "A page that lasts as long as the grave"): the family's own copy.
  "keepsake.editors-only": { kind: "forbidden", params: none },
} as const satisfies Record<string, RefusalSpec>;

export type RefusalCode = keyof typeof refusals;

/** The parameters a refusal's texts take. */
export type RefusalParams<C extends RefusalCode> = z.infer<(typeof refusals)[C]["params"]>;

/** A refusal as the API answers it, read by the browser (app/lib/failure.ts). */
export type Refusal = { [C in RefusalCode]: { code: C; params: RefusalParams<C> } }[RefusalCode];
