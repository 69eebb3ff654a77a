// The feature's face (ADR 023): what other modules use of it, by name; the rest stays inside the feature.
export {
  addWhitelistEntry,
  listOrganisations,
  listWhitelist,
  organisationExists,
  removeWhitelistEntry,
  resendWhitelistInvitation,
  updateWhitelistEntry,
} from "./whitelist";
export { partnerSignUp } from "./signup";
export { organisationOf, partnerMeFor, requireOrganisation, setOrganisationName } from "./organisation";
export { partnerDashboard } from "./dashboard";
export { allPartnerUsers, partnerUsers } from "./customers";
export {
  accountLocale,
  customerPartnerName,
  organisationDisplayName,
  partnerWelcome,
  sendPartnerInvitation,
} from "./invitations";
export { inviteColleague, partnerColleagues, removeColleague, withdrawInvitation } from "./colleagues";
