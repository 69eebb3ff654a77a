// The pages' one door to the server: what route loaders and middleware use of it. A `.server` module,
// so React Router's build refuses it in the browser bundle (a loader's import that a component starts
// using fails the build), and the lint rule lets browser modules reach `server/` only through such
// files (../shared/DESIGN.md, layers).
export { publicConfig } from "../../server/config";
export {
  keptPagePart,
  pageDoorContext,
  profileContext,
  requestContext,
  servicesContext,
  viewerContext,
} from "../../server/context";
export { pageDoor } from "../../server/domain/private-pages";
export { publicVideos } from "../../server/domain/videos";
export { adminProfileDetail } from "../../server/domain/profiles";
export { DomainError } from "../../server/domain/core";
export { findFirstName, listFirstNames } from "../../server/domain/profiles";
export { listProfiles } from "../../server/domain/profiles";
export { liveStatuses } from "../../server/domain/profiles";
// A resting page's summary for visitors.
export { restingSummary } from "../../server/domain/profiles";
// An account's pages, owned and helped with, with each one's next step (/account and "/").
export { ownerPages } from "../../server/domain/owner-pages";
// The free trial page (/gratis-provperiod): which pages a signed-in owner could start it on.
export { ownedProfileIds } from "../../server/domain/accounts";
export { profileView } from "../../server/domain/profiles";
// A page's family: its editors edit it; the invitation page and the admin's page's people.
export { isProfileEditor } from "../../server/domain/profiles";
export { pagePeopleForAdmin, readInvitation } from "../../server/domain/family";
// The trial pages (/gratis-provperiod, /extended-trial) and the account's e-mail verification.
export { isEmailVerified, trialChoices } from "../../server/domain/profiles";
// The admin's orders and checkout links.
export { listCheckoutLinks } from "../../server/domain/billing";
export { adminOrderDetail } from "../../server/domain/billing";
export { activeCreditor } from "../../server/domain/billing";
// The card checkout (/k/{id}/checkout/card, /checkout/confirm, /checkout-link/{token}).
export {
  checkoutLinkState,
  checkoutRefusal,
  customerOrder,
  payableStatuses,
  type LinkState,
} from "../../server/domain/billing";
// The invoice checkout's confirmation and the admin's invoice screens.
export {
  adminInvoiceDetail,
  customerInvoiceOfOrder,
  listInvoices,
  unpaidInvoiceOfPage,
} from "../../server/domain/invoicing";
// The end-to-end suite's clock (answers only with E2E_FIXTURES=on, in app/routes/e2e-fixtures.tsx).
export { backdateInvoice } from "../../server/domain/core";
// The partner screens, the admin's whitelist and the partner select of new pages.
export {
  listOrganisations,
  listWhitelist,
  partnerDashboard,
  partnerMeFor,
  partnerUsers,
  organisationOf,
  requireOrganisation,
  // The ways in through a partner: the welcome, the banner, colleagues.
  partnerWelcome,
  customerPartnerName,
  partnerColleagues,
} from "../../server/domain/partners";
// The pages a partner makes for its families: its screen, and who made a page its claim view names.
export { listPartnerPages, madePageOrigin } from "../../server/domain/partner-pages";
export { hasRole } from "../../server/domain/core";
// The admin home's dashboard and the QR manager's batches.
export { adminDashboard } from "../../server/domain/dashboard";
export { listQrBatches } from "../../server/domain/print";
// The privacy page: what is kept, how long, and who processes it, from the settings the code uses.
export { privacyFacts } from "../../server/domain/privacy";

// What the site runs without, for the admin dashboard.
export { setupGaps, type SetupGap } from "../../server/domain/dashboard";

// The customer's subscriptions and orders (/account).
export { customerSubscriptions } from "../../server/domain/billing";
export { customerOrders } from "../../server/domain/billing";
// The day a past-due page rests unless paid (the owner is told it).
export { pastDueRestsOn } from "../../server/domain/lifecycle";
// The period a plan paid by invoice covers (the invoice checkout says it before it is issued).
export { invoicedPeriod, onTrial } from "../../server/domain/billing";
export { customerGift, giftOffer } from "../../server/domain/billing";
export { termPricesOf } from "../../server/config";
export { issueFormToken, memoriesWaitingOn, publicMemories } from "../../server/domain/memories";
// A refused form's draft, read back into the light page's form; the writer's memory before they delete it.
export { readDraft, readOwnMemory } from "../../server/domain/memories";
// The admin's queue of reported memories (/admin/memories/reports).
export { memoryReportQueue } from "../../server/domain/memories";
// The owner's moderation of a page's memories (/k/{id}/memories).
export { ownerMemories } from "../../server/domain/memories";
// The photos visitors see on a page (/k/{id}) and a photo's own page (/k/{id}/photos/{photoId}).
export { publicPhotoPage, publicPhotos } from "../../server/domain/pictures";
export { familyPhotos } from "../../server/domain/pictures";
