// The partner screens' (and the admin whitelist screen's) door to the server: the same domain calls
// the /api/partner and /api/admin/partner-whitelist routes answer with, so each first paint has its data.
export {
  listWhitelist,
  partnerDashboard,
  partnerMeFor,
  partnerUsers,
  requireOrganisation,
} from "../../../server/domain/partners";
export { hasRole } from "../../../server/domain/viewer";
export { safeReturnPath } from "../../rules/index.server";
export { servicesContext, viewerContext } from "../../lib/services.server";
