// A page's family (ADR 029): invitations, editors and the hand-over to a new owner.
// Its face (ADR 023): what other modules use of it, by name; the rest stays inside the feature.
export { invite, revokeInvitation } from "./invitations";
export { sendInvitationEmail } from "./emails";
export { type AcceptDeps, acceptInvitation, readInvitation } from "./acceptance";
export { leavePage, pagePeople, pagePeopleForAdmin, removeEditor } from "./people";
