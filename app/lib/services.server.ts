// The pages' one door to the server: what route loaders and middleware use of it. A `.server` module,
// so React Router's build refuses it in the browser bundle (a loader's import that a component starts
// using fails the build), and the lint rule lets browser modules reach `server/` only through such
// files (../shared/DESIGN.md, layers).
export { publicConfig } from "../../server/config";
export { profileContext, servicesContext, viewerContext } from "../../server/context";
export { adminProfileDetail } from "../../server/domain/admin-profiles";
export { DomainError } from "../../server/domain/errors";
export { findFirstName, listFirstNames } from "../../server/domain/first-names";
export { listProfiles } from "../../server/domain/profile-list";
export { liveStatuses } from "../../server/domain/profiles";
