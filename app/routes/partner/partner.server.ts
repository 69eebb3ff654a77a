// The partner screens' (and the admin's whitelist and new-pages screens') door to the server: the same domain calls
// the /api/partner and /api/admin/partner-whitelist routes answer with, so each first paint has its data.
export {
  listOrganisations,
  listWhitelist,
  partnerDashboard,
  partnerMeFor,
  partnerUsers,
  requireOrganisation,
} from "../../../server/domain/partners";
export { hasRole } from "../../../server/domain/viewer";
export { safeReturnPath } from "../../rules/index.server";
export { servicesContext, viewerContext } from "../../lib/services.server";
