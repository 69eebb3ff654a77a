// The feature's face (ADR 023): private pages, their door and the sitemap of public ones (ADR 043).
export {
  assertMayEnterPage,
  enterWithPassword,
  mayEnterPage,
  passLetsIn,
  visitorAccessMs,
  type PageForAccess,
} from "./visitor-access";
export {
  enterByInvitation,
  invitePageVisitor,
  pageDoor,
  privatePageSettings,
  revokePageVisitor,
  updatePrivatePage,
} from "./door";
export { pageInvitationLink, sendPageInvitationEmail } from "./emails";
export { sitemapPages } from "./sitemap";
